-- Quotes are priced in the organization's billing currency. Quotes written before were in USD:
-- they read as before (currency USD, rate 1, the USD total their own total); new ones name theirs.
ALTER TABLE "custom_solution_quotes" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ADD COLUMN "exchange_rate" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ADD COLUMN "monthly_total_usd_cents" integer;--> statement-breakpoint
UPDATE "custom_solution_quotes" SET "monthly_total_usd_cents" = "monthly_total_cents";--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ALTER COLUMN "monthly_total_usd_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ALTER COLUMN "exchange_rate" DROP DEFAULT;

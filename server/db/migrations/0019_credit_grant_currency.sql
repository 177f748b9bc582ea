ALTER TABLE "credit_entries" ADD COLUMN "entered_cents" bigint;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "entered_currency" text;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "exchange_rate" double precision;
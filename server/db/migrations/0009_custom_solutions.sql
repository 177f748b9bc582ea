CREATE SEQUENCE "public"."custom_solution_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
CREATE TABLE "custom_solution_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"custom_solution_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lines" jsonb NOT NULL,
	"monthly_total_cents" integer NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"decline_reason" text,
	"created_by" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_solutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"workload" text NOT NULL,
	"components" text NOT NULL,
	"compliance" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sla" text NOT NULL,
	"budget" integer,
	"currency" text NOT NULL,
	"deadline" date,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_solutions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "custom_solution" jsonb;--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ADD CONSTRAINT "custom_solution_quotes_custom_solution_id_custom_solutions_id_fk" FOREIGN KEY ("custom_solution_id") REFERENCES "public"."custom_solutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_solution_quotes" ADD CONSTRAINT "custom_solution_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_solutions" ADD CONSTRAINT "custom_solutions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_solutions" ADD CONSTRAINT "custom_solutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_solution_quotes_request_idx" ON "custom_solution_quotes" USING btree ("custom_solution_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_solutions_organization_idx" ON "custom_solutions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_solutions_status_idx" ON "custom_solutions" USING btree ("status","created_at");
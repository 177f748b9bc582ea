CREATE TABLE "billable_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"resource_key" text NOT NULL,
	"kind" text NOT NULL,
	"cluster_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"hourly_millicents" bigint NOT NULL,
	"monthly_cap_millicents" bigint NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "budget_alert_firings" (
	"alert_id" uuid NOT NULL,
	"month" date NOT NULL,
	"spent_cents" bigint NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_alert_firings_alert_id_month_pk" PRIMARY KEY("alert_id","month")
);
--> statement-breakpoint
CREATE TABLE "budget_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"basis" text NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"lot_id" bigint,
	"expires_at" timestamp with time zone,
	"invoice_id" uuid,
	"payment_id" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_numbers_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"cluster_id" uuid,
	"cluster_name" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_millicents" bigint,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"currency" text NOT NULL,
	"exchange_rate" double precision NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"credits_applied_cents" bigint NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"vat_treatment" text NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"vat_cents" bigint NOT NULL,
	"vat_mention" text,
	"total_cents" bigint NOT NULL,
	"amount_paid_cents" bigint DEFAULT 0 NOT NULL,
	"customer_name" text NOT NULL,
	"customer_address" text NOT NULL,
	"customer_country_code" text NOT NULL,
	"customer_vat_number" text,
	"purchase_order_number" text,
	"billing_email" text,
	"corrects_invoice_id" uuid,
	"reason" text,
	"issued_by" uuid,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "metered_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"record_count" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_id" uuid,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"usd_cents" bigint NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_checkoutSessionId_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"resource_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cluster_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_millicents" bigint NOT NULL,
	"list_millicents" bigint NOT NULL,
	"chargeable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "usage_records_resource_key_hour_pk" PRIMARY KEY("resource_key","hour")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "country_code" text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "support_plan_id" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "billable_periods" ADD CONSTRAINT "billable_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_alert_firings" ADD CONSTRAINT "budget_alert_firings_alert_id_budget_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."budget_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billable_periods_span_idx" ON "billable_periods" USING btree ("started_at","ended_at");--> statement-breakpoint
CREATE INDEX "billable_periods_resource_idx" ON "billable_periods" USING btree ("resource_key","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billable_periods_open_resource_key" ON "billable_periods" USING btree ("resource_key") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "budget_alerts_organization_idx" ON "budget_alerts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "credit_entries_organization_idx" ON "credit_entries" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "credit_entries_lot_idx" ON "credit_entries" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_payment_key" ON "credit_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_organization_source_key" ON "invoices" USING btree ("organization_id","source");--> statement-breakpoint
CREATE INDEX "invoices_organization_issued_idx" ON "invoices" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "payments_organization_idx" ON "payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_records_organization_hour_idx" ON "usage_records" USING btree ("organization_id","hour");
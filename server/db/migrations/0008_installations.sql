CREATE TABLE "installation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"installation_id" uuid NOT NULL,
	"operation_id" uuid,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installation_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"installation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"estimated_seconds" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"product_kind" text NOT NULL,
	"product_name" text NOT NULL,
	"namespace" text NOT NULL,
	"plan_id" text,
	"version" text NOT NULL,
	"previous_version" text,
	"previous_settings" jsonb,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"monthly_price_cents" integer DEFAULT 0 NOT NULL,
	"cpu_millicores" integer DEFAULT 0 NOT NULL,
	"memory_mib" integer DEFAULT 0 NOT NULL,
	"order_id" uuid,
	"created_by" uuid,
	"endpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"username" text,
	"password_ciphertext" text,
	"credentials_rotated_at" timestamp with time zone,
	"active_operation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uninstalled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "installation_id" uuid;--> statement-breakpoint
ALTER TABLE "installation_events" ADD CONSTRAINT "installation_events_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_operations" ADD CONSTRAINT "installation_operations_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_operations" ADD CONSTRAINT "installation_operations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_operations" ADD CONSTRAINT "installation_operations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_steps" ADD CONSTRAINT "installation_steps_operation_id_installation_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."installation_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_steps" ADD CONSTRAINT "installation_steps_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installation_events_installation_idx" ON "installation_events" USING btree ("installation_id","id");--> statement-breakpoint
CREATE INDEX "installation_operations_installation_idx" ON "installation_operations" USING btree ("installation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "installation_steps_operation_position_key" ON "installation_steps" USING btree ("operation_id","position");--> statement-breakpoint
CREATE INDEX "installations_organization_created_idx" ON "installations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "installations_cluster_idx" ON "installations" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "installations_cluster_namespace_product_live_key" ON "installations" USING btree ("cluster_id","namespace","product_id") WHERE status <> 'uninstalled';
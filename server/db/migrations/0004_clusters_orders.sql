CREATE SEQUENCE "public"."order_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
CREATE TABLE "cluster_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"generation" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "cluster_credentials_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cluster_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"operation_id" uuid,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_nodes" (
	"cluster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pool_name" text NOT NULL,
	"internal_ip" text NOT NULL,
	"kubelet_version" text NOT NULL,
	"status" text DEFAULT 'provisioning' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
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
CREATE TABLE "cluster_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
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
CREATE TABLE "cluster_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"configuration" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "cluster_type_id" text DEFAULT 'blue' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "data_center_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "kubernetes_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "kubernetes_patch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "configuration" jsonb;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "driver" text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "endpoint" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "ca_certificate" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "monthly_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "credential_generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "credentials_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "active_operation_id" uuid;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'cluster' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "configuration" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_credentials" ADD CONSTRAINT "cluster_credentials_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_credentials" ADD CONSTRAINT "cluster_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_events" ADD CONSTRAINT "cluster_events_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_events" ADD CONSTRAINT "cluster_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_nodes" ADD CONSTRAINT "cluster_nodes_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_steps" ADD CONSTRAINT "cluster_steps_operation_id_cluster_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."cluster_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_steps" ADD CONSTRAINT "cluster_steps_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_templates" ADD CONSTRAINT "cluster_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_templates" ADD CONSTRAINT "cluster_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cluster_credentials_cluster_idx" ON "cluster_credentials" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "cluster_events_cluster_id_idx" ON "cluster_events" USING btree ("cluster_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_nodes_cluster_name_key" ON "cluster_nodes" USING btree ("cluster_id","name");--> statement-breakpoint
CREATE INDEX "cluster_operations_cluster_created_idx" ON "cluster_operations" USING btree ("cluster_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_steps_operation_position_key" ON "cluster_steps" USING btree ("operation_id","position");--> statement-breakpoint
CREATE INDEX "cluster_templates_organization_idx" ON "cluster_templates" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clusters_organization_created_idx" ON "clusters" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_organization_name_live_key" ON "clusters" USING btree ("organization_id","name") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_organization_idempotency_key" ON "orders" USING btree ("organization_id","idempotency_key");
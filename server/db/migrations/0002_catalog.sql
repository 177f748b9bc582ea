CREATE TABLE "add_ons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"monthly_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_type_flavors" (
	"cluster_type_id" text NOT NULL,
	"flavor_id" text NOT NULL,
	CONSTRAINT "cluster_type_flavors_cluster_type_id_flavor_id_pk" PRIMARY KEY("cluster_type_id","flavor_id")
);
--> statement-breakpoint
CREATE TABLE "data_centers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"country" text NOT NULL,
	"in_eu" boolean NOT NULL,
	"provider" text NOT NULL,
	"compliance_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" text NOT NULL,
	"capacity_status" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kubernetes_versions" (
	"version" text PRIMARY KEY NOT NULL,
	"latest_patch" text NOT NULL,
	"release_date" date NOT NULL,
	"end_of_life_date" date NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "middleware_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"version" text NOT NULL,
	"description" text NOT NULL,
	"monthly_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_flavors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"family" text NOT NULL,
	"vcpu" integer NOT NULL,
	"ram_gib" integer NOT NULL,
	"gpu_count" integer DEFAULT 0 NOT NULL,
	"gpu_model" text,
	"gpu_memory_gib" integer,
	"disk_gib" integer NOT NULL,
	"hourly_price_millicents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"coverage" text NOT NULL,
	"critical_response_minutes" integer NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "colour" text DEFAULT '#64748b' NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "tagline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "sla_percent" double precision;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "control_plane_mode" text DEFAULT 'shared' NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "included_features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "base_monthly_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "use_cases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_type_flavors" ADD CONSTRAINT "cluster_type_flavors_cluster_type_id_cluster_types_id_fk" FOREIGN KEY ("cluster_type_id") REFERENCES "public"."cluster_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_type_flavors" ADD CONSTRAINT "cluster_type_flavors_flavor_id_node_flavors_id_fk" FOREIGN KEY ("flavor_id") REFERENCES "public"."node_flavors"("id") ON DELETE cascade ON UPDATE no action;
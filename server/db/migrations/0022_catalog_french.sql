ALTER TABLE "add_ons" ADD COLUMN "french" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_types" ADD COLUMN "french" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "data_centers" ADD COLUMN "french" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "middleware_products" ADD COLUMN "french" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "node_flavors" ADD COLUMN "french" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "support_plans" ADD COLUMN "french" jsonb DEFAULT '{}'::jsonb NOT NULL;
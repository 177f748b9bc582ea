ALTER TABLE "add_ons" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "middleware_products" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;
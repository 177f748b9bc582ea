CREATE SEQUENCE "public"."ticket_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"author_email" text,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"via" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"organization_id" uuid,
	"created_by" uuid,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"requester_language" text DEFAULT 'en' NOT NULL,
	"company" text,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"resource" jsonb,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"assignee_id" uuid,
	"plan_id" text NOT NULL,
	"first_response_minutes" integer NOT NULL,
	"next_response_minutes" integer NOT NULL,
	"first_response_due_at" timestamp with time zone NOT NULL,
	"first_responded_at" timestamp with time zone,
	"next_response_due_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"breach_notified_for" timestamp with time zone,
	"tracking_token_hash" text,
	"tracking_token_sealed" text,
	"reply_token" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rating_score" integer,
	"rating_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number"),
	CONSTRAINT "support_tickets_trackingTokenHash_unique" UNIQUE("tracking_token_hash"),
	CONSTRAINT "support_tickets_replyToken_unique" UNIQUE("reply_token")
);
--> statement-breakpoint
ALTER TABLE "support_plans" ADD COLUMN "response_targets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "support_plan" jsonb;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_organization_idx" ON "support_tickets" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_requester_idx" ON "support_tickets" USING btree ("requester_email");--> statement-breakpoint
UPDATE "support_plans" SET "response_targets" = '{"P2":{"firstMinutes":1440,"nextMinutes":1440},"P3":{"firstMinutes":2160,"nextMinutes":2160},"P4":{"firstMinutes":2880,"nextMinutes":2880},"P5":{"firstMinutes":4320,"nextMinutes":4320}}' WHERE "id" = 'basic';--> statement-breakpoint
UPDATE "support_plans" SET "response_targets" = '{"P2":{"firstMinutes":480,"nextMinutes":720},"P3":{"firstMinutes":720,"nextMinutes":1440},"P4":{"firstMinutes":1440,"nextMinutes":2160},"P5":{"firstMinutes":2880,"nextMinutes":2880}}' WHERE "id" = 'developer';--> statement-breakpoint
UPDATE "support_plans" SET "response_targets" = '{"P1":{"firstMinutes":60,"nextMinutes":120},"P2":{"firstMinutes":240,"nextMinutes":480},"P3":{"firstMinutes":720,"nextMinutes":1440},"P4":{"firstMinutes":1440,"nextMinutes":2160},"P5":{"firstMinutes":2880,"nextMinutes":2880}}' WHERE "id" = 'business';--> statement-breakpoint
UPDATE "support_plans" SET "response_targets" = '{"P1":{"firstMinutes":15,"nextMinutes":60},"P2":{"firstMinutes":60,"nextMinutes":240},"P3":{"firstMinutes":240,"nextMinutes":720},"P4":{"firstMinutes":720,"nextMinutes":1440},"P5":{"firstMinutes":1440,"nextMinutes":2880}}' WHERE "id" = 'enterprise';

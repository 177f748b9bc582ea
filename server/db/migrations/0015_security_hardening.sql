-- Security hardening: each participant's own reply address on a ticket, an expiry for cluster
-- credentials and tracking links, a shorter idle time for privileged sessions, and registrations
-- at a verified domain that wait for the address to be verified.
CREATE TABLE "support_reply_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_reply_addresses_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "reply_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_seconds" integer DEFAULT 2592000 NOT NULL;--> statement-breakpoint
-- Credentials issued before they had an expiry get one: 30 days from now.
ALTER TABLE "cluster_credentials" ADD COLUMN "expires_at" timestamp with time zone DEFAULT (now() + interval '30 days') NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_credentials" ALTER COLUMN "expires_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cluster_credentials" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "tracking_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "vouched_domain" text;--> statement-breakpoint
ALTER TABLE "support_reply_addresses" ADD CONSTRAINT "support_reply_addresses_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reply_addresses" ADD CONSTRAINT "support_reply_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_reply_addresses_participant_key" ON "support_reply_addresses" USING btree ("ticket_id","email");--> statement-breakpoint
CREATE INDEX "cluster_credentials_user_idx" ON "cluster_credentials" USING btree ("user_id");
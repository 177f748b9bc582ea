ALTER TABLE "outbox" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_jobId_unique" UNIQUE("job_id");
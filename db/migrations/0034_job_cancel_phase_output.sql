DROP INDEX "jobs_finished_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress_phase" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "output" jsonb;--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE not "jobs"."periodic" and "jobs"."status" in ('done', 'failed', 'cancelled');
-- Job workers beat every few seconds (job_workers); a claimed job names its worker (jobs.worker_id).
-- A 'running' job whose worker stopped beating belongs to a dead process and is claimed again at
-- once, rather than when its ten-minute lock runs out (decision 0010).
CREATE TABLE "job_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "worker_id" uuid;
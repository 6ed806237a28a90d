-- Identity safety (issue 13 §3, decision 0023): the admin audit trail, artists' licences and health
-- permits behind the verified badge, one reports table for messages, profiles, reviews and bookings
-- (message_reports generalised), and deleted accounts kept as anonymised rows.
CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE TYPE "public"."licence_kind" AS ENUM('licence', 'health_permit');--> statement-breakpoint
CREATE TYPE "public"."licence_status" AS ENUM('pending', 'approved', 'rejected', 'expired');--> statement-breakpoint
CREATE TABLE "artist_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"kind" "licence_kind" NOT NULL,
	"issuing_place" text NOT NULL,
	"expires_on" date NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" "licence_status" DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artist_licences" ADD CONSTRAINT "artist_licences_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_licences" ADD CONSTRAINT "artist_licences_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_licences_status_idx" ON "artist_licences" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "artist_licences_artist_idx" ON "artist_licences" USING btree ("artist_id","created_at");--> statement-breakpoint
ALTER TABLE "message_reports" RENAME TO "reports";--> statement-breakpoint
ALTER INDEX "message_reports_message_reporter_idx" RENAME TO "reports_message_reporter_idx";--> statement-breakpoint
ALTER INDEX "message_reports_created_idx" RENAME TO "reports_created_idx";--> statement-breakpoint
ALTER TYPE "public"."message_report_reason" RENAME TO "report_reason";--> statement-breakpoint
ALTER TYPE "public"."report_reason" ADD VALUE 'impersonation' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."report_reason" ADD VALUE 'unsafe_practice' BEFORE 'other';--> statement-breakpoint
CREATE TYPE "public"."report_target" AS ENUM('message', 'profile', 'review', 'booking');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'resolved', 'dismissed');--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_type" "report_target" DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "artist_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "review_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" "report_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Exactly one target, the one target_type names.
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target" CHECK (num_nonnulls("message_id", "artist_id", "review_id", "booking_id") = 1 AND CASE "target_type" WHEN 'message' THEN "message_id" IS NOT NULL WHEN 'profile' THEN "artist_id" IS NOT NULL WHEN 'review' THEN "review_id" IS NOT NULL ELSE "booking_id" IS NOT NULL END);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_artist_reporter_idx" ON "reports" USING btree ("artist_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_review_reporter_idx" ON "reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_booking_reporter_idx" ON "reports" USING btree ("booking_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "deleted_at" timestamp with time zone;

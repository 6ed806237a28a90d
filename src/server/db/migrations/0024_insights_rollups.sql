-- Artist insights and the admin console (issue 14 §2–§3, decision 0027).
--
-- artist_stat_events: what only the server sees happen to a profile — a view (with where the visitor
-- came from, as a coarse source, never a URL or an address) and an appearance in search results
-- (one batched INSERT per results page). No visitor identity is stored.
CREATE TABLE "artist_stat_events" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "artist_id" uuid NOT NULL REFERENCES "artist_profiles"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "referrer_source" text,
  "occurred_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "artist_stat_events_kind_check" CHECK ("kind" IN ('profile_view', 'search_impression'))
);
--> statement-breakpoint
-- Covering: an insight read counts a profile's rows of a period from the index alone.
CREATE INDEX "artist_stat_events_artist_idx" ON "artist_stat_events" ("artist_id", "occurred_at") INCLUDE ("kind", "referrer_source");
--> statement-breakpoint
-- Daily rollups, per artist and per day in the artist's own time zone, rebuilt (idempotently) by the
-- insights.rollup job. Insight reads sum these plus today's live slice.
CREATE TABLE "artist_daily_stats" (
  "artist_id" uuid NOT NULL REFERENCES "artist_profiles"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "profile_views" integer NOT NULL DEFAULT 0,
  "search_impressions" integer NOT NULL DEFAULT 0,
  "requests" integer NOT NULL DEFAULT 0,
  "accepted" integer NOT NULL DEFAULT 0,
  "declined" integer NOT NULL DEFAULT 0,
  "expired" integer NOT NULL DEFAULT 0,
  "confirmed" integer NOT NULL DEFAULT 0,
  "completed" integer NOT NULL DEFAULT 0,
  "cancelled_by_client" integer NOT NULL DEFAULT 0,
  "cancelled_by_artist" integer NOT NULL DEFAULT 0,
  "no_shows" integer NOT NULL DEFAULT 0,
  "deposits_paid_cents" bigint NOT NULL DEFAULT 0,
  "deposits_refunded_cents" bigint NOT NULL DEFAULT 0,
  "deposits_forfeited_cents" bigint NOT NULL DEFAULT 0,
  "reviews" integer NOT NULL DEFAULT 0,
  "rating_sum" numeric(12, 1) NOT NULL DEFAULT 0,
  "appointment_hours" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "computed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("artist_id", "day")
);
--> statement-breakpoint
CREATE TABLE "artist_daily_referrers" (
  "artist_id" uuid NOT NULL REFERENCES "artist_profiles"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "source" text NOT NULL,
  "views" integer NOT NULL,
  PRIMARY KEY ("artist_id", "day", "source")
);
--> statement-breakpoint
-- Insight reads of booking history by artist (requests, transitions) go through the booking.
CREATE INDEX IF NOT EXISTS "bookings_artist_created_idx" ON "bookings" ("artist_id", "created_at");
--> statement-breakpoint
-- Suspension (admin console): a suspended user cannot sign in; their sessions were deleted when suspended.
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamptz;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;
--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" ("created_at");
--> statement-breakpoint
-- Client errors grouped by message and top stack frame (the first "at …" or "fn@url" line).
ALTER TABLE "error_reports" ADD COLUMN "group_key" text GENERATED ALWAYS AS (
  md5("message" || E'\n' || coalesce(substring("stack" from '(?:^|\n)\s*((?:at [^\n]+)|(?:[^\n@]*@[^\n]+))'), ''))
) STORED;
--> statement-breakpoint
-- The page (URL without its query string) and the browser family, computed once when a report is
-- written, so /admin/telemetry groups by them without running patterns over every report it reads.
ALTER TABLE "error_reports" ADD COLUMN "page" text GENERATED ALWAYS AS (split_part("url", '?', 1)) STORED;
--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "browser" text GENERATED ALWAYS AS (CASE
  WHEN "user_agent" IS NULL THEN 'Unknown'
  WHEN "user_agent" ~ 'Edg/' THEN 'Edge'
  WHEN "user_agent" ~ 'OPR/' THEN 'Opera'
  WHEN "user_agent" ~ 'Firefox/' THEN 'Firefox'
  WHEN "user_agent" ~ 'SamsungBrowser/' THEN 'Samsung Internet'
  WHEN "user_agent" ~ '(Chrome|Chromium|CriOS)/' THEN 'Chrome'
  WHEN "user_agent" ~ 'Safari/' THEN 'Safari'
  ELSE 'Other' END) STORED;
--> statement-breakpoint
CREATE INDEX "error_reports_group_idx" ON "error_reports" ("group_key", "created_at");
--> statement-breakpoint
CREATE TABLE "error_group_states" (
  "group_key" text PRIMARY KEY,
  "status" text NOT NULL,
  "changed_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "changed_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "error_group_states_status_check" CHECK ("status" IN ('resolved', 'ignored'))
);

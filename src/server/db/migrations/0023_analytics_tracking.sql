-- Issue 14 §1 and §3 (decision 0024): real-user Core Web Vitals, the daily salt that replaces the raw
-- IP in fingerprints, and the indexes the retention job deletes by. Raw analytics rows (journeys,
-- analytics_events, web_vitals) are pruned after ANALYTICS_RETENTION_DAYS; rollups live elsewhere.
CREATE TABLE "web_vitals" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "session_id" text NOT NULL,
  "name" text NOT NULL,
  "value" double precision NOT NULL,
  "rating" text NOT NULL,
  "metric_id" text NOT NULL,
  "url" text NOT NULL,
  "page_type" text NOT NULL,
  "navigation_type" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_vitals_created_idx" ON "web_vitals" ("created_at", "name");
--> statement-breakpoint
-- One random salt per UTC day; yesterday's is deleted once today's exists, so a fingerprint that mixed
-- in an IP address cannot be recomputed (or matched with another day's) afterwards.
CREATE TABLE "analytics_salts" (
  "day" date PRIMARY KEY NOT NULL,
  "salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" ("created_at");
--> statement-breakpoint
CREATE INDEX "journeys_created_idx" ON "journeys" ("created_at");

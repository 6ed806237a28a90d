-- Confirmed bookings move on after their time (booking.completion_due asks the artist to mark
-- them, booking.auto_complete completes them 72 hours after the end). New and changed bookings
-- get these jobs from syncBookingJobs; this gives them to the confirmed bookings that exist already.
INSERT INTO "jobs" ("kind", "payload", "run_at", "dedupe_key")
SELECT 'booking.completion_due',
       jsonb_build_object('bookingId', "id", 'startsAt', to_char("starts_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       "ends_at",
       'booking.completion_due:' || "id"
FROM "bookings"
WHERE "status" = 'confirmed' AND "ends_at" > now()
ON CONFLICT ("dedupe_key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "run_at", "dedupe_key")
SELECT 'booking.auto_complete',
       jsonb_build_object('bookingId', "id", 'startsAt', to_char("starts_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       "ends_at" + interval '72 hours',
       'booking.auto_complete:' || "id"
FROM "bookings"
WHERE "status" = 'confirmed'
ON CONFLICT ("dedupe_key") DO NOTHING;

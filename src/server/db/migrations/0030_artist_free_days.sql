-- Availability search without the slot engine per candidate (issue 11 §4; decision 0017, second addendum). One row per
-- artist: for each home-zone local day with a free slot (of the shortest session service, buffers and
-- bookings applied, no notice), the day's first and last free slot start — computed by the slot engine
-- (features/availability/free-days.ts) from `computed_at` up to `covered_until`. Search answers "first
-- free slot within these dates" from it in SQL, applying the notice and the booking horizon at read time.
-- `version` is the artist's availability version (0008) the row was computed from: a booking, a
-- cancellation, time off, a guest spot, a service or an hours change bumps that version in the same
-- transaction, so from that commit on the row no longer matches and search falls back to the engine
-- (and recomputes the row) — a stale row is never read as current. No foreign key, like
-- availability_versions: a leftover row of a deleted artist is never joined.
CREATE TABLE "artist_free_days" (
	"artist_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"covered_through" date NOT NULL,
	"days" date[] NOT NULL,
	"first_starts" timestamp with time zone[] NOT NULL,
	"last_starts" timestamp with time zone[] NOT NULL
);

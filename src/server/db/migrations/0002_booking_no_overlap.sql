-- Two live bookings of one artist never overlap, whatever the race: the database refuses it.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("artist_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('accepted', 'awaiting_deposit', 'confirmed'));

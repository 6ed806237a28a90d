-- A version per artist's schedule, bumped by the database itself whenever anything availability
-- is computed from changes: the artist's hours and rules, services, time off, guest spots and
-- time-holding bookings. The API keeps computed availability answers in memory and reuses one
-- only while its artist's version is unchanged, so an answer is never stale — whichever process,
-- job or SQL statement made the change (decision 0007). No foreign key: a bump may run while the
-- artist's own row is being deleted by a cascade, and a leftover row is harmless.
CREATE TABLE "availability_versions" (
	"artist_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION bump_availability_version(artist uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO availability_versions (artist_id, version) VALUES (artist, 1)
  ON CONFLICT (artist_id) DO UPDATE SET version = availability_versions.version + 1;
$$;--> statement-breakpoint
-- For tables with an artist_id column: the old row's artist and, when it moved, the new one's.
CREATE FUNCTION availability_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_availability_version(OLD.artist_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.artist_id IS DISTINCT FROM OLD.artist_id) THEN
    PERFORM bump_availability_version(NEW.artist_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER artist_time_off_availability AFTER INSERT OR UPDATE OR DELETE ON "artist_time_off"
  FOR EACH ROW EXECUTE FUNCTION availability_rows_changed();--> statement-breakpoint
CREATE TRIGGER guest_spots_availability AFTER INSERT OR UPDATE OR DELETE ON "guest_spots"
  FOR EACH ROW EXECUTE FUNCTION availability_rows_changed();--> statement-breakpoint
CREATE TRIGGER services_availability AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH ROW EXECUTE FUNCTION availability_rows_changed();--> statement-breakpoint
-- Bookings: only rows that hold (or held) the artist's time matter; a request does not.
CREATE TRIGGER bookings_availability_insert AFTER INSERT ON "bookings"
  FOR EACH ROW WHEN (NEW.status IN ('accepted', 'awaiting_deposit', 'confirmed'))
  EXECUTE FUNCTION availability_rows_changed();--> statement-breakpoint
CREATE TRIGGER bookings_availability_update AFTER UPDATE OF status, starts_at, ends_at, artist_id ON "bookings"
  FOR EACH ROW WHEN (
    (OLD.status IN ('accepted', 'awaiting_deposit', 'confirmed') OR NEW.status IN ('accepted', 'awaiting_deposit', 'confirmed'))
    AND (OLD.status, OLD.starts_at, OLD.ends_at, OLD.artist_id) IS DISTINCT FROM (NEW.status, NEW.starts_at, NEW.ends_at, NEW.artist_id)
  )
  EXECUTE FUNCTION availability_rows_changed();--> statement-breakpoint
CREATE TRIGGER bookings_availability_delete AFTER DELETE ON "bookings"
  FOR EACH ROW WHEN (OLD.status IN ('accepted', 'awaiting_deposit', 'confirmed'))
  EXECUTE FUNCTION availability_rows_changed();--> statement-breakpoint
CREATE FUNCTION artist_schedule_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_availability_version(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER artist_profiles_availability AFTER UPDATE OF timezone, working_hours, buffer_minutes, min_notice_hours, max_advance_days ON "artist_profiles"
  FOR EACH ROW WHEN (
    (OLD.timezone, OLD.working_hours, OLD.buffer_minutes, OLD.min_notice_hours, OLD.max_advance_days)
    IS DISTINCT FROM (NEW.timezone, NEW.working_hours, NEW.buffer_minutes, NEW.min_notice_hours, NEW.max_advance_days)
  )
  EXECUTE FUNCTION artist_schedule_changed();

-- Availability search answered in memory (decision 0032). The server keeps every artist's free days
-- (0030) and availability version (0008) in memory and, before an availability search, reads only
-- the rows written since it last looked. Rows are stamped with the id of the transaction that wrote
-- them (changed_xid); a search reads `changed_xid >= horizon`, where the horizon is the oldest
-- transaction still running when the previous read took its snapshot (pg_snapshot_xmin): every
-- transaction before it had ended by then, so its rows were read then or earlier, and a row written
-- by any later one is read now or the next time. No counter row to lock: bookings, holds and
-- refreshes of free days stay as concurrent as before.
ALTER TABLE "availability_versions" ADD COLUMN "changed_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_free_days" ADD COLUMN "changed_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE FUNCTION stamp_changed_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER availability_versions_changed_xid BEFORE INSERT OR UPDATE ON "availability_versions"
  FOR EACH ROW EXECUTE FUNCTION stamp_changed_xid();--> statement-breakpoint
CREATE TRIGGER artist_free_days_changed_xid BEFORE INSERT OR UPDATE ON "artist_free_days"
  FOR EACH ROW EXECUTE FUNCTION stamp_changed_xid();--> statement-breakpoint
CREATE INDEX "availability_versions_changed_xid_idx" ON "availability_versions" ("changed_xid");--> statement-breakpoint
CREATE INDEX "artist_free_days_changed_xid_idx" ON "artist_free_days" ("changed_xid");

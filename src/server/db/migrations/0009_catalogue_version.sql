-- One version for everything artist search reads: artist profiles (their card columns, kept by
-- triggers from services and portfolio photos, and their ratings), studios and services. The API
-- keeps search pages in memory and reuses one only while this version is unchanged, so a page is
-- never stale, whichever process or statement made the change (decision 0008). One row: writes to
-- these tables are rare (profile edits, reviews, settings) next to searches; they take the row's
-- lock until they commit. Statement-level triggers: a bulk load bumps it once per statement.
CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER artist_profiles_catalogue AFTER INSERT OR UPDATE OR DELETE ON "artist_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER studios_catalogue AFTER INSERT OR UPDATE OR DELETE ON "studios"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER services_catalogue AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

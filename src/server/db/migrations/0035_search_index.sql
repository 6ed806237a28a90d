-- Search answered from an in-memory index of the catalogue (decision 0031). The index must learn
-- what changed since it last read, without reading 10,000 artists again after every review:
--
-- 1. Each artist row written takes the next catalogue version as its catalogue_seq, from the same
--    UPDATE that bumps the version (so writers get their numbers in commit order: the version row's
--    lock is held to commit). A snapshot showing version V shows every row with catalogue_seq <= V,
--    and any row written later gets a higher number; the index reads `catalogue_seq > known`.
--    This replaces the statement-level bump on artist_profiles for inserts and updates.
-- 2. What a changed row cannot tell — a deleted artist row, a studio changed (its name is on its
--    artists' cards) — moves the epoch too: the index then reads everything again.
-- 3. A changed avatar touches its artist's row, which takes a new catalogue_seq (and bumps the version).
ALTER TABLE "artist_profiles" ADD COLUMN "catalogue_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "epoch" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION artist_profiles_catalogue_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id RETURNING version INTO NEW.catalogue_seq;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER artist_profiles_catalogue_seq BEFORE INSERT OR UPDATE ON "artist_profiles"
  FOR EACH ROW EXECUTE FUNCTION artist_profiles_catalogue_seq();--> statement-breakpoint
CREATE FUNCTION bump_catalogue_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1, epoch = epoch + 1 WHERE id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER artist_profiles_catalogue ON "artist_profiles";--> statement-breakpoint
CREATE TRIGGER artist_profiles_catalogue_delete AFTER DELETE ON "artist_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_epoch();--> statement-breakpoint
DROP TRIGGER studios_catalogue ON "studios";--> statement-breakpoint
CREATE TRIGGER studios_catalogue AFTER INSERT OR UPDATE OR DELETE ON "studios"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_epoch();--> statement-breakpoint
CREATE FUNCTION users_avatar_touch_artist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE artist_profiles SET catalogue_seq = 0 WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER users_avatar_catalogue ON "users";--> statement-breakpoint
CREATE TRIGGER users_avatar_catalogue AFTER UPDATE OF "avatar_key" ON "users"
  FOR EACH ROW WHEN (OLD.avatar_key IS DISTINCT FROM NEW.avatar_key) EXECUTE FUNCTION users_avatar_touch_artist();--> statement-breakpoint
CREATE INDEX "artist_profiles_catalogue_seq_idx" ON "artist_profiles" ("catalogue_seq");--> statement-breakpoint
UPDATE "artist_profiles" SET "catalogue_seq" = 0;

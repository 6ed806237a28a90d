-- Artist search on a large catalogue (bench/search.ts). Three changes, each so that a search
-- reads about one page of artists instead of every artist that matches (and computes little
-- for each):
--
-- 1. A second text-search vector, search_head: everything on an artist's card (name, styles,
--    city, country), i.e. search_document without the bio. Relevance is "the card matches"
--    before "only the bio matches", best rated first within each; both parts can then be read
--    in rating order and stop after a page, where ts_rank had to score every match.
ALTER TABLE "artist_profiles" ADD COLUMN "search_head" tsvector;--> statement-breakpoint
CREATE OR REPLACE FUNCTION artist_profiles_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.style_slugs := ARRAY(
    SELECT trim(both '-' from regexp_replace(lower(s), '[^a-z0-9]+', '-', 'g')) FROM unnest(NEW.styles) AS s
  );
  NEW.search_head :=
    setweight(to_tsvector('simple', coalesce(NEW.display_name, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.styles, ' ')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.city, '') || ' ' || coalesce(NEW.country, '')), 'B');
  NEW.search_document := NEW.search_head || setweight(to_tsvector('english', coalesce(NEW.bio, '')), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "artist_profiles" SET "display_name" = "display_name";--> statement-breakpoint
CREATE INDEX "artist_profiles_search_head_idx" ON "artist_profiles" USING gin ("search_head");--> statement-breakpoint
-- 2. The average rating as a stored float (unrated artists count as 0) with an index in the order
--    search sorts by, so "best rated first", with or without filters, walks the index and stops
--    after a page; sorting by the numeric division instead cost more than finding the matches.
--    It replaces the index on the NULLS LAST form, which no query orders by.
ALTER TABLE "artist_profiles" ADD COLUMN "rating_sort" double precision GENERATED ALWAYS AS (coalesce("rating_sum" / nullif("rating_count", 0), 0)::float8) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "artist_profiles_rating_idx";--> statement-breakpoint
CREATE INDEX "artist_profiles_rating_sort_idx" ON "artist_profiles" ("rating_sort" DESC, "id");--> statement-breakpoint
-- 3. What a search result card shows from other tables (lowest session price and deposit, first
--    portfolio thumbnail), kept on the profile by statement-level triggers, so a page of results
--    needs no per-artist lookups. Consultations do not count towards prices, as on the profile.
ALTER TABLE "artist_profiles" ADD COLUMN "card_price_from_cents" integer;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "card_deposit_from_cents" integer;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "card_thumb_key" text;--> statement-breakpoint
CREATE FUNCTION artist_profiles_card_prices_refresh(artist_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE artist_profiles a
  SET card_price_from_cents = p.price_from, card_deposit_from_cents = p.deposit_from
  FROM (
    SELECT x.id,
           min(s.price_min_cents) FILTER (WHERE s.active AND s.kind <> 'consultation') AS price_from,
           min(s.deposit_cents) FILTER (WHERE s.active AND s.kind <> 'consultation') AS deposit_from
    FROM (SELECT DISTINCT unnest(artist_ids) AS id) x
    LEFT JOIN services s ON s.artist_id = x.id
    GROUP BY x.id
  ) p
  WHERE a.id = p.id
    AND (a.card_price_from_cents IS DISTINCT FROM p.price_from OR a.card_deposit_from_cents IS DISTINCT FROM p.deposit_from)
$$;--> statement-breakpoint
CREATE FUNCTION artist_profiles_card_photo_refresh(artist_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE artist_profiles a
  SET card_thumb_key = p.thumb_key
  FROM (
    SELECT x.id, (SELECT i.thumb_key FROM portfolio_images i WHERE i.artist_id = x.id ORDER BY i.position, i.created_at LIMIT 1) AS thumb_key
    FROM (SELECT DISTINCT unnest(artist_ids) AS id) x
  ) p
  WHERE a.id = p.id AND a.card_thumb_key IS DISTINCT FROM p.thumb_key
$$;--> statement-breakpoint
-- Transition tables need one trigger per event; the functions read the ones their event has.
CREATE FUNCTION services_card_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM artist_profiles_card_prices_refresh(ARRAY(SELECT artist_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM artist_profiles_card_prices_refresh(ARRAY(SELECT artist_id FROM old_rows));
  ELSE
    PERFORM artist_profiles_card_prices_refresh(ARRAY(SELECT artist_id FROM new_rows UNION SELECT artist_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER services_card_insert AFTER INSERT ON "services" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_card_refresh();--> statement-breakpoint
CREATE TRIGGER services_card_update AFTER UPDATE ON "services" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_card_refresh();--> statement-breakpoint
CREATE TRIGGER services_card_delete AFTER DELETE ON "services" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION services_card_refresh();--> statement-breakpoint
CREATE FUNCTION portfolio_images_card_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM artist_profiles_card_photo_refresh(ARRAY(SELECT artist_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM artist_profiles_card_photo_refresh(ARRAY(SELECT artist_id FROM old_rows));
  ELSE
    PERFORM artist_profiles_card_photo_refresh(ARRAY(SELECT artist_id FROM new_rows UNION SELECT artist_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER portfolio_images_card_insert AFTER INSERT ON "portfolio_images" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_images_card_refresh();--> statement-breakpoint
CREATE TRIGGER portfolio_images_card_update AFTER UPDATE ON "portfolio_images" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_images_card_refresh();--> statement-breakpoint
CREATE TRIGGER portfolio_images_card_delete AFTER DELETE ON "portfolio_images" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_images_card_refresh();--> statement-breakpoint
SELECT artist_profiles_card_prices_refresh(ARRAY(SELECT id FROM artist_profiles));--> statement-breakpoint
SELECT artist_profiles_card_photo_refresh(ARRAY(SELECT id FROM artist_profiles));

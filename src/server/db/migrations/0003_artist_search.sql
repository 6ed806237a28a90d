-- Artist search: a weighted text-search document kept by a trigger (so every writer, seeds
-- included, keeps it current), trigram indexes for typo-tolerant names and cities, and
-- plain indexes for the geographic bounding box and rating sort.
ALTER TABLE "artist_profiles" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD COLUMN "style_slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION artist_profiles_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.style_slugs := ARRAY(
    SELECT trim(both '-' from regexp_replace(lower(s), '[^a-z0-9]+', '-', 'g')) FROM unnest(NEW.styles) AS s
  );
  NEW.search_document :=
    setweight(to_tsvector('simple', coalesce(NEW.display_name, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.styles, ' ')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.city, '') || ' ' || coalesce(NEW.country, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.bio, '')), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER artist_profiles_search_refresh BEFORE INSERT OR UPDATE OF display_name, styles, city, country, bio
  ON "artist_profiles" FOR EACH ROW EXECUTE FUNCTION artist_profiles_search_refresh();--> statement-breakpoint
UPDATE "artist_profiles" SET "display_name" = "display_name";--> statement-breakpoint
CREATE INDEX "artist_profiles_search_idx" ON "artist_profiles" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "artist_profiles_style_slugs_idx" ON "artist_profiles" USING gin ("style_slugs");--> statement-breakpoint
CREATE INDEX "artist_profiles_name_trgm_idx" ON "artist_profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artist_profiles_city_trgm_idx" ON "artist_profiles" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artist_profiles_lat_lng_idx" ON "artist_profiles" ("lat", "lng");--> statement-breakpoint
CREATE INDEX "artist_profiles_rating_idx" ON "artist_profiles" (("rating_sum" / NULLIF("rating_count", 0)) DESC NULLS LAST, "id");

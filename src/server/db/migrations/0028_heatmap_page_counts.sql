-- The admin heatmap's page list (decision 0030, amended): clicks per UTC day, page path (query
-- string dropped) and page type, kept by a statement-level trigger on analytics_events so every
-- insert path counts the same way, a bulk insert with one grouped upsert. Listing the pages of
-- 90 days then sums a few rows per page and day instead of reading every click's JSON.
CREATE TABLE "analytics_heatmap_pages" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"page_type" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_heatmap_pages_pk" PRIMARY KEY ("day", "page", "page_type")
);--> statement-breakpoint
CREATE FUNCTION count_heatmap_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_heatmap_pages AS c (day, page, page_type, clicks)
  SELECT (created_at AT TIME ZONE 'UTC')::date, split_part(payload->>'url', '?', 1), coalesce(page_type, ''), count(*)
  FROM new_rows WHERE kind = 'heatmap_click'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, page, page_type) DO UPDATE SET clicks = c.clicks + EXCLUDED.clicks;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER analytics_events_heatmap_pages AFTER INSERT ON "analytics_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_heatmap_clicks();--> statement-breakpoint
INSERT INTO analytics_heatmap_pages (day, page, page_type, clicks)
SELECT (created_at AT TIME ZONE 'UTC')::date, split_part(payload->>'url', '?', 1), coalesce(page_type, ''), count(*)
FROM analytics_events WHERE kind = 'heatmap_click'
GROUP BY 1, 2, 3;

-- The admin heatmap read from rollups only (decision 0030, second addendum): reads are bounded by
-- the number of hours and cells of the period, not by its clicks, and stay exactly the rolling
-- period's figures. Kept by the same statement trigger as the per-day page counts (0028), in the
-- inserting transaction, with one grouped statement per INSERT statement.
--
-- Per UTC hour and page (path without its query string, page type): the page list's partial first
-- and last days. Whole days still come from analytics_heatmap_pages.
CREATE TABLE "analytics_heatmap_page_hours" (
	"hour" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"page_type" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_heatmap_page_hours_pk" PRIMARY KEY ("hour", "page", "page_type")
);--> statement-breakpoint
-- Per UTC hour, page (a path, or a page type when by_type) and viewport-width bucket: the grid's
-- cells (col of HEATMAP_COLUMNS over clickX ÷ viewportWidth, band of HEATMAP_ROW_PX over clickY,
-- as src/shared/heatmap.ts) ...
CREATE TABLE "analytics_heatmap_cells" (
	"page" text NOT NULL,
	"by_type" boolean NOT NULL,
	"bucket" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"col" integer,
	"band" integer,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_heatmap_cells_key" UNIQUE NULLS NOT DISTINCT ("page", "by_type", "bucket", "hour", "col", "band")
);--> statement-breakpoint
-- ... and the clicked elements (tag, first 100 characters of the text), which also give the clicks
-- per width bucket.
CREATE TABLE "analytics_heatmap_elements" (
	"page" text NOT NULL,
	"by_type" boolean NOT NULL,
	"bucket" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"element" text,
	"text" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_heatmap_elements_key" UNIQUE NULLS NOT DISTINCT ("page", "by_type", "bucket", "hour", "element", "text")
);--> statement-breakpoint
-- One statement for the four rollups; an INSERT of other kinds of events returns at once.
CREATE OR REPLACE FUNCTION count_heatmap_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE kind = 'heatmap_click') THEN
    RETURN NULL;
  END IF;
  WITH c AS MATERIALIZED (
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') AS hour,
      (created_at AT TIME ZONE 'UTC')::date AS day,
      split_part(payload->>'url', '?', 1) AS path, page_type,
      w, CASE WHEN w > 0 THEN CASE WHEN w < 480 THEN 'xs' WHEN w < 768 THEN 'sm' WHEN w < 1024 THEN 'md' WHEN w < 1440 THEN 'lg' WHEN w < 100000 THEN 'xl' END END AS bucket,
      (payload->>'clickX')::double precision AS x, (payload->>'clickY')::double precision AS y,
      payload->>'element' AS element, left(coalesce(payload->>'elementText', ''), 100) AS text
    FROM new_rows CROSS JOIN LATERAL (SELECT (payload->>'viewportWidth')::double precision AS w) v
    WHERE kind = 'heatmap_click'
  ), placed AS MATERIALIZED (
    SELECT t.page, t.by_type, c.bucket, c.hour,
      CASE WHEN c.w > 0 THEN least(39, greatest(0, floor(c.x / c.w * 40)))::int END AS col,
      least(399, greatest(0, floor(c.y / 50)))::int AS band,
      c.element, c.text
    FROM c CROSS JOIN LATERAL (VALUES (c.path, false), (c.page_type, true)) AS t(page, by_type)
    WHERE c.bucket IS NOT NULL AND t.page IS NOT NULL
  ), days AS (
    INSERT INTO analytics_heatmap_pages AS p (day, page, page_type, clicks)
    SELECT day, path, coalesce(page_type, ''), count(*) FROM c GROUP BY 1, 2, 3
    ON CONFLICT (day, page, page_type) DO UPDATE SET clicks = p.clicks + EXCLUDED.clicks
  ), hours AS (
    INSERT INTO analytics_heatmap_page_hours AS p (hour, page, page_type, clicks)
    SELECT hour, path, coalesce(page_type, ''), count(*) FROM c GROUP BY 1, 2, 3
    ON CONFLICT (hour, page, page_type) DO UPDATE SET clicks = p.clicks + EXCLUDED.clicks
  ), cells AS (
    INSERT INTO analytics_heatmap_cells AS g (page, by_type, bucket, hour, col, band, clicks)
    SELECT page, by_type, bucket, hour, col, band, count(*) FROM placed GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (page, by_type, bucket, hour, col, band) DO UPDATE SET clicks = g.clicks + EXCLUDED.clicks
  )
  INSERT INTO analytics_heatmap_elements AS e (page, by_type, bucket, hour, element, text, clicks)
  SELECT page, by_type, bucket, hour, element, text, count(*) FROM placed GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (page, by_type, bucket, hour, element, text) DO UPDATE SET clicks = e.clicks + EXCLUDED.clicks;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The clicks already stored (the page counts per day are kept as they are).
INSERT INTO analytics_heatmap_page_hours (hour, page, page_type, clicks)
SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00'), split_part(payload->>'url', '?', 1), coalesce(page_type, ''), count(*)
FROM analytics_events WHERE kind = 'heatmap_click'
GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TEMPORARY TABLE heatmap_placed AS
SELECT t.page, t.by_type, c.bucket, c.hour,
  CASE WHEN c.w > 0 THEN least(39, greatest(0, floor(c.x / c.w * 40)))::int END AS col,
  least(399, greatest(0, floor(c.y / 50)))::int AS band,
  c.element, c.text
FROM (
  SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') AS hour,
    split_part(payload->>'url', '?', 1) AS path, page_type,
    w, CASE WHEN w > 0 THEN CASE WHEN w < 480 THEN 'xs' WHEN w < 768 THEN 'sm' WHEN w < 1024 THEN 'md' WHEN w < 1440 THEN 'lg' WHEN w < 100000 THEN 'xl' END END AS bucket,
    (payload->>'clickX')::double precision AS x, (payload->>'clickY')::double precision AS y,
    payload->>'element' AS element, left(coalesce(payload->>'elementText', ''), 100) AS text
  FROM analytics_events CROSS JOIN LATERAL (SELECT (payload->>'viewportWidth')::double precision AS w) v
  WHERE kind = 'heatmap_click'
) c CROSS JOIN LATERAL (VALUES (c.path, false), (c.page_type, true)) AS t(page, by_type)
WHERE c.bucket IS NOT NULL AND t.page IS NOT NULL;--> statement-breakpoint
INSERT INTO analytics_heatmap_cells (page, by_type, bucket, hour, col, band, clicks)
SELECT page, by_type, bucket, hour, col, band, count(*) FROM heatmap_placed GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO analytics_heatmap_elements (page, by_type, bucket, hour, element, text, clicks)
SELECT page, by_type, bucket, hour, element, text, count(*) FROM heatmap_placed GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
DROP TABLE heatmap_placed;

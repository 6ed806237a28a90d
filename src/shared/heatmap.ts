/**
 * The admin click heatmap (issue 14 §3): clicks are drawn per viewport-width bucket, so a layout is
 * compared with itself. Columns split the page's width (clickX ÷ viewportWidth, so every width in
 * the bucket lines up); rows are fixed bands of the page's absolute height (clickY in CSS pixels),
 * since the page height is not sent with a click.
 */
export const HEATMAP_WIDTH_BUCKETS = [
  // drawWidth: the width the admin page draws the bucket's page at (a typical screen of that size).
  { bucket: 'xs', label: 'Phones (under 480 px)', min: 0, max: 480, drawWidth: 390 },
  { bucket: 'sm', label: 'Large phones (480–767 px)', min: 480, max: 768, drawWidth: 600 },
  { bucket: 'md', label: 'Tablets (768–1023 px)', min: 768, max: 1024, drawWidth: 820 },
  { bucket: 'lg', label: 'Laptops (1024–1439 px)', min: 1024, max: 1440, drawWidth: 1280 },
  { bucket: 'xl', label: 'Wide screens (1440 px and over)', min: 1440, max: 100_000, drawWidth: 1600 },
] as const;
export type HeatmapWidthBucket = (typeof HEATMAP_WIDTH_BUCKETS)[number]['bucket'];

export const HEATMAP_COLUMNS = 40;
export const HEATMAP_ROW_PX = 50;
/** Clicks further down than this many rows are drawn in the last row (20,000 px). */
export const HEATMAP_MAX_ROWS = 400;

export const widthBucket = (bucket: string) => HEATMAP_WIDTH_BUCKETS.find((b) => b.bucket === bucket);

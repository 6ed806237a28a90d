import { sql, type SQL } from 'drizzle-orm';
import type { TFunnelEntry, TFunnelReport, THeatmapReport } from '../../../shared/contracts/analytics.ts';
import { FUNNEL_STEPS, type FunnelStep } from '../../../shared/funnel.ts';
import { HEATMAP_COLUMNS, HEATMAP_MAX_ROWS, HEATMAP_ROW_PX, HEATMAP_WIDTH_BUCKETS, widthBucket } from '../../../shared/heatmap.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';

const STEPS = (Object.entries(FUNNEL_STEPS) as Array<[FunnelStep, number]>).sort((a, b) => a[1] - b[1]);
const since = (days: number) => sql`(now() - make_interval(days => ${days}))`;
const n = (v: unknown) => Number(v ?? 0);

/**
 * Funnels per entry page type (issue 14 §3, decision 0030). A journey (one per browser session) is
 * joined with its session's `conversion_funnel` events; per entry page type the answer counts the
 * journeys whose furthest step is each step or later (`reached`, a funnel that only narrows) and the
 * journeys that sent each step (`recorded`). One pass over the period's journeys, each probing the
 * partial index on the funnel events' session id.
 */
export async function funnelsByEntry(ctx: AppContext, opts: { days: number; entry?: string | undefined }): Promise<TFunnelReport> {
  const orderOf = sql.join(
    STEPS.map(([step, order]) => sql`WHEN ${step} THEN ${sql.raw(String(order))}`),
    sql` `,
  );
  const perStep = sql.join(
    STEPS.map(([step, order]) => sql`count(*) FILTER (WHERE furthest >= ${sql.raw(String(order))}) AS ${sql.raw(`r_${step}`)}, count(*) FILTER (WHERE ${sql.raw(`s_${step}`)}) AS ${sql.raw(`c_${step}`)}`),
    sql`, `,
  );
  const flags = sql.join(
    STEPS.map(([step]) => sql`coalesce(bool_or(e.payload->>'step' = ${step}), false) AS ${sql.raw(`s_${step}`)}`),
    sql`, `,
  );
  const entryFilter: SQL = opts.entry ? sql`AND coalesce(entry_page_type, 'unknown') = ${opts.entry}` : sql``;
  const rows = await queryRows<Record<string, unknown> & { entry: string; journeys: number | string }>(
    ctx.database.db,
    sql`WITH j AS (
          SELECT id, session_id, coalesce(entry_page_type, 'unknown') AS entry
          FROM journeys WHERE created_at >= ${since(opts.days)} ${entryFilter}
        ), per_journey AS (
          SELECT j.id, j.entry, coalesce(max(CASE e.payload->>'step' ${orderOf} END), 0) AS furthest, ${flags}
          FROM j LEFT JOIN analytics_events e
            ON e.kind = 'conversion_funnel' AND e.session_id = j.session_id AND e.created_at >= ${since(opts.days)}
          GROUP BY j.id, j.entry
        )
        SELECT entry, count(*) AS journeys, ${perStep}
        FROM per_journey GROUP BY entry ORDER BY count(*) DESC, entry`,
  );
  const entries: TFunnelEntry[] = rows.map((r) => {
    let previous: number | null = null;
    const steps = STEPS.map(([step, order]) => {
      const reached = n(r[`r_${step}`]);
      const conversion = previous === null ? 1 : previous === 0 ? null : reached / previous;
      previous = reached;
      return { step, order, reached, recorded: n(r[`c_${step}`]), conversion };
    });
    return { entryPageType: r.entry, journeys: n(r.journeys), steps };
  });
  return { days: opts.days, entries };
}

const PAGE_TYPE = /^[a-z0-9_-]{1,64}$/;
const pathOf = sql`split_part(payload->>'url', '?', 1)`;
const widthOf = sql`(payload->>'viewportWidth')::double precision`;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Where the heatmap's figures are read from: `rollup` (what the route uses) or `raw` (every click
 * of the period read from analytics_events, the definition the rollups must match: tests compare
 * the two, the bench times both).
 */
export type HeatmapSource = 'rollup' | 'raw';
/** The rolling period [at − days × 24 h, at); `at` is now unless given (tests, the bench). */
export type HeatmapPeriod = { days: number; at?: Date | undefined; source?: HeatmapSource | undefined };

/**
 * "Now" as a period's end: the end of the current millisecond. The database stores microseconds and
 * a Date holds milliseconds, so a click committed earlier in this millisecond (just before the
 * admin's request) would fall after a period ending at the millisecond's start.
 */
const periodEndNow = () => new Date(Date.now() + 1);

type Range = readonly [number, number];
const nonEmpty = (ranges: Range[]) => ranges.filter(([a, b]) => a < b);
const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const utcDate = (ms: number) => sql`${new Date(ms).toISOString().slice(0, 10)}::date`;

/**
 * The period cut along UTC days and hours (decision 0030, second addendum): whole days (the
 * per-day page counts), whole hours (the per-hour rollups: every hour for the grid and elements,
 * the first and last days' for the page list) and the period's ends inside an hour, read from the
 * raw clicks. Exact: every click of the period falls in one piece, and no other click does.
 */
function piecesOf(period: HeatmapPeriod) {
  const e = (period.at ?? periodEndNow()).getTime();
  const s = e - period.days * DAY_MS;
  if (period.source === 'raw') return { days: [], partialHours: [], hours: [], raw: nonEmpty([[s, e]]) };
  const d1 = Math.ceil(s / DAY_MS) * DAY_MS;
  const d2 = Math.max(d1, Math.floor(e / DAY_MS) * DAY_MS);
  const h1 = Math.ceil(s / HOUR_MS) * HOUR_MS;
  const h2 = Math.max(h1, Math.floor(e / HOUR_MS) * HOUR_MS);
  return {
    days: nonEmpty([[d1, d2]]),
    partialHours: nonEmpty([
      [h1, Math.min(d1, h2)],
      [Math.max(d2, h1), h2],
    ]),
    hours: nonEmpty([[h1, h2]]),
    raw: nonEmpty([
      [s, Math.min(h1, e)],
      [h2, e],
    ]),
  };
}

/** The branches of a UNION ALL (a query that returns nothing when there are none). */
const unionAll = (branches: SQL[], none: SQL) => (branches.length ? sql.join(branches, sql` UNION ALL `) : none);

/**
 * The heatmap's pages to choose from — the 50 most clicked paths and every page type — with their
 * clicks in the period: whole UTC days from the per-day counts (migration 0028), whole hours of the
 * first and last days from the per-hour counts (0032), and the minutes at either end from the raw
 * clicks, so the figures are exactly the rolling period's, like the grid's.
 */
export async function heatmapPages(ctx: AppContext, period: number | HeatmapPeriod) {
  const db = ctx.database.db;
  const p = piecesOf(typeof period === 'number' ? { days: period } : period);
  const pageCounts = sql`(${unionAll(
    [
      ...p.days.map(([a, b]) => sql`SELECT page, page_type, clicks FROM analytics_heatmap_pages WHERE day >= ${utcDate(a)} AND day < ${utcDate(b)}`),
      ...p.partialHours.map(([a, b]) => sql`SELECT page, page_type, clicks FROM analytics_heatmap_page_hours WHERE hour >= ${ts(a)} AND hour < ${ts(b)}`),
      ...p.raw.map(([a, b]) => sql`SELECT ${pathOf}, coalesce(page_type, ''), 1 FROM analytics_events WHERE kind = 'heatmap_click' AND created_at >= ${ts(a)} AND created_at < ${ts(b)}`),
    ],
    sql`SELECT NULL::text AS page, NULL::text AS page_type, 0 AS clicks WHERE false`,
  )}) AS counts (page, page_type, clicks)`;
  const [paths, types] = await Promise.all([
    queryRows<{ page: string; clicks: number | string }>(db, sql`SELECT page, sum(clicks) AS clicks FROM ${pageCounts} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`),
    queryRows<{ page: string; clicks: number | string }>(db, sql`SELECT page_type AS page, sum(clicks) AS clicks FROM ${pageCounts} WHERE page_type <> '' GROUP BY 1 ORDER BY 2 DESC, 1`),
  ]);
  const pages = [
    ...types.map((r) => ({ page: r.page, kind: 'pageType' as const, clicks: n(r.clicks) })),
    ...paths.map((r) => ({ page: r.page, kind: 'path' as const, clicks: n(r.clicks) })),
  ];
  return { pages, paths };
}

/**
 * The click heatmap of one page (a path, or every page of a page type) at one viewport-width
 * bucket: a HEATMAP_COLUMNS-wide grid over the page's relative x and HEATMAP_ROW_PX bands of its
 * absolute y (sparse cells only), with the pages and buckets to choose from and the most clicked
 * elements. Without a page or width, the most clicked one is shown. Read from the per-hour cells
 * and elements of the page (migration 0032) and the raw clicks of the minutes at either end of the
 * period: bounded by the hours and cells of the period, not by its clicks.
 */
export async function clickHeatmap(
  ctx: AppContext,
  opts: { days: number; page?: string | undefined; width?: string | undefined; at?: Date | undefined; source?: HeatmapSource | undefined },
): Promise<THeatmapReport> {
  const db = ctx.database.db;
  const period: HeatmapPeriod = { days: opts.days, at: opts.at ?? periodEndNow(), source: opts.source };
  const p = piecesOf(period);
  const { pages, paths } = await heatmapPages(ctx, period);
  const empty = { columns: HEATMAP_COLUMNS, rowHeightPx: HEATMAP_ROW_PX, rows: 0, total: 0, max: 0, cells: [] };
  const page = opts.page ?? paths[0]?.page ?? null;
  if (!page) return { days: opts.days, page: null, width: opts.width ?? null, pages, widths: [], grid: empty, elements: [] };

  const byType = PAGE_TYPE.test(page);
  const onPage = byType ? sql`kind = 'heatmap_click' AND page_type = ${page}` : sql`kind = 'heatmap_click' AND ${pathOf} = ${page}`;
  const rolled = sql`page = ${page} AND by_type = ${byType}`;
  const rawIn = ([a, b]: Range) => sql`created_at >= ${ts(a)} AND created_at < ${ts(b)}`;
  const hourIn = ([a, b]: Range) => sql`hour >= ${ts(a)} AND hour < ${ts(b)}`;
  const bucketCase = sql.join(
    HEATMAP_WIDTH_BUCKETS.map((b) => sql`WHEN ${widthOf} < ${sql.raw(String(b.max))} THEN ${b.bucket}`),
    sql` `,
  );
  const allBuckets = sql.join(
    HEATMAP_WIDTH_BUCKETS.map((b) => sql`${b.bucket}`),
    sql`, `,
  );
  const widthRows = await queryRows<{ bucket: string; clicks: number | string }>(
    db,
    sql`SELECT bucket, sum(clicks) AS clicks FROM (${unionAll(
      [
        ...p.hours.map((r) => sql`SELECT bucket, clicks FROM analytics_heatmap_elements WHERE ${rolled} AND bucket IN (${allBuckets}) AND ${hourIn(r)}`),
        ...p.raw.map((r) => sql`SELECT CASE ${bucketCase} END, 1 FROM analytics_events WHERE ${onPage} AND ${widthOf} > 0 AND ${rawIn(r)}`),
      ],
      sql`SELECT NULL::text, 0 WHERE false`,
    )}) AS w (bucket, clicks) GROUP BY 1`,
  );
  const widths = HEATMAP_WIDTH_BUCKETS.flatMap((b) => {
    const clicks = n(widthRows.find((w) => w.bucket === b.bucket)?.clicks);
    return clicks > 0 ? [{ bucket: b.bucket, label: b.label, clicks }] : [];
  });
  const chosen = widthBucket(opts.width ?? [...widths].sort((a, b) => b.clicks - a.clicks)[0]?.bucket ?? '');
  if (!chosen) return { days: opts.days, page, width: opts.width ?? null, pages, widths, grid: empty, elements: [] };

  // The same bucket as the widths' (a click without a positive width cannot be placed).
  const inBucket = sql`${onPage} AND ${widthOf} > 0 AND ${widthOf} >= ${chosen.min} AND ${widthOf} < ${chosen.max}`;
  const rolledBucket = sql`${rolled} AND bucket = ${chosen.bucket}`;
  const [cells, elements] = await Promise.all([
    queryRows<{ col: number | string | null; row: number | string | null; count: number | string }>(
      db,
      sql`SELECT col, row, sum(clicks) AS count FROM (${unionAll(
        [
          ...p.hours.map((r) => sql`SELECT col, band, clicks FROM analytics_heatmap_cells WHERE ${rolledBucket} AND ${hourIn(r)}`),
          ...p.raw.map(
            (r) => sql`SELECT least(${HEATMAP_COLUMNS - 1}, greatest(0, floor((payload->>'clickX')::double precision / ${widthOf} * ${HEATMAP_COLUMNS})))::int,
                              least(${HEATMAP_MAX_ROWS - 1}, greatest(0, floor((payload->>'clickY')::double precision / ${HEATMAP_ROW_PX})))::int, 1
                       FROM analytics_events WHERE ${inBucket} AND ${rawIn(r)}`,
          ),
        ],
        sql`SELECT NULL::int, NULL::int, 0 WHERE false`,
      )}) AS c (col, row, clicks) GROUP BY 1, 2 ORDER BY 3 DESC, 2, 1`,
    ),
    queryRows<{ element: string | null; text: string | null; clicks: number | string }>(
      db,
      sql`SELECT element, text, sum(clicks) AS clicks FROM (${unionAll(
        [
          ...p.hours.map((r) => sql`SELECT element, text, clicks FROM analytics_heatmap_elements WHERE ${rolledBucket} AND ${hourIn(r)}`),
          ...p.raw.map((r) => sql`SELECT payload->>'element', left(coalesce(payload->>'elementText', ''), 100), 1 FROM analytics_events WHERE ${inBucket} AND ${rawIn(r)}`),
        ],
        sql`SELECT NULL::text, NULL::text, 0 WHERE false`,
      )}) AS e (element, text, clicks) GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 10`,
    ),
  ]);
  const grid = cells.map((c) => ({ col: n(c.col), row: n(c.row), count: n(c.count) }));
  return {
    days: opts.days,
    page,
    width: chosen.bucket,
    pages,
    widths,
    grid: {
      ...empty,
      rows: grid.reduce((m, c) => Math.max(m, c.row + 1), 0),
      total: grid.reduce((s, c) => s + c.count, 0),
      max: grid.reduce((m, c) => Math.max(m, c.count), 0),
      cells: grid,
    },
    elements: elements.map((e) => ({ element: e.element ?? 'unknown', text: e.text ?? '', clicks: n(e.clicks) })),
  };
}

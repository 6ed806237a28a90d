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

/**
 * The heatmap's pages to choose from — the 50 most clicked paths and every page type — with their
 * clicks in the period: whole UTC days from the per-day counts (migration 0028), the period's
 * first, partial day from the raw clicks, so the figures are exactly the rolling period's, like
 * the grid's.
 */
export async function heatmapPages(ctx: AppContext, days: number) {
  const db = ctx.database.db;
  const firstDay = sql`(${since(days)} AT TIME ZONE 'UTC')::date`;
  const pageCounts = sql`(
    SELECT page, page_type, clicks FROM analytics_heatmap_pages WHERE day > ${firstDay}
    UNION ALL
    SELECT ${pathOf}, coalesce(page_type, ''), 1 FROM analytics_events
    WHERE kind = 'heatmap_click' AND created_at >= ${since(days)} AND created_at < (${firstDay} + 1)::timestamp AT TIME ZONE 'UTC'
  ) AS counts`;
  const [paths, types] = await Promise.all([
    queryRows<{ page: string; clicks: number | string }>(db, sql`SELECT page, sum(clicks) AS clicks FROM ${pageCounts} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`),
    queryRows<{ page: string; clicks: number | string }>(db, sql`SELECT page_type AS page, sum(clicks) AS clicks FROM ${pageCounts} WHERE page_type <> '' GROUP BY 1 ORDER BY 2 DESC, 1`),
  ]);
  const pages = [
    ...types.map((p) => ({ page: p.page, kind: 'pageType' as const, clicks: n(p.clicks) })),
    ...paths.map((p) => ({ page: p.page, kind: 'path' as const, clicks: n(p.clicks) })),
  ];
  return { pages, paths };
}

/**
 * The click heatmap of one page (a path, or every page of a page type) at one viewport-width
 * bucket: a HEATMAP_COLUMNS-wide grid over the page's relative x and HEATMAP_ROW_PX bands of its
 * absolute y, counted in the database (sparse cells only), with the pages and buckets to choose from
 * and the most clicked elements. Without a page or width, the most clicked one is shown.
 */
export async function clickHeatmap(ctx: AppContext, opts: { days: number; page?: string | undefined; width?: string | undefined }): Promise<THeatmapReport> {
  const db = ctx.database.db;
  const recent = sql`kind = 'heatmap_click' AND created_at >= ${since(opts.days)}`;
  const { pages, paths } = await heatmapPages(ctx, opts.days);
  const empty = { columns: HEATMAP_COLUMNS, rowHeightPx: HEATMAP_ROW_PX, rows: 0, total: 0, max: 0, cells: [] };
  const page = opts.page ?? paths[0]?.page ?? null;
  if (!page) return { days: opts.days, page: null, width: opts.width ?? null, pages, widths: [], grid: empty, elements: [] };

  const onPage = PAGE_TYPE.test(page) ? sql`${recent} AND page_type = ${page}` : sql`${recent} AND ${pathOf} = ${page}`;
  const bucketCase = sql.join(
    HEATMAP_WIDTH_BUCKETS.map((b) => sql`WHEN ${widthOf} < ${sql.raw(String(b.max))} THEN ${b.bucket}`),
    sql` `,
  );
  const widthRows = await queryRows<{ bucket: string; clicks: number | string }>(
    db,
    sql`SELECT CASE ${bucketCase} END AS bucket, count(*) AS clicks FROM analytics_events
        WHERE ${onPage} AND ${widthOf} > 0 GROUP BY 1`,
  );
  const widths = HEATMAP_WIDTH_BUCKETS.flatMap((b) => {
    const clicks = n(widthRows.find((w) => w.bucket === b.bucket)?.clicks);
    return clicks > 0 ? [{ bucket: b.bucket, label: b.label, clicks }] : [];
  });
  const chosen = widthBucket(opts.width ?? [...widths].sort((a, b) => b.clicks - a.clicks)[0]?.bucket ?? '');
  if (!chosen) return { days: opts.days, page, width: opts.width ?? null, pages, widths, grid: empty, elements: [] };

  const inBucket = sql`${onPage} AND ${widthOf} >= ${chosen.min} AND ${widthOf} < ${chosen.max}`;
  const [cells, elements] = await Promise.all([
    queryRows<{ col: number | string; row: number | string; count: number | string }>(
      db,
      sql`SELECT least(${HEATMAP_COLUMNS - 1}, greatest(0, floor((payload->>'clickX')::double precision / ${widthOf} * ${HEATMAP_COLUMNS})))::int AS col,
                 least(${HEATMAP_MAX_ROWS - 1}, greatest(0, floor((payload->>'clickY')::double precision / ${HEATMAP_ROW_PX})))::int AS row,
                 count(*) AS count
          FROM analytics_events WHERE ${inBucket} GROUP BY 1, 2 ORDER BY 3 DESC, 2, 1`,
    ),
    queryRows<{ element: string | null; text: string | null; clicks: number | string }>(
      db,
      sql`SELECT payload->>'element' AS element, left(coalesce(payload->>'elementText', ''), 100) AS text, count(*) AS clicks
          FROM analytics_events WHERE ${inBucket} GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 10`,
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

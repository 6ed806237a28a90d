import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { queryRows } from '../../db/client.ts';
import { clickHeatmap, heatmapPages } from './admin-reports.ts';

// The admin heatmap read from its per-day and per-hour rollups (migration 0032, decision 0030) must
// give exactly what reading every raw click of the period gives, for periods that start and end
// inside a day and inside an hour, on PGlite and on PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Far from today, so the clicks other tests send now never fall in these periods.
const BASE = Date.UTC(2026, 5, 10);

/** A small deterministic generator (mulberry32): the same clicks on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = ['/a', '/a?tab=flash', '/b', '/c/d?q=1', '/c/d'];
const TYPES = ['listing', 'profile', null];
const WIDTHS = [375, 479.5, 480, 767, 1024, 1280, 1439, 1440, 1920, null, 0, -5, 150_000];
const ELEMENTS = ['a', 'button', null, ''];
const TEXTS = ['Book now', '', null, 'x'.repeat(150), `${'y'.repeat(100)}z`];

function clicks(count: number, seed: number, at: (r: () => number) => number) {
  const r = random(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  return Array.from({ length: count }, () => {
    const pageType = pick(TYPES);
    const payload: Record<string, unknown> = {
      sessionId: 's-rollup',
      pageType,
      url: pick(PATHS),
      // Mostly a few hot areas, some anywhere (negative and past the last row too).
      clickX: r() < 0.7 ? 100 + Math.floor(r() * 3) * 7 : Math.floor(r() * 2200) - 20,
      clickY: r() < 0.7 ? 300 + Math.floor(r() * 3) * 40 : Math.floor(r() * 26_000) - 10,
      viewportWidth: pick(WIDTHS),
      element: pick(ELEMENTS),
      elementText: pick(TEXTS),
    };
    if (payload.element === null) delete payload.element;
    return { pageType, payload, createdAt: new Date(at(r)).toISOString() };
  });
}

async function insert(rows: Array<{ pageType: string | null; payload: Record<string, unknown>; createdAt: string }>) {
  // One multi-row INSERT statement: the statement trigger counts a bulk load in one grouped upsert.
  const values = sql.join(
    rows.map((c) => sql`('heatmap_click', 's-rollup', ${c.pageType}, ${JSON.stringify(c.payload)}::jsonb, ${c.createdAt}::timestamptz)`),
    sql`, `,
  );
  await t.app.ctx.database.db.execute(sql`INSERT INTO analytics_events (kind, session_id, page_type, payload, created_at) VALUES ${values}`);
}

describe('admin heatmap rollups', () => {
  // 558 reads of the heatmap, half of them over the raw clicks: on PGlite on a busy machine this takes more than the default 30 s.
  it('answer exactly as the raw clicks do, for periods starting and ending mid-day and mid-hour', { timeout: 120_000 }, async () => {
    // 12 days of clicks, with some exactly on hour and day boundaries and on the periods' edges.
    await insert(clicks(1500, 1, (r) => BASE + Math.floor(r() * 12 * DAY)));
    await insert(clicks(300, 2, (r) => BASE + Math.floor(r() * 12 * 24) * HOUR));
    const ats = [
      BASE + 9 * DAY + 13 * HOUR + 37 * 60_000 + 12_345, // mid-day, mid-hour
      BASE + 10 * DAY + 10 * HOUR, // on an hour
      BASE + 11 * DAY + 23 * HOUR + 59 * 60_000 + 59_999, // the last millisecond of a day
    ];
    const edges = ats.flatMap((at) => [1, 3, 7].flatMap((days) => [at - days * DAY - 1, at - days * DAY, at - days * DAY + 1, at - 1, at]));
    await insert(clicks(edges.length, 3, () => 0).map((c, i) => ({ ...c, createdAt: new Date(edges[i]!).toISOString() })));
    // And clicks sent through the tracking endpoint (now, outside these periods) do not disturb them.
    const visitor = new TestClient(t.app);
    expect((await visitor.post('/api/analytics/seo/heatmap-click', { sessionId: 's-now', pageType: 'listing', url: '/a', clickX: 5, clickY: 5, viewportWidth: 1280 })).statusCode).toBe(204);

    let compared = 0;
    let nonEmpty = 0;
    for (const atMs of ats) {
      for (const days of [1, 3, 7]) {
        const at = new Date(atMs);
        const label = `${days} days to ${at.toISOString()}`;
        expect(await heatmapPages(t.app.ctx, { days, at }), label).toEqual(await heatmapPages(t.app.ctx, { days, at, source: 'raw' }));
        for (const page of [undefined, '/a', '/c/d', 'listing', 'profile', '/nowhere']) {
          for (const width of [undefined, 'xs', 'sm', 'lg', 'xl']) {
            const rolled = await clickHeatmap(t.app.ctx, { days, at, page, width });
            const raw = await clickHeatmap(t.app.ctx, { days, at, page, width, source: 'raw' });
            expect(rolled, `${label}, ${page ?? 'most clicked'} at ${width ?? 'most clicked width'}`).toEqual(raw);
            compared += 1;
            if (raw.grid.total > 0 && raw.elements.length > 0) nonEmpty += 1;
          }
        }
      }
    }
    // Most comparisons had clicks to count (the test cannot pass on empty answers alone).
    expect(compared).toBe(270);
    expect(nonEmpty).toBeGreaterThan(150);
    // The rebuild from stored clicks (the migration's backfill, a bulk load) gives the same rollups.
    const snapshot = () =>
      queryRows(t.app.ctx.database.db, sql`SELECT 'c' AS t, page, by_type, bucket, hour::text, col::text AS a, band::text AS b, clicks FROM analytics_heatmap_cells
        UNION ALL SELECT 'e', page, by_type, bucket, hour::text, element, text, clicks FROM analytics_heatmap_elements
        UNION ALL SELECT 'h', page, NULL, page_type, hour::text, NULL, NULL, clicks FROM analytics_heatmap_page_hours
        UNION ALL SELECT 'd', page, NULL, page_type, day::text, NULL, NULL, clicks FROM analytics_heatmap_pages ORDER BY 1, 2, 3, 4, 5, 6, 7`);
    const kept = await snapshot();
    await t.app.ctx.database.db.execute(sql`SELECT rebuild_heatmap_rollups()`);
    expect(await snapshot()).toEqual(kept);
  });

  it('counts each click once per hour, page and path or page type, through the tracking endpoint too', async () => {
    const visitor = new TestClient(t.app);
    const body = { sessionId: 's-once', pageType: 'feature', url: '/features/once?x=1', clickX: 640, clickY: 120, viewportWidth: 1280, element: 'button', elementText: 'Go' };
    for (let i = 0; i < 3; i++) expect((await visitor.post('/api/analytics/seo/heatmap-click', body)).statusCode).toBe(204);
    const [counts] = await queryRows<{ hours: number; cells: number; elements: number; types: number }>(
      t.app.ctx.database.db,
      sql`SELECT (SELECT sum(clicks)::int FROM analytics_heatmap_page_hours WHERE page = '/features/once' AND page_type = 'feature') AS hours,
                 (SELECT sum(clicks)::int FROM analytics_heatmap_cells WHERE page = '/features/once' AND NOT by_type AND bucket = 'lg' AND col = 20 AND band = 2) AS cells,
                 (SELECT sum(clicks)::int FROM analytics_heatmap_elements WHERE page = '/features/once' AND NOT by_type AND element = 'button' AND text = 'Go') AS elements,
                 (SELECT sum(clicks)::int FROM analytics_heatmap_cells WHERE page = 'feature' AND by_type) AS types`,
    );
    expect(counts).toEqual({ hours: 3, cells: 3, elements: 3, types: 3 });
    const admin = (await createUser(t.app, { isAdmin: true })).client;
    const map = (await admin.get('/api/admin/heatmap?days=7&page=/features/once')).json();
    expect(map).toMatchObject({ width: 'lg', grid: { total: 3, cells: [{ col: 20, row: 2, count: 3 }] }, elements: [{ element: 'button', text: 'Go', clicks: 3 }] });
  });
});

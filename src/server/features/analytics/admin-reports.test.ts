import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { HEATMAP_COLUMNS, HEATMAP_ROW_PX } from '../../../shared/heatmap.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, { isAdmin: true })).client;
});
afterAll(async () => t.close());

const visitor = () => new TestClient(t.app);

async function journey(sessionId: string, entryPageType: string, steps: string[]) {
  const c = visitor();
  expect((await c.post('/api/journey/start', { sessionId, entryPageType, entryUrl: '/' })).statusCode).toBe(201);
  for (const [i, step] of steps.entries()) {
    const res = await c.post('/api/analytics/seo/conversion-funnel', { sessionId, funnelId: `f-${sessionId}`, step, stepOrder: i + 1, sourcePageType: entryPageType });
    expect(res.statusCode).toBe(204);
  }
}

const click = (over: Record<string, unknown>) => ({
  sessionId: 'sess-heat',
  pageType: 'listing',
  url: '/artists?kind=tattoo',
  clickX: 10,
  clickY: 10,
  viewportWidth: 1280,
  viewportHeight: 800,
  element: 'a',
  elementText: 'Book now',
  ...over,
});

describe('admin analytics: who may read', () => {
  it('refuses visitors (401), clients and artists (403)', async () => {
    const client = await createUser(t.app);
    const artist = await createUser(t.app);
    await createArtist(t.app, { userId: artist.id });
    for (const path of ['/api/admin/funnels', '/api/admin/heatmap']) {
      expect((await visitor().get(path)).statusCode, path).toBe(401);
      expect((await client.client.get(path)).statusCode, path).toBe(403);
      expect((await artist.client.get(path)).statusCode, path).toBe(403);
      expect((await admin.get(path)).statusCode, path).toBe(200);
    }
  });

  it('refuses a bad period, entry, page or width with 400 {code, message}', async () => {
    for (const path of ['/api/admin/funnels?days=14', '/api/admin/funnels?entry=Home%20Page', '/api/admin/heatmap?days=1', '/api/admin/heatmap?width=huge', '/api/admin/heatmap?page=no%20spaces']) {
      const res = await admin.get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('GET /api/admin/funnels', () => {
  it('counts the journeys that reached each step per entry page type, with step-to-step conversion', async () => {
    await journey('f-home-1', 'home', ['page_view', 'cta_click', 'page_view', 'artist_view', 'booking_start']);
    await journey('f-home-2', 'home', ['page_view']);
    await journey('f-landing-1', 'landing', ['page_view', 'artist_view', 'consultation_start', 'booking_start', 'booking_complete']);
    // Micro-conversions and unknown names are not funnel steps.
    await journey('f-landing-2', 'landing', ['page_view', 'scroll_50', 'abandonment_step_1']);
    // A journey from before the period, with its steps.
    await t.app.ctx.database.db.execute(sql`INSERT INTO journeys (session_id, entry_page_type, created_at) VALUES ('f-old', 'home', now() - interval '40 days')`);
    await t.app.ctx.database.db.execute(sql`INSERT INTO analytics_events (kind, session_id, payload, created_at)
      VALUES ('conversion_funnel', 'f-old', '{"step":"page_view"}', now() - interval '40 days')`);

    const res = await admin.get('/api/admin/funnels?days=30');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    const byEntry = Object.fromEntries(body.entries.map((e: { entryPageType: string }) => [e.entryPageType, e]));
    expect(Object.keys(byEntry).sort()).toEqual(['home', 'landing']);
    const table = (entry: string) => byEntry[entry].steps.map((s: { step: string; reached: number; recorded: number }) => [s.step, s.reached, s.recorded]);
    expect(byEntry.home.journeys).toBe(2);
    expect(table('home')).toEqual([
      ['page_view', 2, 2],
      ['cta_click', 1, 1],
      ['artist_view', 1, 1],
      // Not a consultation: not sent, but the journey went past it.
      ['consultation_start', 1, 0],
      ['booking_start', 1, 1],
      ['booking_complete', 0, 0],
    ]);
    expect(byEntry.home.steps.map((s: { conversion: number | null }) => s.conversion)).toEqual([1, 0.5, 1, 1, 1, 0]);
    expect(byEntry.landing.journeys).toBe(2);
    expect(table('landing')).toEqual([
      ['page_view', 2, 2],
      ['cta_click', 1, 0],
      ['artist_view', 1, 1],
      ['consultation_start', 1, 1],
      ['booking_start', 1, 1],
      ['booking_complete', 1, 1],
    ]);

    // The old journey counts over 90 days; one entry type on its own.
    const longer = (await admin.get('/api/admin/funnels?days=90&entry=home')).json();
    expect(longer.entries).toHaveLength(1);
    expect(longer.entries[0]).toMatchObject({ entryPageType: 'home', journeys: 3 });
    expect(longer.entries[0].steps[0]).toMatchObject({ step: 'page_view', reached: 3 });
    const none = (await admin.get('/api/admin/funnels?entry=guide')).json();
    expect(none.entries).toEqual([]);
  });
});

describe('GET /api/admin/heatmap', () => {
  it('buckets clicks by width, relative x and absolute y, per path or page type', async () => {
    const c = visitor();
    const clicks = [
      click({ clickX: 0, clickY: 0 }),
      click({ clickX: 1279, clickY: 120 }),
      click({ clickX: 640, clickY: 120, element: 'button', elementText: 'Search' }),
      click({ clickX: 650, clickY: 149, element: 'button', elementText: 'Search' }),
      click({ url: '/artists', clickX: 660, clickY: 101, element: 'button', elementText: 'Search' }),
      // The same page on a phone: its own bucket.
      click({ clickX: 188, clickY: 900, viewportWidth: 375 }),
      // Another page of the same type.
      click({ url: '/discover', clickX: 100, clickY: 100 }),
      // No width: cannot be placed.
      click({ viewportWidth: null }),
    ];
    for (const body of clicks) expect((await c.post('/api/analytics/seo/heatmap-click', body)).statusCode).toBe(204);

    const res = await admin.get('/api/admin/heatmap?days=7&page=/artists&width=lg');
    expect(res.statusCode).toBe(200);
    const map = res.json();
    expect(map).toMatchObject({ days: 7, page: '/artists', width: 'lg' });
    expect(map.pages).toEqual(
      expect.arrayContaining([
        { page: 'listing', kind: 'pageType', clicks: 8 },
        { page: '/artists', kind: 'path', clicks: 7 },
        { page: '/discover', kind: 'path', clicks: 1 },
      ]),
    );
    expect(map.widths).toEqual([
      { bucket: 'xs', label: expect.any(String), clicks: 1 },
      { bucket: 'lg', label: expect.any(String), clicks: 5 },
    ]);
    expect(map.grid).toMatchObject({ columns: HEATMAP_COLUMNS, rowHeightPx: HEATMAP_ROW_PX, rows: 3, total: 5, max: 3 });
    expect(map.grid.cells).toEqual([
      { col: 20, row: 2, count: 3 },
      { col: 0, row: 0, count: 1 },
      { col: 39, row: 2, count: 1 },
    ]);
    expect(map.elements[0]).toEqual({ element: 'button', text: 'Search', clicks: 3 });

    const phone = (await admin.get('/api/admin/heatmap?page=/artists&width=xs')).json();
    expect(phone.grid.cells).toEqual([{ col: 20, row: 18, count: 1 }]);
    // Per page type: every listing page at that width.
    const type = (await admin.get('/api/admin/heatmap?page=listing&width=lg')).json();
    expect(type.grid.total).toBe(6);
    // Without a page or width: the most clicked path at its most clicked width.
    const first = (await admin.get('/api/admin/heatmap')).json();
    expect(first).toMatchObject({ page: '/artists', width: 'lg' });
    const nothing = (await admin.get('/api/admin/heatmap?page=/nowhere')).json();
    expect(nothing).toMatchObject({ page: '/nowhere', widths: [], grid: { total: 0, cells: [] }, elements: [] });
  });

  it('counts a click made earlier in the same millisecond as the request (the database keeps microseconds)', async () => {
    const ms = Date.now() - 5_000;
    await t.app.ctx.database.db.execute(sql`INSERT INTO analytics_events (kind, session_id, page_type, payload, created_at)
      VALUES ('heatmap_click', 'sess-same-ms', 'same-ms', ${JSON.stringify(click({ url: '/features/same-ms', pageType: 'same-ms' }))}::jsonb,
        ${new Date(ms).toISOString()}::timestamptz + interval '600 microseconds')`);
    // The clock stands in that millisecond (Date only; timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'], now: ms });
    try {
      const map = (await admin.get('/api/admin/heatmap?days=7&page=/features/same-ms')).json() as { pages: Array<{ page: string; clicks: number }> };
      expect(map.pages.find((p) => p.page === '/features/same-ms')?.clicks).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists pages with exactly the rolling period’s clicks: whole days from the daily counts, the first day from the raw clicks', async () => {
    const DAY = 86_400_000;
    const now = Date.now();
    const boundary = now - 7 * DAY;
    const firstDayStart = Date.UTC(new Date(boundary).getUTCFullYear(), new Date(boundary).getUTCMonth(), new Date(boundary).getUTCDate());
    const at = [
      Math.max(firstDayStart, boundary - 60_000), // just before the period, on its first day: out
      boundary + 60_000, // just inside
      now - 3 * DAY, // a whole day inside
      now - 20 * DAY, // inside 30 days only
      now, // today
    ];
    for (const when of at) {
      await t.app.ctx.database.db.execute(sql`INSERT INTO analytics_events (kind, session_id, page_type, payload, created_at)
        VALUES ('heatmap_click', 'sess-rolling', 'feature', ${JSON.stringify(click({ url: '/features/rolling?x=1', pageType: 'feature' }))}::jsonb, ${new Date(when).toISOString()}::timestamptz)`);
    }
    const pageClicks = async (days: number) => {
      const map = (await admin.get(`/api/admin/heatmap?days=${days}&page=/features/rolling`)).json() as { pages: Array<{ page: string; kind: string; clicks: number }> };
      return [map.pages.find((p) => p.page === '/features/rolling')?.clicks, map.pages.find((p) => p.page === 'feature')?.clicks];
    };
    expect(await pageClicks(7)).toEqual([3, 3]);
    expect(await pageClicks(30)).toEqual([5, 5]);
    // The trigger counted each click once, per UTC day, without the query string.
    const [counted] = await queryRows<{ n: number }>(t.app.ctx.database.db, sql`SELECT sum(clicks)::int AS n FROM analytics_heatmap_pages WHERE page = '/features/rolling' AND page_type = 'feature'`);
    expect(counted?.n).toBe(5);
  });
});

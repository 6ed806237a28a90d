import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { queryRows } from '../../db/client.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { nextPruneAt, pruneRawAnalytics, scheduleAnalyticsPrune } from './retention.ts';
import { computeFingerprint } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_RETENTION_DAYS: '30' });
});
afterAll(async () => t.close());

const db = () => t.app.ctx.database.db;
const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number | string }>(db(), query))[0]?.n ?? 0);

const vital = (over: Record<string, unknown> = {}) => ({
  sessionId: 'sess-vitals',
  name: 'LCP',
  value: 1800,
  rating: 'good',
  id: 'v5-1700000000000-1',
  url: '/artists',
  pageType: 'listing',
  navigationType: 'navigate',
  ...over,
});

const device = { userAgent: 'vitest', screenResolution: '1280x720', timezone: 'UTC', language: 'en', platform: 'Linux', cookieEnabled: true };

describe('POST /api/analytics/web-vitals', () => {
  it('stores a metric, by fetch or by beacon with the token in the query', async () => {
    const c = new TestClient(t.app);
    expect((await c.post('/api/analytics/web-vitals', vital())).statusCode).toBe(204);
    const token = await c.csrfToken();
    const beacon = await c.request('POST', `/api/analytics/web-vitals?csrf=${encodeURIComponent(token)}`, vital({ name: 'CLS', value: 0.02, id: 'v5-2' }), { 'x-csrf-token': undefined });
    expect(beacon.statusCode).toBe(204);
    expect(await count(sql`SELECT count(*) AS n FROM web_vitals WHERE session_id = 'sess-vitals'`)).toBe(2);
  });

  it('refuses a request without a token, an unknown metric, a bad rating, a negative value and extra fields', async () => {
    const c = new TestClient(t.app);
    expect((await c.request('POST', '/api/analytics/web-vitals', vital(), { 'x-csrf-token': undefined })).statusCode).toBe(403);
    for (const bad of [vital({ name: 'FID' }), vital({ rating: 'great' }), vital({ value: -1 }), vital({ navigationType: 'teleport' }), { ...vital(), ip: '1.2.3.4' }]) {
      const res = await c.post('/api/analytics/web-vitals', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('GET /api/admin/perf', () => {
  it('refuses visitors (401) and members (403)', async () => {
    expect((await new TestClient(t.app).get('/api/admin/perf')).statusCode).toBe(401);
    const member = await createUser(t.app);
    expect((await member.client.get('/api/admin/perf')).statusCode).toBe(403);
  });

  it('answers p75 per page type per day and the server timings per route', async () => {
    const c = new TestClient(t.app);
    // Four INP samples on the booking page: p75 (continuous) of 100, 200, 300, 400 is 325.
    for (const [i, value] of [100, 200, 300, 400].entries()) {
      expect((await c.post('/api/analytics/web-vitals', vital({ sessionId: 'sess-p75', name: 'INP', value, rating: 'good', id: `inp-${i}`, url: '/book/x', pageType: 'booking' }))).statusCode).toBe(204);
    }
    // An old sample, outside a 7-day window.
    await db().execute(sql`INSERT INTO web_vitals (session_id, name, value, rating, metric_id, url, page_type, created_at)
      VALUES ('old', 'INP', 9000, 'poor', 'old-1', '/book/x', 'booking', now() - interval '20 days')`);
    const admin = await createUser(t.app, { isAdmin: true });
    const res = await admin.client.get('/api/admin/perf?days=7&tz=Europe/Berlin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ days: 7, timezone: 'Europe/Berlin' });
    const inp = body.vitals.filter((r: { pageType: string; name: string }) => r.pageType === 'booking' && r.name === 'INP');
    expect(inp).toHaveLength(1);
    expect(inp[0].p75).toBeCloseTo(325, 5);
    expect(inp[0].samples).toBe(4);
    const route = body.server.routes.find((r: { method: string; route: string }) => r.method === 'POST' && r.route === '/api/analytics/web-vitals');
    expect(route.count).toBeGreaterThanOrEqual(4);
    expect(route.p50).toBeLessThanOrEqual(route.p95);
    expect(route.p95).toBeLessThanOrEqual(route.p99);
    expect(route.p99).toBeLessThanOrEqual(route.max);

    expect((await admin.client.get('/api/admin/perf?tz=Mars/Olympus')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/perf?days=0')).statusCode).toBe(400);
  });
});

describe('privacy: no raw IP address is stored', () => {
  it('hashes the address with a salt that changes every day, and deletes the old salts', async () => {
    const ctx = t.app.ctx;
    const day1 = await computeFingerprint(ctx, device, '203.0.113.7', new Date('2031-05-01T10:00:00Z'));
    const sameDay = await computeFingerprint(ctx, device, '203.0.113.7', new Date('2031-05-01T22:00:00Z'));
    const day2 = await computeFingerprint(ctx, device, '203.0.113.7', new Date('2031-05-02T10:00:00Z'));
    expect(sameDay.fingerprint).toBe(day1.fingerprint);
    expect(day2.fingerprint).not.toBe(day1.fingerprint);
    // The device part carries no address and stays stable.
    expect(day2.deviceFingerprint).toBe(day1.deviceFingerprint);
    expect(await count(sql`SELECT count(*) AS n FROM analytics_salts WHERE day < '2031-05-02'`)).toBe(0);
  });

  it('keeps the connecting address out of every analytics table', async () => {
    const c = new TestClient(t.app);
    const fp = (await c.post('/api/journey/fingerprint', device)).json();
    const id = (await c.post('/api/journey/start', { sessionId: 'sess-ip', ...fp, entryPageType: 'home', entryUrl: '/' })).json().journey.id;
    expect((await c.post(`/api/journey/${id}/steps`, { sessionId: 'sess-ip', stepType: 'page_view', pageType: 'home', url: '/' })).statusCode).toBe(204);
    // fastify.inject connects from 127.0.0.1.
    for (const table of ['journeys', 'analytics_events', 'web_vitals', 'analytics_salts']) {
      expect(await count(sql`SELECT count(*) AS n FROM ${sql.identifier(table)} r WHERE row_to_json(r)::text LIKE '%127.0.0.1%'`), table).toBe(0);
    }
  });
});

describe('tracking calls that arrive together', () => {
  it('are each stored once, and a step for an unknown journey is a 404 that costs the others nothing', async () => {
    const c = new TestClient(t.app);
    const fp = (await c.post('/api/journey/fingerprint', device)).json();
    const id = (await c.post('/api/journey/start', { sessionId: 'sess-group', ...fp, entryPageType: 'home', entryUrl: '/' })).json().journey.id;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const calls = Array.from({ length: 60 }, (_, i) =>
      i === 30
        ? c.post(`/api/journey/${unknown}/steps`, { sessionId: 'sess-group', stepType: 'page_view', pageType: 'home', url: '/lost' })
        : i % 2 === 0
          ? c.post(`/api/journey/${id}/steps`, { sessionId: 'sess-group', stepType: 'page_view', pageType: 'home', url: `/step-${i}` })
          : c.post('/api/analytics/seo/heatmap-click', { sessionId: 'sess-group', pageType: 'home', url: '/grouped?from=test', clickX: i, clickY: 10, viewportWidth: 1280, viewportHeight: 720, element: 'a', elementText: `click ${i}`, timeFromPageLoad: 100 }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses[30]).toBe(404);
    expect(statuses.filter((s, i) => i !== 30 && s === 204)).toHaveLength(59);
    const steps = await queryRows<{ url: string }>(db(), sql`SELECT payload->>'url' AS url FROM analytics_events WHERE journey_id = ${id} AND kind = 'journey_step' ORDER BY created_at, id`);
    expect(steps.map((r) => r.url).sort()).toEqual(Array.from({ length: 30 }, (_, k) => `/step-${k * 2}`).filter((u) => u !== '/step-30').sort());
    expect(await count(sql`SELECT count(*) AS n FROM analytics_events WHERE kind = 'heatmap_click' AND session_id = 'sess-group'`)).toBe(30);
    expect(await count(sql`SELECT count(*) AS n FROM analytics_events WHERE payload->>'url' = '/lost'`)).toBe(0);
    // The heatmap's counters saw every click of the group once.
    expect(await count(sql`SELECT coalesce(sum(clicks), 0) AS n FROM analytics_heatmap_pages WHERE page = '/grouped' AND page_type = 'home'`)).toBe(30);
  });

  it('store each web-vitals report once, and the commit setting they use ends with their own transaction', async () => {
    const c = new TestClient(t.app);
    await c.csrfToken(); // once, before the calls that go out together
    const names = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
    const reports = Array.from({ length: 40 }, (_, i) => ({
      sessionId: 'sess-vitals-group',
      name: names[i % 4]!,
      value: i + 0.5,
      rating: 'good',
      id: `v-${i}`,
      url: `/vitals-${i}`,
      pageType: 'home',
      navigationType: i % 2 === 0 ? 'navigate' : null,
    }));
    const statuses = (await Promise.all(reports.map((r) => c.post('/api/analytics/web-vitals', r)))).map((r) => r.statusCode);
    expect(statuses).toEqual(reports.map(() => 204));
    const rows = await queryRows<{ metric_id: string; name: string; value: number; navigation_type: string | null }>(
      db(),
      sql`SELECT metric_id, name, value, navigation_type FROM web_vitals WHERE session_id = 'sess-vitals-group' ORDER BY metric_id`,
    );
    expect(rows.map((r) => [r.metric_id, r.name, Number(r.value), r.navigation_type])).toEqual(
      reports.map((r) => [r.id, r.name, r.value, r.navigationType]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // The tracking statements skip the WAL-flush wait for their own commit only: every connection
    // the app's pool holds is back to the server's default afterwards.
    const settings = await Promise.all(Array.from({ length: 10 }, () => queryRows<{ s: string }>(db(), sql`SELECT current_setting('synchronous_commit') AS s`)));
    expect(new Set(settings.map(([r]) => r?.s))).toEqual(new Set(['on']));
  });
});

describe('retention: raw events pruned after ANALYTICS_RETENTION_DAYS', () => {
  it('deletes raw journeys, events and vitals older than the setting and keeps the rest', async () => {
    const now = new Date();
    await db().execute(sql`INSERT INTO journeys (id, session_id, created_at) VALUES
      ('00000000-0000-4000-8000-0000000000a1', 'old-j', now() - interval '31 days'),
      ('00000000-0000-4000-8000-0000000000a2', 'new-j', now() - interval '29 days')`);
    await db().execute(sql`INSERT INTO analytics_events (kind, session_id, journey_id, payload, created_at) VALUES
      ('journey_step', 'old-j', '00000000-0000-4000-8000-0000000000a1', '{}', now() - interval '31 days'),
      ('page_view', 'old-e', NULL, '{}', now() - interval '45 days'),
      ('page_view', 'new-e', NULL, '{}', now() - interval '29 days'),
      ('heatmap_click', 'old-h', NULL, '{"url": "/prune-test"}', now() - interval '32 days'),
      ('heatmap_click', 'new-h', NULL, '{"url": "/prune-test"}', now() - interval '28 days')`);
    await db().execute(sql`INSERT INTO web_vitals (session_id, name, value, rating, metric_id, url, page_type, created_at) VALUES
      ('old-v', 'LCP', 1, 'good', 'o', '/', 'home', now() - interval '31 days'),
      ('new-v', 'LCP', 1, 'good', 'n', '/', 'home', now() - interval '1 day')`);

    // The insights' raw profile views and search appearances too (their daily rollups stay).
    const artist = await createArtist(t.app);
    await db().execute(sql`INSERT INTO artist_stat_events (artist_id, kind, occurred_at) VALUES
      (${artist.id}, 'profile_view', now() - interval '31 days'), (${artist.id}, 'search_impression', now() - interval '2 days')`);

    const pruned = await pruneRawAnalytics(t.app.ctx, now);
    expect(pruned.artist_stat_events).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM artist_stat_events WHERE artist_id = ${artist.id}`)).toBe(1);
    expect(pruned.analytics_events).toBeGreaterThanOrEqual(2);
    expect(pruned.journeys).toBeGreaterThanOrEqual(1);
    expect(pruned.web_vitals).toBeGreaterThanOrEqual(1);
    expect(await count(sql`SELECT count(*) AS n FROM journeys WHERE session_id IN ('old-j')`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM analytics_events WHERE session_id IN ('old-j', 'old-e')`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM web_vitals WHERE session_id = 'old-v'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM journeys WHERE session_id = 'new-j'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM analytics_events WHERE session_id = 'new-e'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM web_vitals WHERE session_id = 'new-v'`)).toBe(1);
    // The heatmap's per-day counts go with the clicks they count.
    expect(await count(sql`SELECT coalesce(sum(clicks), 0) AS n FROM analytics_heatmap_pages WHERE page = '/prune-test'`)).toBe(1);
  });

  it('runs as a durable daily job that queues the next day once', async () => {
    const now = new Date('2031-06-10T12:00:00Z');
    expect(nextPruneAt(now).toISOString()).toBe('2031-06-11T03:15:00.000Z');
    expect(nextPruneAt(new Date('2031-06-10T02:00:00Z')).toISOString()).toBe('2031-06-10T03:15:00.000Z');
    await scheduleAnalyticsPrune(t.app.ctx, now);
    await scheduleAnalyticsPrune(t.app.ctx, now);
    expect(await count(sql`SELECT count(*) AS n FROM jobs WHERE kind = 'analytics.prune' AND dedupe_key = 'analytics.prune:2031-06-11'`)).toBe(1);

    await db().execute(sql`INSERT INTO web_vitals (session_id, name, value, rating, metric_id, url, page_type, created_at)
      VALUES ('job-old', 'LCP', 1, 'good', 'j', '/', 'home', '2031-05-01T00:00:00Z'), ('job-new', 'LCP', 1, 'good', 'k', '/', 'home', '2031-06-01T00:00:00Z')`);
    expect(await runDueJobs(t.app.ctx, { now: new Date('2031-06-11T03:16:00Z') })).toBeGreaterThanOrEqual(1);
    expect(await count(sql`SELECT count(*) AS n FROM jobs WHERE dedupe_key = 'analytics.prune:2031-06-11' AND status = 'done'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM web_vitals WHERE session_id = 'job-old'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM web_vitals WHERE session_id = 'job-new'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM jobs WHERE dedupe_key = 'analytics.prune:2031-06-12' AND status = 'pending'`)).toBe(1);
  });
});

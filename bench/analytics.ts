// `npx tsx bench/analytics.ts`: the artist insight and admin console queries over 1,000,000 seeded
// profile events and 1,000,000 heatmap clicks, and the tracking ingest through the HTTP endpoints
// the browser calls (issue 14 §4), on PGlite and on PostgreSQL. Prints tables and writes
// bench/analytics-results.json.
//
//   BENCH_PARTS         comma-separated: queries, ingest (default both)
//   BENCH_EVENTS        artist_stat_events rows (default 1000000)
//   BENCH_HEATMAP_CLICKS  heatmap_click rows in analytics_events (default 1000000), beside a quarter
//                       as many events of the other kinds
//   BENCH_INGEST_RATE   events a second sent at a fixed rate (default 2000)
//   BENCH_INGEST_SECONDS  length of the fixed-rate run and of the run at full speed (default 10)
//   BENCH_INGEST_CONNECTIONS  keep-alive connections of the load generator (default 50)
//   BENCH_INGEST_VISITORS  simulated visitors, each with its own address, CSRF cookie and journey (default 500)
//   BENCH_CPU_PROF      a directory: the ingest server writes a V8 CPU profile there as it stops
//   BENCH_ARTISTS       artists the events are spread over (default 50); the first gets a fifth of them
//   BENCH_ITERATIONS    timed calls per query, after 3 untimed ones (default 30)
//   BENCH_RAW_ITERATIONS  timed calls of the heatmap read from raw clicks, the rollups' reference (default 5)
//   BENCH_DATABASES     comma-separated: pglite, postgres (default both)
//   BENCH_PG_ADMIN_URL  a PostgreSQL server where a temporary database may be created and dropped
//                       (default postgres://postgres@127.0.0.1:5432/postgres)
//
// Per database: a temporary database is migrated and seeded in SQL with generate_series — the
// events over the last 90 days (one artist with a fifth of them: the busiest profile), 20,000
// bookings with their events, ledger rows and reviews, 50,000 client error reports in 200 groups,
// 20,000 users and 10,000 audit rows — then each query is called through its service function
// (what the route calls after authz and validation), one at a time, and timed.
// The insights are timed twice: counted live from the raw rows (before any rollup ran: the worst
// case, e.g. right after an upgrade) and the normal path (rollups plus today's live slice).
//
// Ingest: the app runs in a child process of its own (API only, as main.ts builds it, with its
// request log, on a fresh migrated database, behind a "proxy" on 127.0.0.1 so each simulated visitor
// has its own address for the per-address rate limit). Each visitor first fetches a CSRF token and
// starts a journey, as the tracker does; then the browser's tracking calls — the journey's steps and
// navigation, SEO page views, scroll depth, CTA clicks, heatmap clicks, funnel steps and web vitals,
// in the proportions of a visit — go round-robin over the visitors: at BENCH_INGEST_RATE a second as
// visitors send them (Poisson arrivals, open loop: the figure the target is checked on), then at the
// same rate as autocannon paces it (each connection's share of a second sent back to back), then as
// fast as autocannon's connections are answered. After the server stops, the rows are counted:
// every 2xx must have written one.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/client.ts';
import { adminKpis, listAudit, listUsers, lookup } from '../src/server/features/admin/console.ts';
import { listErrorGroups } from '../src/server/features/admin/telemetry.ts';
import { rollUpAll } from '../src/server/features/insights/rollup.ts';
import { readInsights } from '../src/server/features/insights/service.ts';
import type { SessionUser } from '../src/server/auth/session.ts';
import { clickHeatmap, heatmapPages } from '../src/server/features/analytics/admin-reports.ts';
import { createDatabase, type Cleanups, type DatabaseKind } from './support/databases.ts';
import { arg, envNumber, requiredArg } from './support/env.ts';
import { openApp } from './support/app.ts';
import { cpuTimeMs, freePort, startChild, stopChild, waitHealthy } from './support/processes.ts';
import { latencies } from './support/stats.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EVENTS = envNumber('BENCH_EVENTS', 1_000_000);
const ARTISTS = envNumber('BENCH_ARTISTS', 50);
const ITERATIONS = envNumber('BENCH_ITERATIONS', 30);
const RAW_ITERATIONS = envNumber('BENCH_RAW_ITERATIONS', 5);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as DatabaseKind[];
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_P95_MS = 200;
const PARTS = (process.env.BENCH_PARTS ?? 'queries,ingest').split(',').map((s) => s.trim());
const HEATMAP_CLICKS = envNumber('BENCH_HEATMAP_CLICKS', 1_000_000);
const INGEST_RATE = envNumber('BENCH_INGEST_RATE', 2000);
const INGEST_SECONDS = envNumber('BENCH_INGEST_SECONDS', 10);
const INGEST_CONNECTIONS = envNumber('BENCH_INGEST_CONNECTIONS', 50);
const INGEST_VISITORS = envNumber('BENCH_INGEST_VISITORS', 500);
const INGEST_TARGET = { eventsPerSecond: 2000, p99Ms: 20 };
const HOST = '127.0.0.1';

type Result = { database: DatabaseKind; query: string; p50: number; p95: number; p99: number; meetsTarget: boolean };

async function seed(exec: (q: ReturnType<typeof sql>) => Promise<unknown>, log: (m: string) => void) {
  const t0 = Date.now();
  await exec(sql`INSERT INTO users (id, name, email, is_admin, created_at)
    SELECT 'bench-user-' || i, 'Bench Person ' || i, 'bench' || i || '@example.test', i = 1, now() - (i % 365) * interval '1 day'
    FROM generate_series(1, 20000) i`);
  await exec(sql`INSERT INTO artist_profiles (id, user_id, slug, display_name, kind, styles, city, country, timezone, lat, lng, created_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'bench-user-' || (i + 1), 'bench-artist-' || i, 'Bench Artist ' || i, 'tattoo', ARRAY['fine-line'],
      'Denver', 'US', 'America/Denver', 39.74, -104.99, now() - interval '200 days'
    FROM generate_series(1, ${ARTISTS}) i`);
  await exec(sql`INSERT INTO services (artist_id, name, kind, duration_minutes, price_min_cents, price_max_cents, deposit_cents, currency)
    SELECT id, 'Session', 'tattoo', 120, 20000, 40000, 10000, 'USD' FROM artist_profiles WHERE slug LIKE 'bench-artist-%'`);
  log(`  people and artists in ${Date.now() - t0} ms`);
  const t1 = Date.now();
  // A fifth of the events for artist 1, the rest spread; 90 days back; a referrer on views.
  await exec(sql`INSERT INTO artist_stat_events (artist_id, kind, referrer_source, occurred_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(CASE WHEN i % 5 = 0 THEN 1 ELSE 1 + (i % ${ARTISTS}) END), 12, '0'))::uuid,
      CASE WHEN i % 3 = 0 THEN 'profile_view' ELSE 'search_impression' END,
      CASE WHEN i % 3 = 0 THEN (ARRAY['Direct', 'Inkhaven search', 'instagram.com', 'google.com', 'Favourites'])[1 + i % 5] END,
      now() - (i % 7776000) * interval '1 second'
    FROM generate_series(1, ${EVENTS}) i`);
  log(`  ${EVENTS} events in ${Date.now() - t1} ms`);
  const t2 = Date.now();
  await exec(sql`INSERT INTO bookings (id, artist_id, client_id, service_id, status, starts_at, ends_at, deposit_cents, currency, idea, created_at, checkout_session_id)
    SELECT ('10000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, a.id, 'bench-user-' || (1000 + i % 15000), s.id,
      (ARRAY['completed', 'declined', 'cancelled_by_client', 'no_show', 'expired'])[1 + i % 5]::booking_status,
      now() - (i % 89) * interval '1 day' + (i % 10) * interval '1 hour', now() - (i % 89) * interval '1 day' + (i % 10 + 2) * interval '1 hour',
      10000, 'USD', 'Bench idea', now() - (i % 90) * interval '1 day' - interval '2 days', 'cs_bench_' || i
    FROM generate_series(1, 20000) i
    JOIN artist_profiles a ON a.id = ('00000000-0000-4000-8000-' || lpad(to_hex(CASE WHEN i % 5 = 0 THEN 1 ELSE 1 + (i % ${ARTISTS}) END), 12, '0'))::uuid
    JOIN services s ON s.artist_id = a.id`);
  await exec(sql`INSERT INTO booking_events (booking_id, from_status, to_status, action, created_at)
    SELECT id, NULL::booking_status, 'requested'::booking_status, 'created', created_at FROM bookings WHERE idea = 'Bench idea'
    UNION ALL SELECT id, 'requested'::booking_status, 'accepted'::booking_status, 'accepted', created_at + interval '1 hour' FROM bookings WHERE idea = 'Bench idea' AND status IN ('completed', 'no_show', 'cancelled_by_client')
    UNION ALL SELECT id, 'accepted'::booking_status, 'confirmed'::booking_status, 'confirmed', created_at + interval '2 hours' FROM bookings WHERE idea = 'Bench idea' AND status IN ('completed', 'no_show', 'cancelled_by_client')
    UNION ALL SELECT id, 'confirmed'::booking_status, status, status::text, ends_at FROM bookings WHERE idea = 'Bench idea' AND status IN ('completed', 'no_show', 'cancelled_by_client')
    UNION ALL SELECT id, 'requested'::booking_status, status, status::text, created_at + interval '1 day' FROM bookings WHERE idea = 'Bench idea' AND status IN ('declined', 'expired')`);
  await exec(sql`INSERT INTO ledger_entries (booking_id, artist_id, kind, method, amount_cents, currency, external_id, created_at)
    SELECT id, artist_id, 'deposit_paid', 'stripe', 10000, 'USD', 'pi_bench_' || id, created_at + interval '3 hours' FROM bookings WHERE idea = 'Bench idea' AND status IN ('completed', 'no_show', 'cancelled_by_client')`);
  await exec(sql`INSERT INTO reviews (booking_id, artist_id, author_id, rating_value, headline, review_body, created_at)
    SELECT id, artist_id, client_id, 3 + (abs(hashtext(id::text)) % 5) * 0.5, 'Bench', 'A bench review of a completed booking.', ends_at + interval '1 day'
    FROM bookings WHERE idea = 'Bench idea' AND status = 'completed'`);
  log(`  bookings, events, ledger and reviews in ${Date.now() - t2} ms`);
  await exec(sql`INSERT INTO error_reports (type, message, stack, url, user_agent, created_at)
    SELECT 'react_error_boundary', 'Bench error ' || (i % 200), 'TypeError: x\n    at Component' || (i % 200) || ' (https://app.test/a.js:1:2)',
      'https://app.test/page-' || (i % 30), CASE WHEN i % 2 = 0 THEN 'Mozilla/5.0 Chrome/130.0 Safari/537.36' ELSE 'Mozilla/5.0 Firefox/130.0' END, now() - (i % 80) * interval '1 day'
    FROM generate_series(1, 50000) i`);
  await exec(sql`INSERT INTO admin_audit (admin_id, action, target_type, target_id, note, created_at)
    SELECT 'bench-user-1', (ARRAY['user.suspend', 'user.reinstate', 'report.resolve'])[1 + i % 3], 'user', 'bench-user-' || i, 'bench', now() - i * interval '1 minute'
    FROM generate_series(1, 10000) i`);
  const t3 = Date.now();
  // The clicks' rollup trigger runs per row: a bulk load rebuilds the rollups once instead (as the
  // migration's backfill does), so they are as compact as ingest with autovacuum keeps them.
  await exec(sql`ALTER TABLE analytics_events DISABLE TRIGGER analytics_events_heatmap_click`);
  // Heatmap clicks as the tracker sends them: 5 page types, ~260 paths (profiles, some with a query
  // string), four viewport widths, over the last 90 days; then a quarter as many other events.
  await exec(sql`INSERT INTO analytics_events (kind, session_id, page_type, payload, created_at)
    SELECT 'heatmap_click', 'bench-s-' || (i % 50000), t.page_type,
      jsonb_build_object('sessionId', 'bench-s-' || (i % 50000), 'pageType', t.page_type, 'url', t.url, 'clickX', (i * 37) % 1400, 'clickY', (i * 91) % 4000,
        'viewportWidth', (ARRAY[390, 820, 1280, 1536])[1 + i % 4], 'viewportHeight', 800, 'element', (ARRAY['button', 'a', 'img', 'div'])[1 + i % 4], 'elementText', 'Book now'),
      now() - (i % 7776000) * interval '1 second'
    FROM generate_series(1, ${HEATMAP_CLICKS}) i
    CROSS JOIN LATERAL (SELECT (ARRAY['profile', 'listing', 'home', 'booking', 'guide'])[1 + i % 5] AS page_type) p
    CROSS JOIN LATERAL (SELECT CASE p.page_type
      WHEN 'profile' THEN '/artists/bench-artist-' || (i % 250) || CASE WHEN i % 7 = 0 THEN '?tab=flash' ELSE '' END
      WHEN 'listing' THEN '/artists' || CASE WHEN i % 3 = 0 THEN '?q=fine+line' ELSE '' END
      WHEN 'home' THEN '/'
      WHEN 'booking' THEN '/book/bench-artist-' || (i % 10)
      ELSE '/tattoo-styles' END AS url, p.page_type) t`);
  await exec(sql`INSERT INTO analytics_events (kind, session_id, page_type, payload, created_at)
    SELECT (ARRAY['page_view', 'scroll_depth', 'cta_click', 'conversion_funnel'])[1 + i % 4], 'bench-s-' || (i % 50000), 'profile',
      jsonb_build_object('sessionId', 'bench-s-' || (i % 50000), 'pageType', 'profile', 'url', '/artists/bench-artist-' || (i % 250)),
      now() - (i % 7776000) * interval '1 second'
    FROM generate_series(1, ${Math.round(HEATMAP_CLICKS / 4)}) i`);
  await exec(sql`SELECT rebuild_heatmap_rollups()`);
  await exec(sql`ALTER TABLE analytics_events ENABLE TRIGGER analytics_events_heatmap_click`);
  log(`  ${HEATMAP_CLICKS} heatmap clicks and ${Math.round(HEATMAP_CLICKS / 4)} other events in ${Date.now() - t3} ms`);
  await exec(sql`VACUUM ANALYZE`);
  log(`  seeded in ${Date.now() - t0} ms`);
}

async function time(label: string, run: () => Promise<unknown>, iterations = ITERATIONS): Promise<{ label: string; p50: number; p95: number; p99: number }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const l = latencies(times);
  return { label, p50: l.p50, p95: l.p95, p99: l.p99 };
}

async function benchDatabase(kind: DatabaseKind, results: Result[]) {
  const cleanups: Cleanups = [];
  try {
    const target = await createDatabase(kind, 'analytics', ADMIN_URL, cleanups);
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    cleanups.push(async () => database.close());
    await migrateDatabase(database);
    const config = parseConfig({ NODE_ENV: 'production', DATA_DIR: target.dataDir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:5000', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) });
    const app = await buildApp({ config, database, secret: 'bench-secret-bench-secret-bench-secret-01' });
    await app.ready();
    cleanups.push(async () => app.close());
    console.log(`${kind}: seeding`);
    await seed((q) => database.db.execute(q), (m) => console.log(m));
    const ctx = app.ctx;
    const admin: SessionUser = { id: 'bench-user-1', name: 'Bench Admin', email: 'bench1@example.test', isAdmin: true, isArtist: false, image: null, avatarKey: null };
    const busiest = '00000000-0000-4000-8000-000000000001';
    const live = { rollUpBacklog: false };
    const quiet = '00000000-0000-4000-8000-000000000002';
    const measured = [
      await time('insights 7 days, busiest artist, live (no rollups yet)', () => readInsights(ctx, admin, { range: '7', artistId: busiest }, new Date(), live)),
      await time('insights 30 days, busiest artist, live (no rollups yet)', () => readInsights(ctx, admin, { range: '30', artistId: busiest }, new Date(), live)),
      await time('insights 90 days, busiest artist, live (no rollups yet)', () => readInsights(ctx, admin, { range: '90', artistId: busiest }, new Date(), live)),
    ];
    // The first read of an artist the job has not reached rolls the backlog up itself (once).
    const f0 = performance.now();
    await readInsights(ctx, admin, { range: '90', artistId: busiest });
    const firstReadMs = performance.now() - f0;
    console.log(`  first read with a 90-day backlog (rolls it up): ${firstReadMs.toFixed(0)} ms`);
    const r0 = Date.now();
    await rollUpAll(ctx, new Date());
    const rollupMs = Date.now() - r0;
    console.log(`  rollup of ${ARTISTS} artists × 90 days: ${rollupMs} ms`);
    measured.push(
      await time('insights 7 days, busiest artist (rollups + today)', () => readInsights(ctx, admin, { range: '7', artistId: busiest })),
      await time('insights 30 days, busiest artist (rollups + today)', () => readInsights(ctx, admin, { range: '30', artistId: busiest })),
      await time('insights 90 days, busiest artist (rollups + today)', () => readInsights(ctx, admin, { range: '90', artistId: busiest })),
      await time('insights 90 days, another artist (rollups + today)', () => readInsights(ctx, admin, { range: '90', artistId: quiet })),
      await time('admin KPIs, 30 days', () => adminKpis(ctx, 30)),
      await time('admin users, search "Person 19"', () => listUsers(ctx, { q: 'Person 19', role: 'all' })),
      await time('admin users, first page', () => listUsers(ctx, { role: 'all' })),
      await time('admin lookup by e-mail', () => lookup(ctx, 'bench1234@example.test')),
      await time('admin lookup by Stripe reference', () => lookup(ctx, 'cs_bench_777')),
      await time('admin error groups (50,000 reports)', () => listErrorGroups(ctx, 'open')),
      await time('admin audit, first page', () => listAudit(ctx, {})),
      await time('admin heatmap page list, 90 days', () => heatmapPages(ctx, 90)),
      await time('admin heatmap page list, 7 days', () => heatmapPages(ctx, 7)),
      await time('admin heatmap, 90 days: page list + most clicked page', () => clickHeatmap(ctx, { days: 90 })),
      await time('admin heatmap, 90 days: a profile path at 1024–1439 px', () => clickHeatmap(ctx, { days: 90, page: '/artists/bench-artist-7', width: 'lg' })),
      await time('admin heatmap, 7 days: page list + most clicked page', () => clickHeatmap(ctx, { days: 7 })),
      await time('admin heatmap, 90 days: page type "profile" (200,000 clicks)', () => clickHeatmap(ctx, { days: 90, page: 'profile' })),
    );
    // The same answers read from every raw click of the period (the definition the rollups match,
    // decision 0030): what the rollups save, in this run. Fewer calls: each takes seconds.
    const raw = { source: 'raw' as const };
    measured.push(
      await time('raw clicks: heatmap page list, 7 days', () => heatmapPages(ctx, { days: 7, ...raw }), RAW_ITERATIONS),
      await time('raw clicks: heatmap, 90 days, most clicked page', () => clickHeatmap(ctx, { days: 90, ...raw }), RAW_ITERATIONS),
      await time('raw clicks: heatmap, 7 days, most clicked page', () => clickHeatmap(ctx, { days: 7, ...raw }), RAW_ITERATIONS),
    );
    for (const m of measured) results.push({ database: kind, query: m.label, p50: m.p50, p95: m.p95, p99: m.p99, meetsTarget: m.p95 <= TARGET_P95_MS });
    results.push({ database: kind, query: `rollup job, ${ARTISTS} artists × 90 days (one run, ms)`, p50: rollupMs, p95: rollupMs, p99: rollupMs, meetsTarget: true });
    results.push({ database: kind, query: 'first read with a 90-day backlog, rolls it up (one run, ms)', p50: firstReadMs, p95: firstReadMs, p99: firstReadMs, meetsTarget: true });
  } finally {
    for (const undo of cleanups.reverse()) await undo().catch((e: unknown) => console.error('cleanup failed', e));
  }
}

// ---------------------------------------------------------------------------------------------
// Ingest through HTTP
// ---------------------------------------------------------------------------------------------

/** `--serve --port N --data-dir D [--database-url U]`: the app, API only, as main.ts builds it, until SIGTERM. */
async function serve(): Promise<void> {
  const { app, database } = await openApp({ dataDir: requiredArg('--data-dir'), databaseUrl: arg('--database-url'), port: Number(requiredArg('--port')), logger: true, migrate: true });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  await app.listen({ port: Number(requiredArg('--port')), host: HOST });
}

type Visitor = { address: string; cookie: string; token: string; sessionId: string; journeyId: string };

/** A visitor as the tracker starts one: a CSRF token (and its cookie), then a journey. */
async function newVisitor(base: string, i: number): Promise<Visitor> {
  const address = `10.88.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const tokenRes = await fetch(`${base}/api/auth/csrf-token`, { headers: { 'x-forwarded-for': address } });
  if (!tokenRes.ok) throw new Error(`csrf-token answered ${tokenRes.status}`);
  const cookie = tokenRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrfToken: token } = (await tokenRes.json()) as { csrfToken: string };
  const sessionId = `bench-${randomUUID()}`;
  const start = await fetch(`${base}/api/journey/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token, 'x-forwarded-for': address },
    body: JSON.stringify({ sessionId, entryPageType: 'home', entryUrl: '/', entryReferrerSource: 'direct' }),
  });
  if (start.status !== 201) throw new Error(`journey start answered ${start.status}: ${await start.text()}`);
  const { journey } = (await start.json()) as { journey: { id: string } };
  return { address, cookie, token, sessionId, journeyId: journey.id };
}

/**
 * One visit's calls, in the proportions the tracker sends them (a page view sends a journey step,
 * an SEO page view, web vitals, a couple of scroll depths, a funnel step, a CTA click, a navigation
 * and a handful of sampled heatmap clicks): path and body for the n-th call of a visitor.
 */
const VISIT: Array<(v: Visitor, n: number) => { path: string; body: Record<string, unknown> }> = [
  (v, n) => ({ path: `/api/journey/${v.journeyId}/steps`, body: { sessionId: v.sessionId, stepType: 'page_view', pageType: 'profile', url: `/artists/a-${n % 40}`, previousUrl: '/artists' } }),
  (v) => ({ path: '/api/analytics/seo/page-view', body: { sessionId: v.sessionId, pageType: 'profile', url: '/artists/a-1', referrerSource: 'internal', deviceType: 'desktop', browserType: 'chrome' } }),
  (v, n) => ({ path: '/api/analytics/seo/heatmap-click', body: { sessionId: v.sessionId, pageType: 'profile', url: `/artists/a-${n % 40}`, clickX: (n * 37) % 1280, clickY: (n * 91) % 3000, viewportWidth: 1280, viewportHeight: 800, element: 'button', elementText: 'Book', timeFromPageLoad: 1200 } }),
  (v, n) => ({ path: '/api/analytics/web-vitals', body: { sessionId: v.sessionId, name: 'LCP', value: 900 + (n % 500), rating: 'good', id: `v-${n}`, url: '/artists/a-1', pageType: 'profile', navigationType: 'navigate' } }),
  (v) => ({ path: '/api/analytics/seo/scroll-depth', body: { sessionId: v.sessionId, pageType: 'profile', url: '/artists/a-1', depthPercentage: 25, timeToDepth: 1500, totalPageHeight: 3000, viewportHeight: 800 } }),
  (v, n) => ({ path: '/api/analytics/seo/heatmap-click', body: { sessionId: v.sessionId, pageType: 'listing', url: '/artists', clickX: (n * 53) % 1280, clickY: (n * 17) % 3000, viewportWidth: 1280, viewportHeight: 800, element: 'a', elementText: 'Ada Ink' } }),
  (v, n) => ({ path: '/api/analytics/seo/conversion-funnel', body: { sessionId: v.sessionId, funnelId: `f-${v.sessionId}`, step: 'artist_view', stepOrder: 3, sourcePageType: 'home', currentUrl: '/artists/a-1', timeInStep: 2000, timeFromStart: 9000 + n, completed: false, abandoned: false } }),
  (v) => ({ path: '/api/analytics/seo/scroll-depth', body: { sessionId: v.sessionId, pageType: 'profile', url: '/artists/a-1', depthPercentage: 50, timeToDepth: 4000, totalPageHeight: 3000, viewportHeight: 800 } }),
  (v, n) => ({ path: '/api/analytics/seo/heatmap-click', body: { sessionId: v.sessionId, pageType: 'profile', url: '/artists/a-1', clickX: (n * 11) % 1280, clickY: (n * 29) % 3000, viewportWidth: 390, viewportHeight: 800, element: 'img', elementText: '' } }),
  (v) => ({ path: '/api/analytics/seo/cta-click', body: { sessionId: v.sessionId, pageType: 'profile', ctaType: 'primary', ctaText: 'Book a session', ctaPosition: 'main', clickX: 300, clickY: 700, timeToClick: 5000, destinationUrl: '/book/a-1' } }),
  (v, n) => ({ path: `/api/journey/${v.journeyId}/navigation`, body: { sessionId: v.sessionId, fromUrl: '/artists', toUrl: `/artists/a-${n % 40}`, transitionType: 'link', timeOnPreviousPage: 8000, linkText: 'Ada Ink', linkPosition: 'main', fromPageType: 'listing', toPageType: 'profile' } }),
  (v, n) => ({ path: '/api/analytics/web-vitals', body: { sessionId: v.sessionId, name: 'INP', value: 40 + (n % 200), rating: 'good', id: `i-${n}`, url: '/artists/a-1', pageType: 'profile', navigationType: 'navigate' } }),
];

/** The k-th tracking call of the mix: round-robin over the visitors, each going through a visit's calls in turn. */
function nthCall(visitors: Visitor[], k: number): { path: string; headers: Record<string, string>; body: string } {
  const v = visitors[k % visitors.length]!;
  const call = VISIT[Math.floor(k / visitors.length) % VISIT.length]!(v, k);
  return { path: call.path, headers: { 'content-type': 'application/json', cookie: v.cookie, 'x-csrf-token': v.token, 'x-forwarded-for': v.address }, body: JSON.stringify(call.body) };
}

type IngestRun = { label: string; seconds: number; sent: number; ok: number; other: Record<string, number>; errors: number; eventsPerSecond: number; p50: number; p90: number; p99: number; serverCpuUsPerEvent: number | null };

async function ingestRun(label: string, base: string, visitors: Visitor[], serverPid: number | undefined, opts: { seconds: number; rate?: number }): Promise<IngestRun> {
  const { default: autocannon } = await import('autocannon');
  let k = 0;
  const cpu0 = cpuTimeMs(serverPid);
  const r = await autocannon({
    url: base,
    connections: INGEST_CONNECTIONS,
    duration: opts.seconds,
    timeout: 10,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const call = nthCall(visitors, k++);
          return { ...req, method: 'POST', path: call.path, headers: { ...req.headers, ...call.headers }, body: call.body };
        },
      },
    ],
  });
  const cpu1 = cpuTimeMs(serverPid);
  const ok = Object.entries(r.statusCodeStats).filter(([code]) => code.startsWith('2')).reduce((sum, [, s]) => sum + s.count, 0);
  const other = Object.fromEntries(Object.entries(r.statusCodeStats).filter(([code]) => !code.startsWith('2')).map(([code, st]) => [code, st.count]));
  return {
    label,
    seconds: r.duration,
    sent: r.requests.sent,
    ok,
    other,
    errors: r.errors,
    eventsPerSecond: ok / r.duration,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    serverCpuUsPerEvent: cpu0 !== null && cpu1 !== null && ok > 0 ? ((cpu1 - cpu0) * 1000) / ok : null,
  };
}

/**
 * The fixed rate as visitors make it: an open-loop schedule of Poisson arrivals (random gaps, on
 * average 1/rate apart; seeded, so every run sends the same schedule), each call leaving at its time
 * whether or not earlier ones were answered, over at most BENCH_INGEST_CONNECTIONS keep-alive
 * connections. Latency is from the call's scheduled time to the end of its answer, so a call that
 * had to wait for a free connection or for the load generator counts that wait too.
 *
 * (autocannon's `overallRate` is not that: each connection sends its share of a second back to back
 * at the start of the second and then waits — 50 calls at once, every second. Its figure is
 * printed beside this one.)
 */
async function openLoopRun(label: string, base: string, visitors: Visitor[], serverPid: number | undefined, opts: { seconds: number; rate: number; seed: number }): Promise<IngestRun> {
  let state = opts.seed >>> 0 || 1;
  const uniform = () => {
    // xorshift32: the same gaps in every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 1) / 4_294_967_297;
  };
  const total = Math.round(opts.seconds * opts.rate);
  const at: number[] = [];
  for (let t = 0, i = 0; i < total; i++) at.push((t += (-Math.log(uniform()) / opts.rate) * 1000));
  const { hostname, port } = new URL(base);
  // The requests are built before the clock starts, and sent over plain keep-alive sockets with a
  // minimal reader of the answers (status line, Content-Length): node:http cost the load generator a
  // third of a CPU at 2,000 calls a second on this 2-CPU machine, taken from the server it measures.
  const requests = Array.from({ length: total }, (_, k) => {
    const call = nthCall(visitors, k);
    const head = [`POST ${call.path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: keep-alive', ...Object.entries(call.headers).map(([h, v]) => `${h}: ${v}`), `content-length: ${Buffer.byteLength(call.body)}`];
    return Buffer.from(`${head.join('\r\n')}\r\n\r\n${call.body}`);
  });
  const elapsedMs: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let answered = 0;
  let started = 0;
  let allAnswered: () => void = () => {};
  const done = new Promise<void>((resolve) => (allAnswered = resolve));
  const finish = (k: number, status: string | null) => {
    if (status === null) errors += 1;
    else {
      elapsedMs.push(performance.now() - (started + at[k]!));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    if (++answered === total) allAnswered();
  };

  type Connection = { socket: net.Socket; busy: number | null; buffer: Buffer };
  const idle: Connection[] = [];
  const waiting: number[] = [];
  const dispatch = (c: Connection) => {
    const k = waiting.shift();
    if (k === undefined) {
      c.busy = null;
      idle.push(c);
      return;
    }
    c.busy = k;
    c.socket.write(requests[k]!);
  };
  const connections = await Promise.all(
    Array.from({ length: INGEST_CONNECTIONS }, () =>
      new Promise<Connection>((resolve, reject) => {
        const socket = net.connect({ host: hostname, port: Number(port), noDelay: true }, () => resolve(c));
        const c: Connection = { socket, busy: null, buffer: Buffer.alloc(0) };
        socket.once('error', reject);
        // A broken connection is seen by 'close' below, which counts its call as failed.
        socket.on('error', () => {});
        socket.on('data', (chunk: Buffer) => {
          c.buffer = c.buffer.length ? Buffer.concat([c.buffer, chunk]) : chunk;
          for (;;) {
            const end = c.buffer.indexOf('\r\n\r\n');
            if (end < 0 || c.busy === null) return;
            const head = c.buffer.subarray(0, end).toString('latin1');
            const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
            if (c.buffer.length < end + 4 + length) return;
            c.buffer = c.buffer.subarray(end + 4 + length);
            finish(c.busy, head.slice(9, 12));
            dispatch(c);
          }
        });
        socket.on('close', () => {
          if (c.busy !== null) finish(c.busy, null);
          c.busy = null;
        });
      }),
    ),
  );
  idle.push(...connections);

  const cpu0 = cpuTimeMs(serverPid);
  started = performance.now();
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = setInterval(() => {
      const now = performance.now() - started;
      while (next < total && at[next]! <= now) {
        waiting.push(next++);
        const c = idle.pop();
        if (c) dispatch(c);
      }
      if (next >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  await Promise.race([done, sleep(15_000)]);
  const seconds = (performance.now() - started) / 1000;
  const cpu1 = cpuTimeMs(serverPid);
  for (const c of connections) c.socket.destroy();
  errors += total - answered; // never answered within 15 s of the last send
  const ok = Object.entries(statuses).filter(([code]) => code.startsWith('2')).reduce((sum, [, n]) => sum + n, 0);
  const sorted = elapsedMs.sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return {
    label,
    seconds,
    sent: total,
    ok,
    other: Object.fromEntries(Object.entries(statuses).filter(([code]) => !code.startsWith('2'))),
    errors,
    eventsPerSecond: ok / seconds,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    serverCpuUsPerEvent: cpu0 !== null && cpu1 !== null && ok > 0 ? ((cpu1 - cpu0) * 1000) / ok : null,
  };
}

type IngestResult = IngestRun & { database: DatabaseKind; meetsTarget: boolean | null };

async function benchIngest(kind: DatabaseKind, out: IngestResult[]): Promise<void> {
  const cleanups: Cleanups = [];
  try {
    const target = await createDatabase(kind, 'ingest', ADMIN_URL, cleanups);
    const port = await freePort(HOST);
    // BENCH_CPU_PROF=dir: a V8 CPU profile of the server, written when it stops.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
    const server = startChild([...profile, '--import', 'tsx', path.join(HERE, 'analytics.ts'), '--serve', '--port', String(port), ...target.args], target.env, true);
    const stopped = { done: false };
    cleanups.push(async () => {
      if (!stopped.done) await stopChild(server);
    });
    const base = `http://${HOST}:${port}`;
    await waitHealthy(`${base}/api/health`, server, 120_000, { name: `${kind} server` });
    const visitors: Visitor[] = [];
    for (let i = 0; i < INGEST_VISITORS; i += 25) visitors.push(...(await Promise.all(Array.from({ length: Math.min(25, INGEST_VISITORS - i) }, (_, j) => newVisitor(base, i + j)))));
    console.log(`${kind}: ingest, ${visitors.length} visitors ready`);
    const warm = await openLoopRun('warm-up', base, visitors, server.process.pid, { seconds: 2, rate: INGEST_RATE, seed: 7 });
    const fixed = await openLoopRun(`at ${INGEST_RATE}/s (Poisson)`, base, visitors, server.process.pid, { seconds: INGEST_SECONDS, rate: INGEST_RATE, seed: 42 });
    const bursts = await ingestRun(`at ${INGEST_RATE}/s (autocannon)`, base, visitors, server.process.pid, { seconds: INGEST_SECONDS, rate: INGEST_RATE });
    const full = await ingestRun('as fast as answered', base, visitors, server.process.pid, { seconds: INGEST_SECONDS });
    await stopChild(server);
    stopped.done = true;
    // Every 2xx must have written its row (the warm-up's and the journeys' included).
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    const [counts] = await queryRows<{ events: number; journeys: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM analytics_events)::int + (SELECT count(*) FROM web_vitals)::int AS events, (SELECT count(*) FROM journeys)::int AS journeys`,
    );
    await database.close();
    // Calls still under way when a run's time is up are written but not counted by autocannon.
    const answered = warm.ok + fixed.ok + bursts.ok + full.ok;
    const sent = warm.sent + fixed.sent + bursts.sent + full.sent;
    console.log(`  rows written: ${counts?.events} events for ${answered} answered 2xx of ${sent} sent, ${counts?.journeys} journeys`);
    if (!counts || counts.events < answered || counts.events > sent) throw new Error(`${answered} events were answered 2xx (${sent} sent) but ${counts?.events} rows were written`);
    const met = (r: IngestRun) => r.eventsPerSecond >= INGEST_TARGET.eventsPerSecond * 0.98 && r.p99 <= INGEST_TARGET.p99Ms && r.errors === 0 && Object.keys(r.other).length === 0;
    out.push({ ...fixed, database: kind, meetsTarget: kind === 'postgres' ? met(fixed) : null }, { ...bursts, database: kind, meetsTarget: null }, { ...full, database: kind, meetsTarget: null });
  } finally {
    for (const undo of cleanups.reverse()) await undo().catch((e: unknown) => console.error('cleanup failed', e));
  }
}

async function main() {
  const results: Result[] = [];
  const ingest: IngestResult[] = [];
  for (const kind of DATABASES) {
    if (PARTS.includes('queries')) await benchDatabase(kind, results);
    if (PARTS.includes('ingest')) await benchIngest(kind, ingest);
  }
  const fmt = (n: number) => n.toFixed(1).padStart(8);
  if (results.length) {
    console.log(`\n${'database'.padEnd(9)} ${'query'.padEnd(60)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  p95 ≤ ${TARGET_P95_MS} ms`);
    for (const r of results) console.log(`${r.database.padEnd(9)} ${r.query.padEnd(60)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)}  ${r.meetsTarget ? 'yes' : 'NO'}`);
  }
  if (ingest.length) {
    console.log(`\n${'database'.padEnd(9)} ${'ingest'.padEnd(26)} ${'events/s'.padStart(9)} ${'p50'.padStart(6)} ${'p90'.padStart(6)} ${'p99'.padStart(6)} ${'CPU µs/ev'.padStart(10)}  other answers  ≥ ${INGEST_TARGET.eventsPerSecond}/s, p99 ≤ ${INGEST_TARGET.p99Ms} ms`);
    for (const r of ingest) {
      console.log(
        `${r.database.padEnd(9)} ${r.label.padEnd(26)} ${r.eventsPerSecond.toFixed(0).padStart(9)} ${r.p50.toFixed(0).padStart(6)} ${r.p90.toFixed(0).padStart(6)} ${r.p99.toFixed(0).padStart(6)} ${(r.serverCpuUsPerEvent?.toFixed(0) ?? '—').padStart(10)}  ${JSON.stringify(r.other)}${r.errors ? ` errors ${r.errors}` : ''}  ${r.meetsTarget === null ? '—' : r.meetsTarget ? 'yes' : 'NO'}`,
      );
    }
  }
  // Appended to the earlier runs, so the figures bench/README.md quotes stay next to the newest.
  const file = path.join(HERE, 'analytics-results.json');
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { runs?: unknown[] }) : {};
  const run = { when: new Date().toISOString(), databases: DATABASES, parts: PARTS, events: EVENTS, heatmapClicks: HEATMAP_CLICKS, artists: ARTISTS, iterations: ITERATIONS, targetP95Ms: TARGET_P95_MS, results, ingestTarget: INGEST_TARGET, ingestRate: INGEST_RATE, ingestConnections: INGEST_CONNECTIONS, ingestVisitors: INGEST_VISITORS, ingest };
  writeFileSync(file, `${JSON.stringify({ runs: [...(earlier.runs ?? []), run] }, null, 2)}\n`);
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  await main();
  process.exit(0);
}

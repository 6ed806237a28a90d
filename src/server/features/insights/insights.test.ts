import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { messagingActor, messagingArtist, type MessagingActor, type MessagingArtist } from '../../../../tests/support/messaging.ts';
import type { TInsights } from '../../../shared/contracts/insights.ts';
import { artistDailyReferrers, artistProfiles, artistDailyStats, artistStatEvents, bookingEvents, bookings, jobs, ledgerEntries, reviews } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { referrerSource, settleInsightWrites } from './record.ts';
import { nextRollupAt, rollUpArtist, scheduleInsightsRollup } from './rollup.ts';
import { readInsights } from './service.ts';

const HOUR = 3_600_000;
let t: TestApp;
let visitor: TestClient;
let admin: MessagingActor;
let owner: MessagingArtist;
let otherArtist: MessagingArtist;
let client: MessagingActor;
const db = () => t.app.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  visitor = new TestClient(t.app);
  admin = await messagingActor(t.app, 'Ada Admin', { isAdmin: true });
  owner = await messagingArtist(t.app, 'Olive');
  otherArtist = await messagingArtist(t.app, 'Otto');
  t.app.ctx.sessions.evictUser(owner.id);
  t.app.ctx.sessions.evictUser(otherArtist.id);
  client = await messagingActor(t.app, 'Cora');
});
afterAll(async () => t?.close());

/** A booking of `artist` requested at `at`, moved through `steps` (status, time) with an event each. */
async function bookingWith(artistId: string, serviceId: string, at: Date, startsAt: Date, steps: Array<[string, Date]>, status?: string) {
  const id = randomUUID();
  const final = (status ?? steps[steps.length - 1]?.[0] ?? 'requested') as 'requested';
  await db()
    .insert(bookings)
    .values({ id, artistId, clientId: client.id, serviceId, startsAt, endsAt: new Date(startsAt.getTime() + HOUR), depositCents: 10000, idea: 'A fern', status: final, createdAt: at });
  let from = 'requested';
  await db().insert(bookingEvents).values({ bookingId: id, fromStatus: null, toStatus: 'requested', action: 'created', createdAt: at });
  for (const [to, when] of steps) {
    await db()
      .insert(bookingEvents)
      .values({ bookingId: id, fromStatus: from as 'requested', toStatus: to as 'requested', action: to, createdAt: when });
    from = to;
  }
  return id;
}

describe('who may read insights', () => {
  it('visitor 401, client 403, other artist 403 for the owner, owner 200, admin 200 by artistId', async () => {
    expect((await visitor.get('/api/artists/me/insights')).statusCode).toBe(401);
    const asClient = await client.client.get('/api/artists/me/insights');
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await otherArtist.client.get(`/api/artists/me/insights?artistId=${owner.artistId}`)).statusCode).toBe(403);
    const mine = await owner.client.get('/api/artists/me/insights?range=7');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((mine.json() as TInsights).artistId).toBe(owner.artistId);
    const asAdmin = await admin.client.get(`/api/artists/me/insights?artistId=${owner.artistId}`);
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json() as TInsights).artistId).toBe(owner.artistId);
    expect((await admin.client.get('/api/artists/me/insights')).statusCode).toBe(400);
    expect((await admin.client.get(`/api/artists/me/insights?artistId=${randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses bad periods with 400', async () => {
    for (const q of ['range=5', 'range=custom', 'range=custom&from=2026-02-30&to=2026-03-01', 'range=custom&from=2026-03-02&to=2026-03-01', 'range=custom&from=2024-01-01&to=2026-01-01', 'range=7&from=2026-01-01']) {
      const res = await owner.client.get(`/api/artists/me/insights?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const unknown = await owner.client.get('/api/artists/me/insights?nope=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
  });
});

describe('counting views and search appearances', () => {
  it('a profile page view counts with a coarse referrer; other reads of the profile, crawlers and the artist themself do not', async () => {
    const artist = await createArtist(t.app, { displayName: 'Counted Ink' });
    const viewPath = (idOrSlug: string) => `/api/artists/${idOrSlug}?view=profile`;
    await visitor.get(viewPath(artist.slug), { referer: 'https://www.instagram.com/p/abc?utm=1', host: 'localhost:5000' });
    await visitor.get(viewPath(artist.slug), { referer: 'http://localhost:5000/artists?q=fern', host: 'localhost:5000' });
    await visitor.get(viewPath(artist.slug), { 'user-agent': 'Googlebot/2.1' });
    // The booking page, messages, the call room and the AR preview read the profile without the marker: no view.
    expect((await visitor.get(`/api/artists/${artist.slug}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/artists/${artist.id}`, { referer: 'http://localhost:5000/booking', host: 'localhost:5000' })).statusCode).toBe(200);
    // Another signed-in person's view counts; the owner's own views, by id or slug, do not.
    expect((await client.client.get(viewPath(artist.slug))).statusCode).toBe(200);
    const self = await messagingArtist(t.app, 'Selma');
    expect((await self.client.get(viewPath(self.artistId))).statusCode).toBe(200);
    const [selfSlug] = await db().select({ slug: artistProfiles.slug }).from(artistProfiles).where(eq(artistProfiles.id, self.artistId));
    expect((await self.client.get(viewPath(selfSlug!.slug), { referer: 'http://localhost:5000/artists', host: 'localhost:5000' })).statusCode).toBe(200);
    expect((await self.client.get(viewPath(artist.slug))).statusCode).toBe(200);
    await settleInsightWrites();
    const rows = await db().select().from(artistStatEvents).where(eq(artistStatEvents.artistId, artist.id));
    expect(rows.filter((r) => r.kind === 'profile_view').map((r) => r.referrerSource).sort()).toEqual(['Direct', 'Direct', 'Inkhaven search', 'instagram.com']);
    expect(await db().select().from(artistStatEvents).where(eq(artistStatEvents.artistId, self.artistId))).toEqual([]);
    // Anything else in the query is refused, as everywhere.
    expect((await visitor.get(`/api/artists/${artist.slug}?view=all`)).statusCode).toBe(400);
    expect((await visitor.get(`/api/artists/${artist.slug}?nope=1`)).json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
  });

  it('a search API call is not an appearance; a reported results list is, without the viewer themself', async () => {
    const a = await createArtist(t.app, { displayName: 'Shown Ink' });
    const b = await createArtist(t.app, { displayName: 'Shown Lines' });
    const self = await messagingArtist(t.app, 'Sigrid');
    const page = await visitor.get('/api/artists?q=Shown');
    expect(page.statusCode).toBe(200);
    expect(await visitor.get('/api/artists?q=Shown&limit=1')).toMatchObject({ statusCode: 200 });
    await settleInsightWrites();
    const impressions = async (artistId: string) =>
      (await db().select().from(artistStatEvents).where(and(eq(artistStatEvents.artistId, artistId), eq(artistStatEvents.kind, 'search_impression')))).length;
    expect(await impressions(a.id)).toBe(0);

    // Unknown ids are dropped; a repeated id in one report counts once.
    const shown = await visitor.post('/api/artists/impressions', { artistIds: [a.id, b.id, a.id, self.artistId, randomUUID()] });
    expect(shown.statusCode).toBe(202);
    // The signed-in artist's own card in their results is not an appearance; the others' are.
    expect((await self.client.post('/api/artists/impressions', { artistIds: [self.artistId, b.id] })).statusCode).toBe(202);
    expect((await visitor.post('/api/artists/impressions', { artistIds: [a.id] }, { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' })).statusCode).toBe(202);
    await settleInsightWrites();
    expect([await impressions(a.id), await impressions(b.id), await impressions(self.artistId)]).toEqual([1, 2, 1]);
  });

  it('refuses bad impression reports with 400 and reports without a CSRF token with 403', async () => {
    for (const body of [{}, { artistIds: [] }, { artistIds: ['nope'] }, { artistIds: Array.from({ length: 101 }, () => randomUUID()) }]) {
      const res = await visitor.post('/api/artists/impressions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await visitor.post('/api/artists/impressions', { artistIds: [randomUUID()], extra: 1 })).json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
    const noToken = await visitor.request('POST', '/api/artists/impressions', { artistIds: [randomUUID()] }, { 'x-csrf-token': undefined });
    expect(noToken.statusCode).toBe(403);
  });

  it('names referrers without their paths', () => {
    expect(referrerSource(undefined, 'inkhaven.test')).toBe('Direct');
    expect(referrerSource('not a url', 'inkhaven.test')).toBe('Direct');
    expect(referrerSource('https://inkhaven.test/', 'inkhaven.test')).toBe('Inkhaven home');
    expect(referrerSource('https://inkhaven.test/favourites', 'inkhaven.test')).toBe('Favourites');
    expect(referrerSource('https://inkhaven.test/bookings/1', 'inkhaven.test')).toBe('Other Inkhaven pages');
    expect(referrerSource('https://www.google.com/search?q=my+secret', 'inkhaven.test')).toBe('google.com');
  });
});

describe('rollups and the live slice', () => {
  // Los Angeles: 2026-03-10T05:00Z is still the 9th there (21:00), so days follow the artist's zone.
  const now = new Date('2026-03-12T20:00:00Z');
  let artist: { id: string; services: Array<{ id: string }> };

  beforeAll(async () => {
    const a = await createArtist(t.app, { displayName: 'Rolled Ink', timezone: 'America/Los_Angeles' });
    artist = a;
    await db().update(artistProfiles).set({ createdAt: new Date('2026-03-01T12:00:00Z') }).where(eq(artistProfiles.id, a.id));
    const svc = a.services[0]!.id;
    const day9 = new Date('2026-03-10T05:00:00Z'); // 9 March, 21:00 local
    const day10 = new Date('2026-03-10T18:00:00Z'); // 10 March, 11:00 local
    const today = new Date('2026-03-12T18:00:00Z'); // 12 March, 11:00 local
    // Completed with a paid deposit: appointment 10 March 14:00 local (a Tuesday).
    const done = await bookingWith(a.id, svc, day9, new Date('2026-03-10T21:00:00Z'), [['accepted', day10], ['confirmed', day10], ['completed', new Date('2026-03-11T00:30:00Z')]]);
    await db().insert(ledgerEntries).values({ bookingId: done, artistId: a.id, kind: 'deposit_paid', method: 'studio', amountCents: 10000, currency: 'USD', createdAt: day10 });
    await db().insert(reviews).values({ bookingId: done, artistId: a.id, authorId: client.id, ratingValue: 4.5, headline: 'Great', reviewBody: 'Lovely work and a calm studio.', createdAt: day10 });
    await bookingWith(a.id, svc, day10, new Date('2026-03-20T20:00:00Z'), [['declined', day10]]);
    await bookingWith(a.id, svc, day10, new Date('2026-03-11T20:00:00Z'), [['accepted', day10], ['confirmed', day10], ['no_show', new Date('2026-03-11T23:00:00Z')]]);
    await bookingWith(a.id, svc, today, new Date('2026-03-25T20:00:00Z'), [['cancelled_by_client', today]]);
    await db().insert(artistStatEvents).values([
      { artistId: a.id, kind: 'profile_view', referrerSource: 'instagram.com', occurredAt: day9 },
      { artistId: a.id, kind: 'profile_view', referrerSource: 'Inkhaven search', occurredAt: day10 },
      { artistId: a.id, kind: 'profile_view', referrerSource: 'instagram.com', occurredAt: today },
      { artistId: a.id, kind: 'search_impression', occurredAt: day10 },
      { artistId: a.id, kind: 'search_impression', occurredAt: today },
    ]);
  });

  const custom = { range: 'custom' as const, from: '2026-03-06', to: '2026-03-12' };

  it('reads the same figures live and from the rollups, days in the artist zone', async () => {
    const adminUser = { ...admin.session, isAdmin: true };
    const live = await readInsights(t.app.ctx, adminUser, { ...custom, artistId: artist.id }, now, { rollUpBacklog: false });
    expect(live.rolledUpDays).toBe(0);
    expect(live.totals).toMatchObject({ profileViews: 3, searchImpressions: 2, requests: 4, accepted: 2, declined: 1, confirmed: 2, completed: 1, noShows: 1, cancelledByClient: 1, reviews: 1, averageRating: 4.5 });
    expect(live.rates).toEqual({ acceptance: 0.667, noShow: 0.5, cancellation: 0.25 });
    expect(live.series.find((d) => d.day === '2026-03-09')).toMatchObject({ profileViews: 1, requests: 1 });
    expect(live.series.find((d) => d.day === '2026-03-10')).toMatchObject({ profileViews: 1, requests: 2, depositsPaidCents: 10000, averageRating: 4.5 });
    expect(live.funnel.map((s) => s.count)).toEqual([3, 4, 2, 1]);
    expect(live.referrers).toEqual([
      { source: 'instagram.com', views: 2 },
      { source: 'Inkhaven search', views: 1 },
    ]);
    // Appointments: 10 March 14:00 (Tuesday) and 11 March 13:00 (Wednesday), local.
    expect(live.busiestDays.filter((d) => d.appointments > 0).map((d) => d.label)).toEqual(['Tuesday', 'Wednesday']);
    expect(live.busiestHours.filter((h) => h.appointments > 0).map((h) => h.hour)).toEqual([13, 14]);
    expect(live.money).toMatchObject({ currency: 'USD', paidInCents: 10000, receivedCents: 10000, revenueCents: 10000 });

    const written = await rollUpArtist(db(), { id: artist.id, timezone: 'America/Los_Angeles', createdAt: new Date('2026-03-01T12:00:00Z') }, now);
    expect(written).toBe(11); // 1–11 March: the profile's first day to yesterday
    const rolled = await readInsights(t.app.ctx, adminUser, { ...custom, artistId: artist.id }, now);
    expect(rolled.rolledUpDays).toBe(6); // 6–11 March from the rollups, 12 March live
    expect({ ...rolled, rolledUpDays: 0 }).toEqual(live);
  });

  it('a read rolls up finished days the job has not reached, once', async () => {
    const late = await createArtist(t.app, { displayName: 'Backlog Ink', timezone: 'Europe/Berlin' });
    await db().update(artistProfiles).set({ createdAt: new Date('2026-03-08T12:00:00Z') }).where(eq(artistProfiles.id, late.id));
    await db().insert(artistStatEvents).values({ artistId: late.id, kind: 'profile_view', referrerSource: 'Direct', occurredAt: new Date('2026-03-09T10:00:00Z') });
    const first = await readInsights(t.app.ctx, { ...admin.session, isAdmin: true }, { range: '7', artistId: late.id }, now);
    expect(first.rolledUpDays).toBe(4); // 8–11 March rolled up by the read; 12 March (today) live
    expect(first.totals.profileViews).toBe(1);
    expect(await db().select().from(artistDailyStats).where(eq(artistDailyStats.artistId, late.id))).toHaveLength(4);
  });

  it('a re-run replaces days instead of adding to them', async () => {
    const before = await db().select().from(artistDailyStats).where(eq(artistDailyStats.artistId, artist.id));
    expect(await rollUpArtist(db(), { id: artist.id, timezone: 'America/Los_Angeles', createdAt: new Date('2026-03-01T12:00:00Z') }, now)).toBe(2);
    const after = await db().select().from(artistDailyStats).where(eq(artistDailyStats.artistId, artist.id));
    const strip = (rows: typeof before) => rows.map(({ computedAt: _c, ...r }) => r).sort((a, b) => a.day.localeCompare(b.day));
    expect(strip(after)).toEqual(strip(before));
    const refs = await db().select().from(artistDailyReferrers).where(eq(artistDailyReferrers.artistId, artist.id));
    expect(refs.map((r) => `${r.day} ${r.source} ${r.views}`).sort()).toEqual(['2026-03-09 instagram.com 1', '2026-03-10 Inkhaven search 1']);
  });

  it('the durable job rolls every artist up and queues the next hour', async () => {
    const at = new Date('2026-03-13T10:15:00Z');
    await scheduleInsightsRollup(db(), at);
    await scheduleInsightsRollup(db(), at); // the same hour: still one job
    expect(await db().select().from(jobs).where(like(jobs.dedupeKey, 'insights.rollup:2026-03-13T10%'))).toHaveLength(1);
    await runDueJobs(t.app.ctx, { now: at });
    const [job] = await db().select().from(jobs).where(like(jobs.dedupeKey, 'insights.rollup:2026-03-13T10%'));
    expect(job?.status).toBe('done');
    const next = nextRollupAt(at);
    expect(next.toISOString()).toBe('2026-03-13T11:00:00.000Z');
    const [queued] = await db().select().from(jobs).where(eq(jobs.dedupeKey, `insights.rollup:${next.toISOString()}`));
    expect(queued).toMatchObject({ status: 'pending', kind: 'insights.rollup' });
    // 10:15 UTC on the 13th is 03:15 in Los Angeles: the 12th is finished there and rolled up.
    const la = await db().select().from(artistDailyStats).where(and(eq(artistDailyStats.artistId, artist.id), eq(artistDailyStats.day, '2026-03-12')));
    expect(la[0]).toMatchObject({ profileViews: 1, searchImpressions: 1, requests: 1, cancelledByClient: 1 });
  });
});

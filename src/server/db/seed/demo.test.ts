import { createHash } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { artistLicences, artistProfiles, bookingEvents, bookings, flashDesigns, jobs, notifications, portfolioImages, reviews, services, studios, users } from '../schema/index.ts';
import { sessionDurationMinutes } from '../../../shared/guides/difficulty.ts';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { seedCatalogue } from './catalogue.ts';
import { PORTFOLIO_WORKS } from './data.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
import { FLASH_WORK_BY_TITLE } from './flash.ts';

let t: TestApp;
const logs: string[] = [];
const log = (m: string) => logs.push(m);

async function counts() {
  const { db } = t.app.ctx.database;
  const tables = { users, artistProfiles, studios, services, portfolioImages, bookings, bookingEvents, reviews, notifications };
  const out = {} as Record<keyof typeof tables, number>;
  for (const [name, table] of Object.entries(tables)) out[name as keyof typeof tables] = (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.STORAGE_DIR.startsWith(t.config.DATA_DIR)).toBe(true);
  expect(await seedDemo(t.app.ctx, { log })).toEqual({ seeded: true });
}, 120_000);
afterAll(async () => t?.close());

describe('demo seed', () => {
  it('is idempotent and cheap the second time', async () => {
    const before = await counts();
    const started = Date.now();
    expect(await seedDemo(t.app.ctx, { log })).toEqual({ seeded: false });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await counts()).toEqual(before);
  });

  it('has at least 40 artists in 10 cities and 3 time zones, and 6 studios', async () => {
    const { db } = t.app.ctx.database;
    const [row] = await db
      .select({ artists: count(), cities: countDistinct(artistProfiles.city), zones: countDistinct(artistProfiles.timezone) })
      .from(artistProfiles);
    expect(row?.artists).toBeGreaterThanOrEqual(40);
    expect(row?.cities).toBeGreaterThanOrEqual(10);
    expect(row?.zones).toBeGreaterThanOrEqual(3);
    const kinds = await db.select({ kind: artistProfiles.kind, n: count() }).from(artistProfiles).groupBy(artistProfiles.kind);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['both', 'piercing', 'tattoo']);
    expect((await db.select({ n: count() }).from(studios))[0]?.n).toBeGreaterThanOrEqual(6);
    const withStudio = await db.select({ n: count() }).from(artistProfiles).where(sql`${artistProfiles.studioId} is not null`);
    expect((withStudio[0]?.n ?? 0) * 2).toBeGreaterThan(row?.artists ?? 0);
    for (const p of await db.select().from(artistProfiles)) {
      expect(Intl.supportedValuesOf('timeZone').includes(p.timezone) || p.timezone === 'UTC').toBe(true);
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      expect(p.styles.length).toBeGreaterThan(0);
      expect(Object.keys(p.workingHours).length).toBeGreaterThan(0);
    }
  });

  it('lets every demo account sign in, with the right roles', async () => {
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
      const c = new TestClient(t.app);
      const res = await c.post('/api/auth/sign-in', { email: account.email, password: DEMO_PASSWORD });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const me = (await c.get('/api/auth/user')).json() as { isAdmin: boolean; isArtist: boolean; firstName: string };
      expect(me.isAdmin).toBe(role === 'admin');
      expect(me.isArtist).toBe(role === 'artist' || role === 'piercer');
      expect(me.firstName).toBe(account.name.split(' ')[0]);
    }
    const wrong = await new TestClient(t.app).post('/api/auth/sign-in', { email: DEMO_ACCOUNTS.client.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('gives the tattoo artist and the piercer the right profiles', async () => {
    const { db } = t.app.ctx.database;
    const rows = await db
      .select({ email: users.email, kind: artistProfiles.kind })
      .from(artistProfiles)
      .innerJoin(users, eq(users.id, artistProfiles.userId))
      .where(inArray(users.email, [DEMO_ACCOUNTS.artist.email, DEMO_ACCOUNTS.piercer.email]));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.kind]))).toEqual({ [DEMO_ACCOUNTS.artist.email]: 'tattoo', [DEMO_ACCOUNTS.piercer.email]: 'piercing' });
  });

  it('gives the demo client a completed unreviewed booking, one that happened and awaits completion, an upcoming confirmed one and a pending request', async () => {
    const { db } = t.app.ctx.database;
    const [client] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.client.email));
    const mine = await db.select().from(bookings).where(eq(bookings.clientId, client!.id)).orderBy(asc(bookings.startsAt));
    expect(mine.map((b) => b.status).sort()).toEqual(['completed', 'confirmed', 'confirmed', 'requested']);
    const now = Date.now();
    const completed = mine.find((b) => b.status === 'completed')!;
    expect(completed.endsAt.getTime()).toBeLessThan(now);
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, completed.id))).toHaveLength(0);
    const toComplete = mine.find((b) => b.status === 'confirmed' && b.endsAt.getTime() < now)!;
    expect(toComplete.depositStatus).toBe('paid');
    const confirmed = mine.find((b) => b.status === 'confirmed' && b.startsAt.getTime() > now)!;
    const days = (confirmed.startsAt.getTime() - now) / 86_400_000;
    expect(days).toBeGreaterThan(8);
    expect(days).toBeLessThan(17);
    expect(mine.find((b) => b.status === 'requested')!.startsAt.getTime()).toBeGreaterThan(now);
    for (const b of mine) {
      const history = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id)).orderBy(asc(bookingEvents.createdAt));
      expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'requested' });
      expect(history.at(-1)?.toStatus).toBe(b.status);
      for (let i = 1; i < history.length; i++) expect(history[i]!.fromStatus).toBe(history[i - 1]!.toStatus);
    }
    const bell = await db.select().from(notifications).where(eq(notifications.userId, client!.id));
    // No message notifications: messaging has not shipped, and no notice may point at a placeholder page.
    expect(new Set(bell.map((n) => n.type))).toEqual(new Set(['booking', 'reminder', 'review']));
    const allNotices = await db.select({ actionUrl: notifications.actionUrl }).from(notifications);
    for (const n of allNotices) if (n.actionUrl) expect(isLiveHref(n.actionUrl), n.actionUrl).toBe(true);
  });

  it('prices services as the platform rules say', async () => {
    const { db } = t.app.ctx.database;
    const all = await db.select().from(services);
    const byArtist = new Map<string, typeof all>();
    for (const s of all) byArtist.set(s.artistId, [...(byArtist.get(s.artistId) ?? []), s]);
    for (const list of byArtist.values()) {
      expect(list.filter((s) => s.kind === 'consultation')).toHaveLength(1);
      expect(list.some((s) => s.kind !== 'consultation')).toBe(true);
    }
    for (const s of all) {
      expect(s.priceMaxCents).toBeGreaterThanOrEqual(s.priceMinCents);
      if (s.kind === 'consultation') {
        expect(s.durationMinutes).toBe(30);
        expect(s.depositCents).toBe(0);
        continue;
      }
      expect(s.depositCents).toBeGreaterThanOrEqual(10_000);
      expect(s.depositCents).toBeLessThanOrEqual(50_000);
      if (s.kind === 'piercing') {
        expect(s.difficulty).not.toBeNull();
        const { min, max } = sessionDurationMinutes(s.difficulty!);
        expect(s.durationMinutes).toBeGreaterThanOrEqual(min);
        expect(s.durationMinutes).toBeLessThanOrEqual(max);
      }
    }
  });

  it('keeps rating aggregates equal to the reviews, each from a completed booking', async () => {
    const { db } = t.app.ctx.database;
    const agg = await db
      .select({ artistId: reviews.artistId, n: count(), sum: sql<string>`sum(${reviews.ratingValue})` })
      .from(reviews)
      .groupBy(reviews.artistId);
    const byArtist = new Map(agg.map((a) => [a.artistId, a]));
    for (const p of await db.select().from(artistProfiles)) {
      const a = byArtist.get(p.id);
      expect(p.ratingCount).toBe(a?.n ?? 0);
      expect(p.ratingSum).toBeCloseTo(Number(a?.sum ?? 0), 5);
    }
    const all = await db.select({ review: reviews, booking: bookings }).from(reviews).innerJoin(bookings, eq(bookings.id, reviews.bookingId));
    expect(all.length).toBeGreaterThan(100);
    for (const { review, booking } of all) {
      expect(booking.status).toBe('completed');
      expect(booking.clientId).toBe(review.authorId);
      expect(booking.artistId).toBe(review.artistId);
    }
    const ratings = all.map((r) => r.review.ratingValue);
    expect(ratings.filter((v) => v >= 4).length / ratings.length).toBeGreaterThan(0.7);
    expect(ratings.some((v) => v % 1 === 0.5)).toBe(true);
    expect(all.filter((r) => r.review.reviewBody.length > 50).length).toBeGreaterThan(all.length / 2);
  });

  it('stores 4–6 portfolio images per artist and serves them at /uploads', async () => {
    const { db } = t.app.ctx.database;
    const perArtist = await db.select({ n: count() }).from(portfolioImages).groupBy(portfolioImages.artistId);
    expect(perArtist.length).toBeGreaterThanOrEqual(40);
    for (const { n } of perArtist) expect(n >= 4 && n <= 6).toBe(true);
    const [image] = await db.select().from(portfolioImages).limit(1);
    expect(image!.storageKey).toMatch(new RegExp(`^portfolio/${image!.artistId}/[0-9a-f-]+\\.jpg$`));
    expect(existsSync(path.join(t.config.STORAGE_DIR, image!.thumbKey))).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${image!.storageKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const again = await t.app.inject({ method: 'GET', url: `/uploads/${image!.storageKey}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('captions every picture with what it draws, different for each artist', async () => {
    const { db } = t.app.ctx.database;
    const rows = await db.select({ artistId: portfolioImages.artistId, caption: portfolioImages.caption, storageKey: portfolioImages.storageKey, position: portfolioImages.position }).from(portfolioImages);
    const captions = new Set(Object.values(PORTFOLIO_WORKS).flatMap((works) => works.map((w) => w.caption)));
    for (const row of rows) expect(captions.has(row.caption), row.caption).toBe(true);
    const byArtist = new Map<string, typeof rows>();
    for (const row of rows) byArtist.set(row.artistId, [...(byArtist.get(row.artistId) ?? []), row]);
    // No artist shows one work twice, and artists do not all open with the same few pictures.
    for (const list of byArtist.values()) expect(new Set(list.map((r) => r.caption)).size).toBe(list.length);
    const firsts = [...byArtist.values()].map((list) => list.find((r) => r.position === 0)!.caption);
    expect(new Set(firsts).size).toBeGreaterThan(byArtist.size / 3);
    // Pictures differ between artists, not only their captions: count distinct files by content.
    const storage = new LocalStorage(t.config.STORAGE_DIR);
    const digests = new Set<string>();
    for (const row of rows) digests.add(createHash('sha256').update((await storage.get(row.storageKey))!).digest('hex'));
    expect(digests.size).toBeGreaterThan(rows.length / 3);
    const flash = await db.select({ title: flashDesigns.title }).from(flashDesigns);
    for (const { title } of flash) expect(FLASH_WORK_BY_TITLE.has(title), title).toBe(true);
  });

  it('offers 3–6 flash designs for 15 tattoo artists, with their images, the demo artist included', async () => {
    const { db } = t.app.ctx.database;
    const perArtist = await db.select({ artistId: flashDesigns.artistId, n: count() }).from(flashDesigns).groupBy(flashDesigns.artistId);
    expect(perArtist).toHaveLength(15);
    for (const a of perArtist) expect([3, 4, 5, 6]).toContain(a.n);
    const rosa = await db
      .select({ status: flashDesigns.status, repeatable: flashDesigns.repeatable })
      .from(flashDesigns)
      .innerJoin(artistProfiles, eq(artistProfiles.id, flashDesigns.artistId))
      .innerJoin(users, eq(users.id, artistProfiles.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.artist.email));
    expect(rosa.some((d) => d.status === 'available' && !d.repeatable)).toBe(true);
    const [design] = await db.select().from(flashDesigns).limit(1);
    expect(design!.storageKey).toMatch(new RegExp(`^flash/${design!.artistId}/[0-9a-f-]+\\.jpg$`));
    for (const key of [design!.storageKey, design!.thumbKey]) expect((await t.app.inject({ method: 'HEAD', url: `/uploads/${key}` })).statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: '/api/flash?limit=5' })).json() as { items: unknown[] };
    expect(page.items).toHaveLength(5);
  });

  it('backs every Verified badge with an approved, current licence, its private document and its expiry jobs', async () => {
    const { db } = t.app.ctx.database;
    const verified = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.verified, true));
    expect(verified.length).toBeGreaterThan(5);
    const licences = await db.select().from(artistLicences).where(inArray(artistLicences.artistId, verified.map((v) => v.id)));
    expect(new Set(licences.map((l) => l.artistId)).size).toBe(verified.length);
    const today = new Date().toISOString().slice(0, 10);
    const storage = new LocalStorage(t.config.STORAGE_DIR);
    for (const l of licences) {
      expect(l.status).toBe('approved');
      expect(l.expiresOn > today).toBe(true);
      expect(await storage.exists(l.storageKey)).toBe(true);
      // Private: documents are served only through the licence routes, never at /uploads.
      expect((await new TestClient(t.app).get(`/uploads/${l.storageKey}`)).statusCode).toBe(404);
    }
    const expiries = await db.select({ n: count() }).from(jobs).where(sql`${jobs.kind} = 'licence.expire' AND ${jobs.status} = 'pending'`);
    expect(expiries[0]?.n).toBe(licences.length);
    // Unverified artists have none, so the badge and the documents agree.
    expect((await db.select({ n: count() }).from(artistLicences))[0]?.n).toBe(licences.length);
  });

  it('refuses path traversal, private folders and unknown types at /uploads', async () => {
    const storage = new LocalStorage(t.config.STORAGE_DIR);
    await storage.put('consent/private.webp', Buffer.from('PRIVATE-BYTES'));
    await storage.put('portfolio/x/notes.txt', Buffer.from('text'));
    writeFileSync(path.join(t.config.DATA_DIR, 'outside.webp'), 'OUTSIDE-BYTES');
    const urls = [
      '/uploads/../outside.webp',
      '/uploads/portfolio/../../outside.webp',
      '/uploads/%2e%2e/outside.webp',
      '/uploads/portfolio%2f..%2f..%2foutside.webp',
      '/uploads/portfolio/..%5c..%5coutside.webp',
      '/uploads/consent/private.webp',
      '/uploads/portfolio/x/notes.txt',
      '/uploads/portfolio/missing.webp',
      '/uploads/',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/OUTSIDE-BYTES|PRIVATE-BYTES/);
    }
    const [image] = await t.app.ctx.database.db.select().from(portfolioImages).limit(1);
    const head = await t.app.inject({ method: 'HEAD', url: `/uploads/${image!.thumbKey}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('tops up the benchmark catalogue idempotently', async () => {
    const before = await counts();
    const first = await seedCatalogue(t.app.ctx, { target: 12, batchSize: 5, log });
    expect(first).toMatchObject({ existing: 0, created: 12, total: 12 });
    const after = await counts();
    expect(after.artistProfiles - before.artistProfiles).toBe(12);
    expect(after.portfolioImages - before.portfolioImages).toBe(48);
    expect(await seedCatalogue(t.app.ctx, { target: 12, log })).toMatchObject({ created: 0, total: 12 });
    expect(await counts()).toEqual(after);
    const { db } = t.app.ctx.database;
    const mismatched = await db.execute(sql`
      select p.id from artist_profiles p left join (select artist_id, count(*) n, sum(rating_value) s from reviews group by artist_id) r on r.artist_id = p.id
      where p.rating_count <> coalesce(r.n, 0) or p.rating_sum <> coalesce(r.s, 0)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('draws the pictures again, as their captions say, when the storage folder is lost', async () => {
    const { db } = t.app.ctx.database;
    const [image] = await db.select().from(portfolioImages).orderBy(asc(portfolioImages.createdAt)).limit(1);
    const [design] = await db.select().from(flashDesigns).limit(1);
    rmSync(t.config.STORAGE_DIR, { recursive: true, force: true });
    expect(await seedDemo(t.app.ctx, { log })).toEqual({ seeded: false });
    expect(logs.at(-1)).toMatch(/^Demo images restored in .+ \(\d+ portfolio and flash images\)\.$/);
    for (const key of [image!.storageKey, image!.thumbKey, design!.storageKey, design!.thumbKey]) {
      expect(existsSync(path.join(t.config.STORAGE_DIR, key)), key).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${image!.thumbKey}` })).statusCode).toBe(200);
  });
});

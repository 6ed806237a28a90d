import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import type { TReview, TReviewPage } from '../../../shared/contracts/artists.ts';
import type { TMyReviews } from '../../../shared/contracts/bookings.ts';
import type { TBookingStatus } from '../../../shared/booking-rules.ts';
import { artistProfiles, bookings, notifications, reviews } from '../../db/schema/index.ts';

let t: TestApp;
type Actor = { client: TestClient; name: string; id: string };
let client: Actor;
let otherClient: Actor;
let artist: Actor & { artistId: string; serviceId: string };
let otherArtist: Actor & { artistId: string; serviceId: string };
let admin: Actor;
let visitor: Actor;

const DAY = 86_400_000;
let slot = 0;

/** A booking written straight to the database (the booking API is not under test here). */
async function insertBooking(status: TBookingStatus, clientId = client.id, artistId = artist.artistId, serviceId = artist.serviceId) {
  slot += 1;
  // Past, one hour apart, so completed bookings never overlap.
  const startsAt = new Date(Date.now() - 30 * DAY + slot * 3_600_000);
  const [row] = await t.app.ctx.database.db
    .insert(bookings)
    .values({ artistId, clientId, serviceId, status, startsAt, endsAt: new Date(startsAt.getTime() + 3_000_000), depositCents: 15000 })
    .returning();
  return row!;
}

const review = (bookingId: string, overrides: Record<string, unknown> = {}) => ({
  bookingId,
  ratingValue: 4.5,
  headline: 'Clean lines, lovely studio',
  reviewBody: 'Took time to get the placement right and explained aftercare clearly.',
  ...overrides,
});

async function stored(artistId: string) {
  const [p] = await t.app.ctx.database.db.select({ n: artistProfiles.ratingCount, sum: artistProfiles.ratingSum }).from(artistProfiles).where(eq(artistProfiles.id, artistId));
  const [r] = await t.app.ctx.database.db
    .select({ n: count(), sum: sql<string | null>`sum(${reviews.ratingValue})` })
    .from(reviews)
    .where(eq(reviews.artistId, artistId));
  return { stored: { n: p!.n, sum: Number(p!.sum) }, actual: { n: r!.n, sum: Number(r!.sum ?? 0) } };
}

beforeAll(async () => {
  t = await createTestApp();
  const u = async (firstName: string, isAdmin = false): Promise<Actor> => {
    const made = await createUser(t.app, { firstName, isAdmin });
    return { client: made.client, name: firstName, id: made.id };
  };
  client = await u('Robin');
  otherClient = await u('Sasha');
  admin = await u('Admin', true);
  visitor = { client: new TestClient(t.app), name: 'visitor', id: '' };
  const a = await u('Mara');
  const aProfile = await createArtist(t.app, { userId: a.id, displayName: 'Mara Ink' });
  artist = { ...a, artistId: aProfile.id, serviceId: aProfile.services[0]!.id };
  const o = await u('Olek');
  const oProfile = await createArtist(t.app, { userId: o.id, displayName: 'Olek Tattoo' });
  otherArtist = { ...o, artistId: oProfile.id, serviceId: oProfile.services[0]!.id };
});
afterAll(async () => t?.close());

describe('POST /api/reviews', () => {
  it('lets only the client of a completed booking review it (visitor, other client, other artist, the artist, admin, owner)', async () => {
    const booking = await insertBooking('completed');
    for (const [actor, status] of [
      [visitor, 401],
      [otherClient, 403],
      [otherArtist, 403],
      [artist, 403],
      [admin, 403],
    ] as Array<[Actor, number]>) {
      const res = await actor.client.post('/api/reviews', review(booking.id));
      expect(res.statusCode, `${actor.name}: ${res.body}`).toBe(status);
    }
    expect((await stored(artist.artistId)).actual.n).toBe(0);

    const res = await client.client.post('/api/reviews', review(booking.id, { reviewAspect: 'Hygiene', pros: 'Spotless', cons: 'Parking' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TReview;
    expect(body).toMatchObject({
      ratingValue: 4.5,
      headline: 'Clean lines, lovely studio',
      isVerified: true,
      author: { name: 'Robin', isVerified: true },
      reviewAspect: 'Hygiene',
      pros: 'Spotless',
      cons: 'Parking',
      reply: null,
      bestRating: 5,
      worstRating: 1,
    });
    // The artist hears about it in the app.
    const notes = await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, artist.id));
    expect(notes.map((n) => [n.type, n.title, n.actionUrl])).toEqual([['review', 'New review', '/reviews']]);
  });

  it('accepts one review per booking: the second try is 409 and changes nothing', async () => {
    const booking = await insertBooking('completed');
    expect((await client.client.post('/api/reviews', review(booking.id, { ratingValue: 5 }))).statusCode).toBe(201);
    const before = await stored(artist.artistId);
    const again = await client.client.post('/api/reviews', review(booking.id, { ratingValue: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'You have already reviewed this booking.' });
    expect(await stored(artist.artistId)).toEqual(before);
  });

  it('refuses every unfinished or cancelled booking with 409', async () => {
    for (const status of ['requested', 'accepted', 'awaiting_deposit', 'confirmed', 'declined', 'expired', 'cancelled_by_client', 'cancelled_by_artist', 'no_show'] as const) {
      const booking = await insertBooking(status);
      const res = await client.client.post('/api/reviews', review(booking.id));
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'You can review a booking once it is completed.' });
    }
  });

  it('validates the rating and the booking', async () => {
    const booking = await insertBooking('completed');
    for (const ratingValue of [0.5, 4.3, 5.5]) {
      const res = await client.client.post('/api/reviews', review(booking.id, { ratingValue }));
      expect(res.statusCode, String(ratingValue)).toBe(400);
    }
    expect((await client.client.post('/api/reviews', review(booking.id, { reviewBody: 'Too short' }))).statusCode).toBe(400);
    expect((await client.client.post('/api/reviews', review(crypto.randomUUID()))).statusCode).toBe(404);
    expect((await client.client.post('/api/reviews', { ...review(booking.id), verified: true })).json().code).toBe('UNKNOWN_FIELD');
    // Refused attempts leave the booking reviewable.
    expect((await client.client.post('/api/reviews', review(booking.id))).statusCode).toBe(201);
  });

  it('keeps the stored aggregates equal to the reviews, also under concurrent reviews', async () => {
    const clients = await Promise.all([1, 2, 3, 4, 5].map((i) => createUser(t.app, { firstName: `Fan${i}` })));
    const values = [5, 4, 3.5, 2, 1];
    const booked: Array<typeof bookings.$inferSelect> = [];
    for (const c of clients) booked.push(await insertBooking('completed', c.id, otherArtist.artistId, otherArtist.serviceId));
    const results = await Promise.all(clients.map((c, i) => c.client.post('/api/reviews', review(booked[i]!.id, { ratingValue: values[i] }))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const { stored: s, actual } = await stored(otherArtist.artistId);
    expect(s).toEqual(actual);
    expect(s).toEqual({ n: 5, sum: 15.5 });
    const page = (await visitor.client.get(`/api/artists/${otherArtist.artistId}/reviews`)).json() as TReviewPage;
    expect(page.aggregate).toMatchObject({ reviewCount: 5, ratingValue: 3.1, ratingDistribution: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 } });
  });

  it('writes the review and the aggregate in one transaction: when the aggregate cannot change, no review is kept', async () => {
    const booking = await insertBooking('completed');
    const before = await stored(artist.artistId);
    const db = t.app.ctx.database.db;
    // Make the aggregate update fail (and only it) to see the review insert roll back with it.
    await db.execute(sql.raw(`ALTER TABLE artist_profiles ADD CONSTRAINT test_rating_frozen CHECK (rating_count <= ${before.stored.n}) NOT VALID`));
    try {
      const res = await client.client.post('/api/reviews', review(booking.id));
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('ALTER TABLE artist_profiles DROP CONSTRAINT test_rating_frozen'));
    }
    expect(await stored(artist.artistId)).toEqual(before);
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, booking.id))).toEqual([]);
    // Nothing is left half-done: the same review now goes through.
    expect((await client.client.post('/api/reviews', review(booking.id))).statusCode).toBe(201);
  });
});

describe('POST /api/reviews/:id/reply', () => {
  it('lets only the reviewed artist reply, once', async () => {
    const booking = await insertBooking('completed');
    const created = (await client.client.post('/api/reviews', review(booking.id))).json() as TReview;
    const url = `/api/reviews/${created.id}/reply`;
    for (const [actor, status] of [
      [visitor, 401],
      [otherClient, 403],
      [client, 403],
      [otherArtist, 403],
      [admin, 403],
    ] as Array<[Actor, number]>) {
      const res = await actor.client.post(url, { reply: 'Thank you!' });
      expect(res.statusCode, `${actor.name}: ${res.body}`).toBe(status);
    }
    const res = await artist.client.post(url, { reply: 'Thank you, Robin — heal well!' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TReview;
    expect(body.reply?.body).toBe('Thank you, Robin — heal well!');
    expect(Date.parse(body.reply!.date)).not.toBeNaN();

    const second = await artist.client.post(url, { reply: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'CONFLICT', message: 'You have already replied to this review.' });
    const [row] = await t.app.ctx.database.db.select({ reply: reviews.reply }).from(reviews).where(eq(reviews.id, created.id));
    expect(row?.reply).toBe('Thank you, Robin — heal well!');
    // The author is told.
    const notes = await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect(notes.some((n) => n.title === 'Mara Ink replied to your review')).toBe(true);
  });

  it('answers 404 for an unknown review and 400 for an empty reply', async () => {
    expect((await artist.client.post(`/api/reviews/${crypto.randomUUID()}/reply`, { reply: 'Thanks' })).statusCode).toBe(404);
    expect((await artist.client.post('/api/reviews/not-an-id/reply', { reply: 'Thanks' })).statusCode).toBe(404);
    const booking = await insertBooking('completed');
    const created = (await client.client.post('/api/reviews', review(booking.id))).json() as TReview;
    expect((await artist.client.post(`/api/reviews/${created.id}/reply`, { reply: ' ' })).statusCode).toBe(400);
  });
});

describe('GET /api/reviews/mine', () => {
  it('lists what I wrote, what I received as an artist, and completed bookings still to review', async () => {
    expect((await visitor.client.get('/api/reviews/mine')).statusCode).toBe(401);

    const waiting = await insertBooking('completed');
    await insertBooking('confirmed'); // not finished: nothing to review yet
    const mine = (await client.client.get('/api/reviews/mine')).json() as TMyReviews;
    const [written] = await t.app.ctx.database.db.select({ n: count() }).from(reviews).where(eq(reviews.authorId, client.id));
    expect(mine.written).toHaveLength(written!.n);
    expect(mine.written.every((r) => r.artist.id === artist.artistId && r.artist.displayName === 'Mara Ink')).toBe(true);
    expect(mine.received).toBeNull();
    expect(mine.toReview).toEqual([{ bookingId: waiting.id, artist: { id: artist.artistId, slug: expect.any(String), displayName: 'Mara Ink' }, serviceName: 'Half-day session', startsAt: waiting.startsAt.toISOString() }]);

    const theirs = (await artist.client.get('/api/reviews/mine')).json() as TMyReviews;
    expect(theirs.written).toEqual([]);
    expect(theirs.received).toHaveLength(written!.n);
    expect(theirs.received?.some((r) => r.reply !== null)).toBe(true);
    expect(new Set(theirs.received?.map((r) => r.bookingId)).size).toBe(written!.n);

    // Another client sees none of it.
    const other = (await otherClient.client.get('/api/reviews/mine')).json() as TMyReviews;
    expect(other).toEqual({ written: [], received: null, toReview: [] });
  });
});

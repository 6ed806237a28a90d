import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { reviews, users } from '../../db/schema/index.ts';
import type { TReviewHighlights } from '../../../shared/contracts/review-highlights.ts';
import { REVIEW_SHOWCASE_MAX } from '../../../shared/review-display.ts';

let t: TestApp;
let c: TestClient;
let tattooer: Awaited<ReturnType<typeof createArtist>>;
let piercer: Awaited<ReturnType<typeof createArtist>>;
let hybrid: Awaited<ReturnType<typeof createArtist>>;

const highlights = async (qs: string) => {
  const res = await c.get(`/api/reviews/highlights?${qs}`);
  expect(res.statusCode).toBe(200);
  return res.json() as TReviewHighlights;
};

/** Gives every review of an artist a distinct, known publication time (newest = `newestMinutesAgo`). */
async function spreadReviewTimes(artistId: string, newestMinutesAgo: number, stepMinutes: number) {
  const db = t.app.ctx.database.db;
  const rows = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.artistId, artistId)).orderBy(reviews.id);
  for (const [i, r] of rows.entries()) {
    await db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - (newestMinutesAgo + i * stepMinutes) * 60_000) })
      .where(eq(reviews.id, r.id));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  c = new TestClient(t.app);
});
afterAll(async () => t.close());

describe('GET /api/reviews/highlights', () => {
  it('answers an honest empty state before any review exists', async () => {
    for (const kind of ['tattoo', 'piercing'] as const) {
      const body = await highlights(`kind=${kind}`);
      expect(body).toEqual({
        kind,
        aggregate: { ratingValue: null, reviewCount: 0, bestRating: 5, worstRating: 1, ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
        recentReviews: [],
        stats: { verifiedArtists: 0, styles: 0, cities: 0 },
      });
    }
  });

  it('seeds artists of every kind', async () => {
    tattooer = await createArtist(t.app, {
      kind: 'tattoo',
      displayName: 'Lena Frost',
      verified: true,
      styles: ['Traditional', 'Fine Line'],
      city: 'Portland',
      ratings: [5, 4.5, 4, 5, 5, 3],
    });
    piercer = await createArtist(t.app, { kind: 'piercing', displayName: 'Ivo Pin', verified: true, styles: ['Helix', 'Septum'], city: 'Seattle', ratings: [3, 5] });
    // "both" counts on both pages; its city differs only in case from the tattooer's, so it is one city.
    hybrid = await createArtist(t.app, { kind: 'both', displayName: 'Sam Both', verified: false, styles: ['Blackwork', 'Helix'], city: 'portland', ratings: [2] });
    await createArtist(t.app, { kind: 'tattoo', verified: false, styles: ['Traditional'], city: 'Austin' });
    await spreadReviewTimes(tattooer.id, 60, 60);
    await spreadReviewTimes(piercer.id, 30, 60);
    await spreadReviewTimes(hybrid.id, 10, 60);
    expect(tattooer.id && piercer.id && hybrid.id).toBeTruthy();
  });

  it('aggregates the reviews of tattoo and "both" artists, computed in SQL', async () => {
    const body = await highlights('kind=tattoo');
    // 5, 4.5, 4, 5, 5, 3 and the hybrid's 2: 28.5 / 7 = 4.07 → 4.1; a 4.5 counts as four stars.
    expect(body.aggregate).toEqual({ ratingValue: 4.1, reviewCount: 7, bestRating: 5, worstRating: 1, ratingDistribution: { 1: 0, 2: 1, 3: 1, 4: 2, 5: 3 } });
    // Verified: only Lena. Styles: traditional, fine-line, blackwork (the hybrid's helix is a piercing style). Cities: Portland, Austin.
    expect(body.stats).toEqual({ verifiedArtists: 1, styles: 3, cities: 2 });
  });

  it('aggregates the reviews of piercing and "both" artists', async () => {
    const body = await highlights('kind=piercing');
    // 3, 5 and 2: 10 / 3 = 3.33 → 3.3.
    expect(body.aggregate).toEqual({ ratingValue: 3.3, reviewCount: 3, bestRating: 5, worstRating: 1, ratingDistribution: { 1: 0, 2: 1, 3: 1, 4: 0, 5: 1 } });
    expect(body.stats).toEqual({ verifiedArtists: 1, styles: 2, cities: 2 });
    expect(body.recentReviews.map((r) => r.artist.slug)).toEqual([hybrid.slug, piercer.slug, piercer.slug]);
  });

  it('lists the newest reviews first, at most the showcase maximum, as verified bookings with the artist', async () => {
    const db = t.app.ctx.database.db;
    const [newest] = await db.select().from(reviews).where(eq(reviews.artistId, hybrid.id));
    await db.update(users).set({ name: 'Maya Lopez' }).where(eq(users.id, newest!.authorId));
    await db.update(reviews).set({ authorLocation: 'Portland, OR', reviewBody: 'A careful, patient artist: the linework healed crisp and the stencil was redone until it sat right.' }).where(eq(reviews.id, newest!.id));

    const body = await highlights('kind=tattoo');
    expect(body.recentReviews).toHaveLength(REVIEW_SHOWCASE_MAX);
    const dates = body.recentReviews.map((r) => r.datePublished);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.recentReviews[0]).toMatchObject({
      id: newest!.id,
      author: { name: 'Maya L.', location: 'Portland, OR', isVerified: true },
      ratingValue: 2,
      isVerified: true,
      bestRating: 5,
      worstRating: 1,
      artist: { slug: hybrid.slug, displayName: 'Sam Both' },
    });
    expect(body.recentReviews.slice(1).every((r) => r.artist.slug === tattooer.slug)).toBe(true);
    expect((await highlights('kind=tattoo&limit=2')).recentReviews.map((r) => r.id)).toEqual(body.recentReviews.slice(0, 2).map((r) => r.id));
  });

  it('follows the reviews table: a new review changes the figures at once', async () => {
    const before = await highlights('kind=piercing');
    await createArtist(t.app, { kind: 'piercing', verified: true, styles: ['Navel'], city: 'Denver', ratings: [1] });
    const after = await highlights('kind=piercing');
    expect(after.aggregate.reviewCount).toBe(before.aggregate.reviewCount + 1);
    expect(after.aggregate.ratingDistribution[1]).toBe(1);
    expect(after.aggregate.ratingValue).toBe(2.8); // 11 / 4 = 2.75 → 2.8
    expect(after.stats).toEqual({ verifiedArtists: 2, styles: 3, cities: 3 });
    // The tattoo page is unaffected by a piercer's review.
    expect((await highlights('kind=tattoo')).aggregate.reviewCount).toBe(7);
    const all = await t.app.ctx.database.db.select({ id: reviews.id }).from(reviews).where(inArray(reviews.artistId, [tattooer.id, piercer.id, hybrid.id]));
    expect(all).toHaveLength(9);
  });

  it('refuses a missing or unknown kind and a bad limit', async () => {
    for (const qs of ['', 'kind=both', 'kind=painting', 'kind=tattoo&limit=0', 'kind=tattoo&limit=500', 'kind=tattoo&limit=two', 'kind=tattoo&page=2']) {
      const res = await c.get(`/api/reviews/highlights?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist, createStudio } from '../../../../tests/support/factories.ts';

let t: TestApp;
let c: TestClient;
let artist: Awaited<ReturnType<typeof createArtist>>;
let studioSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  c = new TestClient(t.app);
  const studio = await createStudio(t.app, { name: 'Black Pine Studio', address: '12 Alder St' });
  studioSlug = studio.slug;
  artist = await createArtist(t.app, {
    displayName: 'Lena Frost',
    studioId: studio.id,
    ratings: [5, 4.5, 4, 2, 5, 3.5, 4, 5, 5, 1, 4, 4.5],
    services: [
      { name: 'Consultation', kind: 'consultation', durationMinutes: 30, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 },
      { name: 'Full day', durationMinutes: 420, depositCents: 25000 },
    ],
  });
});
afterAll(async () => t.close());

describe('artist profile and reviews', () => {
  it('serves the profile by id or slug, with services and a computed rating distribution', async () => {
    const byId = await c.get(`/api/artists/${artist.id}`);
    expect(byId.statusCode).toBe(200);
    const profile = byId.json();
    expect((await c.get(`/api/artists/${artist.slug}`)).json().id).toBe(artist.id);
    expect(profile.studio).toMatchObject({ name: 'Black Pine Studio', slug: studioSlug });
    expect(profile.services.map((s: { name: string }) => s.name)).toEqual(['Consultation', 'Full day']);
    // Messages before a booking are on until the artist switches them off (the profile's Message button).
    expect(profile.acceptInquiries).toBe(true);
    expect(profile.rating).toEqual({
      ratingValue: 4,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
      ratingDistribution: { 1: 1, 2: 1, 3: 1, 4: 5, 5: 4 },
    });
  });

  it('pages reviews newest first, each a verified booking', async () => {
    const first = (await c.get(`/api/artists/${artist.slug}/reviews`)).json();
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ isVerified: true, bestRating: 5, worstRating: 1, author: { isVerified: true } });
    const second = (await c.get(`/api/artists/${artist.slug}/reviews?cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(12);
    const dates = [...first.items, ...second.items].map((r: { datePublished: string }) => r.datePublished);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers 404 for an unknown artist and 400 for a malformed one', async () => {
    expect((await c.get('/api/artists/nobody-here')).statusCode).toBe(404);
    expect((await c.get('/api/artists/bad%20slug!')).statusCode).toBe(400);
    expect((await c.get(`/api/artists/${artist.id}/reviews?cursor=zzz`)).statusCode).toBe(400);
  });

  it('lists studios and shows one with its artists', async () => {
    const list = (await c.get('/api/studios')).json();
    expect(list.items.find((s: { slug: string }) => s.slug === studioSlug)).toMatchObject({ artistCount: 1 });
    const studio = (await c.get(`/api/studios/${studioSlug}`)).json();
    expect(studio).toMatchObject({ name: 'Black Pine Studio', address: '12 Alder St' });
    expect(studio.artists.map((a: { displayName: string }) => a.displayName)).toEqual(['Lena Frost']);
    expect((await c.get('/api/studios/missing')).statusCode).toBe(404);
  });
});

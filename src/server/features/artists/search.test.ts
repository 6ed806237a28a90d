import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist, createStudio } from '../../../../tests/support/factories.ts';

let t: TestApp;
let c: TestClient;
type Item = { id: string; displayName: string; distanceKm?: number; rating: { value: number | null; count: number }; studioName: string | null; depositFromCents: number | null };
const search = async (qs: string) => {
  const res = await c.get(`/api/artists?${qs}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { items: Item[]; nextCursor: string | null };
};
const names = (page: { items: Item[] }) => page.items.map((i) => i.displayName).sort();

beforeAll(async () => {
  t = await createTestApp();
  c = new TestClient(t.app);
  const studio = await createStudio(t.app, { name: 'Iron Lotus' });
  await createArtist(t.app, { displayName: 'Mara Quill', bio: 'Botanical fine line work and delicate florals.', styles: ['Fine Line', 'Minimalist'], city: 'Portland', lat: 45.52, lng: -122.68, verified: true, studioId: studio.id, ratings: [5, 4.5] });
  await createArtist(t.app, { displayName: 'Jonah Reyes', bio: 'Bold traditional flash and sailor classics.', styles: ['Traditional'], city: 'Seattle', lat: 47.61, lng: -122.33, ratings: [4, 3.5], services: [{ depositCents: 30000 }] });
  await createArtist(t.app, { displayName: 'Sana Okafor', kind: 'piercing', bio: 'Curated ear projects in implant-grade titanium.', styles: ['Helix', 'Conch', 'Lobe'], city: 'New York', timezone: 'America/New_York', lat: 40.71, lng: -74.0, verified: true, ratings: [5], services: [{ kind: 'piercing', depositCents: 10000, durationMinutes: 30, priceMinCents: 5000, priceMaxCents: 9000, difficulty: 'Beginner' }] });
  await createArtist(t.app, { displayName: 'Kai Watanabe', kind: 'both', bio: 'Japanese irezumi and septum piercing.', styles: ['Japanese', 'Septum'], city: 'Los Angeles', lat: 34.05, lng: -118.24 });
});
afterAll(async () => t.close());

describe('GET /api/artists', () => {
  it('finds by full text over name, bio, styles and city', async () => {
    expect(names(await search('q=botanical'))).toEqual(['Mara Quill']);
    expect(names(await search('q=fine%20line'))).toEqual(['Mara Quill']);
    expect(names(await search('q=seattle'))).toEqual(['Jonah Reyes']);
  });

  it('tolerates typos in names with trigram matching', async () => {
    expect(names(await search('q=Jonha%20Reyes'))).toContain('Jonah Reyes');
    expect(names(await search('q=Okafr'))).toContain('Sana Okafor');
  });

  it('filters by kind (an artist of both kinds matches either), style, city and verified', async () => {
    expect(names(await search('kind=piercing'))).toEqual(['Kai Watanabe', 'Sana Okafor']);
    expect(names(await search('kind=tattoo'))).toEqual(['Jonah Reyes', 'Kai Watanabe', 'Mara Quill']);
    expect(names(await search('style=fine-line'))).toEqual(['Mara Quill']);
    expect(names(await search('style=helix'))).toEqual(['Sana Okafor']);
    expect(names(await search('city=new%20york'))).toEqual(['Sana Okafor']);
    expect(names(await search('verified=true'))).toEqual(['Mara Quill', 'Sana Okafor']);
  });

  it('filters by minimum rating and maximum deposit', async () => {
    expect(names(await search('minRating=4.5'))).toEqual(['Mara Quill', 'Sana Okafor']);
    expect(names(await search('maxDeposit=15000'))).toEqual(['Kai Watanabe', 'Mara Quill', 'Sana Okafor']);
  });

  it('sorts by rating, and by distance from a point within a radius', async () => {
    const byRating = await search('sort=rating');
    expect(byRating.items.map((i) => i.displayName)).toEqual(['Sana Okafor', 'Mara Quill', 'Jonah Reyes', 'Kai Watanabe']);
    expect(byRating.items[1]?.rating).toEqual({ value: 4.8, count: 2 });
    expect(byRating.items[1]?.studioName).toBe('Iron Lotus');
    const near = await search('near=45.52,-122.68&radiusKm=300&sort=distance');
    expect(near.items.map((i) => i.displayName)).toEqual(['Mara Quill', 'Jonah Reyes']);
    expect(near.items[0]?.distanceKm).toBe(0);
    expect(near.items[1]?.distanceKm).toBeGreaterThan(200);
  });

  it('pages with a cursor without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Item[]; nextCursor: string | null } = await search(`limit=1&sort=rating${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('answers invalid filters with 400 and a message', async () => {
    for (const qs of ['kind=dragon', 'near=north', 'radiusKm=10', 'minRating=9', 'sort=distance', 'cursor=abc', 'colour=red', 'maxDeposit=1.5']) {
      const res = await c.get(`/api/artists?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message.length, qs).toBeGreaterThan(5);
    }
  });
});

describe('distance filtering (property)', () => {
  const haversine = (a: [number, number], b: [number, number]) => {
    const rad = (d: number) => (d * Math.PI) / 180;
    const h = Math.sin(rad(b[0] - a[0]) / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(rad(b[1] - a[1]) / 2) ** 2;
    return 6371 * 2 * Math.asin(Math.sqrt(h));
  };
  const places: Array<[number, number]> = [
    [45.52, -122.68],
    [47.61, -122.33],
    [40.71, -74.0],
    [34.05, -118.24],
  ];

  it('returns exactly the artists within the radius, nearest first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 25, max: 50, noNaN: true }),
        fc.double({ min: -125, max: -70, noNaN: true }),
        fc.integer({ min: 10, max: 500 }),
        async (lat, lng, radius) => {
          const page = await search(`near=${lat.toFixed(4)},${lng.toFixed(4)}&radiusKm=${radius}&sort=distance&limit=100`);
          const origin: [number, number] = [Number(lat.toFixed(4)), Number(lng.toFixed(4))];
          const expected = places.filter((p) => haversine(origin, p) <= radius - 0.5).length;
          const upper = places.filter((p) => haversine(origin, p) <= radius + 0.5).length;
          expect(page.items.length).toBeGreaterThanOrEqual(expected);
          expect(page.items.length).toBeLessThanOrEqual(upper);
          const distances = page.items.map((i) => i.distanceKm ?? Infinity);
          expect([...distances].sort((a, b) => a - b)).toEqual(distances);
          expect(distances.every((d) => d <= radius + 0.05)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArtistPage, TMapSettings } from '../../../shared/contracts/artists.ts';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { artistProfiles, users } from '../../db/schema/index.ts';
import { tileSource } from '../../http/security-headers.ts';

// Issue 11 §4: typos, everyday words, places, the count and did-you-mean, on either database.
let t: TestApp;
let c: TestClient;
const search = async (qs: string): Promise<TArtistPage> => {
  const res = await c.get(`/api/artists?${qs}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as TArtistPage;
};
const names = (page: TArtistPage) => page.items.map((i) => i.displayName);

beforeAll(async () => {
  // A port nothing listens on: the tile check fails at once.
  t = await createTestApp({ MAP_TILE_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Test tiles' });
  c = new TestClient(t.app);
  const ny = { city: 'New York', timezone: 'America/New_York', lat: 40.7128, lng: -74.006 };
  await createArtist(t.app, { displayName: 'Mara Quill', styles: ['Fine Line', 'Minimalist'], bio: 'Botanical work.', ratings: [5] });
  await createArtist(t.app, { displayName: 'Noor Siddiqui', styles: ['Watercolor', 'Fine Line'], bio: 'Soft washes.', ratings: [4] });
  await createArtist(t.app, { displayName: 'Jonah Reyes', styles: ['Traditional'], city: 'Seattle', lat: 47.61, lng: -122.33, bio: 'Sailor classics.' });
  await createArtist(t.app, { displayName: 'Kiana Brooks', kind: 'piercing', styles: ['Septum', 'Nostril'], city: 'Los Angeles', lat: 34.05, lng: -118.24, bio: 'Facial placements.' });
  await createArtist(t.app, { displayName: 'Hana Sato', kind: 'piercing', styles: ['Lobe', 'Helix', 'Tragus'], bio: 'Curated ears.' });
  await createArtist(t.app, { displayName: 'Lee Park', styles: ['Lettering'], bio: 'Hand-drawn letters.', ...ny });
});
afterAll(async () => t.close());

describe('typos', () => {
  it('finds fine line artists for "fine lin" and "fien line", best rated first, and says what it searched', async () => {
    for (const q of ['fine%20lin', 'fien%20line', 'Fine%20Lnie', 'fineline']) expect(names(await search(`q=${q}`)), q).toEqual(['Mara Quill', 'Noor Siddiqui']);
    const corrected = await search('q=fien%20line');
    expect(corrected.correctedQuery).toBe('fine line');
    expect(corrected.didYouMean).toBeUndefined();
    expect((await search('q=fine%20line')).correctedQuery).toBeUndefined();
  });

  it('exact=1 searches the words as typed ("Search instead for …"): no correction, no trigram fallback', async () => {
    const exact = await search('q=fien%20line&exact=1');
    expect(exact.items).toEqual([]);
    expect(exact.correctedQuery).toBeUndefined();
    expect(exact.total).toEqual({ count: 0, exact: true });
    // A name within a typo would be found by the trigram fallback without the flag.
    expect(names(await search('q=Mara%20Qiull&exact=1'))).toEqual([]);
    expect(names(await search('q=Mara%20Quill&exact=1'))).toEqual(['Mara Quill']);
    expect(names(await search('q=fine%20line&exact=true'))).toEqual(['Mara Quill', 'Noor Siddiqui']);
    expect((await c.get('/api/artists?q=fine&exact=maybe')).statusCode).toBe(400);
  });

  it('"or" asks for any of the words (the piercing page\'s specialty links)', async () => {
    expect(names(await search('kind=piercing&q=lobe%20or%20helix%20or%20tragus%20or%20conch'))).toEqual(['Hana Sato']);
    expect(names(await search('kind=piercing&q=septum%20or%20helix')).sort()).toEqual(['Hana Sato', 'Kiana Brooks']);
  });

  it('corrects misspelled artist names and cities', async () => {
    expect(names(await search('q=Mara%20Qiull'))).toEqual(['Mara Quill']);
    expect(names(await search('q=Kiana%20Broks'))).toEqual(['Kiana Brooks']);
    expect(names(await search('q=traditional%20seatle'))).toEqual(['Jonah Reyes']);
    expect((await search('q=traditional%20seatle')).correctedQuery).toBe('traditional seattle');
  });

  it('learns new artists’ names when the catalogue changes', async () => {
    expect(names(await search('q=Zephirine'))).toEqual([]);
    await createArtist(t.app, { displayName: 'Zephyrine Okonkwo', styles: ['Realism'], city: 'Denver', timezone: 'America/Denver', lat: 39.74, lng: -104.99 });
    const page = await search('q=Zephirine');
    expect(names(page)).toEqual(['Zephyrine Okonkwo']);
    expect(page.correctedQuery).toBe('zephyrine');
  });

  it('suggests a search when nothing matches even after correction', async () => {
    const page = await search('q=geometricall');
    expect(page.items).toEqual([]);
    expect(page.didYouMean).toBe('geometric');
    expect(page.correctedQuery).toBeUndefined();
    expect(page.total).toEqual({ count: 0, exact: true });
  });
});

describe('everyday words', () => {
  it('reads "nose" as nostril, septum or bridge, and "piercing" as the kind', async () => {
    expect(names(await search('q=nose%20piercing'))).toEqual(['Kiana Brooks']);
    expect(names(await search('q=nose%20peircing'))).toEqual(['Kiana Brooks']);
  });

  it('reads "ear" as lobe, helix, tragus… and "script" as lettering', async () => {
    expect(names(await search('q=ear'))).toEqual(['Hana Sato']);
    expect(names(await search('q=ear&kind=tattoo'))).toEqual([]);
    expect(names(await search('q=script'))).toEqual(expect.arrayContaining(['Lee Park', 'Mara Quill']));
    expect(names(await search('q=script'))[0]).toBe('Mara Quill');
  });

  it('drops filler words and applies a kind word', async () => {
    expect(names(await search('q=a%20fine%20line%20tattoo%20artist%20in%20portland'))).toEqual(['Mara Quill', 'Noor Siddiqui']);
    expect(names(await search('q=piercer')).sort()).toEqual(['Hana Sato', 'Kiana Brooks']);
  });
});

describe('places', () => {
  it('finds a neighbourhood by its start and searches around it', async () => {
    const page = await search('city=Brookl');
    expect(page.place).toEqual({ label: 'Brooklyn, New York, NY, US', lat: 40.6782, lng: -73.9442, radiusKm: 10, exact: false });
    expect(names(page)).toEqual(['Lee Park']);
    expect(page.items[0]?.distanceKm).toBeGreaterThan(5);
    expect((await search(`city=${encodeURIComponent('Brooklyn, New York, NY, US')}`)).place?.exact).toBe(true);
  });

  it('corrects a misspelled city that artists list, and keeps an exact one as it was', async () => {
    const page = await search('city=Portlnd');
    expect(page.place).toMatchObject({ label: 'Portland, OR, US', radiusKm: null, exact: false });
    expect(names(page)).toEqual(['Mara Quill', 'Noor Siddiqui', 'Hana Sato']);
    const exact = await search('city=portland');
    expect(exact.place).toBeUndefined();
    expect(names(exact)).toEqual(names(page));
  });

  it('searches around a known city no artist lists, and says when it knows no such place', async () => {
    const oakland = await search('city=Oakland');
    expect(oakland.place).toMatchObject({ label: 'Oakland, CA, US', radiusKm: 25, exact: true });
    expect(oakland.items).toEqual([]);
    const unknown = await search('city=Xyzzyqqq');
    expect(unknown.unknownPlace).toBe('Xyzzyqqq');
    expect(unknown.items).toEqual([]);
  });
});

describe('the result count', () => {
  it('counts matches on the first page only, and every card carries its coordinates', async () => {
    const first = await search('q=fine%20line&limit=1');
    expect(first.total).toEqual({ count: 2, exact: true });
    expect(first.items[0]).toMatchObject({ lat: 45.52, lng: -122.68 });
    const second = await search(`q=fine%20line&limit=1&cursor=${first.nextCursor}`);
    expect(second.total).toBeUndefined();
    expect(names(second)).toEqual(['Noor Siddiqui']);
  });

  it('stops counting past 1,000 and says so', async () => {
    const ids = Array.from({ length: 1_001 }, () => randomUUID());
    const db = t.app.ctx.database.db;
    await db.insert(users).values(ids.map((id, i) => ({ id, name: `Bulk ${i}`, email: `bulk-${id}@example.test` })));
    await db.insert(artistProfiles).values(
      ids.map((id, i) => ({ userId: id, slug: `bulk-${i}-${id.slice(0, 8)}`, displayName: `Bulk Artist ${i}`, kind: 'tattoo' as const, bio: 'Bulk.', styles: ['Tribal'], city: 'Testopolis', country: 'US', timezone: 'America/Chicago', lat: 41, lng: -90 })),
    );
    expect((await search('city=Testopolis')).total).toEqual({ count: 1_000, exact: false });
    expect((await search('city=Testopolis&q=tribal')).total).toEqual({ count: 1_000, exact: false });
  });
});

describe('GET /api/map/settings', () => {
  it('answers the configured tiles, and that they are out of reach', async () => {
    const res = await c.get('/api/map/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png', attribution: 'Test tiles', tilesReachable: false } satisfies TMapSettings);
  });

  it('allows the tile host as an image source in the CSP', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.com');
  });
});

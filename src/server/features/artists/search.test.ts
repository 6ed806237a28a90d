import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist, createStudio } from '../../../../tests/support/factories.ts';
import { addDays, dateKey, isoWeekday, localDateOf, zonedTimeToUtc, type LocalDate } from '../../../shared/zoned-time.ts';
import { sql } from 'drizzle-orm';
import { artistTimeOff } from '../../db/schema/index.ts';
import { computeSearchPage } from './search.ts';

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

describe('reused search pages (catalogue version, migration 0009)', () => {
  const run = (statement: ReturnType<typeof sql>) => t.app.ctx.database.db.execute(statement);

  it('shows changes made by plain SQL at once: a profile, a studio, a service, a rating', async () => {
    // Each query is answered once first, so a stale reused page would show below.
    expect(names(await search('q=botanical'))).toEqual(['Mara Quill']);
    expect((await search('sort=rating')).items[1]?.studioName).toBe('Iron Lotus');
    expect(names(await search('maxDeposit=25000'))).toEqual(['Kai Watanabe', 'Mara Quill', 'Sana Okafor']);
    expect((await search('sort=rating')).items.map((i) => i.displayName)[1]).toBe('Mara Quill');

    await run(sql`UPDATE artist_profiles SET display_name = 'Mara Q. Quill' WHERE display_name = 'Mara Quill'`);
    expect(names(await search('q=botanical'))).toEqual(['Mara Q. Quill']);
    await run(sql`UPDATE artist_profiles SET display_name = 'Mara Quill' WHERE display_name = 'Mara Q. Quill'`);

    await run(sql`UPDATE studios SET name = 'Iron Lotus Collective' WHERE name = 'Iron Lotus'`);
    expect((await search('sort=rating')).items[1]?.studioName).toBe('Iron Lotus Collective');
    await run(sql`UPDATE studios SET name = 'Iron Lotus' WHERE name = 'Iron Lotus Collective'`);

    const jonah = sql`(SELECT id FROM artist_profiles WHERE display_name = 'Jonah Reyes')`;
    await run(sql`UPDATE services SET deposit_cents = 20000 WHERE artist_id = ${jonah}`);
    expect(names(await search('maxDeposit=25000'))).toEqual(['Jonah Reyes', 'Kai Watanabe', 'Mara Quill', 'Sana Okafor']);
    await run(sql`UPDATE services SET deposit_cents = 30000 WHERE artist_id = ${jonah}`);

    // A rating as a review would leave it: Jonah now averages 4.9 over 10 reviews, between Sana
    // (5) and Mara (4.75) — no tie, so the order does not fall back on the random ids.
    await run(sql`UPDATE artist_profiles SET rating_sum = 49, rating_count = 10 WHERE id = ${jonah}`);
    expect((await search('sort=rating')).items.map((i) => i.displayName)[1]).toBe('Jonah Reyes');
    await run(sql`UPDATE artist_profiles SET rating_sum = 7.5, rating_count = 2 WHERE id = ${jonah}`);
    expect((await search('sort=rating')).items.map((i) => i.displayName)[1]).toBe('Mara Quill');
  });

  it('answers a reused page exactly as a freshly computed one, page after page', async () => {
    for (const qs of ['q=fine%20line', 'kind=tattoo&limit=2', 'near=45.52,-122.68&radiusKm=300&sort=distance', 'minRating=4']) {
      const first = await search(qs);
      const again = await search(qs);
      expect(again).toEqual(first);
      const res = await c.get(`/api/artists?${qs}`);
      expect(res.json()).toEqual(first);
      if (first.nextCursor) expect(await search(`${qs}&cursor=${encodeURIComponent(first.nextCursor)}`)).not.toEqual(first);
    }
    // The function without reuse gives the same page as the route.
    const fresh = await computeSearchPage(t.app.ctx, { kind: 'tattoo', limit: 2 });
    expect(JSON.parse(JSON.stringify(fresh))).toEqual(await search('kind=tattoo&limit=2'));
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

describe('GET /api/artists by availability (sort=soonest, availableFrom/availableTo)', () => {
  let ta: TestApp;
  let ca: TestClient;
  type Avail = Item & { firstAvailableAt?: string; timezone: string };
  const find = async (qs: string) => {
    const res = await ca.get(`/api/artists?${qs}`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as { items: Avail[]; nextCursor: string | null };
  };
  const NY = 'America/New_York';
  const today = () => localDateOf(Date.now(), NY);
  const next = (weekday: string, minDays: number): LocalDate => {
    let d = addDays(today(), minDays);
    while (isoWeekday(d) !== weekday) d = addDays(d, 1);
    return d;
  };
  const weekdays = Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, [['10:00', '18:00']]])) as Record<string, Array<[string, string]>>;
  const everyDay = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['09:00', '17:00']]])) as Record<string, Array<[string, string]>>;

  beforeAll(async () => {
    ta = await createTestApp();
    ca = new TestClient(ta.app);
    // Weekdays in New York; 2 days' notice.
    await createArtist(ta.app, { displayName: 'Weekday Wren', timezone: NY, city: 'New York', workingHours: weekdays, minNoticeHours: 48, ratings: [5] });
    // Every day in Berlin, but away for the next three weeks.
    const away = await createArtist(ta.app, { displayName: 'Away Abel', timezone: 'Europe/Berlin', city: 'Berlin', country: 'DE', workingHours: everyDay, minNoticeHours: 0, ratings: [4] });
    await ta.app.ctx.database.db.insert(artistTimeOff).values({ artistId: away.id, startsOn: dateKey(addDays(today(), -1)), endsOn: dateKey(addDays(today(), 21)) });
    // Every day in Kathmandu (+5:45), soon.
    await createArtist(ta.app, { displayName: 'Daily Dawa', timezone: 'Asia/Kathmandu', city: 'Kathmandu', country: 'NP', workingHours: everyDay, minNoticeHours: 0, ratings: [3] });
    // No hours published: never available.
    await createArtist(ta.app, { displayName: 'Closed Cleo', kind: 'piercing', timezone: NY, workingHours: {}, services: [{ kind: 'piercing', durationMinutes: 30, priceMinCents: 5000, priceMaxCents: 9000, depositCents: 10000, difficulty: 'Beginner' }], ratings: [4.5] });
  });
  afterAll(async () => ta.close());

  it('sorts by the first free slot, artists without one last', async () => {
    const page = await find('sort=soonest');
    expect(page.items.map((i) => i.displayName).at(-1)).toBe('Closed Cleo');
    expect(page.items.at(-1)?.firstAvailableAt).toBeUndefined();
    const times = page.items.slice(0, -1).map((i) => Date.parse(i.firstAvailableAt!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(page.items.map((i) => i.displayName).slice(0, -1).sort()).toEqual(['Away Abel', 'Daily Dawa', 'Weekday Wren']);
    // Away Abel is back only after three weeks, so comes after the two who work this week.
    expect(page.items[2]?.displayName).toBe('Away Abel');
    expect(Date.parse(page.items[2]!.firstAvailableAt!)).toBeGreaterThan(zonedTimeToUtc(addDays(today(), 21), '23:59', 'Europe/Berlin').getTime());
    // Weekday Wren's 48 hours' notice holds.
    const wren = page.items.find((i) => i.displayName === 'Weekday Wren')!;
    expect(Date.parse(wren.firstAvailableAt!)).toBeGreaterThanOrEqual(Date.now() + 48 * 3_600_000 - 60_000);
  });

  it('keeps only artists with a free slot between two dates (local dates of each artist)', async () => {
    const saturday = next('6', 7);
    const sunday = addDays(saturday, 1);
    const names = (p: { items: Avail[] }) => p.items.map((i) => i.displayName).sort();
    expect(names(await find(`availableFrom=${dateKey(saturday)}&availableTo=${dateKey(sunday)}`))).toEqual(['Daily Dawa']);
    const monday = addDays(saturday, 2);
    expect(names(await find(`availableFrom=${dateKey(monday)}&availableTo=${dateKey(monday)}`))).toEqual(['Daily Dawa', 'Weekday Wren']);
    const later = next('3', 30);
    expect(names(await find(`availableFrom=${dateKey(later)}&availableTo=${dateKey(later)}`))).toEqual(['Away Abel', 'Daily Dawa', 'Weekday Wren']);
    // Only a start: anything from then on.
    expect(names(await find(`availableFrom=${dateKey(later)}`))).toEqual(['Away Abel', 'Daily Dawa', 'Weekday Wren']);
    // Combined with the other filters and sorts.
    expect((await find(`availableFrom=${dateKey(monday)}&availableTo=${dateKey(monday)}&sort=rating`)).items.map((i) => i.displayName)).toEqual(['Weekday Wren', 'Daily Dawa']);
    expect(names(await find(`availableFrom=${dateKey(monday)}&availableTo=${dateKey(monday)}&kind=piercing`))).toEqual([]);
    // The first slot reported lies inside the range.
    const page = await find(`availableFrom=${dateKey(monday)}&availableTo=${dateKey(monday)}&sort=soonest`);
    for (const item of page.items) {
      expect(dateKey(localDateOf(Date.parse(item.firstAvailableAt!), item.timezone))).toBe(dateKey(monday));
    }
  });

  it('pages through soonest and filtered results with a cursor, without repeats or gaps', async () => {
    for (const qs of ['sort=soonest', `availableFrom=${dateKey(next('3', 30))}&sort=rating`, `availableFrom=${dateKey(next('3', 30))}&sort=soonest`]) {
      const all = (await find(qs)).items.map((i) => i.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Avail[]; nextCursor: string | null } = await find(`${qs}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, qs).toEqual(all);
    }
  });

  it('answers bad dates with 400', async () => {
    for (const qs of ['availableFrom=2026-13-01', 'availableTo=tomorrow', 'availableFrom=2027-01-10&availableTo=2027-01-01', 'availableFrom=2027-02-29']) {
      const res = await ca.get(`/api/artists?${qs}`);
      expect(res.statusCode, qs).toBe(400);
    }
  });
});

import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist, createStudio } from '../../../../tests/support/factories.ts';
import type { TArtistListItem, TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import { queryRows } from '../../db/client.ts';
import { artistProfiles, users } from '../../db/schema/index.ts';
import { buildArtistSearch, decodeCursor, encodeCursor, planArtistSearch } from './search.ts';
import { presentListItem, searchPageJson, type Row } from './search-card.ts';
import { catalogueIndexAt, lexemeTerms, phrasesOf, readVersionAndStems, searchIndexPage, warmSearchIndex } from './search-index.ts';
import { catalogueWords } from './search-vocabulary.ts';

// Decision 0031: the in-memory index answers exactly what the search statement answers — the same
// artists, in the same order, with the same sort keys, counts and pages — on either database.
let t: TestApp;

const STYLES = ['Fine Line', 'Traditional', 'Japanese', 'Blackwork', 'Watercolor', 'Lettering', 'Minimalist', 'Realism'];
const PIERCING = ['Helix', 'Lobe', 'Septum', 'Nostril', 'Tragus', 'Conch'];
const CITIES = [
  { city: 'Portland', lat: 45.52, lng: -122.68 },
  { city: 'Seattle', lat: 47.61, lng: -122.33 },
  { city: 'New York', lat: 40.71, lng: -74.0 },
  { city: 'São Paulo', lat: -23.55, lng: -46.63 },
];
const FIRST = ['Mara', 'Jonah', 'Sana', 'Kai', 'Noor', 'Lee', 'Hana', 'Rosa', 'Theo', 'Ivy'];
const LAST = ['Quill', 'Reyes', 'Okafor', 'Watanabe', 'Park', 'Delgado', 'Black', 'Line', 'Stone', 'Rivers'];
const BIO_WORDS = ['botanical', 'delicate', 'florals', 'bold', 'sailor', 'classics', 'ear', 'projects', 'titanium', 'the', 'of', 'lines', 'lettering', 'script', 'koi'];

/** A small seeded generator: the same catalogue on every run and database. */
function prng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const random = prng(7);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const studio = await createStudio(t.app, { name: 'Iron Lotus' });
  for (let i = 0; i < 48; i++) {
    const kind = random() < 0.2 ? 'piercing' : random() < 0.1 ? 'both' : 'tattoo';
    const place = pick(CITIES);
    const styles = [...new Set([pick(kind === 'piercing' ? PIERCING : STYLES), pick(kind === 'tattoo' ? STYLES : PIERCING)])];
    const ratings = random() < 0.25 ? [] : Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick([3, 3.5, 4, 4.5, 5]));
    await createArtist(t.app, {
      displayName: `${pick(FIRST)} ${pick(LAST)}`,
      kind,
      styles,
      bio: Array.from({ length: 6 }, () => pick(BIO_WORDS)).join(' '),
      city: place.city,
      lat: place.lat + (random() - 0.5) * 0.6,
      lng: place.lng + (random() - 0.5) * 0.6,
      verified: random() < 0.4,
      ...(random() < 0.3 ? { studioId: studio.id } : {}),
      ratings,
      services: [{ kind: kind === 'piercing' ? 'piercing' : 'tattoo', depositCents: pick([10000, 15000, 30000]), ...(kind === 'piercing' ? { durationMinutes: 30, priceMinCents: 5000, priceMaxCents: 9000, difficulty: 'Beginner' } : {}) }],
    });
  }
  // One deleted artist: in neither answer.
  const gone = await createArtist(t.app, { displayName: 'Gone Quill', styles: ['Fine Line'] });
  await t.app.ctx.database.db.update(artistProfiles).set({ deletedAt: new Date() }).where(sql`${artistProfiles.id} = ${gone.id}`);
});
afterAll(async () => t.close());

type Compared = { id: string; key: number; distance: number | null; item: TArtistListItem };
const view = (rows: Row[]): Compared[] => rows.map((r) => ({ id: r.id, key: Number(r.sort_key), distance: r.distance_km === null ? null : Number(r.distance_km), item: presentListItem(r) }));

/** Both answers to one query (and its next page), side by side. */
async function both(query: TArtistSearchQuery) {
  const db = t.app.ctx.database.db;
  const { version } = (await queryRows<{ version: string }>(db, sql`SELECT version FROM catalogue_version`))[0]!;
  const plan = planArtistSearch(query, await catalogueWords(db, Number(version)));
  const limit = query.limit ?? 24;
  const statement = buildArtistSearch(plan.query, { terms: plan.terms, count: !query.cursor });
  const sqlRows = await queryRows<Row>(db, statement.sql);
  const read = await readVersionAndStems(db, phrasesOf(plan.terms));
  const index = await catalogueIndexAt(db, read.version, read.epoch);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const found = searchIndexPage(index, plan.query, plan.terms ? lexemeTerms(plan.terms, read.stems) : null, { limit, cursor, count: !query.cursor });
  return { sql: view(sqlRows), sqlCount: query.cursor ? null : Number(sqlRows[0]?.total_count ?? 0), index: found.hits, indexCount: found.count, limit };
}

function expectSame(a: Compared[], b: Compared[], label: string) {
  expect(b.map((r) => r.id), label).toEqual(a.map((r) => r.id));
  a.forEach((r, i) => {
    expect(b[i]!.key, label).toBeCloseTo(r.key, 9);
    if (r.distance === null) expect(b[i]!.distance, label).toBeNull();
    else expect(b[i]!.distance, label).toBeCloseTo(r.distance, 9);
    // The card itself, as the API shows it; and as the API writes it (the index's cards carry their JSON).
    expect(b[i]!.item, label).toEqual(r.item);
  });
  const page = { items: b.map((r) => r.item), nextCursor: null };
  expect(JSON.parse(searchPageJson(page)), label).toEqual(JSON.parse(JSON.stringify(page)));
}

const queryArb: fc.Arbitrary<TArtistSearchQuery> = fc
  .record(
    {
      q: fc.oneof(
        fc.constantFrom('fine line', 'quill', 'Mara Quill', 'seattle', 'botanical florals', 'the', 'the of', 'lobe or helix or tragus', 'ear', 'script', 'traditional portland', 'são paulo', 'koi', 'line'),
        fc.constantFrom(...FIRST, ...LAST).map((w) => w.toLowerCase()),
      ),
      kind: fc.constantFrom('tattoo' as const, 'piercing' as const),
      style: fc.constantFrom('fine-line', 'traditional', 'helix', 'lobe', 'japanese'),
      city: fc.constantFrom('Portland', 'seattle', 'New York', 'São Paulo'),
      verified: fc.constant(true),
      minRating: fc.constantFrom(3.5, 4, 4.5),
      maxDeposit: fc.constantFrom(10000, 15000, 20000),
      near: fc.constantFrom<[number, number]>([45.52, -122.68], [47.5, -122.4], [40.71, -74.0]),
      radiusKm: fc.constantFrom(10, 25, 50),
      sort: fc.constantFrom('relevance' as const, 'rating' as const, 'distance' as const),
      limit: fc.integer({ min: 1, max: 7 }),
    },
    { requiredKeys: [] },
  )
  .map((q) => {
    const query: TArtistSearchQuery = { ...q };
    if (!query.near) {
      delete query.radiusKm;
      if (query.sort === 'distance') delete query.sort;
    }
    return query;
  });

describe('the search index', () => {
  it('answers every query as the search statement does: artists, order, sort keys, distances, count, and the next pages', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        let current: TArtistSearchQuery = query;
        for (let page = 0; page < 4; page++) {
          const answer = await both(current);
          const label = JSON.stringify(current);
          expectSame(answer.sql, answer.index, label);
          expect(answer.indexCount, label).toBe(answer.sqlCount);
          if (answer.sql.length <= answer.limit) break;
          const last = answer.sql[answer.limit - 1]!;
          current = { ...query, cursor: encodeCursor({ k: last.key, id: last.id }) };
        }
      }),
      { numRuns: 120, seed: 20261129 },
    );
  });

  it('learns a change made by plain SQL at once: an edit, a new artist, an avatar, a studio, a deletion', async () => {
    const db = t.app.ctx.database.db;
    // Read at start (main.ts): every artist but the deleted one.
    expect(await warmSearchIndex(db)).toBe(48);
    const find = async (q: string) => {
      const read = await readVersionAndStems(db, [q]);
      const index = await catalogueIndexAt(db, read.version, read.epoch);
      return searchIndexPage(index, {}, lexemeTerms([[[q]]], read.stems), { limit: 50, cursor: null, count: true }).hits.map((h) => h.item);
    };
    const added = await createArtist(t.app, { displayName: 'Zephyr Marlowe', styles: ['Blackwork'] });
    expect((await find('zephyr')).map((r) => r.id)).toEqual([added.id]);
    await db.execute(sql`UPDATE artist_profiles SET display_name = 'Zora Marlowe' WHERE id = ${added.id}`);
    expect(await find('zephyr')).toEqual([]);
    expect((await find('zora'))[0]?.displayName).toBe('Zora Marlowe');
    await db.update(users).set({ avatarKey: 'avatars/zora.webp' }).where(sql`${users.id} = ${added.userId}`);
    expect((await find('zora'))[0]?.avatarUrl).toContain('avatars/zora.webp');
    const studio = await createStudio(t.app, { name: 'Old Name' });
    await db.execute(sql`UPDATE artist_profiles SET studio_id = ${studio.id} WHERE id = ${added.id}`);
    await db.execute(sql`UPDATE studios SET name = 'New Name' WHERE id = ${studio.id}`);
    expect((await find('zora'))[0]?.studioName).toBe('New Name');
    await db.execute(sql`DELETE FROM services WHERE artist_id = ${added.id}`);
    await db.execute(sql`DELETE FROM artist_profiles WHERE id = ${added.id}`);
    expect(await find('zora')).toEqual([]);
  });
});

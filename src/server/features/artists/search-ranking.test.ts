import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { portfolioImages, services } from '../../db/schema/index.ts';

// Relevance, paging across its two parts, the typo fallback's paging, and the card columns the
// triggers of migration 0006 keep on artist_profiles (prices, deposit, photo).
let t: TestApp;
let c: TestClient;
type Item = { id: string; displayName: string; priceFromCents: number | null; depositFromCents: number | null; photoUrl: string | null };
type Page = { items: Item[]; nextCursor: string | null };
const search = async (qs: string): Promise<Page> => {
  const res = await c.get(`/api/artists?${qs}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as Page;
};
/** Every page of a search, one artist per page. */
const allPages = async (qs: string) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await search(`${qs}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.items.map((i) => i.displayName));
    cursor = page.nextCursor;
  } while (cursor && seen.length < 50);
  return seen;
};

let plain: Awaited<ReturnType<typeof createArtist>>;

beforeAll(async () => {
  t = await createTestApp();
  c = new TestClient(t.app);
  // "dotwork" on the card (a style) for three artists, only in the bio for two better-rated ones.
  await createArtist(t.app, { displayName: 'Card Low', styles: ['Dotwork'], bio: 'Patient stippling.', ratings: [3] });
  await createArtist(t.app, { displayName: 'Card High', styles: ['Dotwork', 'Geometric'], bio: 'Mandalas.', ratings: [4.5] });
  await createArtist(t.app, { displayName: 'Card Unrated', styles: ['Dotwork'], bio: 'New in town.' });
  await createArtist(t.app, { displayName: 'Bio Top', styles: ['Realism'], bio: 'Portraits, with some dotwork shading.', ratings: [5] });
  await createArtist(t.app, { displayName: 'Bio Mid', styles: ['Blackwork'], bio: 'Bold blackwork and dotwork fills.', ratings: [4] });
  await createArtist(t.app, { displayName: 'Ottoline Brandvold', styles: ['Watercolor'], bio: 'Soft washes.' });
  await createArtist(t.app, { displayName: 'Ottoline Brandvik', styles: ['Watercolor'], bio: 'Loose florals.', ratings: [4] });
  plain = await createArtist(t.app, {
    displayName: 'Price Check',
    styles: ['Tribal'],
    services: [
      { name: 'Consultation', kind: 'consultation', priceMinCents: 0, priceMaxCents: 0, depositCents: 0, durationMinutes: 30 },
      { name: 'Small piece', priceMinCents: 12000, depositCents: 10000 },
      { name: 'Day session', priceMinCents: 90000, depositCents: 30000 },
    ],
  });
});
afterAll(async () => t.close());

describe('relevance of a text search', () => {
  it('lists artists whose card matches first, then bio-only matches, best rated first within each', async () => {
    const { items } = await search('q=dotwork');
    expect(items.map((i) => i.displayName)).toEqual(['Card High', 'Card Low', 'Card Unrated', 'Bio Top', 'Bio Mid']);
  });

  it('pages across both parts without repeats or gaps, also when a page ends exactly between them', async () => {
    expect(await allPages('q=dotwork')).toEqual(['Card High', 'Card Low', 'Card Unrated', 'Bio Top', 'Bio Mid']);
    const first = await search('q=dotwork&limit=3');
    expect(first.items.map((i) => i.displayName)).toEqual(['Card High', 'Card Low', 'Card Unrated']);
    const second = await search(`q=dotwork&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.displayName)).toEqual(['Bio Top', 'Bio Mid']);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps other filters on both parts', async () => {
    const { items } = await search('q=dotwork&minRating=4');
    expect(items.map((i) => i.displayName)).toEqual(['Card High', 'Bio Top', 'Bio Mid']);
  });

  it('falls back to names within a typo only when full text finds nobody, and pages through them', async () => {
    expect((await search('q=brandvold')).items.map((i) => i.displayName)).toEqual(['Ottoline Brandvold']);
    // Three edits from either surname: too far to correct in memory, close enough for trigrams.
    const typo = await allPages('q=Ottoline%20Brandvxxx');
    expect(new Set(typo)).toEqual(new Set(['Ottoline Brandvik', 'Ottoline Brandvold']));
    expect(typo).toHaveLength(2);
  });
});

describe('result cards', () => {
  const card = async () => (await search('q=tribal')).items.find((i) => i.id === plain.id)!;

  it('show the lowest session price and deposit (consultations do not count) and follow service changes', async () => {
    expect(await card()).toMatchObject({ priceFromCents: 12000, depositFromCents: 10000, photoUrl: null });
    const db = t.app.ctx.database.db;
    const small = plain.services.find((s) => s.name === 'Small piece')!;
    await db.update(services).set({ active: false }).where(eq(services.id, small.id));
    expect(await card()).toMatchObject({ priceFromCents: 90000, depositFromCents: 30000 });
    await db.update(services).set({ active: true, priceMinCents: 8000 }).where(eq(services.id, small.id));
    expect(await card()).toMatchObject({ priceFromCents: 8000, depositFromCents: 10000 });
    await db.delete(services).where(eq(services.artistId, plain.id));
    expect(await card()).toMatchObject({ priceFromCents: null, depositFromCents: null });
  });

  it('show the first portfolio photo and follow adds, reorders and deletes', async () => {
    const db = t.app.ctx.database.db;
    const image = (key: string, position: number) => ({ artistId: plain.id, storageKey: `${key}.webp`, thumbKey: `${key}-thumb.webp`, width: 800, height: 600, position });
    const [b] = await db.insert(portfolioImages).values([image('b', 1), image('c', 2)]).returning();
    expect((await card()).photoUrl).toBe('/uploads/b-thumb.webp');
    const [a] = await db.insert(portfolioImages).values(image('a', 0)).returning();
    expect((await card()).photoUrl).toBe('/uploads/a-thumb.webp');
    await db.update(portfolioImages).set({ position: 5 }).where(eq(portfolioImages.id, a!.id));
    expect((await card()).photoUrl).toBe('/uploads/b-thumb.webp');
    await db.delete(portfolioImages).where(eq(portfolioImages.id, b!.id));
    expect((await card()).photoUrl).toBe('/uploads/c-thumb.webp');
    await db.delete(portfolioImages).where(eq(portfolioImages.artistId, plain.id));
    expect((await card()).photoUrl).toBeNull();
  });
});

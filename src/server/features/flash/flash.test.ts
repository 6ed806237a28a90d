import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { elfExecutable, jpegImage, type UploadFile } from '../../../../tests/support/image-fixtures.ts';
import { storedFiles as storedFilesUnder, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { TFlashDesign, TFlashPage } from '../../../shared/contracts/flash.ts';
import { bookings, flashDesigns } from '../../db/schema/index.ts';
import { assertFlashBookable, releaseFlashDesign, reserveFlashDesign } from './service.ts';

let t: TestApp;
type Actor = { client: TestClient; name: string };
let owner: Actor & { artistId: string };
let otherArtist: Actor & { artistId: string };
let otherUser: Actor;
let admin: Actor;
let visitor: Actor;

const upload = uploadAs;
const patch = (c: TestClient, url: string, body: unknown) => c.request('PATCH', url, body);

const storedFiles = () => storedFilesUnder(t.config.STORAGE_DIR);

async function rowCount(): Promise<number> {
  const [row] = await t.app.ctx.database.db.select({ n: count() }).from(flashDesigns);
  return row?.n ?? 0;
}

const FIELDS = { title: 'Swallow with banner', description: 'Classic bold swallow.', style: 'traditional', size: 'small', sizeLabel: '3 × 3 in', priceCents: '18000', repeatable: 'false' };

async function artistActor(name: string, city = 'Portland'): Promise<Actor & { artistId: string }> {
  const u = await createUser(t.app, { firstName: name });
  const artist = await createArtist(t.app, { userId: u.id, displayName: name, city });
  return { client: u.client, name, artistId: artist.id };
}

/** A design row without going through the image pipeline (for list and booking tests). */
async function insertDesign(artistId: string, overrides: Partial<typeof flashDesigns.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const [row] = await t.app.ctx.database.db
    .insert(flashDesigns)
    .values({
      id,
      artistId,
      title: 'Design',
      size: 'small',
      priceCents: 15000,
      storageKey: `flash/${artistId}/${id}.webp`,
      thumbKey: `flash/${artistId}/${id}_thumb.webp`,
      width: 800,
      height: 800,
      ...overrides,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await artistActor('Owner');
  otherArtist = await artistActor('Other artist', 'Austin');
  otherUser = { client: (await createUser(t.app, { firstName: 'Other' })).client, name: 'other user' };
  admin = { client: (await createUser(t.app, { firstName: 'Admin', isAdmin: true })).client, name: 'admin' };
  visitor = { client: new TestClient(t.app), name: 'visitor' };
});
afterAll(async () => t?.close());

describe('POST /api/artists/:id/flash', () => {
  it('answers the authorization matrix and creates a design with its image', async () => {
    const url = `/api/artists/${owner.artistId}/flash`;
    const file = { data: await jpegImage(), filename: 'swallow.jpg' };
    for (const [actor, status] of [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
      [owner, 201],
      [admin, 201],
    ] as Array<[Actor, number]>) {
      const res = await upload(actor.client, url, FIELDS, file);
      expect(res.statusCode, `${actor.name}: ${res.body}`).toBe(status);
    }
    const res = await upload(owner.client, url, { ...FIELDS, repeatable: 'true', style: 'Fine Line' }, file);
    const design = res.json() as TFlashDesign;
    expect(design).toMatchObject({
      title: 'Swallow with banner',
      style: 'Fine Line',
      size: 'small',
      sizeLabel: '3 × 3 in',
      priceCents: 18000,
      currency: 'USD',
      status: 'available',
      repeatable: true,
      artist: { id: owner.artistId, displayName: 'Owner', city: 'Portland' },
    });
    expect(design.imageUrl).toMatch(new RegExp(`^/uploads/flash/${owner.artistId}/${design.id}\\.webp$`));
    expect((await t.app.inject({ method: 'GET', url: design.imageUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: design.thumbUrl })).statusCode).toBe(200);
    expect((await visitor.client.get(`/api/flash/${design.id}`)).json()).toEqual(design);
  });

  it('refuses bad fields and bad files with 400, leaving no file and no row', async () => {
    const url = `/api/artists/${owner.artistId}/flash`;
    const jpeg = { data: await jpegImage() };
    const filesBefore = storedFiles();
    const rowsBefore = await rowCount();
    const cases: Array<[Record<string, string>, UploadFile | undefined, string, RegExp]> = [
      [{ ...FIELDS, title: '' }, jpeg, 'VALIDATION_FAILED', /title/],
      [{ ...FIELDS, size: 'huge' }, jpeg, 'VALIDATION_FAILED', /size/],
      [{ ...FIELDS, style: 'helix' }, jpeg, 'VALIDATION_FAILED', /tattoo style/],
      [{ ...FIELDS, priceCents: '12.5' }, jpeg, 'VALIDATION_FAILED', /priceCents/],
      [{ ...FIELDS, priceCents: '-1' }, jpeg, 'VALIDATION_FAILED', /priceCents/],
      [{ ...FIELDS, colour: 'red' }, jpeg, 'UNKNOWN_FIELD', /colour/],
      [FIELDS, undefined, 'VALIDATION_FAILED', /choose an image/],
      [FIELDS, { data: elfExecutable(), filename: 'flash.jpg' }, 'UNSUPPORTED_IMAGE', /program/],
    ];
    for (const [fields, file, code, message] of cases) {
      const res = await upload(owner.client, url, fields, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
    }
    expect(storedFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });
});

describe('GET /api/flash', () => {
  let browse: { a: string; b: string };
  beforeAll(async () => {
    const a = await artistActor('Browse A', 'Seattle');
    const b = await artistActor('Browse B', 'Denver');
    browse = { a: a.artistId, b: b.artistId };
    await insertDesign(a.artistId, { title: 'Rose', style: 'Traditional', size: 'small', priceCents: 10000 });
    await insertDesign(a.artistId, { title: 'Dagger', style: 'Traditional', size: 'medium', priceCents: 25000 });
    await insertDesign(a.artistId, { title: 'Moth', style: 'Blackwork', size: 'large', priceCents: 60000, status: 'reserved' });
    await insertDesign(b.artistId, { title: 'Wave', style: 'Japanese', size: 'large', priceCents: 45000 });
    await insertDesign(b.artistId, { title: 'Sprig', style: 'Fine Line', size: 'small', priceCents: 12000, status: 'gone' });
  });
  const titles = async (query: string) => {
    const res = await visitor.client.get(`/api/flash?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TFlashPage).items.map((i) => i.title).sort();
  };
  const inBrowse = (q: string) => `artistId=${browse.a}&${q}`;

  it('shows available designs by default, filtered by artist, style, size, price and city', async () => {
    expect(await titles(`artistId=${browse.a}`)).toEqual(['Dagger', 'Rose']);
    expect(await titles(`artistId=${browse.a}&status=all`)).toEqual(['Dagger', 'Moth', 'Rose']);
    expect(await titles(`artistId=${browse.a}&status=reserved`)).toEqual(['Moth']);
    expect(await titles(inBrowse('style=traditional'))).toEqual(['Dagger', 'Rose']);
    expect(await titles(inBrowse('size=medium'))).toEqual(['Dagger']);
    expect(await titles(inBrowse('minPrice=20000'))).toEqual(['Dagger']);
    expect(await titles(inBrowse('maxPrice=20000'))).toEqual(['Rose']);
    expect(await titles('city=seattle')).toEqual(['Dagger', 'Rose']);
    expect(await titles('city=Denver')).toEqual(['Wave']);
    expect(await titles('city=Denver&status=gone')).toEqual(['Sprig']);
    expect(await titles('style=japanese&size=large&maxPrice=50000')).toEqual(['Wave']);
    const item = ((await visitor.client.get(`/api/flash?city=Denver`)).json() as TFlashPage).items[0]!;
    expect(item.artist).toEqual({ id: browse.b, slug: expect.any(String), displayName: 'Browse B', city: 'Denver' });
  });

  it('pages with a cursor, newest first, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await visitor.client.get(`/api/flash?status=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as TFlashPage;
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await rowCount());
    // The expected order comes from the database: created_at has microseconds there, which a JS Date would round away.
    const order = await t.app.ctx.database.db.select({ id: flashDesigns.id }).from(flashDesigns).orderBy(desc(flashDesigns.createdAt), desc(flashDesigns.id));
    expect(seen).toEqual(order.map((r) => r.id));
  });

  it('refuses invalid filters with 400 and a message', async () => {
    for (const q of ['style=helix', 'size=huge', 'minPrice=-5', 'minPrice=500&maxPrice=100', 'status=sold', 'artistId=abc', 'cursor=nope', 'colour=red', 'limit=1000']) {
      const res = await visitor.client.get(`/api/flash?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect((res.json() as { message: string }).message.length, q).toBeGreaterThan(5);
    }
    expect((await visitor.client.get('/api/flash/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await visitor.client.get('/api/flash/not-an-id')).statusCode).toBe(404);
  });
});

describe('PATCH and DELETE /api/flash/:id', () => {
  it('PATCH: visitor 401, other user 403, other artist 403, owner and admin 200', async () => {
    const design = await insertDesign(owner.artistId, { title: 'Before' });
    const url = `/api/flash/${design.id}`;
    for (const [actor, status] of [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
      [owner, 200],
      [admin, 200],
    ] as Array<[Actor, number]>) {
      const res = await patch(actor.client, url, { title: `By ${actor.name}` });
      expect(res.statusCode, `${actor.name}: ${res.body}`).toBe(status);
    }
    const res = await patch(owner.client, url, { status: 'reserved', priceCents: 20000, style: 'dotwork', size: 'medium', sizeLabel: 'palm', repeatable: true, description: 'New' });
    expect(res.json()).toMatchObject({ title: 'By admin', status: 'reserved', priceCents: 20000, style: 'Dotwork', size: 'medium', sizeLabel: 'palm', repeatable: true, description: 'New' });
    expect((await patch(owner.client, url, { style: null })).json()).toMatchObject({ style: null });
    for (const body of [{}, { status: 'sold' }, { priceCents: -1 }, { title: '' }, { style: 'conch' }, { nope: 1 }]) {
      expect((await patch(owner.client, url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(owner.client, '/api/flash/00000000-0000-4000-8000-000000000000', { title: 'x' })).statusCode).toBe(404);
  });

  it('DELETE: visitor 401, other user 403, other artist 403, owner and admin 204; files go, bookings keep their history', async () => {
    const res = await upload(owner.client, `/api/artists/${owner.artistId}/flash`, FIELDS, { data: await jpegImage() });
    const design = res.json() as TFlashDesign;
    const url = `/api/flash/${design.id}`;
    for (const [actor, status] of [
      [visitor, 401],
      [otherUser, 403],
      [otherArtist, 403],
    ] as Array<[Actor, number]>) {
      expect((await actor.client.delete(url)).statusCode, actor.name).toBe(status);
    }
    const artist = await createArtist(t.app);
    const client = await createUser(t.app);
    const start = new Date(Date.now() + 10 * 86_400_000);
    const [booking] = await t.app.ctx.database.db
      .insert(bookings)
      .values({ artistId: owner.artistId, clientId: client.id, serviceId: artist.services[0]!.id, flashDesignId: design.id, startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), depositCents: 10000 })
      .returning();
    expect((await owner.client.delete(url)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: design.imageUrl })).statusCode).toBe(404);
    expect(storedFiles().some((f) => f.includes(design.id))).toBe(false);
    const [after] = await t.app.ctx.database.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(after?.flashDesignId).toBeNull();
    expect((await owner.client.delete(url)).statusCode).toBe(404);

    const another = await insertDesign(owner.artistId);
    expect((await admin.client.delete(`/api/flash/${another.id}`)).statusCode).toBe(204);
  });
});

describe('booking a flash design', () => {
  const db = () => t.app.ctx.database.db;

  it('lets exactly one of 10 concurrent bookings reserve a one-off design', async () => {
    const design = await insertDesign(owner.artistId, { repeatable: false });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        db().transaction(async (tx) => {
          const reserved = await reserveFlashDesign(tx, design.id);
          // Hold the transaction open a moment, as a booking insert would, so the others really overlap.
          await tx.execute(sql`select pg_sleep(0.05)`);
          return reserved;
        }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const l of lost) expect(l.reason).toMatchObject({ code: 'CONFLICT', status: 409, message: 'This design has already been booked.' });
    const [row] = await db().select().from(flashDesigns).where(eq(flashDesigns.id, design.id));
    expect(row?.status).toBe('reserved');
    await expect(db().transaction((tx) => assertFlashBookable(tx, design.id))).rejects.toMatchObject({ code: 'CONFLICT', message: 'This design has already been booked.' });
    await expect(db().transaction((tx) => reserveFlashDesign(tx, design.id))).rejects.toMatchObject({ code: 'CONFLICT' });

    await db().transaction((tx) => releaseFlashDesign(tx, design.id));
    expect((await db().transaction((tx) => reserveFlashDesign(tx, design.id))).id).toBe(design.id);
  });

  it('lets a repeatable design be booked by everyone, and stays available', async () => {
    const design = await insertDesign(owner.artistId, { repeatable: true });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => db().transaction((tx) => reserveFlashDesign(tx, design.id))));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const [row] = await db().select().from(flashDesigns).where(eq(flashDesigns.id, design.id));
    expect(row?.status).toBe('available');
    await db().update(flashDesigns).set({ status: 'gone' }).where(eq(flashDesigns.id, design.id));
    await expect(db().transaction((tx) => reserveFlashDesign(tx, design.id))).rejects.toMatchObject({ code: 'CONFLICT', message: 'This design is no longer available.' });
  });

  it('checks existence, artist and status before a booking is written', async () => {
    const design = await insertDesign(owner.artistId);
    expect(await assertFlashBookable(db(), design.id, { artistId: owner.artistId })).toMatchObject({ id: design.id, artistId: owner.artistId, priceCents: 15000, repeatable: false });
    await expect(assertFlashBookable(db(), design.id, { artistId: otherArtist.artistId })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(assertFlashBookable(db(), '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reserveFlashDesign(db(), 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await db().update(flashDesigns).set({ status: 'gone' }).where(eq(flashDesigns.id, design.id));
    await expect(assertFlashBookable(db(), design.id)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This design has already been booked.' });
  });
});

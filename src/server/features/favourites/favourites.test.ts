import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import {
  FAVOURITE_FORM_PATH,
  FAVOURITES_MAX_PER_KIND,
  favouriteUrl,
  ZFavouriteIds,
  ZFavourites,
  ZFavouriteSaved,
  type TFavourites,
} from '../../../shared/contracts/favourites.ts';
import { artistProfiles, favouriteArtists, flashDesigns } from '../../db/schema/index.ts';
import { FAVOURITES_RATE_LIMIT, PENDING_FAVOURITE_COOKIE } from './routes.ts';

let t: TestApp;
let artist: Awaited<ReturnType<typeof createArtist>>;
let otherArtist: Awaited<ReturnType<typeof createArtist>>;
let designId: string;
// Sign-ups are limited to 10 a minute from one address: the people of this file are made once.
type Person = Awaited<ReturnType<typeof createUser>>;
let alice: Person, bob: Person, saver: Person, carol: Person, filler: Person, busy: Person, former: Person, returning: Person;

const put = (c: TestClient, url: string) => c.request('PUT', url);

async function insertDesign(artistId: string, title: string): Promise<string> {
  const id = randomUUID();
  await t.app.ctx.database.db.insert(flashDesigns).values({
    id,
    artistId,
    title,
    size: 'small',
    priceCents: 15000,
    storageKey: `flash/${artistId}/${id}.webp`,
    thumbKey: `flash/${artistId}/${id}_thumb.webp`,
    width: 800,
    height: 800,
  });
  return id;
}

async function favourites(c: TestClient): Promise<TFavourites> {
  const res = await c.get('/api/favourites');
  expect(res.statusCode, res.body).toBe(200);
  // The shared schema is strict: an extra or missing field fails here.
  return ZFavourites.parse(res.json());
}

async function ids(c: TestClient) {
  const res = await c.get('/api/favourites/ids');
  expect(res.statusCode, res.body).toBe(200);
  return ZFavouriteIds.parse(res.json());
}

/** The heart's form as a browser posts it before hydration: urlencoded, vouched same-origin by Sec-Fetch-Site. */
function postForm(c: TestClient, fields: Record<string, string>, headers: Record<string, string | undefined> = { 'sec-fetch-site': 'same-origin' }) {
  return c.request('POST', FAVOURITE_FORM_PATH, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });
}

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { displayName: 'Rosa Saved', city: 'Austin', ratings: [5, 4] });
  otherArtist = await createArtist(t.app, { displayName: 'Other Artist' });
  designId = await insertDesign(artist.id, 'Swallow');
  const people: Person[] = [];
  for (const firstName of ['Alice', 'Bob', 'Saver', 'Carol', 'Filler', 'Busy', 'Former', 'Returning']) people.push(await createUser(t.app, { firstName }));
  [alice, bob, saver, carol, filler, busy, former, returning] = people as [Person, Person, Person, Person, Person, Person, Person, Person];
});
afterAll(async () => t?.close());

describe('favourites API', () => {
  it('is for signed-in people only: 401 for every route while signed out', async () => {
    const visitor = new TestClient(t.app);
    for (const [method, url] of [
      ['GET', '/api/favourites'],
      ['GET', '/api/favourites/ids'],
      ['PUT', favouriteUrl('artist', artist.id)],
      ['DELETE', favouriteUrl('artist', artist.id)],
      ['PUT', favouriteUrl('flash', designId)],
      ['DELETE', favouriteUrl('flash', designId)],
    ] as const) {
      const res = await visitor.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a save or removal without the CSRF token', async () => {
    const me = carol;
    await me.client.csrfToken();
    for (const method of ['PUT', 'DELETE']) {
      const res = await me.client.request(method, favouriteUrl('artist', artist.id), undefined, { 'x-csrf-token': '' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF_FAILED');
    }
    expect((await ids(me.client)).artistIds).toEqual([]);
  });

  it('saves an artist and a design once (PUT twice is the same save), lists them newest first, and removes them', async () => {
    const me = saver;
    const first = await put(me.client, favouriteUrl('artist', artist.id));
    expect(first.statusCode, first.body).toBe(201);
    const saved = ZFavouriteSaved.parse(first.json());
    expect(saved).toMatchObject({ kind: 'artist', id: artist.id });
    const again = await put(me.client, favouriteUrl('artist', artist.id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved);
    const [row] = await t.app.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(favouriteArtists).where(eq(favouriteArtists.artistId, artist.id));
    expect(row?.n).toBe(1);

    expect((await put(me.client, favouriteUrl('flash', designId))).statusCode).toBe(201);
    expect((await put(me.client, favouriteUrl('artist', otherArtist.id))).statusCode).toBe(201);

    expect(await ids(me.client)).toEqual({ artistIds: [otherArtist.id, artist.id], flashDesignIds: [designId] });
    const list = await favourites(me.client);
    expect(list.artists.map((a) => a.displayName)).toEqual(['Other Artist', 'Rosa Saved']);
    expect(list.artists[1]).toMatchObject({ id: artist.id, slug: artist.slug, city: 'Austin', rating: { value: 4.5, count: 2 }, photoUrl: null, savedAt: saved.savedAt });
    expect(list.flash).toEqual([
      expect.objectContaining({
        id: designId,
        title: 'Swallow',
        status: 'available',
        priceCents: 15000,
        thumbUrl: `/uploads/flash/${artist.id}/${designId}_thumb.webp`,
        artist: { id: artist.id, slug: artist.slug, displayName: 'Rosa Saved', city: 'Austin' },
      }),
    ]);

    const removed = await me.client.delete(favouriteUrl('artist', artist.id));
    expect(removed.statusCode).toBe(204);
    // Removing what is not saved is the same outcome, not an error.
    expect((await me.client.delete(favouriteUrl('artist', artist.id))).statusCode).toBe(204);
    expect((await me.client.delete(favouriteUrl('flash', designId))).statusCode).toBe(204);
    expect(await ids(me.client)).toEqual({ artistIds: [otherArtist.id], flashDesignIds: [] });
  });

  it('answers 404 for ids that name no artist or design', async () => {
    const me = carol;
    const cases = [
      favouriteUrl('artist', randomUUID()),
      favouriteUrl('artist', 'not-a-uuid'),
      favouriteUrl('artist', designId), // a design's id is not an artist's
      favouriteUrl('flash', randomUUID()),
      favouriteUrl('flash', artist.id),
      favouriteUrl('flash', '12345'),
    ];
    for (const url of cases) {
      for (const method of ['PUT', 'DELETE']) {
        const res = await me.client.request(method, url);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
    expect(await ids(me.client)).toEqual({ artistIds: [], flashDesignIds: [] });
  });

  it('keeps each person’s favourites to themselves: nobody sees or changes another’s', async () => {
    expect((await put(alice.client, favouriteUrl('artist', artist.id))).statusCode).toBe(201);
    expect((await put(alice.client, favouriteUrl('flash', designId))).statusCode).toBe(201);

    // Bob's lists are his own (empty), whatever Alice saved.
    expect(await favourites(bob.client)).toEqual({ artists: [], flash: [] });
    expect(await ids(bob.client)).toEqual({ artistIds: [], flashDesignIds: [] });
    // Bob removing the same artist and design removes nothing of Alice's.
    expect((await bob.client.delete(favouriteUrl('artist', artist.id))).statusCode).toBe(204);
    expect((await bob.client.delete(favouriteUrl('flash', designId))).statusCode).toBe(204);
    expect(await ids(alice.client)).toEqual({ artistIds: [artist.id], flashDesignIds: [designId] });
    // Bob saving the same artist is his save, with his own time; Alice's stays as it was.
    const before = (await favourites(alice.client)).artists[0]!.savedAt;
    expect((await put(bob.client, favouriteUrl('artist', artist.id))).statusCode).toBe(201);
    expect((await favourites(alice.client)).artists[0]!.savedAt).toBe(before);
    expect((await favourites(bob.client)).flash).toEqual([]);
    // No route takes a user id: a query string naming Alice changes nothing.
    const res = await bob.client.get(`/api/favourites?userId=${alice.id}`);
    expect((ZFavourites.parse(res.json())).flash).toEqual([]);
  });

  it('forgets a favourite when its design or artist is deleted', async () => {
    const me = saver;
    const doomed = await createArtist(t.app, { displayName: 'Leaving Artist' });
    const doomedDesign = await insertDesign(artist.id, 'Withdrawn');
    await put(me.client, favouriteUrl('artist', doomed.id));
    await put(me.client, favouriteUrl('flash', doomedDesign));
    const { db } = t.app.ctx.database;
    await db.delete(flashDesigns).where(eq(flashDesigns.id, doomedDesign));
    await db.delete(artistProfiles).where(eq(artistProfiles.id, doomed.id));
    const list = await favourites(me.client);
    expect(list.artists.map((a) => a.id)).toEqual([otherArtist.id]);
    expect(list.flash).toEqual([]);
  });

  it(`stops at ${FAVOURITES_MAX_PER_KIND} saved artists with 409, while a repeated save still answers 200`, async () => {
    const me = filler;
    const { db } = t.app.ctx.database;
    const fillers = await Promise.all(Array.from({ length: 3 }, (_, i) => createArtist(t.app, { displayName: `Filler ${i}` })));
    expect((await put(me.client, favouriteUrl('artist', fillers[0]!.id))).statusCode).toBe(201);
    // Rows pointing at the same few artists cannot exist (one per pair), so fill the rest with fresh artists in one insert.
    const extra = FAVOURITES_MAX_PER_KIND - 1;
    await db.execute(sql`
      WITH u AS (INSERT INTO users (id, name, email) SELECT 'filler-' || g || '-' || ${me.id}, 'Filler', 'filler-' || g || '-' || ${me.id} || '@example.test' FROM generate_series(1, ${extra}) g RETURNING id),
           a AS (INSERT INTO artist_profiles (user_id, slug, display_name, kind, city, country, timezone, lat, lng)
                 SELECT id, 'fill-' || md5(id), 'Fill', 'tattoo', 'Portland', 'US', 'America/Los_Angeles', 45.5, -122.6 FROM u RETURNING id)
      INSERT INTO favourite_artists (user_id, artist_id) SELECT ${me.id}, id FROM a
    `);
    expect((await ids(me.client)).artistIds).toHaveLength(FAVOURITES_MAX_PER_KIND);
    const refused = await put(me.client, favouriteUrl('artist', fillers[1]!.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_REACHED', message: expect.stringContaining(`${FAVOURITES_MAX_PER_KIND} saved artists`) });
    expect((await put(me.client, favouriteUrl('artist', fillers[0]!.id))).statusCode).toBe(200);
    // Designs have their own allowance.
    expect((await put(me.client, favouriteUrl('flash', designId))).statusCode).toBe(201);
    expect((await me.client.delete(favouriteUrl('artist', fillers[0]!.id))).statusCode).toBe(204);
    expect((await put(me.client, favouriteUrl('artist', fillers[1]!.id))).statusCode).toBe(201);
  });

  it(`limits saves and removals to ${FAVOURITES_RATE_LIMIT.max} a minute per person`, async () => {
    const calm = bob;
    for (let i = 0; i < FAVOURITES_RATE_LIMIT.max; i++) {
      const res = i % 2 ? await busy.client.delete(favouriteUrl('artist', artist.id)) : await put(busy.client, favouriteUrl('artist', artist.id));
      expect(res.statusCode, `request ${i + 1}`).toBeLessThan(300);
    }
    const limited = await put(busy.client, favouriteUrl('flash', designId));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Reading is not limited, and another person is not slowed by the first.
    expect((await busy.client.get('/api/favourites/ids')).statusCode).toBe(200);
    expect((await put(calm.client, favouriteUrl('flash', designId))).statusCode).toBeLessThan(300);
  });
});

describe('the heart as a form (before hydration)', () => {
  it('saves and removes for a signed-in person, then returns to the page with 303', async () => {
    const me = former;
    const page = `/artists/${artist.slug}?tab=flash`;
    const saved = await postForm(me.client, { kind: 'artist', id: artist.id, intent: 'save', returnTo: page });
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe(page);
    const flash = await postForm(me.client, { kind: 'flash', id: designId, intent: 'save', returnTo: '/flash' });
    expect(flash.headers.location).toBe('/flash');
    expect(await ids(me.client)).toEqual({ artistIds: [artist.id], flashDesignIds: [designId] });
    const removed = await postForm(me.client, { kind: 'artist', id: artist.id, intent: 'remove', returnTo: page });
    expect(removed.statusCode).toBe(303);
    expect((await ids(me.client)).artistIds).toEqual([]);
  });

  it('refuses a post from another site, and never returns to another origin', async () => {
    const me = carol;
    const forged = await postForm(me.client, { kind: 'artist', id: artist.id, intent: 'save', returnTo: '/' }, { 'sec-fetch-site': 'cross-site' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
    expect((await ids(me.client)).artistIds).toEqual([]);
    for (const returnTo of ['https://evil.test/x', '//evil.test', '/api/logout']) {
      const res = await postForm(me.client, { kind: 'artist', id: artist.id, intent: 'remove', returnTo });
      expect(res.headers.location, returnTo).toBe('/home');
    }
  });

  it('answers bad fields with 400 and unknown ids with 404', async () => {
    const me = carol;
    const bad = await postForm(me.client, { kind: 'studio', id: artist.id, intent: 'save', returnTo: '/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const unknown = await postForm(me.client, { kind: 'flash', id: randomUUID(), intent: 'save', returnTo: '/' });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends a signed-out visitor to sign in and saves what they pressed when they come back', async () => {
    const visitor = new TestClient(t.app);
    const page = `/artists/${artist.slug}`;
    const res = await postForm(visitor, { kind: 'artist', id: artist.id, intent: 'save', returnTo: page });
    expect(res.statusCode).toBe(303);
    const login = new URL(res.headers.location as string, 'http://localhost');
    expect(login.pathname).toBe('/api/login');
    const continueUrl = login.searchParams.get('returnTo')!;
    expect(continueUrl).toBe(`/favourites/continue?returnTo=${encodeURIComponent(page)}`);
    expect(visitor.cookieHeader()).toContain(`${PENDING_FAVOURITE_COOKIE}=artist:${artist.id}`);

    // Still signed out: the continue page just goes back, keeping what waits.
    const early = await visitor.get(continueUrl);
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe(page);
    expect(visitor.cookieHeader()).toContain(PENDING_FAVOURITE_COOKIE);

    const signIn = await visitor.post('/api/auth/sign-in', { email: returning.email, password: returning.password });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const back = await visitor.get(continueUrl);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(page);
    expect(await ids(visitor)).toEqual({ artistIds: [artist.id], flashDesignIds: [] });
    expect(visitor.cookieHeader()).not.toContain(PENDING_FAVOURITE_COOKIE);
    // Once only: a second visit saves nothing more and still goes back.
    await visitor.delete(favouriteUrl('artist', artist.id));
    expect((await visitor.get(continueUrl)).headers.location).toBe(page);
    expect((await ids(visitor)).artistIds).toEqual([]);
  });

  it('saves nothing on the continue page that the person’s own form post did not ask for', async () => {
    const me = carol;
    // Without the cookie (a link from another site), nothing is saved.
    expect((await me.client.get(`/favourites/continue?returnTo=${encodeURIComponent('/flash')}`)).headers.location).toBe('/flash');
    expect(await ids(me.client)).toEqual({ artistIds: [], flashDesignIds: [] });
    // A cookie that is not one we set, or names something gone, is dropped without an error.
    for (const value of ['artist:nope', `studio:${artist.id}`, `flash:${randomUUID()}`, `artist:${artist.id}:x`]) {
      const res = await me.client.get(`/favourites/continue?returnTo=%2Fflash`, { cookie: `${me.client.cookieHeader()}; ${PENDING_FAVOURITE_COOKIE}=${value}` });
      expect(res.statusCode, value).toBe(303);
      expect(res.headers.location).toBe('/flash');
    }
    expect(await ids(me.client)).toEqual({ artistIds: [], flashDesignIds: [] });
    // It never loops back to itself or leaves the site.
    const loop = await me.client.get(`/favourites/continue?returnTo=${encodeURIComponent('/favourites/continue?returnTo=/x')}`);
    expect(loop.headers.location).toBe('/home');
    expect((await me.client.get('/favourites/continue?returnTo=https%3A%2F%2Fevil.test')).headers.location).toBe('/home');
  });
});

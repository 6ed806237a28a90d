import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist, createStudio } from '../../../../tests/support/factories.ts';
import { CITIES as BUNDLED_CITIES } from '../../../shared/cities.ts';
import { CITIES as SEED_CITIES, MORE_CITIES } from '../../db/seed/data.ts';
import { artistDrafts, auditLog, bookings, services, users } from '../../db/schema/index.ts';

let t: TestApp;
let slugCounter = 0;
const nextSlug = (base = 'artist') => `${base}-${++slugCounter}-${randomUUID().slice(0, 6)}`;

type Body = Record<string, unknown>;
const session = (over: Body = {}) => ({ name: 'Half-day session', kind: 'tattoo', durationMinutes: 240, priceMinCents: 40000, priceMaxCents: 80000, depositCents: 15000, ...over });
const consultation = { name: 'Consultation', kind: 'consultation', durationMinutes: 30, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 };
const profileBody = (over: Body = {}): Body => ({
  kind: 'tattoo',
  displayName: 'Rowan Vale',
  slug: nextSlug('rowan-vale'),
  bio: 'Fine line botanicals and tiny script.',
  styles: ['Fine Line', 'Minimalist'],
  cityId: 'portland-us',
  studio: { mode: 'independent' },
  services: [consultation, session()],
  workingHours: { '1': [['10:00', '18:00']], '2': [['10:00', '13:00'], ['14:00', '18:00']] },
  instagram: '@rowan.vale',
  noticeHours: 48,
  ...over,
});

async function newArtist(over: Body = {}) {
  const user = await createUser(t.app);
  const res = await user.client.post('/api/artists', profileBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return { ...user, profile: res.json() as { id: string; slug: string; services: Array<{ id: string; name: string }> } };
}

let ipCounter = 0;
/** Signs up through the API; each from its own address (the test app trusts X-Forwarded-For from fastify.inject's 127.0.0.1), so sign-up's rate limit (10 a minute per address) stays out of the way. */
async function createUser(_app: unknown, opts: { firstName?: string; isAdmin?: boolean } = {}) {
  ipCounter += 1;
  const client = new TestClient(t.app);
  const email = `onboarding-${randomUUID().slice(0, 8)}@example.test`;
  const res = await client.post('/api/auth/sign-up', { firstName: opts.firstName ?? 'Tester', email, password: 'a-long-test-passphrase' }, { 'x-forwarded-for': `10.9.${ipCounter >> 8}.${ipCounter & 255}` });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { id } = (await client.get('/api/auth/user')).json() as { id: string };
  if (opts.isAdmin) {
    await t.app.ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
    t.app.ctx.sessions.evictUser(id);
  }
  return { client, id, email };
}

const patch = (client: TestClient, id: string, body: unknown) => client.request('PATCH', `/api/artists/${id}`, body);

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => t.close());

describe('bundled cities', () => {
  it('include every demo-seed city with the same time zone', () => {
    for (const c of [...Object.values(SEED_CITIES), ...MORE_CITIES]) {
      const match = BUNDLED_CITIES.find((b) => b.name === c.name && b.country === c.country);
      expect(match, `${c.name}, ${c.country}`).toBeDefined();
      expect(match?.timezone).toBe(c.timezone);
    }
  });
});

describe('POST /api/artists', () => {
  it('creates the profile, services, audit row and drops the draft, in one go', async () => {
    const user = await createUser(t.app, { firstName: 'Rowan' });
    expect((await user.client.request('PUT', '/api/artists/draft', { step: 3, data: { displayName: 'Rowan' } })).statusCode).toBe(200);
    expect((await user.client.get('/api/artists/profile/me')).statusCode).toBe(404);

    const slug = nextSlug('rowan');
    const res = await user.client.post('/api/artists', profileBody({ slug }));
    expect(res.statusCode, res.body).toBe(201);
    const profile = res.json();
    expect(profile).toMatchObject({
      slug,
      displayName: 'Rowan Vale',
      kind: 'tattoo',
      styles: ['Fine Line', 'Minimalist'],
      city: 'Portland',
      country: 'US',
      timezone: 'America/Los_Angeles',
      lat: 45.5152,
      lng: -122.6784,
      instagram: 'rowan.vale',
      studio: null,
      verified: false,
      policy: { noticeHours: 48 },
      workingHours: { '1': [['10:00', '18:00']], '2': [['10:00', '13:00'], ['14:00', '18:00']] },
    });
    expect(profile.services.map((s: { name: string; depositCents: number }) => [s.name, s.depositCents])).toEqual([
      ['Consultation', 0],
      ['Half-day session', 15000],
    ]);

    const db = t.app.ctx.database.db;
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, profile.id), eq(auditLog.action, 'artist.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, subjectType: 'artist_profile' });
    expect(await db.select().from(artistDrafts).where(eq(artistDrafts.userId, user.id))).toHaveLength(0);

    expect((await user.client.get('/api/artists/profile/me')).json()).toMatchObject({ id: profile.id, slug });
    expect((await user.client.get('/api/auth/user')).json()).toMatchObject({ isArtist: true });
    expect((await new TestClient(t.app).get(`/api/artists/${slug}`)).json()).toMatchObject({ id: profile.id });
  });

  it('creates a new studio in the artist’s city, or joins a listed one', async () => {
    const created = await newArtist({ cityId: 'berlin-de', studio: { mode: 'create', name: 'Spree Ink Collective', address: 'Oranienstraße 12' } });
    expect(created.profile).toMatchObject({ city: 'Berlin', timezone: 'Europe/Berlin', studio: { name: 'Spree Ink Collective', address: 'Oranienstraße 12', city: 'Berlin' } });
    const studioSlug = (created.profile as unknown as { studio: { slug: string } }).studio.slug;
    const studio = (await new TestClient(t.app).get(`/api/studios/${studioSlug}`)).json();
    expect(studio).toMatchObject({ timezone: 'Europe/Berlin', country: 'DE' });

    const joined = await newArtist({ cityId: 'berlin-de', studio: { mode: 'join', studioId: studio.id } });
    expect((joined.profile as unknown as { studio: { slug: string } }).studio.slug).toBe(studioSlug);
    const again = await newArtist({ cityId: 'berlin-de', studio: { mode: 'create', name: 'Spree Ink Collective', address: 'Elsewhere 1' } });
    expect((again.profile as unknown as { studio: { slug: string } }).studio.slug).toBe(`${studioSlug}-2`);
  });

  it('accepts a piercer with a difficulty and a duration inside its range', async () => {
    const { profile } = await newArtist({
      kind: 'piercing',
      styles: ['Helix', 'Septum'],
      services: [session({ name: 'Helix piercing', kind: 'piercing', difficulty: 'Intermediate', durationMinutes: 40, priceMinCents: 12000, priceMaxCents: 20000, depositCents: 10000 })],
    });
    expect(profile.services[0]).toMatchObject({ name: 'Helix piercing', difficulty: 'Intermediate', durationMinutes: 40 });
  });

  it('answers 401 to visitors', async () => {
    const res = await new TestClient(t.app).post('/api/artists', profileBody());
    expect(res.statusCode).toBe(401);
  });

  const invalid: Array<[string, Body, RegExp]> = [
    ['an unknown kind', { kind: 'painter' }, /^kind: Choose tattoo, piercing or both/],
    ['no display name', { displayName: ' ' }, /^displayName: Enter the name clients will see/],
    ['a short slug', { slug: 'ab' }, /^slug: Use at least 3 characters/],
    ['a long slug', { slug: 'a'.repeat(41) }, /^slug: Use at most 40 characters/],
    ['an upper-case slug', { slug: 'Rowan-Vale' }, /^slug: Use lowercase letters, digits and single hyphens/],
    ['a slug with a double hyphen', { slug: 'rowan--vale' }, /^slug: Use lowercase letters/],
    ['a reserved slug', { slug: 'new' }, /^slug: That address is reserved/],
    ['a reserved slug (onboarding)', { slug: 'onboarding' }, /^slug: That address is reserved/],
    ['a slug shaped like an id', { slug: randomUUID() }, /^slug: That address looks like an id/],
    ['a long bio', { bio: 'x'.repeat(2001) }, /^bio: Keep the bio to 2000 characters/],
    ['an empty bio', { bio: '   ' }, /^bio: Write at least 30 characters about your work/],
    ['a one-word bio', { bio: 'Tattoos.' }, /^bio: Write at least 30 characters about your work/],
    ['no bio at all', { bio: undefined }, /^bio: /],
    ['no styles', { styles: [] }, /^styles: Choose at least one style: clients search by style/],
    ['no styles at all', { styles: undefined }, /^styles: /],
    ['a style not in the guides', { styles: ['Cubism'] }, /^styles\.0: "Cubism" is not a tattoo style/],
    ['a piercing style for a tattoo artist', { styles: ['Helix'] }, /^styles\.0: "Helix" is not a tattoo style/],
    ['a tattoo style for a piercer', { kind: 'piercing', styles: ['Realism'], services: [consultation] }, /^styles\.0: "Realism" is not a piercing style/],
    ['a style twice', { styles: ['Realism', 'Realism'] }, /^styles\.1: "Realism" is listed twice/],
    ['an unknown city', { cityId: 'atlantis-xx' }, /^cityId: Choose a city from the list/],
    ['client coordinates', { lat: 1, lng: 2 }, /Unknown fields "lat", "lng"/],
    ['no services', { services: [] }, /^services: Add at least one service/],
    ['a session deposit under $100', { services: [session({ depositCents: 5000 })] }, /^services\.0\.depositCents: A session deposit must be between \$100 and \$500/],
    ['a session deposit over $500', { services: [session({ depositCents: 60000, priceMaxCents: 90000 })] }, /^services\.0\.depositCents: A session deposit must be between \$100 and \$500/],
    ['a consultation deposit over $50', { services: [{ ...consultation, priceMaxCents: 10000, depositCents: 6000 }] }, /^services\.0\.depositCents: A consultation deposit can be at most \$50/],
    ['a deposit above the price', { services: [session({ priceMinCents: 10000, priceMaxCents: 12000, depositCents: 15000 })] }, /^services\.0\.depositCents: The deposit cannot be more than the highest price/],
    ['a top price below the lowest', { services: [session({ priceMinCents: 50000, priceMaxCents: 40000 })] }, /^services\.0\.priceMaxCents: The highest price must not be below the lowest price/],
    ['fractional cents', { services: [session({ priceMinCents: 100.5 })] }, /^services\.0\.priceMinCents: Use a whole number/],
    ['a zero-minute service', { services: [session({ durationMinutes: 0 })] }, /^services\.0\.durationMinutes: A service lasts at least 5 minutes/],
    ['a service without a name', { services: [session({ name: '' })] }, /^services\.0\.name: Give the service a name/],
    ['an unknown service kind', { services: [session({ kind: 'massage' })] }, /^services\.0\.kind: Choose consultation, tattoo or piercing/],
    [
      'a piercing without a difficulty',
      { kind: 'piercing', styles: ['Helix'], services: [session({ kind: 'piercing', durationMinutes: 30, priceMinCents: 12000 })] },
      /^services\.0\.difficulty: Choose how difficult this piercing is/,
    ],
    [
      'a Beginner piercing of 45 minutes',
      { kind: 'piercing', styles: ['Helix'], services: [session({ kind: 'piercing', difficulty: 'Beginner', durationMinutes: 45, priceMinCents: 12000 })] },
      /^services\.0\.durationMinutes: A Beginner piercing takes 15–30 minutes/,
    ],
    [
      'an Expert piercing of 30 minutes',
      { kind: 'piercing', styles: ['Helix'], services: [session({ kind: 'piercing', difficulty: 'Expert', durationMinutes: 30, priceMinCents: 12000 })] },
      /^services\.0\.durationMinutes: An Expert piercing takes 45–90 minutes/,
    ],
    ['a piercing from a tattoo artist', { services: [session({ kind: 'piercing', difficulty: 'Beginner', durationMinutes: 20 })] }, /^services\.0\.kind: A tattoo artist cannot offer piercings/],
    ['a time that is not HH:MM', { workingHours: { '1': [['9:00', '17:00']] } }, /^workingHours\.1\.0\.0: Use a 24-hour time like 09:30/],
    ['an hour past 23', { workingHours: { '1': [['10:00', '24:30']] } }, /^workingHours\.1\.0\.1: Use a 24-hour time/],
    ['an end before the start', { workingHours: { '3': [['18:00', '10:00']] } }, /^workingHours\.3\.0: The end time must be after the start time/],
    ['overlapping ranges', { workingHours: { '5': [['10:00', '14:00'], ['13:00', '18:00']] } }, /^workingHours\.5: 10:00–14:00 and 13:00–18:00 overlap/],
    ['an eighth weekday', { workingHours: { '8': [['10:00', '12:00']] } }, /Unknown field "8" in workingHours/],
    ['an Instagram handle with spaces', { instagram: 'rowan vale' }, /^instagram: Use 1–30 letters, digits, dots or underscores/],
    ['an Instagram handle of 31 characters', { instagram: 'a'.repeat(31) }, /^instagram: Use 1–30 letters/],
    ['24 hours of notice', { noticeHours: 24 }, /^noticeHours: Notice must be between 48 and 72 hours/],
    ['96 hours of notice', { noticeHours: 96 }, /^noticeHours: Notice must be between 48 and 72 hours/],
    ['an unknown studio choice', { studio: { mode: 'borrow' } }, /^studio\.mode: /],
    ['a studio that does not exist', { studio: { mode: 'join', studioId: randomUUID() } }, /^studio\.studioId: That studio was not found/],
    ['a new studio without an address', { studio: { mode: 'create', name: 'Ink Lab', address: '' } }, /^studio\.address: Enter the studio address/],
  ];

  it.each(invalid)('refuses %s with a readable 400', async (_label, over, message) => {
    const user = await createUser(t.app);
    const res = await user.client.post('/api/artists', profileBody(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await user.client.get('/api/artists/profile/me')).statusCode).toBe(404);
  });

  it('allows one profile per user (409 the second time)', async () => {
    const { client } = await newArtist();
    const res = await client.post('/api/artists', profileBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'You already have an artist profile.' });
  });

  it('lets the database settle a race for one slug: one 201, one 409', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const slug = nextSlug('race');
    const results = await Promise.all([a.client.post('/api/artists', profileBody({ slug })), b.client.post('/api/artists', profileBody({ slug }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'CONFLICT', message: 'That profile address is taken' });
    // The loser's transaction left nothing behind.
    const loser = results[0]!.statusCode === 409 ? a : b;
    expect((await loser.client.get('/api/artists/profile/me')).statusCode).toBe(404);
  });
});

describe('GET /api/artists/slug-available', () => {
  const c = () => new TestClient(t.app);
  it('says whether an address is free and suggests another', async () => {
    const free = nextSlug('free');
    expect((await c().get(`/api/artists/slug-available?slug=${free}`)).json()).toEqual({ slug: free, available: true, reason: null, suggestion: null });
    const { profile } = await newArtist();
    const taken = (await c().get(`/api/artists/slug-available?slug=${profile.slug}`)).json();
    expect(taken).toEqual({ slug: profile.slug, available: false, reason: 'That profile address is taken', suggestion: `${profile.slug}-2` });
    const reserved = (await c().get('/api/artists/slug-available?slug=create')).json();
    expect(reserved).toMatchObject({ available: false, reason: 'That address is reserved; choose another.', suggestion: 'create-artist' });
    const messy = (await c().get(`/api/artists/slug-available?slug=${encodeURIComponent('Zoë Hart!')}`)).json();
    expect(messy).toMatchObject({ available: false, suggestion: 'zoe-hart' });
    expect((await c().get('/api/artists/slug-available')).statusCode).toBe(400);
  });
});

describe('the wizard draft', () => {
  it('is saved, restored, size-limited and private', async () => {
    const { client } = await createUser(t.app);
    expect((await client.get('/api/artists/draft')).json()).toEqual({ step: 0, data: {}, updatedAt: null });
    const data = { kind: 'both', displayName: 'Ash', services: [{ name: 'Lobe', price: '40' }] };
    const saved = await client.request('PUT', '/api/artists/draft', { step: 2, data });
    expect(saved.statusCode, saved.body).toBe(200);
    const restored = (await client.get('/api/artists/draft')).json();
    expect(restored).toMatchObject({ step: 2, data });
    expect(Date.parse(restored.updatedAt)).not.toBeNaN();
    expect((await client.request('PUT', '/api/artists/draft', { step: 4, data: { displayName: 'Ash B' } })).json()).toMatchObject({ step: 4, data: { displayName: 'Ash B' } });

    const big = await client.request('PUT', '/api/artists/draft', { step: 1, data: { bio: 'x'.repeat(40_000) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/^data: The draft is too large/);
    expect((await client.request('PUT', '/api/artists/draft', { step: 9, data: {} })).statusCode).toBe(400);

    const other = await createUser(t.app);
    expect((await other.client.get('/api/artists/draft')).json()).toMatchObject({ step: 0, data: {} });
    expect((await new TestClient(t.app).get('/api/artists/draft')).statusCode).toBe(401);
  });
});

describe('PATCH /api/artists/:id', () => {
  it('lets the owner and admins edit; others are refused', async () => {
    const owner = await newArtist();
    const otherArtist = await newArtist();
    const otherUser = await createUser(t.app);
    const admin = await createUser(t.app, { isAdmin: true });
    const id = owner.profile.id;

    expect((await patch(new TestClient(t.app), id, { bio: 'visitor' })).statusCode).toBe(401);
    expect((await patch(otherUser.client, id, { bio: 'stranger' })).statusCode).toBe(403);
    expect((await patch(otherArtist.client, id, { bio: 'rival' })).statusCode).toBe(403);
    expect((await otherUser.client.get(`/api/artists/${id}/editable`)).statusCode).toBe(403);

    const mine = await patch(owner.client, id, { bio: 'Updated by me: fine line and botanicals.' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().bio).toBe('Updated by me: fine line and botanicals.');
    const byAdmin = await patch(admin.client, id, { displayName: 'Rowan V.' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ displayName: 'Rowan V.', bio: 'Updated by me: fine line and botanicals.' });

    const audits = await t.app.ctx.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'artist.update')));
    expect(audits.map((a) => a.data)).toEqual(expect.arrayContaining([{ fields: ['bio'], byAdmin: false }, { fields: ['displayName'], byAdmin: true }]));
    expect((await patch(owner.client, randomUUID(), { bio: 'x' })).statusCode).toBe(404);
    expect((await patch(owner.client, id, {})).statusCode).toBe(400);
  });

  it('edits every field: city by id, hours, studio, notice, Instagram; checks rules on the merged profile', async () => {
    const { client, profile } = await newArtist();
    const studio = await createStudio(t.app, { name: 'Harbor Tattoo' });
    const res = await patch(client, profile.id, {
      cityId: 'melbourne-au',
      workingHours: { '6': [['11:00', '16:00']] },
      studio: { mode: 'join', studioId: studio.id },
      noticeHours: 72,
      instagram: '',
      styles: ['Japanese'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      city: 'Melbourne',
      timezone: 'Australia/Melbourne',
      workingHours: { '6': [['11:00', '16:00']] },
      studio: { name: 'Harbor Tattoo' },
      policy: { noticeHours: 72 },
      instagram: null,
      styles: ['Japanese'],
    });
    const editable = (await client.get(`/api/artists/${profile.id}/editable`)).json();
    expect(editable).toMatchObject({ cityId: 'melbourne-au', studio: { id: studio.id }, noticeHours: 72 });

    // Becoming a piercer while keeping tattoo styles and services is refused as a whole.
    const kind = await patch(client, profile.id, { kind: 'piercing' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/^styles\.0: "Japanese" is not a piercing style/);
    const slugClash = await patch(client, profile.id, { slug: (await newArtist()).profile.slug });
    expect(slugClash.statusCode).toBe(409);
    expect(slugClash.json().message).toBe('That profile address is taken');
    expect((await patch(client, profile.id, { noticeHours: 12 })).json().message).toMatch(/^noticeHours: Notice must be between 48 and 72 hours/);
  });

  it('replaces services: edits by id, adds new ones, retires booked ones and deletes the rest', async () => {
    const { client, profile } = await newArtist({ services: [consultation, session({ name: 'Small piece', durationMinutes: 90 }), session({ name: 'Full day', durationMinutes: 420 })] });
    const byName = Object.fromEntries(profile.services.map((s) => [s.name, s.id]));
    const db = t.app.ctx.database.db;
    const clientId = randomUUID();
    await db.insert(users).values({ id: clientId, name: 'Client', email: `c-${clientId}@example.test` });
    const start = new Date(Date.now() + 7 * 86_400_000);
    await db.insert(bookings).values({ artistId: profile.id, clientId, serviceId: byName['Full day']!, startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), depositCents: 15000 });

    const res = await patch(client, profile.id, {
      services: [
        { ...session({ name: 'Small piece (2 h)', durationMinutes: 120 }), id: byName['Small piece'] },
        session({ name: 'Flash day', durationMinutes: 60, priceMinCents: 15000, priceMaxCents: 30000, depositCents: 10000 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().services.map((s: { name: string }) => s.name).sort()).toEqual(['Flash day', 'Small piece (2 h)']);
    const rows = await db.select().from(services).where(eq(services.artistId, profile.id));
    expect(rows.find((r) => r.id === byName['Full day'])).toMatchObject({ active: false });
    expect(rows.find((r) => r.id === byName['Consultation'])).toBeUndefined();
    expect(rows.find((r) => r.id === byName['Small piece'])).toMatchObject({ name: 'Small piece (2 h)', durationMinutes: 120, active: true });

    const foreign = (await newArtist()).profile.services[0]!.id;
    const stolen = await patch(client, profile.id, { services: [{ ...session(), id: foreign }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/^services\.0\.id: That service is not one of this profile's services/);
  });
});

describe('search finds a new artist at once', () => {
  it('by name, with the kind filter', async () => {
    const name = `Quillon Marsh ${randomUUID().slice(0, 4)}`;
    const { profile } = await newArtist({
      displayName: name,
      kind: 'both',
      styles: ['Fine Line', 'Helix'],
      services: [session(), session({ name: 'Helix', kind: 'piercing', difficulty: 'Intermediate', durationMinutes: 30, priceMinCents: 12000, depositCents: 10000 })],
    });
    await createArtist(t.app, { displayName: 'Someone Else' });
    const c = new TestClient(t.app);
    const ids = async (query: string) => ((await c.get(`/api/artists?${query}`)).json().items as Array<{ id: string }>).map((i) => i.id);
    expect(await ids(`q=${encodeURIComponent(name)}`)).toContain(profile.id);
    expect(await ids('q=Quillon')).toContain(profile.id);
    expect(await ids(`q=Quillon&kind=piercing`)).toContain(profile.id);
    expect(await ids(`q=Quillon&kind=tattoo`)).toContain(profile.id);
    expect(await ids(`q=Quillon&style=helix`)).toContain(profile.id);

    const tattooOnly = await newArtist({ displayName: `Quillon Tattoo ${randomUUID().slice(0, 4)}` });
    expect(await ids('q=Quillon&kind=tattoo')).toContain(tattooOnly.profile.id);
    expect(await ids('q=Quillon&kind=piercing')).not.toContain(tattooOnly.profile.id);
  });
});

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIES } from '../../src/shared/cities.ts';
import { DATABASE_INPUT_ERRORS } from '../../src/server/http/app-error.ts';
import { bookings } from '../../src/server/db/schema/index.ts';
import { createTestApp, createUser, TestClient, type TestApp } from '../support/db-utils.ts';
import { createArtist } from '../support/factories.ts';
import { multipartBody, pngImage } from '../support/image-fixtures.ts';

/**
 * Every route of the app (app.routeTable) gets hostile input as a visitor, a client and an artist,
 * with valid CSRF tokens. First a sweep: each leaf of a valid JSON body, each form field and each
 * query parameter gets NUL, a lone surrogate and out-of-range dates (cursors: ones that decode to
 * garbage), one at a time. Then random requests: hostile path parameters, query strings, bodies
 * mutated from the valid one, and broken multipart forms (no boundary, cut short, NUL in fields).
 * Bad input must be a 4xx with a code: any 5xx fails the test, and so does a 400 that only the error
 * mapper's last line of defence produced (the schema should have caught it). Seeded, so a failure
 * replays exactly; bounded (about 5,000 requests), so it runs in well under a minute per database.
 */

const SEED = 20261124;
const RANDOM_REQUESTS_PER_ROUTE_AND_ACTOR = 8;
const MAX_REQUESTS = 6000;

/** mulberry32: small, fast and the same on every machine. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

const UUID_ZERO = '00000000-0000-0000-0000-000000000000';
const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors that pass a shape check by regex and fail the cast or `new Date`, plus plain garbage. */
const HOSTILE_CURSORS = [
  b64json({ t: '0000-00-00 00:00:00+00', id: UUID_ZERO }),
  b64json({ t: '9999-99-99 99:99:99.999999+99', id: UUID_ZERO }),
  b64json({ t: '2026-01-01 00:00:00+00', id: '------------------------------------' }),
  b64json({ t: '1-1-1 1:1:1', id: UUID_ZERO }),
  b64json({ t: '0001-01-01T00:00:00Z', id: UUID_ZERO }),
  b64json({ t: '275760-09-13T00:00:00Z', id: UUID_ZERO }),
  b64json({ t: 8.64e15 + 1, id: UUID_ZERO }),
  b64json({ t: 1e308, id: UUID_ZERO }),
  b64json({ t: -1e20, id: UUID_ZERO }),
  b64json({ k: 1e308, id: UUID_ZERO }),
  b64json({ k: -1e308, id: 'gggggggg-gggg-gggg-gggg-gggggggggggg' }),
  b64json({ k: 1.5, id: UUID_ZERO, typos: true }),
  b64json({ k: 'x', id: UUID_ZERO }),
  b64json({ t: '2026-01-01 00:00:00+00', id: `${UUID_ZERO}\u0000` }),
  b64json(null),
  b64json([1, 2]),
  '%00',
  'AAAA',
  '!!!!',
];

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u0085',
  '\u001b[31m',
  '\r\n\t',
  '$`$\'$&$1',
  '{{constructor}}',
  "'; DROP TABLE users; --",
  '%00',
  '\u202e',
  '',
  ' ',
  'x'.repeat(100_000),
  '0001-01-01',
  '9999-12-31',
  '0000-00-00',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59+14:00',
  '+275760-09-13T00:00:00Z',
  '2026-02-30',
  '-1',
  '1e400',
  '9007199254740993',
  '2147483648',
  'NaN',
  'Infinity',
  'true',
  'null',
  UUID_ZERO,
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '------------------------------------',
  ...HOSTILE_CURSORS,
];

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  true,
  [],
  ['\u0000'],
  [null, { a: '\uD800' }],
  {},
  { '\u0000': 1 },
  { a: { b: { c: 'x\u0000' } } },
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  Array.from({ length: 500 }, (_, i) => i),
];

/**
 * The values behind the 500s this suite was written for. Random mutation reaches a given field only
 * now and then; the sweep puts each of these into every field of every body and query, one at a time.
 */
const SWEEP_VALUES = ['x\u0000y', '\uD800', '9999-12-31', '0001-01-01T00:00:00Z'];
const SWEEP_QUERY_VALUES = ['x\u0000y', '0001-01-01', '9999-12-31', '9999-12-31T23:59:59Z', '1e400'];

/** The query parameters each listing route reads (its schema refuses others before looking at values). */
const QUERY_KEYS_BY_ROUTE: Record<string, string[]> = {
  '/api/artists': ['q', 'kind', 'style', 'city', 'near', 'radiusKm', 'minRating', 'maxDeposit', 'verified', 'availableFrom', 'availableTo', 'sort', 'cursor', 'limit'],
  '/api/flash': ['style', 'size', 'minPrice', 'maxPrice', 'city', 'artistId', 'status', 'cursor', 'limit'],
  '/api/bookings': ['as', 'scope', 'from', 'to', 'cursor', 'limit'],
  '/api/admin/outbox': ['status', 'cursor', 'limit'],
  '/api/payments/ledger': ['artistId', 'cursor', 'limit'],
  '/api/payments/summary': ['artistId'],
  '/api/artists/:idOrSlug/availability': ['from', 'to', 'serviceId', 'limit'],
  '/api/artists/:idOrSlug': ['view'],
  '/api/artists/:idOrSlug/reviews': ['cursor'],
  '/api/artists/slug-available': ['slug'],
  '/api/reviews/highlights': ['kind', 'limit'],
  '/api/login': ['returnTo'],
};

/** Query parameter names the API knows, with values that are valid on their own: one hostile value at a time reaches deeper. */
const QUERY_KEYS: Record<string, string[]> = {
  q: ['ink', 'fine line'],
  kind: ['tattoo', 'piercing'],
  style: ['fine-line', 'traditional'],
  city: ['Portland'],
  near: ['45.52,-122.68'],
  radiusKm: ['50'],
  minRating: ['4'],
  maxDeposit: ['20000'],
  verified: ['true'],
  availableFrom: ['2027-01-04'],
  availableTo: ['2027-01-20'],
  sort: ['relevance', 'rating', 'soonest'],
  cursor: [],
  limit: ['10'],
  from: ['2027-01-04', '2027-01-04T00:00:00Z'],
  to: ['2027-01-10', '2027-01-10T00:00:00Z'],
  serviceId: [],
  as: ['client', 'artist'],
  scope: ['upcoming', 'all', 'requests'],
  status: ['available', 'all', 'sent'],
  artistId: [],
  minPrice: ['0'],
  maxPrice: ['50000'],
  size: ['small'],
  slug: ['some-artist'],
  returnTo: ['/home'],
  view: ['profile'],
};

type Fixtures = {
  artistId: string;
  artistSlug: string;
  serviceId: string;
  bookingId: string;
  completedBookingId: string;
  journeyId: string;
};

/** A valid body for each route that takes JSON; the fuzzer mutates one or two of its leaves at a time. */
function validBodies(f: Fixtures): Record<string, Record<string, unknown>> {
  const analyticsBase = { sessionId: 's-1', pageType: 'landing', url: 'https://inkhaven.test/' };
  const service = { name: 'Half-day session', kind: 'tattoo', durationMinutes: 240, priceMinCents: 40000, priceMaxCents: 90000, depositCents: 15000 };
  const profile = {
    kind: 'tattoo',
    displayName: 'Fuzz Artist',
    slug: 'fuzz-artist',
    bio: 'Line work and colour.\nCustom pieces, flash and cover-ups.',
    styles: ['Traditional'],
    cityId: CITIES[0]!.id,
    studio: { mode: 'create', name: 'Fuzz Studio', address: '1 Main St' },
    services: [service],
    workingHours: { '1': [['09:00', '17:00']] },
    instagram: 'fuzz.artist',
    noticeHours: 48,
  };
  const message = { message: 'See you then.\nThanks!' };
  return {
    'POST /api/analytics/error': { message: 'boom', stack: 'Error: boom\n  at x', componentStack: 'at App', url: 'https://inkhaven.test/', userAgent: 'UA', timestamp: '2026-11-24T10:00:00Z', type: 'react_error_boundary' },
    'POST /api/journey/fingerprint': { userAgent: 'UA', screenResolution: '1920x1080', timezone: 'Europe/Berlin', language: 'en', platform: 'Linux', cookieEnabled: true },
    'POST /api/journey/start': { sessionId: 's-1', fingerprint: 'f', deviceFingerprint: 'd', entryPageType: 'landing', entryUrl: 'https://inkhaven.test/', entryReferrer: 'https://search.test/', entryReferrerSource: 'search', entrySearchQuery: 'tattoo' },
    'POST /api/journey/:id/steps': { sessionId: 's-1', stepType: 'form_submission', pageType: 'booking', url: '/book', previousUrl: '/', ctaType: 'primary', ctaText: 'Book', formData: { idea: 'a rose', nested: { list: ['x'] } }, searchQuery: 'rose', timeFromJourneyStart: 10, timeOnPage: 5, exitPage: false },
    'POST /api/journey/:id/navigation': { sessionId: 's-1', fromUrl: '/', toUrl: '/artists', transitionType: 'link', timeOnPreviousPage: 3, linkText: 'Artists', linkPosition: 'nav', fromPageType: 'landing', toPageType: 'list' },
    'POST /api/journey/:id/conversion': { conversionStep: 'booking', conversionValue: 150, bookingId: f.bookingId },
    'POST /api/analytics/seo/page-view': { ...analyticsBase, referrerUrl: 'https://search.test/', referrerSource: 'search', searchQuery: 'ink', timeOnPage: 4, scrollDepthMax: 50, bounced: false, exitPage: false, deviceType: 'desktop', browserType: 'firefox' },
    'POST /api/analytics/seo/scroll-depth': { ...analyticsBase, depthPercentage: 50, timeToDepth: 3, totalPageHeight: 2000, viewportHeight: 800 },
    'POST /api/analytics/seo/cta-click': { sessionId: 's-1', pageType: 'landing', ctaType: 'primary', ctaText: 'Find an artist', ctaPosition: 'hero', clickX: 10, clickY: 20, timeToClick: 2, destinationUrl: '/artists' },
    'POST /api/analytics/seo/heatmap-click': { ...analyticsBase, clickX: 10, clickY: 20, viewportWidth: 1200, viewportHeight: 800, element: 'a.cta', elementText: 'Find\nan artist', timeFromPageLoad: 2 },
    'POST /api/analytics/seo/conversion-funnel': { sessionId: 's-1', funnelId: 'book', step: 'pick-time', stepOrder: 2, sourcePageType: 'profile', currentUrl: '/book', timeInStep: 4, timeFromStart: 9, completed: false, abandoned: false, bookingId: f.bookingId },
    'POST /api/auth/sign-in': { email: 'nobody@example.test', password: 'a-long-test-passphrase' },
    'POST /api/auth/sign-up': { firstName: 'Fuzz', email: 'fuzz@example.test', password: 'a-long-test-passphrase' },
    'POST /api/bookings': { artistId: f.artistId, serviceId: f.serviceId, startsAt: '2027-03-01T15:00:00Z', mode: 'in_person', idea: 'A small rose on the forearm, fine line.', placement: 'forearm', size: 'palm', colour: 'colour', referenceImageIds: [], clientTimezone: 'Europe/Berlin', acceptPolicy: true },
    'POST /api/bookings/:id/accept': message,
    'POST /api/bookings/:id/decline': message,
    'POST /api/bookings/:id/cancel': message,
    'POST /api/bookings/:id/complete': message,
    'POST /api/bookings/:id/no-show': message,
    'POST /api/bookings/:id/mark-deposit-paid': message,
    'POST /api/bookings/:id/reschedule': { startsAt: '2027-03-02T15:00:00Z', message: 'Does this suit?' },
    'PUT /api/artists/:idOrSlug/booking-settings': { instantBookConsultations: true, instantBookFlash: false, depositInstructions: 'Pay at the desk.\nCash or card.', noticeHours: 48, maxReschedules: 1, depositWindowHours: 48 },
    'PUT /api/artists/:idOrSlug/availability-settings': { bufferMinutes: 15, minNoticeHours: 24, maxAdvanceDays: 90, weeklyHours: { '1': [['09:00', '17:00']], '3': [['10:00', '14:00']] } },
    'POST /api/artists/:idOrSlug/time-off': { startsOn: '2027-01-04', endsOn: '2027-01-06', reason: 'Convention' },
    'POST /api/artists/:idOrSlug/guest-spots': { cityId: CITIES[1]!.id, venue: 'Studio 9', startsOn: '2027-02-01', endsOn: '2027-02-05' },
    'PUT /api/artists/draft': { step: 2, data: { displayName: 'Fuzz', services: [{ name: 'x' }] } },
    'POST /api/artists': profile,
    'PATCH /api/artists/:idOrSlug': { ...profile, slug: f.artistSlug, studio: { mode: 'independent' } },
    'PATCH /api/flash/:id': { title: 'Rose', description: 'A rose.\nRed.', style: 'traditional', size: 'small', sizeLabel: '5 cm', priceCents: 12000, repeatable: true, status: 'available' },
    'PATCH /api/artists/:idOrSlug/portfolio/:imageId': { caption: 'Healed, two years on' },
    'POST /api/artists/:idOrSlug/portfolio/order': { ids: [UUID_ZERO] },
    'POST /api/reviews': { bookingId: f.completedBookingId, ratingValue: 4.5, headline: 'Lovely work', reviewBody: 'Careful, kind and the lines healed beautifully.', reviewAspect: 'Artistry', pros: 'Clean', cons: 'Busy', photoIds: [UUID_ZERO] },
    'POST /api/reviews/:id/reply': { reply: 'Thank you!\nSee you soon.' },
    'POST /api/waitlist': { artistId: f.artistId, serviceId: f.serviceId, fromDate: '2027-01-04', toDate: '2027-01-20', note: 'Evenings suit me best' },
    'POST /api/favourites/form': { kind: 'artist', id: f.artistId, intent: 'save', returnTo: `/artists/${f.artistSlug}` },
    'POST /api/support/problem-reports': { title: 'Map stays grey', description: 'The map view stays grey.\nEvery time.', page: '/artists?view=map' },
    'POST /api/support/problem-reports/form': { title: 'Map stays grey', description: 'The map view stays grey.\nEvery time.', page: '/artists', returnTo: '/support' },
  };
}

const UPLOAD_ROUTES: Record<string, Record<string, string>> = {
  'POST /api/artists/:idOrSlug/portfolio': { caption: 'Fresh' },
  'POST /api/artists/:idOrSlug/flash': { title: 'Rose', description: 'A rose', size: 'small', priceCents: '12000', repeatable: 'true' },
  'POST /api/bookings/uploads': { kind: 'reference' },
  'PUT /api/account/avatar': {},
  'POST /api/reviews/photos': { alt: 'The healed piece in daylight' },
};

/** Every leaf path of a JSON value (and the containers themselves), so a mutation can hit anything. */
function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]))];
}

function setPath(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8 bytes. */
function encodeSegment(value: string): string {
  return Array.from(value)
    .map((ch) => {
      if (!/\p{Cs}/u.test(ch)) return encodeURIComponent(ch);
      const u = ch.charCodeAt(0);
      return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 63), 0x80 | (u & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

type Actor = { name: string; client: TestClient; token: string };

let t: TestApp;
let actors: Actor[];
let fixtures: Fixtures;
let smallPng: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  smallPng = await pngImage(32, 32);
  const visitor = new TestClient(t.app);
  const client = await createUser(t.app);
  const artistUser = await createUser(t.app);
  const artist = await createArtist(t.app, { userId: artistUser.id });
  t.app.ctx.sessions.evictUser(artistUser.id);
  const db = t.app.ctx.database.db;
  const base = { artistId: artist.id, clientId: client.id, serviceId: artist.services[0]!.id, depositCents: 15000 };
  const [requested] = await db
    .insert(bookings)
    .values({ ...base, status: 'requested', startsAt: new Date('2027-03-01T15:00:00Z'), endsAt: new Date('2027-03-01T19:00:00Z') })
    .returning();
  const [completed] = await db
    .insert(bookings)
    .values({ ...base, status: 'completed', startsAt: new Date('2026-01-05T15:00:00Z'), endsAt: new Date('2026-01-05T19:00:00Z') })
    .returning();
  const journey = await visitor.post('/api/journey/start', { sessionId: 'fuzz' });
  const journeyId = (journey.json() as { journey: { id: string } }).journey.id;
  fixtures = { artistId: artist.id, artistSlug: artist.slug, serviceId: artist.services[0]!.id, bookingId: requested!.id, completedBookingId: completed!.id, journeyId };
  actors = [];
  for (const [name, c] of [
    ['visitor', visitor],
    ['client', client.client],
    ['artist', artistUser.client],
  ] as const) {
    actors.push({ name, client: c, token: await c.csrfToken() });
  }
});
afterAll(async () => t.close());

describe('fuzzing every route with hostile input', () => {
  it('never answers 5xx, and never leaves a bad value for the database to refuse', async () => {
    const random = seededRandom(SEED);
    const f = fixtures;
    const bodies = validBodies(f);
    const validParams: Record<string, string[]> = {
      idOrSlug: [f.artistId, f.artistSlug],
      id: [f.bookingId, f.completedBookingId, f.journeyId, UUID_ZERO],
      imageId: [UUID_ZERO],
      entryId: [UUID_ZERO],
      artistId: [f.artistId, UUID_ZERO],
      designId: [UUID_ZERO],
      slug: ['studio-1'],
      file: [`${'a'.repeat(24)}.ics`],
      '*': ['portfolio/x.jpg', 'a.webp'],
    };
    const queryValues: Record<string, string[]> = { ...QUERY_KEYS, cursor: HOSTILE_CURSORS.slice(0, 3), serviceId: [f.serviceId], artistId: [f.artistId] };

    const pathFor = (url: string) =>
      url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
        const key = name ?? '*';
        return random.chance(0.35) ? encodeSegment(random.pick(HOSTILE_STRINGS)) : encodeSegment(random.pick(validParams[key] ?? [UUID_ZERO]));
      });
    const queryString = () => {
      const keys = Object.keys(queryValues).filter(() => random.chance(0.15));
      const pairs = keys.map((key) => {
        const valid = queryValues[key]!;
        const value = valid.length === 0 || random.chance(0.4) ? random.pick(HOSTILE_STRINGS) : random.pick(valid);
        return `${key}=${encodeSegment(value)}`;
      });
      if (random.chance(0.1)) pairs.push(`${encodeSegment(random.pick(HOSTILE_STRINGS))}=1`);
      if (random.chance(0.05)) pairs.push('q=a&q=b');
      return pairs.length ? `?${pairs.join('&')}` : '';
    };
    const jsonBody = (template: Record<string, unknown> | undefined): unknown => {
      if (!template || random.chance(0.1)) return random.pick(HOSTILE_VALUES);
      let body: unknown = template;
      const mutations = random.chance(0.3) ? 2 : 1;
      for (let i = 0; i < mutations; i++) body = setPath(body, random.pick(leafPaths(body).slice(1)), random.pick(HOSTILE_VALUES));
      return body;
    };
    const multipart = (fields: Record<string, string>): { payload: Buffer | string; contentType: string } => {
      const boundary = 'fuzzboundary';
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const hostileFields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, random.chance(0.5) ? random.pick(HOSTILE_STRINGS) : v]));
      const text = Object.entries(hostileFields).map(([k, v]) => part(k, v)).join('');
      const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${random.pick(['a.jpg', 'a\u0000.jpg', '../../x.png'])}"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\u00e0garbage\r\n`;
      const whole = `${text}${file}--${boundary}--\r\n`;
      const variants = [
        { payload: whole, contentType: 'multipart/form-data' },
        { payload: whole, contentType: 'multipart/form-data; boundary=' },
        { payload: whole.slice(0, Math.floor(whole.length / 2)), contentType: `multipart/form-data; boundary=${boundary}` },
        { payload: text, contentType: `multipart/form-data; boundary=${boundary}` },
        { payload: whole, contentType: `multipart/form-data; boundary=${boundary}` },
        { payload: `${part('caption\u0000', 'x')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` },
        { payload: '', contentType: `multipart/form-data; boundary=${boundary}` },
        { payload: whole, contentType: 'multipart/form-data; boundary="unterminated' },
        { payload: whole, contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
        { payload: Buffer.from(whole, 'latin1'), contentType: `multipart/mixed; boundary=${boundary}` },
      ];
      return random.pick(variants);
    };

    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url !== '/api/logout');
    const failures: string[] = [];
    let sent = 0;
    let fiveHundreds = 0;
    let mapperHits = 0;
    const mapperMessages = new Set(Object.values(DATABASE_INPUT_ERRORS));
    let ip = 0;

    // Each request comes from its own address, so rate limits (sign-in, analytics) never hide a route's answer.
    const send = async (actor: Actor, method: string, url: string, body?: { payload: string | Buffer; contentType: string }) => {
      const headers: Record<string, string> = { cookie: actor.client.cookieHeader(), 'x-csrf-token': actor.token };
      if (body) headers['content-type'] = body.contentType;
      const options: InjectOptions = { method: method as 'GET', url, headers, remoteAddress: `10.9.${(ip >> 8) & 255}.${ip++ & 255}`, ...(body ? { payload: body.payload } : {}) };
      const res = await t.app.inject(options);
      sent += 1;
      const mapped = res.statusCode === 400 && mapperMessages.has((res.json() as { message?: string }).message ?? '');
      if (res.statusCode >= 500) fiveHundreds += 1;
      if (mapped) mapperHits += 1;
      if (res.statusCode >= 500 || mapped) {
        failures.push(`${actor.name} ${method} ${url.slice(0, 300)} ${body?.contentType ?? ''} ${JSON.stringify(String(body?.payload ?? '').slice(0, 300))} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return res;
    };
    const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
    const validPath = (url: string) =>
      url.startsWith('/api/journey/') ? url.replace(':id', f.journeyId) : url.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => encodeSegment(validParams[name ?? '*']![0]!));

    // Sweep: every leaf of every valid body, and every query parameter, gets each sweep value in turn,
    // from each actor the valid request is not refused to (so the value reaches the service).
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const template = bodies[key];
      const queryKeys = route.method === 'GET' ? QUERY_KEYS_BY_ROUTE[route.url] : undefined;
      if (!template && !queryKeys && !UPLOAD_ROUTES[key]) continue;
      const url = validPath(route.url);
      for (const actor of actors) {
        const probe = await send(actor, route.method, url, UPLOAD_ROUTES[key] ? multipartBody(UPLOAD_ROUTES[key], { data: smallPng }) : template ? json(template) : undefined);
        if ([401, 403].includes(probe.statusCode)) continue;
        for (const path of template ? leafPaths(template).slice(1) : []) {
          for (const value of SWEEP_VALUES) await send(actor, route.method, url, json(setPath(template, path, value)));
        }
        for (const field of Object.keys(UPLOAD_ROUTES[key] ?? {})) {
          for (const value of SWEEP_VALUES) await send(actor, route.method, url, multipartBody({ ...UPLOAD_ROUTES[key], [field]: value }, { data: smallPng }));
        }
        for (const queryKey of queryKeys ?? []) {
          const values = queryKey === 'cursor' ? HOSTILE_CURSORS : SWEEP_QUERY_VALUES;
          for (const value of values) await send(actor, route.method, `${url}?${queryKey}=${encodeSegment(value)}`);
        }
      }
    }

    // Random: hostile path parameters, query strings, mutated bodies and broken multipart forms.
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      for (const actor of actors) {
        for (let i = 0; i < RANDOM_REQUESTS_PER_ROUTE_AND_ACTOR && sent < MAX_REQUESTS; i++) {
          const url = `${pathFor(route.url)}${queryString()}`;
          if (['GET', 'DELETE'].includes(route.method)) await send(actor, route.method, url);
          else if (UPLOAD_ROUTES[key] && random.chance(0.8)) await send(actor, route.method, url, multipart(UPLOAD_ROUTES[key]));
          else await send(actor, route.method, url, json(jsonBody(bodies[key])));
        }
      }
    }

    const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    console.log(`fuzz (${db}, seed ${SEED}): ${routes.length} routes, ${sent} requests, ${fiveHundreds} 5xx, ${mapperHits} caught only by the database error mapper`);
    for (const failure of failures) console.log(failure);
    expect(sent).toBeGreaterThan(routes.length * actors.length * 5);
    expect(failures.slice(0, 30)).toEqual([]);
  }, 120_000);
});

describe('the kinds of bad input the fuzzer looks for, one by one', () => {
  const expect400 = async (res: { statusCode: number; json: () => unknown }, code: string, message: RegExp) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message).toMatch(message);
  };

  it('refuses NUL and lone surrogates in stored and searched text', async () => {
    const [, client, artist] = actors;
    await expect400(await client!.client.get('/api/artists?q=a%00b'), 'VALIDATION_FAILED', /^q: .*control character/);
    // A URL is decoded as UTF-8, so a lone surrogate can only arrive in JSON: see the draft below.
    await expect400(await client!.client.get('/api/flash?city=Portland%00'), 'VALIDATION_FAILED', /^city: .*control character/);
    const settings = validBodies(fixtures)['PUT /api/artists/:idOrSlug/booking-settings']!;
    await expect400(await artist!.client.request('PUT', `/api/artists/${fixtures.artistId}/booking-settings`, { ...settings, depositInstructions: 'cash\u0000' }), 'VALIDATION_FAILED', /^depositInstructions: /);
    await expect400(await artist!.client.request('PUT', '/api/artists/draft', { step: 1, data: { deep: [{ bio: '\uDC00' }] } }), 'VALIDATION_FAILED', /^data: .*broken character/);
  });

  it('refuses dates PostgreSQL or new Date cannot hold', async () => {
    const [visitor, client] = actors;
    await expect400(await visitor!.client.get(`/api/artists/${fixtures.artistId}/availability?from=9999-12-31&to=9999-12-31`), 'VALIDATION_FAILED', /^from: .*between 1900 and 2200/);
    await expect400(await visitor!.client.get('/api/artists?availableFrom=0001-01-01'), 'VALIDATION_FAILED', /^availableFrom: /);
    await expect400(await client!.client.get('/api/bookings?from=0001-01-01T00:00:00Z'), 'VALIDATION_FAILED', /^from: /);
    const waitlist = { artistId: fixtures.artistId, fromDate: '9999-12-30', toDate: '9999-12-31' };
    await expect400(await client!.client.post('/api/waitlist', waitlist), 'VALIDATION_FAILED', /^fromDate: /);
  });

  it('answers INVALID_CURSOR for a cursor that decodes to garbage', async () => {
    const [visitor, client] = actors;
    const cursor = b64json({ t: '0000-00-00 00:00:00+00', id: UUID_ZERO });
    await expect400(await visitor!.client.get(`/api/flash?cursor=${cursor}`), 'INVALID_CURSOR', /page link is not valid/);
    await expect400(await visitor!.client.get(`/api/artists?cursor=${b64json({ k: 1, id: '-'.repeat(36) })}`), 'INVALID_CURSOR', /start the search again/);
    await expect400(await client!.client.get(`/api/bookings?cursor=${b64json({ t: 8.64e15 + 1, id: UUID_ZERO })}`), 'INVALID_CURSOR', /reload the list/);
    await expect400(await visitor!.client.get(`/api/artists/${fixtures.artistId}/reviews?cursor=${b64json({ t: '+275760-09-13T00:00:00Z', id: UUID_ZERO })}`), 'INVALID_CURSOR', /reload the reviews/);
  });

  it('answers 400 for a multipart upload without a boundary or cut short', async () => {
    const [, client] = actors;
    const part = '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--b0undary--\r\n';
    const upload = (payload: string, contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/bookings/uploads', payload, headers: { cookie: client!.client.cookieHeader(), 'x-csrf-token': client!.token, 'content-type': contentType } });
    await expect400(await upload(part, 'multipart/form-data'), 'BAD_REQUEST', /not a complete multipart form/);
    await expect400(await upload(part.slice(0, 80), 'multipart/form-data; boundary=b0undary'), 'BAD_REQUEST', /not a complete multipart form/);
    await expect400(await upload(part, `multipart/form-data; boundary=${'b'.repeat(300)}`), 'BAD_REQUEST', /not a complete multipart form/);
  });
});

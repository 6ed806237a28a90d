import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import type { TWeeklyHours } from '../../../shared/contracts/artist-profile.ts';
import { addDays, dateKey, localDateOf, localParts, parseDateKey } from '../../../shared/zoned-time.ts';
import { queryRows } from '../../db/client.ts';
import { artistTimeOff, bookings, guestSpots, users } from '../../db/schema/index.ts';
import { refreshAllFreeDays } from '../availability/free-days.ts';
import { currentFreeDays, readFreeDays, type FreeDaysAnswer } from '../availability/free-days-index.ts';
import { getAvailability } from '../availability/service.ts';

/**
 * Decision 0032: an availability search (sort=soonest, availableFrom/availableTo) is answered in
 * memory from the catalogue index and each artist's precomputed free days, with the slot engine only
 * for stale rows and days straddling the notice cut-off. This file checks the whole answer — which
 * artists, in which order, with which first slot, page after page — against an oracle that asks the
 * slot engine directly (getAvailability, its own schedule statement) for every artist of a small
 * seeded catalogue. Below the 500-candidate cap the two must agree exactly.
 *
 * The clock: the search takes Date.now() per request and the answers move with it (a slot passes the
 * notice cut-off, a new one enters the booking horizon). Every zone here has a whole-hour offset and
 * every working range starts at a minute chosen from the clock when the catalogue is made, so every
 * slot start lies 15 minutes (mod 30) away from the cut-offs and horizon ends of that moment (notices
 * and horizons are whole hours and days): an answer cannot change for 14 minutes, far longer than
 * the file runs. So the oracle, computed once per date range, holds for every page compared with it.
 */

let t: TestApp;
let c: TestClient;
const db = () => t.app.ctx.database.db;

const CITY = 'Oracle Bay';
/** A second city among the first one's artists: near= searches see both, city= searches one. */
const OTHER_CITY = 'Oracle Heights';
/** Open sea, far from anything another test file could make (each file has its own database anyway). */
const CENTRE: [number, number] = [12.25, -151.5];
/** Distances from the centre artists are placed at, well clear of the radii searched (12, 35, 60 km). */
const RINGS_KM = [1, 4, 9, 16, 27, 45, 80];
const ZONES = ['America/New_York', 'Europe/Lisbon', 'Asia/Tokyo', 'Pacific/Auckland'] as const;
const TATTOO_STYLES = ['Fine Line', 'Traditional', 'Japanese', 'Blackwork'];
const PIERCING_STYLES = ['Helix', 'Lobe', 'Septum'];
const slugOf = (style: string) => style.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** What the oracle needs to know about each artist (the same facts the catalogue holds). */
type Spec = {
  id: string;
  name: string;
  kind: 'tattoo' | 'piercing' | 'both';
  styleSlugs: string[];
  city: string;
  lat: number;
  lng: number;
  verified: boolean;
  ratingCount: number;
  ratingAverage: number | null;
  timezone: string;
  /** The service search measures a free slot with: the shortest active session service, else (none) a 60-minute consultation, the length search assumes. */
  serviceId: string;
  durationMinutes: number;
  minNoticeHours: number;
  maxAdvanceDays: number;
};
const specs: Spec[] = [];
const specById = new Map<string, Spec>();

/** A small seeded generator: the same catalogue on every run and database. */
function prng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

const haversineKm = (a: readonly [number, number], b: readonly [number, number]) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b[0] - a[0]) / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(rad(b[1] - a[1]) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
};

/** The UTC date `days` from when the catalogue was made: the query dates (each artist reads them as their own local dates). */
let base = localDateOf(Date.now(), 'UTC');
const D = (days: number) => dateKey(addDays(base, days));
/** When the catalogue was made: the clock margin above holds from here. */
let madeAt = 0;
const MARGIN_MS = 14 * 60_000;

let clientId = '';

/** A confirmed booking (it holds the artist's time) inserted as any writer would: the database bumps the availability version. */
async function book(spec: Spec, startsAt: string, status: 'confirmed' | 'requested' = 'confirmed'): Promise<void> {
  const start = Date.parse(startsAt);
  await db()
    .insert(bookings)
    .values({ artistId: spec.id, clientId, serviceId: spec.serviceId, status, startsAt: new Date(start), endsAt: new Date(start + spec.durationMinutes * 60_000), depositCents: 10000 });
}

/** The artist's free starts by the slot engine, from its own schedule statement (not search's code path). */
async function engineSlots(spec: Spec, from: string, to: string, limit: number): Promise<string[]> {
  const answer = await getAvailability(t.app.ctx, spec.id, { from, to, serviceId: spec.serviceId, limit }, Date.now());
  return answer.slots.map((s) => s.startsAt);
}

beforeAll(async () => {
  t = await createTestApp();
  c = new TestClient(t.app);
  clientId = randomUUID();
  await db().insert(users).values({ id: clientId, name: 'Oracle Client', email: `client-${clientId}@example.test` });

  madeAt = Date.now();
  base = localDateOf(madeAt, 'UTC');
  // The minute (mod 30) of every cut-off and horizon end for the next minutes, and the working
  // ranges' minute: 15 minutes from it, so no slot start comes near a cut-off while the file runs.
  const cutoffMinute = Math.floor(madeAt / 60_000) % 30;
  const g = (cutoffMinute + 15) % 30;
  const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:${String(g).padStart(2, '0')}`;
  const days = (list: string, ranges: Array<[number, number]>): TWeeklyHours =>
    Object.fromEntries([...list].map((d) => [d, ranges.map(([a, b]): [string, string] => [hhmm(a), hhmm(b)])])) as TWeeklyHours;
  const HOURS: Record<string, TWeeklyHours> = {
    everyDay: days('1234567', [[9, 17]]),
    weekdays: days('12345', [[10, 18]]),
    shortDays: days('123456', [[12, 15]]),
    split: days('12345', [
      [9, 12],
      [13, 17],
    ]),
    weekends: days('67', [[11, 19]]),
    evenings: days('2345', [[17, 21]]),
    none: {},
  };
  const HOUR_KINDS = ['everyDay', 'everyDay', 'weekdays', 'weekdays', 'shortDays', 'split', 'weekends', 'evenings', 'none'] as const;

  const random = prng(32);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const place = () => {
    const d = pick(RINGS_KM);
    const bearing = random() * 2 * Math.PI;
    const lat = CENTRE[0] + (d * Math.cos(bearing)) / 111.195;
    const lng = CENTRE[1] + (d * Math.sin(bearing)) / (111.195 * Math.cos((CENTRE[0] * Math.PI) / 180));
    return { lat, lng };
  };

  let n = 0;
  /**
   * One artist of the catalogue. `straddle`: hours and a notice of at least that many hours placing
   * the cut-off mid-day within the next day (1) or the one after (24), inside a working day that has
   * free starts before it (at least an hour's worth: the free days hold none before they were computed).
   */
  const make = async (opts: { straddle?: 1 | 24; consultationOnly?: boolean } = {}): Promise<Spec> => {
    n += 1;
    const timezone = pick(ZONES);
    const kind = opts.consultationOnly ? 'tattoo' : random() < 0.6 ? 'tattoo' : random() < 0.5 ? 'piercing' : 'both';
    const styles =
      kind === 'tattoo'
        ? [...new Set([pick(TATTOO_STYLES), pick(TATTOO_STYLES)])]
        : kind === 'piercing'
          ? [...new Set([pick(PIERCING_STYLES), pick(PIERCING_STYLES)])]
          : [pick(TATTOO_STYLES), pick(PIERCING_STYLES)];
    const city = random() < 0.12 ? OTHER_CITY : CITY;
    const { lat, lng } = place();
    // Averages from a short list, so rating order has ties (broken by id).
    const ratingCount = random() < 0.25 ? 0 : 1 + Math.floor(random() * 4);
    const ratingAverage = ratingCount ? pick([3.5, 4, 4.5, 5]) : null;
    let workingHours = HOURS[pick(HOUR_KINDS)]!;
    let minNoticeHours = pick([0, 2, 24, 48]);
    let maxAdvanceDays = pick([3, 14, 14, 60]);
    if (opts.straddle !== undefined) {
      // The notice puts the cut-off between 11:00 and 14:00 local, inside a 08–20 working day: the
      // day's free time lies on both sides of it, which only the engine can answer.
      workingHours = days('1234567', [[8, 20]]);
      minNoticeHours = opts.straddle;
      while (!((h) => h >= 11 && h < 14)(localParts(madeAt + minNoticeHours * 3_600_000, timezone).hour)) minNoticeHours += 1;
      maxAdvanceDays = 14;
    }
    const services: Array<{ kind: 'tattoo' | 'piercing' | 'consultation'; durationMinutes: number; active?: boolean }> = [];
    if (opts.consultationOnly) services.push({ kind: 'consultation', durationMinutes: 60 });
    else {
      const session = kind === 'piercing' ? 'piercing' : 'tattoo';
      const lengths = session === 'piercing' ? [30, 60] : [60, 120, 180, 240];
      services.push({ kind: session, durationMinutes: pick(lengths) });
      if (random() < 0.4) services.push({ kind: session, durationMinutes: pick(lengths) });
      if (kind === 'both') services.push({ kind: 'piercing', durationMinutes: pick([30, 60]) });
      // Neither a consultation nor an inactive service is what search measures a slot with.
      if (random() < 0.3) services.push({ kind: 'consultation', durationMinutes: 30 });
      if (random() < 0.2) services.push({ kind: session, durationMinutes: 30, active: false });
    }
    const verified = random() < 0.4;
    const row = await createArtist(t.app, {
      displayName: `Oracle ${String(n).padStart(2, '0')}`,
      kind,
      styles,
      city,
      country: 'US',
      lat,
      lng,
      timezone,
      verified,
      workingHours,
      minNoticeHours,
      maxAdvanceDays,
      bufferMinutes: pick([0, 15, 30]),
      ratingCount,
      ratingSum: ratingAverage === null ? 0 : ratingAverage * ratingCount,
      services: services.map((s) => ({
        ...s,
        name: `${s.kind} ${s.durationMinutes}`,
        ...(s.kind === 'piercing' ? { priceMinCents: 5000, priceMaxCents: 9000, difficulty: 'Beginner' as const } : {}),
      })),
    });
    const sessions = row.services.filter((s) => s.active && s.kind !== 'consultation').sort((a, b) => a.durationMinutes - b.durationMinutes);
    const measured = sessions[0] ?? row.services[0]!;
    const spec: Spec = {
      id: row.id,
      name: row.displayName,
      kind,
      styleSlugs: styles.map(slugOf),
      city,
      lat,
      lng,
      verified,
      ratingCount,
      ratingAverage,
      timezone,
      serviceId: measured.id,
      durationMinutes: measured.durationMinutes,
      minNoticeHours,
      maxAdvanceDays,
    };
    specs.push(spec);
    specById.set(spec.id, spec);
    return spec;
  };

  for (let i = 0; i < 40; i++) await make();
  for (const straddle of [1, 1, 1, 24, 24, 24] as const) await make({ straddle });
  await make({ consultationOnly: true });
  await make({ consultationOnly: true });

  // Bookings taking the first free slots (and one request, which holds no time), time off and guest spots, before the free days are computed.
  const today = (spec: Spec) => localDateOf(Date.now(), spec.timezone);
  for (const spec of specs.filter((_, i) => i % 4 === 1)) {
    for (let k = 0; k < 2; k++) {
      const [first] = await engineSlots(spec, dateKey(today(spec)), dateKey(addDays(today(spec), 20)), 1);
      if (first) await book(spec, first);
    }
  }
  const requested = specs[10]!;
  const [requestedSlot] = await engineSlots(requested, dateKey(today(requested)), dateKey(addDays(today(requested), 20)), 1);
  if (requestedSlot) await book(requested, requestedSlot, 'requested');
  const spans: Array<[number, number]> = [
    [0, 2],
    [4, 11],
    [-3, 1],
    [1, 1],
  ];
  for (const [i, spec] of specs.entries()) {
    if (i % 5 !== 3) continue;
    const [from, to] = spans[i % spans.length]!;
    await db().insert(artistTimeOff).values({ artistId: spec.id, startsOn: dateKey(addDays(today(spec), from)), endsOn: dateKey(addDays(today(spec), to)) });
  }
  for (const spec of [specs[6]!, specs[13]!, specs[27]!]) {
    // Days in another whole-hour zone: slots in that zone's wall clock, dated by the home zone's calendar.
    await db()
      .insert(guestSpots)
      .values({ artistId: spec.id, city: 'Tokyo', country: 'JP', timezone: spec.timezone === 'Asia/Tokyo' ? 'Europe/Lisbon' : 'Asia/Tokyo', lat: 35.68, lng: 139.69, startsOn: dateKey(addDays(today(spec), 1)), endsOn: dateKey(addDays(today(spec), 5)) });
  }

  await refreshAllFreeDays(db());

  // Stale on purpose: bookings after the free days were computed (the first slot really moves), and
  // artists who joined after it (no row at all). Four artists free now (whether one is depends on
  // the weekday: weekend hours and a 3-day horizon, say), a straddled one among them when it is.
  let staleBooked = 0;
  for (const spec of [40, 2, 8, 17, 21, 29, 33, 38].map((i) => specs[i]!)) {
    const [first] = staleBooked < 4 ? await engineSlots(spec, dateKey(today(spec)), dateKey(addDays(today(spec), 20)), 1) : [];
    if (first) {
      await book(spec, first);
      staleBooked += 1;
    }
  }
  await make();
  await make({ straddle: 1 });
}, 60_000);
afterAll(async () => t.close());

// ---------------------------------------------------------------------------------------------
// The oracle

type Query = {
  city?: string;
  kind?: 'tattoo' | 'piercing';
  style?: string;
  verified?: boolean;
  minRating?: number;
  near?: [number, number];
  radiusKm?: number;
  sort?: 'soonest' | 'rating';
  availableFrom?: string;
  availableTo?: string;
  limit: number;
};

const queryString = (q: Query, cursor?: string | null) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};

/** Whether the artist matches the query's other criteria (the filters, not the dates). */
function matches(spec: Spec, q: Query): boolean {
  if (q.city !== undefined && spec.city.toLowerCase() !== q.city.toLowerCase()) return false;
  if (q.kind && spec.kind !== q.kind && spec.kind !== 'both') return false;
  if (q.style && !spec.styleSlugs.includes(q.style)) return false;
  if (q.verified && !spec.verified) return false;
  if (q.minRating !== undefined && !(spec.ratingCount > 0 && spec.ratingAverage !== null && spec.ratingAverage >= q.minRating)) return false;
  if (q.near && haversineKm(q.near, [spec.lat, spec.lng]) > (q.radiusKm ?? 50)) return false;
  return true;
}

/**
 * The engine's first free slot per artist for a search's dates, as getAvailability reads a range:
 * from the local midnight starting `availableFrom` (a day before any zone's today without one: the
 * notice cut-off is later anyway) to the one ending `availableTo` (without one, past any horizon).
 * The engine applies the notice and the booking horizon itself, as search does.
 */
const oracleCache = new Map<string, Map<string, string | null>>();
async function oracle(q: Pick<Query, 'availableFrom' | 'availableTo'>): Promise<Map<string, string | null>> {
  const from = q.availableFrom ?? D(-2);
  const to = q.availableTo ?? dateKey(addDays(parseDateKey(from)!, 400));
  const key = `${from}|${to}`;
  let answer = oracleCache.get(key);
  if (!answer) {
    answer = new Map();
    for (const spec of specs) answer.set(spec.id, (await engineSlots(spec, from, to, 1))[0] ?? null);
    oracleCache.set(key, answer);
  }
  return answer;
}

type Line = { id: string; firstAvailableAt?: string };
type Paged = { lines: Line[]; pageSizes: number[] };

/** Every page of a query, following nextCursor. */
async function allPages(q: Query): Promise<Paged> {
  const lines: Line[] = [];
  const pageSizes: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await c.get(`/api/artists?${queryString(q, cursor)}`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const page = res.json() as { items: Array<Line & Record<string, unknown>>; nextCursor: string | null };
    lines.push(...page.items.map((i) => ({ id: i.id, ...(i.firstAvailableAt !== undefined ? { firstAvailableAt: i.firstAvailableAt } : {}) })));
    pageSizes.push(page.items.length);
    cursor = page.nextCursor;
    if (pageSizes.length > 200) throw new Error(`no end of pages: ${queryString(q)}`);
  } while (cursor);
  return { lines, pageSizes };
}

/** Lines as names (readable in a failure), with the first slot. */
const show = (lines: Line[]) => lines.map((l) => `${specById.get(l.id)?.name ?? l.id} ${l.firstAvailableAt ?? '-'}`);

/**
 * Artists whose free days go stale before the next query (a time-off entry two years out: it bumps
 * the availability version and changes no answer), so every query meets stale rows, not only the first.
 */
let staleTurn = 0;
async function staleSome(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const spec = specs[(staleTurn++ * 7) % specs.length]!;
    await db().insert(artistTimeOff).values({ artistId: spec.id, startsOn: D(700), endsOn: D(700) });
  }
}

/** The query's pages against the oracle: the same artists in the same order with the same first slot, full pages but the last, no repeats. */
async function compare(q: Query): Promise<void> {
  const label = queryString(q);
  expect(Date.now() - madeAt, 'the clock margin of the catalogue (see the top of the file) ran out').toBeLessThan(MARGIN_MS);
  const dated = Boolean(q.availableFrom || q.availableTo);
  const first = await oracle(q);
  const entry = (id: string): Line => {
    const slot = first.get(id) ?? null;
    return { id, ...(slot !== null ? { firstAvailableAt: slot } : {}) };
  };
  const matching = specs.filter((s) => matches(s, q)).map((s) => s.id);
  let expected: Line[];
  if (q.sort === 'soonest') {
    const key = (id: string) => (first.get(id) ? Date.parse(first.get(id)!) : Infinity);
    expected = matching
      .filter((id) => !dated || first.get(id) !== null)
      .sort((a, b) => key(a) - key(b) || (a < b ? -1 : a > b ? 1 : 0))
      .map(entry);
  } else {
    // The order of the same search without dates, keeping the artists free in the range.
    const undated: Query = { ...q };
    delete undated.availableFrom;
    delete undated.availableTo;
    const order = (await allPages(undated)).lines.map((l) => l.id);
    expect([...order].sort(), `${label}: the undated search's artists`).toEqual([...matching].sort());
    expected = order.filter((id) => first.get(id) !== null).map(entry);
  }

  await staleSome(2);
  const actual = await allPages(q);
  expect(show(actual.lines), label).toEqual(show(expected));
  expect(actual.lines, label).toEqual(expected);
  expect(new Set(actual.lines.map((l) => l.id)).size, `${label}: repeats`).toBe(actual.lines.length);
  // Every page but the last is full, and the last is empty only when nothing matches at all.
  const sizes = actual.pageSizes;
  expect(sizes.slice(0, -1).every((s) => s === q.limit), `${label}: page sizes ${sizes.join(',')}`).toBe(true);
  if (sizes.length > 1) expect(sizes.at(-1), `${label}: an empty last page`).toBeGreaterThan(0);
}

describe('availability search against the slot engine (oracle)', () => {
  const city = { city: CITY };
  const near = (radiusKm: number) => ({ near: CENTRE, radiusKm });

  it('has a catalogue that exercises every way of answering: free days, stale rows, straddled days, artists never free', async () => {
    // How the free days in memory answer each artist now (what the first searches below meet).
    const free = await currentFreeDays(db());
    const open: Record<FreeDaysAnswer['state'], number> = { known: 0, straddles: 0, stale: 0 };
    for (const s of specs) open[readFreeDays(free.free.get(s.id), free.versions.get(s.id) ?? 0, s, { from: null, to: null }, Date.now()).state] += 1;
    expect(open.known).toBeGreaterThanOrEqual(25);
    expect(open.straddles).toBeGreaterThanOrEqual(2);
    expect(open.stale).toBeGreaterThanOrEqual(6);
    const plain = await oracle({});
    expect([...plain.values()].filter((v) => v === null).length).toBeGreaterThan(0);
    expect([...plain.values()].filter((v) => v !== null).length).toBeGreaterThan(30);
  });

  it('sort=soonest, with and without other criteria and dates, page by page', async () => {
    const queries: Query[] = [
      { ...city, sort: 'soonest', limit: 5 },
      { ...city, sort: 'soonest', limit: 100 },
      { ...city, sort: 'soonest', kind: 'tattoo', limit: 3 },
      { ...city, sort: 'soonest', kind: 'piercing', limit: 4 },
      { ...city, sort: 'soonest', style: 'fine-line', limit: 3 },
      { ...city, sort: 'soonest', verified: true, minRating: 4, limit: 2 },
      { ...near(35), sort: 'soonest', limit: 5 },
      { ...near(60), sort: 'soonest', kind: 'tattoo', limit: 7 },
      { ...near(12), sort: 'soonest', limit: 3 },
      { ...city, sort: 'soonest', availableFrom: D(0), availableTo: D(0), limit: 3 },
      { ...city, sort: 'soonest', availableFrom: D(1), availableTo: D(1), limit: 3 },
      { ...city, sort: 'soonest', availableFrom: D(1), availableTo: D(2), limit: 5 },
      { ...city, sort: 'soonest', availableFrom: D(3), availableTo: D(5), limit: 4 },
      { ...city, sort: 'soonest', availableFrom: D(10), limit: 5 },
      { ...city, sort: 'soonest', availableFrom: D(50), limit: 3 },
      { ...city, sort: 'soonest', availableTo: D(2), limit: 3 },
      { ...near(35), sort: 'soonest', availableFrom: D(1), availableTo: D(3), limit: 3 },
      { ...near(60), sort: 'soonest', kind: 'piercing', availableFrom: D(0), limit: 2 },
    ];
    for (const q of queries) await compare(q);
  });

  it('date ranges with the usual sort, page by page, in the order of the same search without dates', async () => {
    const queries: Query[] = [
      { ...city, availableFrom: D(0), availableTo: D(0), limit: 3 },
      { ...city, availableFrom: D(1), availableTo: D(1), limit: 5 },
      { ...city, availableFrom: D(3), availableTo: D(6), kind: 'tattoo', limit: 3 },
      { ...city, availableFrom: D(10), availableTo: D(12), limit: 5 },
      { ...city, availableFrom: D(0), limit: 4 },
      { ...city, availableFrom: D(50), limit: 2 },
      { ...city, availableTo: D(4), limit: 3 },
      { ...city, sort: 'rating', availableFrom: D(1), availableTo: D(4), limit: 3 },
      { ...city, sort: 'rating', availableFrom: D(3), style: 'helix', limit: 2 },
      { ...city, sort: 'rating', availableFrom: D(10), limit: 100 },
      { ...near(60), availableFrom: D(0), availableTo: D(2), limit: 4 },
      { ...near(35), sort: 'rating', availableFrom: D(10), limit: 3 },
      { ...near(12), availableFrom: D(1), limit: 2 },
    ];
    for (const q of queries) await compare(q);
  });

  it('reflects a booking inserted with SQL in the very next search: the free days are read from the database', async () => {
    const q: Query = { ...city, sort: 'soonest', limit: 5 };
    await compare(q);
    // The earliest free artist whose first slot the free days in memory answer on their own.
    const free = await currentFreeDays(db());
    const fromMemory = (id: string) => {
      const s = specById.get(id)!;
      return readFreeDays(free.free.get(id), free.versions.get(id) ?? 0, s, { from: null, to: null }, Date.now()).state === 'known';
    };
    const before = (await allPages(q)).lines;
    const chosen = before.find((l) => l.firstAvailableAt && fromMemory(l.id));
    expect(chosen).toBeDefined();
    const spec = specById.get(chosen!.id)!;
    await book(spec, chosen!.firstAvailableAt!);
    oracleCache.clear();

    const after = await allPages(q);
    const moved = after.lines.find((l) => l.id === spec.id);
    expect(moved?.firstAvailableAt).not.toBe(chosen!.firstAvailableAt);
    expect((await oracle({})).get(spec.id) ?? undefined).toBe(moved?.firstAvailableAt);
    // That search also recomputed the artist's row; the whole answer, read from it, still agrees.
    const [row] = await queryRows<{ current: boolean }>(
      db(),
      sql`SELECT fd.version = coalesce(av.version, 0) AS current FROM artist_free_days fd LEFT JOIN availability_versions av ON av.artist_id = fd.artist_id WHERE fd.artist_id = ${spec.id}`,
    );
    expect(row?.current).toBe(true);
    await compare(q);
    await compare({ ...city, availableFrom: D(0), limit: 4 });
  });
});

import { and, asc, eq, gte, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SLOT_HOLDING_STATUSES } from '../../../shared/booking-rules.ts';
import { computeSlots, type BusyInterval, type ComputeSlotsInput, type DateSpan, type GuestSpotSpan, type WeeklyHours } from '../../../shared/availability.ts';
import { findCity, findCityByName } from '../../../shared/cities.ts';
import {
  AVAILABILITY_DEFAULT_RANGE_DAYS,
  AVAILABILITY_MAX_SLOTS,
  GUEST_SPOT_MAX_ENTRIES,
  SEARCH_DEFAULT_DURATION_MINUTES,
  TIME_OFF_MAX_ENTRIES,
  ZGuestSpotInput,
  ZTimeOffInput,
  ZAvailabilitySettingsInput,
  type TAvailability,
  type TAvailabilityQuery,
  type TAvailabilitySettings,
  type TGuestSpot,
  type TTimeOff,
} from '../../../shared/contracts/availability.ts';
import type { TWeeklyHours } from '../../../shared/contracts/artist-profile.ts';
import { addDays, dateKey, localDateOf, parseDateKey, zonedTimeToUtc } from '../../../shared/zoned-time.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { preparedPerDatabase, preparedSql, queryRows, type Db, type DbOrTx, type PreparedSql } from '../../db/client.ts';
import { artistProfiles, artistTimeOff, availabilityVersions, guestSpots, services } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, validate } from '../../http/app-error.ts';

const DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Booking states that hold the artist's time (DESIGN §5: from `accepted` on); a request does not. */
export const TIME_HOLDING_STATUSES = SLOT_HOLDING_STATUSES;

type ArtistRow = {
  id: string;
  userId: string;
  timezone: string;
  workingHours: WeeklyHours;
  bufferMinutes: number;
  minNoticeHours: number;
  maxAdvanceDays: number;
};

const artistColumns = {
  id: artistProfiles.id,
  userId: artistProfiles.userId,
  timezone: artistProfiles.timezone,
  workingHours: artistProfiles.workingHours,
  bufferMinutes: artistProfiles.bufferMinutes,
  minNoticeHours: artistProfiles.minNoticeHours,
  maxAdvanceDays: artistProfiles.maxAdvanceDays,
};

async function findArtist(db: DbOrTx, idOrSlug: string): Promise<ArtistRow> {
  const [row] = await db
    .select(artistColumns)
    .from(artistProfiles)
    .where(UUID.test(idOrSlug) ? eq(artistProfiles.id, idOrSlug) : eq(artistProfiles.slug, idOrSlug.toLowerCase()))
    .limit(1);
  if (!row) throw notFound('That artist');
  return row as ArtistRow;
}

/** Per-object check: the artist themself or an administrator; anyone else 403, an unknown artist 404. */
async function findManagedArtist(db: DbOrTx, user: SessionUser, idOrSlug: string): Promise<ArtistRow> {
  const artist = await findArtist(db, idOrSlug);
  if (artist.userId !== user.id && !user.isAdmin) throw forbidden('Only the artist can change their availability.');
  return artist;
}

// ---------------------------------------------------------------------------------------------
// Engine inputs from the database

type Inputs = { timeOff: DateSpan[]; guestSpots: GuestSpotSpan[]; busy: BusyInterval[] };

type InputRow = { kind: 'off' | 'spot' | 'busy'; artist_id: string; a: string; b: string; timezone: string | null; city: string | null; country: string | null; venue: string | null };

/**
 * Time off, guest spots and time-holding bookings around [fromMs, toMs) of the artists `artistIs`
 * selects (an SQL condition on an artist id column), as rows of one shape.
 */
/** The engine inputs' window around [fromMs, toMs): a local day of any zone lies within the UTC dates either side of it; a buffer is at most a couple of hours. */
function inputWindow(fromMs: number, toMs: number) {
  return {
    fromKey: new Date(fromMs - DAY).toISOString().slice(0, 10),
    toKey: new Date(toMs + DAY).toISOString().slice(0, 10),
    fromTs: new Date(fromMs - DAY).toISOString(),
    toTs: new Date(toMs + DAY).toISOString(),
  };
}
type InputWindow = ReturnType<typeof inputWindow>;
/** A value bound now, or a placeholder a prepared statement binds per call. */
type Bound<T> = { [K in keyof T]: T[K] | Placeholder };

/** Time off, guest spots and time-holding bookings in the window, as rows of one shape (`kind` tells them apart). */
function inputRowsSql(artistIs: (column: SQL) => SQL, w: Bound<InputWindow>, ignoreBookingId?: Placeholder): SQL {
  return sql`
    SELECT 'off' AS kind, o.artist_id, o.starts_on::text AS a, o.ends_on::text AS b, NULL AS timezone, NULL AS city, NULL AS country, NULL AS venue
    FROM artist_time_off o
    WHERE ${artistIs(sql`o.artist_id`)} AND o.ends_on >= ${w.fromKey}::date AND o.starts_on <= ${w.toKey}::date
    UNION ALL
    SELECT 'spot', g.artist_id, g.starts_on::text, g.ends_on::text, g.timezone, g.city, g.country, g.venue
    FROM guest_spots g
    WHERE ${artistIs(sql`g.artist_id`)} AND g.ends_on >= ${w.fromKey}::date AND g.starts_on <= ${w.toKey}::date
    UNION ALL
    SELECT 'busy', b.artist_id, (extract(epoch FROM b.starts_at) * 1000)::bigint::text, (extract(epoch FROM b.ends_at) * 1000)::bigint::text, NULL, NULL, NULL, NULL
    FROM bookings b
    WHERE ${artistIs(sql`b.artist_id`)} AND b.status IN (${sql.join(TIME_HOLDING_STATUSES.map((st) => sql`${st}`), sql`, `)})
      AND b.ends_at > ${w.fromTs}::timestamptz AND b.starts_at < ${w.toTs}::timestamptz
      ${ignoreBookingId ? sql`AND (${ignoreBookingId}::uuid IS NULL OR b.id <> ${ignoreBookingId}::uuid)` : sql``}
  `;
}

function addInputRow(entry: Inputs, r: InputRow): void {
  if (r.kind === 'off') entry.timeOff.push({ startsOn: r.a, endsOn: r.b });
  else if (r.kind === 'spot') entry.guestSpots.push({ startsOn: r.a, endsOn: r.b, timezone: r.timezone!, city: r.city!, country: r.country!, ...(r.venue ? { venue: r.venue } : {}) });
  else entry.busy.push({ startsAt: Number(r.a), endsAt: Number(r.b) });
}

/** The engine inputs of several artists around [fromMs, toMs), in one round trip (search's first free slots). */
export async function loadInputs(db: DbOrTx, artistIds: string[], fromMs: number, toMs: number): Promise<Map<string, Inputs>> {
  const out = new Map<string, Inputs>(artistIds.map((id) => [id, { timeOff: [], guestSpots: [], busy: [] }]));
  if (artistIds.length === 0) return out;
  const ids = sql`ARRAY[${sql.join(artistIds.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
  const rows = await queryRows<InputRow>(db, inputRowsSql((column) => sql`${column} = ANY(${ids})`, inputWindow(fromMs, toMs)));
  for (const r of rows) {
    const entry = out.get(r.artist_id);
    if (entry) addInputRow(entry, r);
  }
  return out;
}

function engineInput(artist: Omit<ArtistRow, 'userId'>, inputs: Inputs, durationMinutes: number, now: number, fromMs: number, toMs: number): ComputeSlotsInput {
  return {
    timezone: artist.timezone,
    weeklyHours: artist.workingHours,
    timeOff: inputs.timeOff,
    guestSpots: inputs.guestSpots,
    busy: inputs.busy,
    durationMinutes,
    bufferMinutes: artist.bufferMinutes,
    minNoticeHours: artist.minNoticeHours,
    maxAdvanceDays: artist.maxAdvanceDays,
    now,
    from: fromMs,
    to: toMs,
  };
}

/** A query bound: a date is the artist's local midnight (an inclusive `to` date is the midnight after it); an instant is itself. */
function boundMs(value: string, timezone: string, inclusiveEnd: boolean): number {
  const date = parseDateKey(value);
  if (!date) return Date.parse(value);
  return zonedTimeToUtc(inclusiveEnd ? addDays(date, 1) : date, '00:00', timezone).getTime();
}

// ---------------------------------------------------------------------------------------------
// GET /api/artists/{id}/availability

type OfferedService = { id: string; kind: 'consultation' | 'tattoo' | 'piercing'; durationMinutes: number };
/** Everything one artist's availability is computed from, read in one statement (one snapshot). */
type Schedule = { artist: ArtistRow; services: OfferedService[]; inputs: Inputs; version: number };
type ScheduleHead = ArtistRow & {
  services: OfferedService[];
  version: number | string;
  also?: unknown;
};
type ScheduleRow = InputRow | { kind: 'artist'; artist_id: string; a: string | ScheduleHead };

/** Bounds wide enough for any zone's reading of the query (UTC−12 … UTC+14), before the artist's zone is known. */
function roughWindow(query: TAvailabilityQuery, now: number): [number, number] {
  const rough = (value: string) => parseDateKey(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  const fromMs = query.from ? rough(query.from) : now;
  const toMs = query.to ? rough(query.to) + DAY : fromMs + AVAILABILITY_DEFAULT_RANGE_DAYS * DAY;
  return [fromMs - DAY, toMs + DAY];
}

/**
 * The artist (by id or profile name), their offered services shortest first, their schedule's
 * version and the engine inputs around the query, in one statement: on PGlite every statement
 * waits for the one before it, so an answer costs one round trip, not two.
 */
async function readSchedule(db: DbOrTx, idOrSlug: string, query: TAvailabilityQuery, now: number, ignoreBookingId?: string): Promise<Schedule> {
  return readScheduleWith(db, idOrSlug, query, now, { ...(ignoreBookingId ? { ignoreBookingId } : {}) });
}

export type ScheduleWith<T> = Schedule & { also: T };

/**
 * What a caller reading the schedule anyway wants in the same round trip (booking creation: the
 * artist's booking rules, the service, an earlier request with the same key): a JSON expression
 * over the artist's row (`artist.<column>`) with placeholders, and their values for this call.
 * `name` names the statement it is part of, so each `also` is one prepared statement.
 */
export type ScheduleAlso = { name: string; sql: () => SQL; values: Record<string, unknown> };

const scheduleStatements = new Map<string, PreparedSql<ScheduleRow>>();
/**
 * The schedule statement for an artist looked up by id or by profile name, with `also` or without:
 * prepared, so PostgreSQL plans it once per connection (planning cost it three times the
 * execution when it was sent as new text each time) and the SQL is built once per process.
 */
function scheduleStatement(lookup: 'id' | 'slug', also: ScheduleAlso | undefined): PreparedSql<ScheduleRow> {
  const name = `schedule_by_${lookup}_${also?.name ?? 'plain'}`;
  let statement = scheduleStatements.get(name);
  if (!statement) {
    const artist = sql.placeholder('artist');
    const where = lookup === 'id' ? sql`a.id = ${artist}::uuid` : sql`a.slug = ${artist}`;
    const w: Bound<InputWindow> = { fromKey: sql.placeholder('fromKey'), toKey: sql.placeholder('toKey'), fromTs: sql.placeholder('fromTs'), toTs: sql.placeholder('toTs') };
    statement = preparedSql<ScheduleRow>(
      name,
      () => sql`
      WITH artist AS (SELECT a.* FROM artist_profiles a WHERE ${where} LIMIT 1)
      SELECT 'artist' AS kind, artist.id AS artist_id,
             json_build_object(
               'id', artist.id, 'userId', artist.user_id, 'timezone', artist.timezone, 'workingHours', artist.working_hours,
               'bufferMinutes', artist.buffer_minutes, 'minNoticeHours', artist.min_notice_hours, 'maxAdvanceDays', artist.max_advance_days,
               'services', coalesce((SELECT json_agg(json_build_object('id', s.id, 'kind', s.kind, 'durationMinutes', s.duration_minutes) ORDER BY s.duration_minutes, s.created_at)
                                     FROM services s WHERE s.artist_id = artist.id AND s.active), '[]'::json),
               'version', coalesce((SELECT v.version FROM availability_versions v WHERE v.artist_id = artist.id), 0),
               'also', ${also ? also.sql() : sql`NULL`}
             )::text AS a,
             NULL AS b, NULL AS timezone, NULL AS city, NULL AS country, NULL AS venue
      FROM artist
      UNION ALL
      ${inputRowsSql((column) => sql`${column} = (SELECT id FROM artist)`, w, sql.placeholder('ignoreBookingId'))}
    `,
    );
    scheduleStatements.set(name, statement);
  }
  return statement;
}

/** readSchedule, plus `also` (ScheduleAlso). 404 when there is no artist. */
export async function readScheduleWith<T = null>(
  db: DbOrTx,
  idOrSlug: string,
  query: TAvailabilityQuery,
  now: number,
  opts: { ignoreBookingId?: string; also?: ScheduleAlso },
): Promise<ScheduleWith<T>> {
  const byId = UUID.test(idOrSlug);
  const [fromMs, toMs] = roughWindow(query, now);
  const rows = await scheduleStatement(byId ? 'id' : 'slug', opts.also)(db, {
    ...opts.also?.values,
    artist: byId ? idOrSlug : idOrSlug.toLowerCase(),
    ...inputWindow(fromMs, toMs),
    ignoreBookingId: opts.ignoreBookingId ?? null,
  });
  const head = rows.find((r) => r.kind === 'artist');
  if (!head) throw notFound('That artist');
  const h = (typeof head.a === 'string' ? JSON.parse(head.a) : head.a) as ScheduleHead;
  const inputs: Inputs = { timeOff: [], guestSpots: [], busy: [] };
  for (const r of rows) if (r.kind !== 'artist') addInputRow(inputs, r);
  const artist: ArtistRow = {
    id: h.id,
    userId: h.userId,
    timezone: h.timezone,
    workingHours: h.workingHours,
    bufferMinutes: Number(h.bufferMinutes),
    minNoticeHours: Number(h.minNoticeHours),
    maxAdvanceDays: Number(h.maxAdvanceDays),
  };
  return { artist, services: h.services, inputs, version: Number(h.version), also: (h.also ?? null) as T };
}

/** The open slots of a schedule already read (readScheduleWith), for the query, as of `now`. */
export function computeAvailability({ artist, services: offered, inputs }: Schedule, query: TAvailabilityQuery, now: number): TAvailability {
  const service = pickService(offered, query.serviceId);
  const today = localDateOf(now, artist.timezone);
  const from = query.from ?? dateKey(today);
  const to = query.to ?? dateKey(addDays(parseDateKey(from.slice(0, 10)) ?? today, AVAILABILITY_DEFAULT_RANGE_DAYS - 1));
  const fromMs = boundMs(from, artist.timezone, false);
  const toMs = boundMs(to, artist.timezone, true);
  // One more than asked for tells whether the answer was cut short.
  const limit = query.limit ?? AVAILABILITY_MAX_SLOTS;
  const found = computeSlots({ ...engineInput(artist, inputs, service.durationMinutes, now, fromMs, toMs), limit: limit + 1 });
  const slots = found.slice(0, limit);
  return {
    timezone: artist.timezone,
    serviceId: service.id,
    durationMinutes: service.durationMinutes,
    from,
    to,
    ...(found.length > limit ? { truncated: true } : {}),
    slots: slots.map((s) =>
      s.location ? { startsAt: s.startsAt, endsAt: s.endsAt, location: { ...s.location, timezone: s.timezone } } : { startsAt: s.startsAt, endsAt: s.endsAt },
    ),
  };
}

/**
 * The open slots, computed now from the database. `ignoreBookingId`: leave that booking's own time
 * out of the busy list (a reschedule may move within or next to it). Checks that guard a write use
 * this; the public route reuses answers through `getPublicAvailability()`.
 */
export async function getAvailability(ctx: AppContext, idOrSlug: string, query: TAvailabilityQuery, now = Date.now(), opts: { ignoreBookingId?: string } = {}): Promise<TAvailability> {
  return computeAvailability(await readSchedule(ctx.database.db, idOrSlug, query, now, opts.ignoreBookingId), query, now);
}

/**
 * How long an answer may be reused while its artist's schedule version holds. Slots that pass into
 * the notice period are dropped from a reused answer; slots that come within the booking horizon
 * (the far end) appear within this time.
 */
const ANSWER_TTL_MS = 60_000;
const ANSWER_CACHE_MAX = 2_000;
type CachedAnswer = { artistId: string; version: number; computedAt: number; noticeMs: number; timezone: string; answer: TAvailability; starts: number[] };
/** Per database (tests run many in one process), by artist id and query. */
const answerCaches = new WeakMap<Db, Map<string, CachedAnswer>>();

const versionRead = preparedPerDatabase((db) =>
  db
    .select({ version: availabilityVersions.version })
    .from(availabilityVersions)
    .where(eq(availabilityVersions.artistId, sql.placeholder('artistId')))
    .prepare('availability_version'),
);
async function scheduleVersion(db: Db, artistId: string): Promise<number> {
  const [row] = await versionRead(db).execute({ artistId });
  return Number(row?.version ?? 0);
}

/**
 * GET /api/artists/{id}/availability. Availability is read far more often than a schedule changes,
 * so an answer is kept in memory and reused while the artist's schedule version (bumped by the
 * database on every change, from any process: migration 0008) is the same — one indexed read
 * instead of the schedule's and the slot engine's work. Exact: a changed schedule is never served.
 */
export async function getPublicAvailability(ctx: AppContext, idOrSlug: string, query: TAvailabilityQuery, now = Date.now()): Promise<TAvailability> {
  const { db } = ctx.database;
  if (!UUID.test(idOrSlug)) return getAvailability(ctx, idOrSlug, query, now);
  let cache = answerCaches.get(db);
  if (!cache) answerCaches.set(db, (cache = new Map()));
  const key = `${idOrSlug.toLowerCase()}|${query.serviceId ?? ''}|${query.from ?? ''}|${query.to ?? ''}|${query.limit ?? ''}`;
  const hit = cache.get(key);
  if (hit && now >= hit.computedAt && now < hit.computedAt + ANSWER_TTL_MS && (query.from || dateKey(localDateOf(now, hit.timezone)) === hit.answer.from)) {
    if ((await scheduleVersion(db, hit.artistId)) === hit.version) return withoutPassedSlots(hit, now);
  }
  const schedule = await readSchedule(db, idOrSlug, query, now);
  const answer = computeAvailability(schedule, query, now);
  if (cache.size >= ANSWER_CACHE_MAX) cache.clear();
  cache.set(key, {
    artistId: schedule.artist.id,
    version: schedule.version,
    computedAt: now,
    noticeMs: schedule.artist.minNoticeHours * 3_600_000,
    timezone: schedule.artist.timezone,
    answer,
    starts: answer.slots.map((slot) => Date.parse(slot.startsAt)),
  });
  return answer;
}

/** A reused answer as of `now`: slots now inside the artist's minimum notice are no longer bookable. */
function withoutPassedSlots(hit: CachedAnswer, now: number): TAvailability {
  const earliest = now + hit.noticeMs;
  const firstKept = hit.starts.findIndex((start) => start >= earliest);
  if (firstKept === 0) return hit.answer;
  return { ...hit.answer, slots: firstKept === -1 ? [] : hit.answer.slots.slice(firstKept) };
}

/** The asked-for service (it must be this artist's and offered), else a consultation, else the shortest service. */
function pickService(offered: OfferedService[], serviceId: string | undefined): OfferedService {
  if (serviceId) {
    const chosen = offered.find((r) => r.id === serviceId);
    if (!chosen) throw new AppError('NOT_FOUND', 'That service is not offered by this artist.');
    return chosen;
  }
  const chosen = offered.find((r) => r.kind === 'consultation') ?? offered[0];
  if (!chosen) throw new AppError('NOT_FOUND', 'This artist has no services to book yet.');
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// First free slot per artist, for search (filter by a date range, sort by soonest)

/** A cached answer also expires, because time passes: new days enter the artist's booking horizon. */
const FIRST_SLOT_TTL_MS = 60_000;
const FIRST_SLOT_CACHE_MAX = 50_000;
/** How far "soonest" looks ahead; the artist's own max advance (≤ 365 days) usually stops it sooner. */
const SOONEST_HORIZON_DAYS = 366;

type CacheEntry = { until: number; noticeMs: number; value: number | null };
/** By artist, availability version and range: a booking or any other schedule change (any process) moves the version, so an entry never outlives what it was computed from. */
const firstSlotCache = new Map<string, CacheEntry>();

export type FirstSlotRange = { availableFrom?: string | undefined; availableTo?: string | undefined };

/**
 * Each artist's first free slot (epoch ms, or null) of their shortest active session service
 * (60 minutes without one) within the range — local dates of each artist — or from now when
 * there is none. Search reads precomputed free days first (free-days.ts); this runs the engine for
 * the artists those cannot answer. `artists` carry their availability version (read by the
 * caller's search statement), which keys the cache.
 */
export async function firstFreeSlots(ctx: AppContext, artistsToCheck: Array<{ id: string; version: number }>, range: FirstSlotRange, now = Date.now()): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  const rangeKey = `${range.availableFrom ?? 'now'}|${range.availableTo ?? ''}`;
  const keyOf = (id: string, version: number) => `${id}|${version}|${rangeKey}`;
  const versions = new Map(artistsToCheck.map((a) => [a.id, a.version]));
  const missing: string[] = [];
  for (const { id, version } of artistsToCheck) {
    const hit = firstSlotCache.get(keyOf(id, version));
    // A cached slot that has slipped inside the notice period is no longer bookable: recompute it.
    if (hit && hit.until > now && (hit.value === null || hit.value >= now + hit.noticeMs)) out.set(id, hit.value);
    else missing.push(id);
  }
  if (missing.length === 0) return out;

  const { db } = ctx.database;
  const [artists, durations] = await Promise.all([
    db.select(artistColumns).from(artistProfiles).where(inArray(artistProfiles.id, missing)),
    db
      .select({ artistId: services.artistId, minutes: sql<number>`min(${services.durationMinutes})::int` })
      .from(services)
      .where(and(inArray(services.artistId, missing), eq(services.active, true), sql`${services.kind} <> 'consultation'`))
      .groupBy(services.artistId),
  ]);
  const durationOf = new Map(durations.map((d) => [d.artistId, Number(d.minutes)]));
  const bounds = new Map<string, [number, number]>();
  let lowest = Infinity;
  let highest = -Infinity;
  for (const a of artists) {
    const fromMs = range.availableFrom ? Math.max(now, boundMs(range.availableFrom, a.timezone, false)) : now;
    const toMs = range.availableTo ? boundMs(range.availableTo, a.timezone, true) : range.availableFrom ? fromMs + SOONEST_HORIZON_DAYS * DAY : now + Math.min(a.maxAdvanceDays, SOONEST_HORIZON_DAYS) * DAY;
    bounds.set(a.id, [fromMs, toMs]);
    lowest = Math.min(lowest, fromMs);
    highest = Math.max(highest, toMs);
  }
  const inputs = await loadInputs(db, artists.map((a) => a.id), lowest, Math.max(lowest, highest));
  if (firstSlotCache.size > FIRST_SLOT_CACHE_MAX) firstSlotCache.clear();
  for (const a of artists as ArtistRow[]) {
    const [fromMs, toMs] = bounds.get(a.id)!;
    const slot = toMs > fromMs ? computeSlots({ ...engineInput(a, inputs.get(a.id)!, durationOf.get(a.id) ?? SEARCH_DEFAULT_DURATION_MINUTES, now, fromMs, toMs), limit: 1 })[0] : undefined;
    const value = slot ? Date.parse(slot.startsAt) : null;
    out.set(a.id, value);
    firstSlotCache.set(keyOf(a.id, versions.get(a.id)!), { until: now + FIRST_SLOT_TTL_MS, noticeMs: a.minNoticeHours * 3_600_000, value });
  }
  for (const id of missing) if (!out.has(id)) out.set(id, null);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Settings (owner or admin)

const presentTimeOff = (r: typeof artistTimeOff.$inferSelect): TTimeOff => ({ id: r.id, startsOn: r.startsOn, endsOn: r.endsOn, reason: r.reason });
const presentGuestSpot = (r: typeof guestSpots.$inferSelect): TGuestSpot => ({
  id: r.id,
  cityId: findCityByName(r.city, r.country)?.id ?? null,
  city: r.city,
  country: r.country,
  timezone: r.timezone,
  lat: r.lat,
  lng: r.lng,
  venue: r.venue,
  startsOn: r.startsOn,
  endsOn: r.endsOn,
});

const todayIn = (timezone: string, now = Date.now()) => dateKey(localDateOf(now, timezone));

export async function getAvailabilitySettings(ctx: AppContext, user: SessionUser, idOrSlug: string): Promise<TAvailabilitySettings> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  return presentSettings(db, artist);
}

async function presentSettings(db: DbOrTx, artist: ArtistRow): Promise<TAvailabilitySettings> {
  const today = todayIn(artist.timezone);
  const [offRows, spotRows] = await Promise.all([
    db.select().from(artistTimeOff).where(and(eq(artistTimeOff.artistId, artist.id), gte(artistTimeOff.endsOn, today))).orderBy(asc(artistTimeOff.startsOn), asc(artistTimeOff.createdAt)),
    db.select().from(guestSpots).where(and(eq(guestSpots.artistId, artist.id), gte(guestSpots.endsOn, today))).orderBy(asc(guestSpots.startsOn)),
  ]);
  return {
    artistId: artist.id,
    timezone: artist.timezone,
    bufferMinutes: artist.bufferMinutes,
    minNoticeHours: artist.minNoticeHours,
    maxAdvanceDays: artist.maxAdvanceDays,
    weeklyHours: artist.workingHours as TWeeklyHours,
    timeOff: offRows.map(presentTimeOff),
    guestSpots: spotRows.map(presentGuestSpot),
  };
}

/** Sorted ranges per day, days without hours left out, so what is stored reads the same everywhere. */
function normaliseHours(hours: TWeeklyHours): TWeeklyHours {
  const out: TWeeklyHours = {};
  for (const [day, ranges] of Object.entries(hours) as Array<[keyof TWeeklyHours, Array<[string, string]> | undefined]>) {
    if (ranges && ranges.length) out[day] = [...ranges].sort((a, b) => a[0].localeCompare(b[0])).map(([a, b]): [string, string] => [a, b]);
  }
  return out;
}

/** PUT: who may change the settings is settled before the body is read (a stranger learns nothing from a 400). */
export async function updateAvailabilitySettings(ctx: AppContext, user: SessionUser, idOrSlug: string, body: unknown): Promise<TAvailabilitySettings> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  const input = validate(ZAvailabilitySettingsInput, body);
  const workingHours = normaliseHours(input.weeklyHours);
  await db
    .update(artistProfiles)
    .set({ bufferMinutes: input.bufferMinutes, minNoticeHours: input.minNoticeHours, maxAdvanceDays: input.maxAdvanceDays, workingHours, updatedAt: new Date() })
    .where(eq(artistProfiles.id, artist.id));
  return presentSettings(db, { ...artist, bufferMinutes: input.bufferMinutes, minNoticeHours: input.minNoticeHours, maxAdvanceDays: input.maxAdvanceDays, workingHours });
}

/** Serialises changes to one artist's entries so the per-artist caps and the no-overlap rule hold under concurrent requests. */
async function lockArtist(tx: DbOrTx, artistId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM artist_profiles WHERE id = ${artistId} FOR UPDATE`);
}

export async function addTimeOff(ctx: AppContext, user: SessionUser, idOrSlug: string, body: unknown): Promise<TTimeOff> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  const input = validate(ZTimeOffInput, body);
  if (input.endsOn < todayIn(artist.timezone)) throw new AppError('VALIDATION_FAILED', 'endsOn: That time off is already over; choose today or a later day.');
  const row = await db.transaction(async (tx) => {
    await lockArtist(tx, artist.id);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(artistTimeOff).where(and(eq(artistTimeOff.artistId, artist.id), gte(artistTimeOff.endsOn, todayIn(artist.timezone))));
    if (Number(count?.n ?? 0) >= TIME_OFF_MAX_ENTRIES) throw new AppError('LIMIT_REACHED', `You can plan up to ${TIME_OFF_MAX_ENTRIES} stretches of time off. Remove one first.`);
    const [inserted] = await tx.insert(artistTimeOff).values({ artistId: artist.id, startsOn: input.startsOn, endsOn: input.endsOn, reason: input.reason }).returning();
    return inserted!;
  });
  return presentTimeOff(row);
}

export async function deleteTimeOff(ctx: AppContext, user: SessionUser, idOrSlug: string, entryId: string): Promise<void> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  if (!UUID.test(entryId)) throw notFound('That time off');
  const deleted = await db.delete(artistTimeOff).where(and(eq(artistTimeOff.id, entryId), eq(artistTimeOff.artistId, artist.id))).returning({ id: artistTimeOff.id });
  if (deleted.length === 0) throw notFound('That time off');
}

export async function addGuestSpot(ctx: AppContext, user: SessionUser, idOrSlug: string, body: unknown): Promise<TGuestSpot> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  const input = validate(ZGuestSpotInput, body);
  const city = findCity(input.cityId)!;
  if (input.endsOn < todayIn(city.timezone)) throw new AppError('VALIDATION_FAILED', 'endsOn: That guest spot is already over; choose today or a later day.');
  const row = await db.transaction(async (tx) => {
    await lockArtist(tx, artist.id);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(guestSpots).where(and(eq(guestSpots.artistId, artist.id), gte(guestSpots.endsOn, todayIn(artist.timezone))));
    if (Number(count?.n ?? 0) >= GUEST_SPOT_MAX_ENTRIES) throw new AppError('LIMIT_REACHED', `You can plan up to ${GUEST_SPOT_MAX_ENTRIES} guest spots. Remove one first.`);
    const [clash] = await tx
      .select({ city: guestSpots.city, startsOn: guestSpots.startsOn, endsOn: guestSpots.endsOn })
      .from(guestSpots)
      .where(and(eq(guestSpots.artistId, artist.id), gte(guestSpots.endsOn, input.startsOn), lte(guestSpots.startsOn, input.endsOn)))
      .limit(1);
    if (clash) throw new AppError('CONFLICT', `Those dates overlap your guest spot in ${clash.city} (${clash.startsOn} to ${clash.endsOn}). You can be in one city at a time.`);
    const [inserted] = await tx
      .insert(guestSpots)
      .values({ artistId: artist.id, city: city.name, country: city.country, timezone: city.timezone, lat: city.lat, lng: city.lng, venue: input.venue, startsOn: input.startsOn, endsOn: input.endsOn })
      .returning();
    return inserted!;
  });
  return { ...presentGuestSpot(row), cityId: city.id };
}

export async function deleteGuestSpot(ctx: AppContext, user: SessionUser, idOrSlug: string, entryId: string): Promise<void> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  if (!UUID.test(entryId)) throw notFound('That guest spot');
  const deleted = await db.delete(guestSpots).where(and(eq(guestSpots.id, entryId), eq(guestSpots.artistId, artist.id))).returning({ id: guestSpots.id });
  if (deleted.length === 0) throw notFound('That guest spot');
}

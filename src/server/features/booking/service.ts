import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { depositDueAt, LIVE_STATUSES, REQUEST_RESPONSE_HOURS, SLOT_HOLDING_STATUSES, FINAL_STATUSES, type BookingPolicySnapshot, type TBookingRole } from '../../../shared/booking-rules.ts';
import { instantInRange, ZUuid } from '../../../shared/contracts/input.ts';
import type { TBooking, TBookingCreate, TBookingDetail, TBookingImage, TBookingList, TBookingListQuery } from '../../../shared/contracts/bookings.ts';
import { flashSessionService } from '../../../shared/flash-session.ts';
import { addDays, localDateOf, zonedTimeToUtc } from '../../../shared/zoned-time.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { preparedPerDatabase, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { artistProfiles, bookingImages, bookings, flashDesigns, services } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../../http/keyset-cursor.ts';
import { computeAvailability, getAvailability, readScheduleWith, type ScheduleAlso, type ScheduleWith } from '../availability/service.ts';
import { assertFlashBookable, reserveFlashDesign } from '../flash/service.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { bookingNotFound, lockArtistSchedule, slotConflictFrom, UUID } from './access.ts';
import { loadJoined, policyOf, presentBooking, presentBookingImage, presentDetail, presentMany, selectBookings, type BookingJoined } from './presenter.ts';
import { bookingEventJson, bookingEventWritesFromJson, scheduledBookingJobs, transitionBooking, type BookingEventInput, type BookingRow } from './transitions.ts';

const HOUR = 3_600_000;
type CreateInput = Omit<TBookingCreate, 'acceptPolicy'> & { acceptPolicy: true };
/** The request once its service is known: the client's choice, or the session a flash design decides. */
type ResolvedInput = CreateInput & { serviceId: string };

export const NOT_A_SLOT = 'That time is no longer available. Please pick another time from the calendar.';

/** Is `startsAt` an open slot of the service now (the availability engine, in the artist's zone)? Returns the slot's end. */
export async function openSlotEnd(ctx: AppContext, artistId: string, serviceId: string, startsAt: Date, now: number, ignoreBookingId?: string): Promise<Date | null> {
  const from = startsAt.toISOString();
  const to = new Date(startsAt.getTime() + 1).toISOString();
  const answer = await getAvailability(ctx, artistId, { serviceId, from, to }, now, ignoreBookingId ? { ignoreBookingId } : {});
  const slot = answer.slots.find((s) => Date.parse(s.startsAt) === startsAt.getTime());
  return slot ? new Date(slot.endsAt) : null;
}

export function roleOfJoined(user: SessionUser, j: Pick<BookingJoined, 'b' | 'artist'>): TBookingRole | null {
  if (j.b.clientId === user.id) return 'client';
  if (j.artist.userId === user.id) return 'artist';
  return user.isAdmin ? 'admin' : null;
}

// ---------------------------------------------------------------------------------------------
// POST /api/bookings

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export function checkIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key: use 1 to 200 visible characters (a UUID is ideal).');
  return raw;
}

/** The parts of a request that decide which booking it is; a retry with the same key must match them. */
function sameRequest(row: BookingRow, imageIds: string[], input: ResolvedInput): boolean {
  const wanted = [...new Set(input.referenceImageIds ?? [])].sort();
  return (
    row.artistId === input.artistId &&
    row.serviceId === input.serviceId &&
    row.startsAt.getTime() === Date.parse(input.startsAt) &&
    row.mode === (input.mode ?? 'in_person') &&
    row.flashDesignId === (input.flashDesignId ?? null) &&
    row.idea === input.idea &&
    row.placement === (input.placement ?? null) &&
    row.size === (input.size ?? null) &&
    row.colour === (input.colour ?? null) &&
    (input.clientTimezone === undefined || row.clientTimezone === input.clientTimezone) &&
    JSON.stringify([...imageIds].sort()) === JSON.stringify(wanted)
  );
}

/** The booking an earlier request with this key created, if any; 409 when this request asks for something else. */
async function replayOf(ctx: AppContext, user: SessionUser, key: string, input: ResolvedInput): Promise<string | null> {
  const { db } = ctx.database;
  const [row] = await db.select().from(bookings).where(and(eq(bookings.clientId, user.id), eq(bookings.idempotencyKey, key))).limit(1);
  if (!row) return null;
  const images = await db.select({ id: bookingImages.id }).from(bookingImages).where(eq(bookingImages.bookingId, row.id));
  if (!sameRequest(row, images.map((i) => i.id), input))
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different booking request. Send a new key for a new request, or repeat the first request exactly.',
    );
  return row.id;
}

/** What creating a booking needs besides the schedule, read in the same statement (readScheduleWith). */
type CreationFacts = {
  slug: string;
  displayName: string;
  city: string;
  noticeHours: number;
  maxReschedules: number;
  depositWindowHours: number;
  depositInstructions: string;
  stripeChargesEnabled: boolean;
  instantBookConsultations: boolean;
  instantBookFlash: boolean;
  /** The service, when this artist offers it. */
  service: { id: string; name: string; kind: 'consultation' | 'tattoo' | 'piercing'; durationMinutes: number; depositCents: number; currency: string } | null;
  /** A booking an earlier request with this Idempotency-Key made. */
  earlierId: string | null;
};

const creationFacts = (serviceId: string, clientId: string, key: string | null): ScheduleAlso => ({
  name: 'creation_facts',
  values: { serviceId, clientId, key },
  sql: () => sql`json_build_object(
  'slug', artist.slug, 'displayName', artist.display_name, 'city', artist.city, 'noticeHours', artist.notice_hours,
  'maxReschedules', artist.max_reschedules, 'depositWindowHours', artist.deposit_window_hours,
  'depositInstructions', artist.deposit_instructions, 'stripeChargesEnabled', artist.stripe_charges_enabled,
  'instantBookConsultations', artist.instant_book_consultations, 'instantBookFlash', artist.instant_book_flash,
  'service', (SELECT json_build_object('id', s.id, 'name', s.name, 'kind', s.kind, 'durationMinutes', s.duration_minutes, 'depositCents', s.deposit_cents, 'currency', s.currency)
              FROM services s WHERE s.id = ${sql.placeholder('serviceId')}::uuid AND s.artist_id = artist.id AND s.active),
  'earlierId', (SELECT b.id FROM bookings b WHERE b.client_id = ${sql.placeholder('clientId')} AND b.idempotency_key = ${sql.placeholder('key')} LIMIT 1)
)`,
});

/** A new booking's columns as the prepared INSERT binds them: the API's shape (ISO times), policy as JSON. */
type BookingInsertValues = Pick<
  TBooking,
  | 'id' | 'artistId' | 'clientId' | 'serviceId' | 'flashDesignId' | 'mode' | 'startsAt' | 'endsAt' | 'clientTimezone' | 'idea' | 'placement' | 'size' | 'colour'
  | 'depositCents' | 'currency' | 'instant' | 'status' | 'depositStatus' | 'respondBy' | 'depositDueAt'
> & { idempotencyKey: string | null; policy: string; policyAcceptedAt: string };

/**
 * A new booking with its events and jobs (bookingEventWritesFromJson) in one statement, every value
 * a placeholder (BookingInsertValues plus `events` and `jobs`), so it is built once and PostgreSQL
 * plans it once per connection. Timestamps and JSON are cast in SQL: they may be null, which
 * Drizzle's column encoders do not take for placeholders. A booking that holds its slot at once
 * takes the artist's row lock first (the artist id is read FOR UPDATE as the row is built), which
 * serialises the artist's slot-holding inserts: a lost race fails the exclusion check at once
 * instead of deadlocking on the other's index entry.
 */
function bookingInsert(q: DbOrTx, instant: boolean) {
  const p = sql.placeholder;
  const timestamp = (name: string) => sql<Date>`${p(name)}::timestamptz`;
  return q
    .with(...bookingEventWritesFromJson().map((w, i) => q.$with(`write_${i}`, {}).as(w)))
    .insert(bookings)
    .values({
      id: p('id'),
      artistId: instant ? sql<string>`(SELECT ${artistProfiles.id} FROM ${artistProfiles} WHERE ${artistProfiles.id} = ${p('artistId')}::uuid FOR UPDATE)` : p('artistId'),
      clientId: p('clientId'),
      serviceId: p('serviceId'),
      flashDesignId: p('flashDesignId'),
      mode: p('mode'),
      startsAt: timestamp('startsAt'),
      endsAt: timestamp('endsAt'),
      clientTimezone: p('clientTimezone'),
      idea: p('idea'),
      placement: p('placement'),
      size: p('size'),
      colour: p('colour'),
      depositCents: p('depositCents'),
      currency: p('currency'),
      idempotencyKey: p('idempotencyKey'),
      policy: sql<BookingPolicySnapshot>`${p('policy')}::jsonb`,
      policyAcceptedAt: timestamp('policyAcceptedAt'),
      instant: p('instant'),
      status: p('status'),
      depositStatus: p('depositStatus'),
      respondBy: timestamp('respondBy'),
      depositDueAt: timestamp('depositDueAt'),
    })
    .returning();
}
const bookingInsertInstant = preparedPerDatabase((db) => bookingInsert(db, true).prepare('create_booking_instant'));
const bookingInsertRequest = preparedPerDatabase((db) => bookingInsert(db, false).prepare('create_booking_request'));
const preparedBookingInsert = (db: Db, instant: boolean) => (instant ? bookingInsertInstant : bookingInsertRequest)(db);

export type CreateResult = { booking: TBooking; replayed: boolean };

/**
 * POST /api/bookings. Two statements for the usual booking: the schedule with everything else the
 * checks need, then the booking with its events and jobs.
 */
/**
 * The session a flash design is booked into: the design decides it (flashSessionService), from its
 * size and the artist's tattoo sessions, so the client never picks a length for it. A client that
 * names another service is told so rather than silently overruled.
 */
async function flashSession(db: Db, artistId: string, flashDesignId: string, asked: string | undefined): Promise<string> {
  const [design] = await db.select({ artistId: flashDesigns.artistId, size: flashDesigns.size }).from(flashDesigns).where(eq(flashDesigns.id, flashDesignId)).limit(1);
  if (!design) throw notFound('That flash design');
  if (design.artistId !== artistId) throw new AppError('VALIDATION_FAILED', 'flashDesignId: this design belongs to another artist.');
  const menu = await db
    .select({ id: services.id, name: services.name, kind: services.kind, durationMinutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.artistId, artistId), eq(services.active, true)));
  const session = flashSessionService(menu, design.size);
  if (!session) throw new AppError('CONFLICT', 'This artist has no tattoo session to book a flash design into yet.');
  if (asked !== undefined && asked !== session.id)
    throw new AppError('VALIDATION_FAILED', `serviceId: a flash design decides its own session (${session.name}, ${session.durationMinutes} minutes); leave serviceId out.`);
  return session.id;
}

export async function createBooking(ctx: AppContext, user: SessionUser, given: CreateInput, idempotencyKey: string | undefined, now = Date.now()): Promise<CreateResult> {
  const { db } = ctx.database;
  const serviceId = given.flashDesignId ? await flashSession(db, given.artistId, given.flashDesignId, given.serviceId) : given.serviceId;
  // The contract refuses a request with neither; this only narrows the type.
  if (!serviceId) throw new AppError('VALIDATION_FAILED', 'serviceId: choose a service');
  const input: ResolvedInput = { ...given, serviceId };
  const startsAt = new Date(input.startsAt);
  // The slot check's window: the asked-for start only.
  const slotQuery = { serviceId: input.serviceId, from: startsAt.toISOString(), to: new Date(startsAt.getTime() + 1).toISOString() };
  const replay = async () => {
    const earlier = idempotencyKey ? await replayOf(ctx, user, idempotencyKey, input) : null;
    return earlier ? { booking: await presentOne(ctx, earlier, 'client', now), replayed: true } : null;
  };
  let schedule: ScheduleWith<CreationFacts>;
  try {
    schedule = await readScheduleWith<CreationFacts>(db, input.artistId, slotQuery, now, { also: creationFacts(input.serviceId, user.id, idempotencyKey ?? null) });
  } catch (error) {
    // A retry gets its first answer (or 409 when it asks for something else) before any other check.
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      const replayed = await replay();
      if (replayed) return replayed;
    }
    throw error;
  }
  const facts = schedule.also;
  if (facts.earlierId) {
    const replayed = await replay();
    if (replayed) return replayed;
  }
  const service = facts.service;
  if (!service) throw new AppError('NOT_FOUND', 'That service is not offered by this artist.');
  const artist = { ...facts, id: schedule.artist.id, userId: schedule.artist.userId, timezone: schedule.artist.timezone };
  if (artist.userId === user.id) throw forbidden('You cannot book an appointment with yourself.');
  if (input.flashDesignId) await assertFlashBookable(db, input.flashDesignId, { artistId: artist.id });

  if (startsAt.getTime() <= now) throw new AppError('VALIDATION_FAILED', 'startsAt: that time has already passed; pick a time from the calendar.');
  const slot = computeAvailability(schedule, slotQuery, now).slots.find((s) => Date.parse(s.startsAt) === startsAt.getTime());
  if (!slot) throw new AppError('CONFLICT', NOT_A_SLOT);
  const endsAt = new Date(slot.endsAt);

  const policy: BookingPolicySnapshot = {
    depositCents: service.depositCents,
    currency: service.currency,
    noticeHours: artist.noticeHours,
    maxReschedules: artist.maxReschedules,
    depositWindowHours: artist.depositWindowHours,
    depositMethod: ctx.config.STRIPE_SECRET_KEY && artist.stripeChargesEnabled ? 'stripe' : 'studio',
    depositInstructions: artist.depositInstructions,
  };
  // A video consultation always waits for the artist: the call is a fixed time both people keep free,
  // so the artist agrees to it first.
  const video = (input.mode ?? 'in_person') === 'video';
  const instant = (service.kind === 'consultation' && !video && artist.instantBookConsultations) || (Boolean(input.flashDesignId) && artist.instantBookFlash);
  const imageIds = [...new Set(input.referenceImageIds ?? [])];
  // An instant booking is inserted in the status acceptInTx would give it (accepted, then awaiting
  // its deposit or confirmed), with the same events; a request waits for the artist.
  const start = instant ? instantStart(service.depositCents, service.currency, policy, startsAt, now) : null;

  const bookingId = randomUUID();
  const status = start ? start.set.status : ('requested' as const);
  const requestFields = {
    status: 'requested' as const,
    depositStatus: service.depositCents > 0 ? ('pending' as const) : ('not_required' as const),
    respondBy: new Date(Math.min(now + REQUEST_RESPONSE_HOURS * HOUR, startsAt.getTime())),
  };
  const stateFields = start ? start.set : requestFields;
  const events: BookingEventInput[] = [
    { bookingId, actorId: user.id, fromStatus: null, toStatus: 'requested', action: 'created', data: { instant } },
    ...(start?.events ?? []).map((e) => ({ ...e, bookingId, actorId: user.id })),
  ];
  const scheduled = scheduledBookingJobs({ id: bookingId, status, startsAt, endsAt, respondBy: stateFields.respondBy, depositDueAt: ('depositDueAt' in stateFields && stateFields.depositDueAt) || null }, now);

  const values: BookingInsertValues = {
    id: bookingId,
    artistId: artist.id,
    clientId: user.id,
    serviceId: service.id,
    flashDesignId: input.flashDesignId ?? null,
    mode: input.mode ?? 'in_person',
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    clientTimezone: input.clientTimezone ?? 'UTC',
    idea: input.idea,
    placement: input.placement ?? null,
    size: input.size ?? null,
    colour: input.colour ?? null,
    depositCents: service.depositCents,
    currency: service.currency,
    idempotencyKey: idempotencyKey ?? null,
    policy: JSON.stringify(policy),
    policyAcceptedAt: new Date(now).toISOString(),
    instant,
    status: stateFields.status,
    depositStatus: stateFields.depositStatus,
    respondBy: stateFields.respondBy?.toISOString() ?? null,
    depositDueAt: ('depositDueAt' in stateFields && stateFields.depositDueAt?.toISOString()) || null,
  };
  const insertBooking = async (q: DbOrTx): Promise<BookingRow> => {
    const all = { ...values, ...bookingEventJson(q, events, { jobs: scheduled }) };
    const [row] = q === db ? await preparedBookingInsert(db, instant).execute(all) : await bookingInsert(q, instant).execute(all);
    if (!row) throw new Error('booking insert returned no row');
    return row;
  };

  let created: { row: BookingRow; images: TBookingImage[] };
  try {
    // A single statement is atomic by itself; a flash design or photos need a transaction around it.
    created =
      input.flashDesignId || imageIds.length > 0
        ? await db.transaction(async (tx) => {
            if (input.flashDesignId) await reserveFlashDesign(tx, input.flashDesignId);
            const row = await insertBooking(tx);
            return { row, images: await attachImages(tx, user.id, row.id, imageIds) };
          })
        : { row: await insertBooking(db), images: [] };
  } catch (error) {
    // A concurrent twin with the same key won the race: answer what it created.
    if (idempotencyKey && (error instanceof AppError || pgErrorCode(error) === '23505')) {
      const earlier = await replayOf(ctx, user, idempotencyKey, input);
      if (earlier) return { booking: await presentOne(ctx, earlier, 'client', now), replayed: true };
    }
    throw slotConflictFrom(error) ?? error;
  }
  // A flash booking shows the design's thumbnail, which only a re-read has; any other is presented
  // from the rows in hand (the client sees their own booking: no no-show count).
  if (input.flashDesignId) return { booking: await presentOne(ctx, created.row.id, 'client', now), replayed: false };
  const joined: BookingJoined = {
    b: created.row,
    artist: { id: artist.id, slug: artist.slug, displayName: artist.displayName, timezone: artist.timezone, city: artist.city, userId: artist.userId },
    clientName: user.name,
    clientAvatarKey: user.avatarKey,
    service: { id: service.id, name: service.name, kind: service.kind, durationMinutes: service.durationMinutes },
    flash: null,
  };
  return { booking: presentBooking(joined, created.images, 'client', now), replayed: false };
}

type StartEvent = Omit<BookingEventInput, 'bookingId' | 'actorId'>;

/**
 * Where an instant booking starts, as acceptInTx would move a request: accepted, then awaiting
 * its deposit (due as depositDueAt says) or confirmed when there
 * is none; and the events that tell it.
 */
function instantStart(depositCents: number, currency: string, policy: BookingPolicySnapshot, startsAt: Date, now: number) {
  const accepted: StartEvent = { fromStatus: 'requested', toStatus: 'accepted', action: 'accepted', note: null };
  if (depositCents > 0) {
    return {
      set: { status: 'awaiting_deposit' as const, respondBy: null, depositStatus: 'due' as const, depositDueAt: new Date(depositDueAt(policy, startsAt.getTime(), now).dueAt) },
      events: [accepted, { fromStatus: 'accepted', toStatus: 'awaiting_deposit', action: 'deposit_due', data: { amountCents: depositCents, currency, method: policy.depositMethod } }] satisfies StartEvent[],
    };
  }
  return {
    set: { status: 'confirmed' as const, respondBy: null, depositStatus: 'not_required' as const },
    events: [accepted, { fromStatus: 'accepted', toStatus: 'confirmed', action: 'confirmed' }] satisfies StartEvent[],
  };
}

/** Reference and placement photos the client uploaded earlier: theirs, not yet on another booking. */
async function attachImages(tx: Tx, ownerId: string, bookingId: string, ids: string[]): Promise<TBookingImage[]> {
  if (ids.length === 0) return [];
  const mine = await tx
    .select({ id: bookingImages.id })
    .from(bookingImages)
    .where(and(inArray(bookingImages.id, ids), eq(bookingImages.ownerId, ownerId), isNull(bookingImages.bookingId)))
    .for('update');
  if (mine.length !== ids.length)
    throw new AppError('VALIDATION_FAILED', 'referenceImageIds: some photos are not yours or are already attached to another booking. Upload them again.');
  const rows = await tx.update(bookingImages).set({ bookingId }).where(inArray(bookingImages.id, ids)).returning();
  // In the order the booking's page lists them.
  rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
  return rows.map(presentBookingImage);
}

/**
 * requested → accepted → awaiting_deposit (deposit due as depositDueAt says: before the notice
 * period begins) or → confirmed when there is no deposit; the caller holds the booking's lock.
 * The slot is taken from `accepted` on, so the exclusion constraint may refuse it (23P01).
 */
export async function acceptInTx(tx: Tx, booking: BookingRow, opts: { actorId: string; now: number; note: string | null }): Promise<BookingRow> {
  await lockArtistSchedule(tx, booking.artistId);
  const accepted = await transitionBooking(tx, booking, 'accepted', {
    actorId: opts.actorId,
    action: 'accepted',
    note: opts.note,
    set: { respondBy: null, ...(opts.note ? { artistMessage: opts.note } : {}) },
  });
  if (!accepted) throw new AppError('CONFLICT', 'This booking was changed a moment ago. Reload to see where it stands.');
  const policy = policyOf(accepted);
  const next =
    accepted.depositCents > 0
      ? await transitionBooking(tx, accepted, 'awaiting_deposit', {
          actorId: opts.actorId,
          action: 'deposit_due',
          data: { amountCents: accepted.depositCents, currency: accepted.currency, method: policy.depositMethod },
          set: { depositStatus: 'due', depositDueAt: new Date(depositDueAt(policy, accepted.startsAt.getTime(), opts.now).dueAt) },
        })
      : await transitionBooking(tx, accepted, 'confirmed', { actorId: opts.actorId, action: 'confirmed', set: { depositStatus: 'not_required' } });
  if (!next) throw new Error(`booking ${booking.id} changed under its row lock`);
  return next;
}

async function presentOne(ctx: AppContext, id: string, role: TBookingRole, now: number): Promise<TBooking> {
  const j = await loadJoined(ctx.database.db, eq(bookings.id, id));
  if (!j) throw bookingNotFound();
  const [booking] = await presentMany(ctx.database.db, [j], role, now);
  return booking!;
}

// ---------------------------------------------------------------------------------------------
// GET /api/bookings/{id}

export async function getBookingDetail(ctx: AppContext, user: SessionUser, id: string, now = Date.now()): Promise<TBookingDetail> {
  if (!UUID.test(id)) throw bookingNotFound();
  const { db } = ctx.database;
  const j = await loadJoined(db, eq(bookings.id, id));
  const role = j ? roleOfJoined(user, j) : null;
  if (!j || !role) throw bookingNotFound();
  return presentDetail(db, j, role, now);
}

// ---------------------------------------------------------------------------------------------
// GET /api/bookings

const ZBookingCursor = z.object({ t: z.number().refine(instantInRange), id: ZUuid });
const encodeBookingCursor = (c: z.infer<typeof ZBookingCursor>) => encodeCursor(c);

const inStatuses = (list: readonly string[]) => sql`${bookings.status} IN (${sql.join(list.map((s) => sql`${s}`), sql`, `)})`;

export async function listBookings(ctx: AppContext, user: SessionUser, query: TBookingListQuery, now = Date.now()): Promise<TBookingList> {
  const { db } = ctx.database;
  const where: SQL[] = [];
  let role: TBookingRole = 'client';
  let zone = 'UTC';
  if (query.as === 'artist') {
    const [artist] = await db.select({ id: artistProfiles.id, timezone: artistProfiles.timezone }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
    if (!artist) throw new AppError('NOT_FOUND', 'You do not have an artist profile, so there are no bookings to answer.');
    where.push(eq(bookings.artistId, artist.id));
    role = 'artist';
    zone = artist.timezone;
  } else where.push(eq(bookings.clientId, user.id));

  const nowTs = sql`${new Date(now).toISOString()}::timestamptz`;
  let descending = false;
  switch (query.scope) {
    case 'upcoming':
      where.push(inStatuses(LIVE_STATUSES), sql`${bookings.endsAt} > ${nowTs}`);
      break;
    case 'past':
      where.push(sql`(${inStatuses(FINAL_STATUSES)} OR ${bookings.endsAt} <= ${nowTs})`);
      descending = true;
      break;
    case 'requests':
      where.push(eq(bookings.status, 'requested'));
      break;
    case 'deposits_due':
      where.push(inStatuses(['accepted', 'awaiting_deposit']), eq(bookings.depositStatus, 'due'));
      break;
    case 'today': {
      // The viewer's day: the artist's zone for the artist's dashboard; UTC for clients (who may book across zones).
      const today = localDateOf(now, zone);
      const start = zonedTimeToUtc(today, '00:00', zone);
      const end = zonedTimeToUtc(addDays(today, 1), '00:00', zone);
      where.push(inStatuses(SLOT_HOLDING_STATUSES), gte(bookings.startsAt, start), lt(bookings.startsAt, end));
      break;
    }
    case 'all':
      break;
  }
  if (query.from) where.push(gt(bookings.endsAt, new Date(query.from)));
  if (query.to) where.push(lt(bookings.startsAt, new Date(query.to)));
  if (query.cursor) {
    const c = decodeCursor(query.cursor, ZBookingCursor, 'reload the list');
    const t = sql`${new Date(c.t).toISOString()}::timestamptz`;
    where.push(descending ? sql`(${bookings.startsAt}, ${bookings.id}) < (${t}, ${c.id}::uuid)` : sql`(${bookings.startsAt}, ${bookings.id}) > (${t}, ${c.id}::uuid)`);
  }
  const rows = (await selectBookings(db)
    .where(and(...where))
    .orderBy(...(descending ? [desc(bookings.startsAt), desc(bookings.id)] : [asc(bookings.startsAt), asc(bookings.id)]))
    .limit(query.limit + 1)) as BookingJoined[];
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await presentMany(db, page, role, now),
    nextCursor: rows.length > query.limit && last ? encodeBookingCursor({ t: last.b.startsAt.getTime(), id: last.b.id }) : null,
  };
}

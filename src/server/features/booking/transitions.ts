import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { COMPLETION_GRACE_HOURS, REMINDER_BEFORE_HOURS, type TBookingStatus } from '../../../shared/booking-rules.ts';
import { CONSENT_REMINDER_HOURS } from '../../../shared/contracts/consent.ts';

const HOUR = 3_600_000;
import type { DbOrTx } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema/index.ts';
import { cancelPendingJobs, enqueueJob, enqueueJobs, newJobsFromJson, newJobsInsert, newJobsJson, type EnqueueJob } from '../../jobs/queue.ts';

export type BookingRow = typeof bookings.$inferSelect;

export type BookingEventInput = {
  bookingId: string;
  actorId: string | null;
  fromStatus: TBookingStatus | null;
  toStatus: TBookingStatus;
  /** created, accepted, declined, deposit_due, deposit_paid, confirmed, rescheduled, cancelled, completed, no_show, expired, refunded, forfeited */
  action: string;
  note?: string | null;
  data?: Record<string, unknown>;
};

/**
 * Append one event to the booking's timeline; see recordBookingEvents.
 */
export async function recordBookingEvent(tx: DbOrTx, event: BookingEventInput): Promise<string> {
  const [id] = await recordBookingEvents(tx, [event]);
  return id!;
}

/**
 * The transactions that already have a `booking.notify` job for a booking. Events written in one
 * transaction share created_at (now() is the transaction's time) and the notify handler tells
 * people about all of them at once, so one job per booking and transaction is enough.
 */
const notifiedIn = new WeakMap<object, Set<string>>();

/**
 * Append events to the booking's timeline in one statement; call inside the transaction that made
 * the change. The first events of a booking in a transaction also enqueue a `booking.notify` job
 * (keyed by the first event, so it is sent once) that tells the people concerned about every event
 * of that moment — the handler decides who hears about which action. `jobs`: other new jobs to
 * write in the same statement (e.g. a new booking's deadline). Returns the events' ids, in order.
 */
export async function recordBookingEvents(tx: DbOrTx, events: BookingEventInput[], opts: { jobs?: Omit<EnqueueJob, 'replace'>[] } = {}): Promise<string[]> {
  const { ids, writes } = bookingEventWrites(tx, events, opts);
  if (writes.length > 0) await tx.execute(withWrites(writes.slice(0, -1), writes.at(-1)!));
  return ids;
}

type BookingEventRow = Required<Omit<BookingEventInput, 'note' | 'data'>> & { id: string; note: string | null; data: Record<string, unknown> };

/**
 * The rows recordBookingEvents writes: the events, with ids made here (so the first event's id is
 * known without relying on the order RETURNING answers in), and the jobs that go with them.
 */
function bookingEventRows(tx: DbOrTx, events: BookingEventInput[], opts: { jobs?: Omit<EnqueueJob, 'replace'>[] }): { rows: BookingEventRow[]; jobs: Omit<EnqueueJob, 'replace'>[] } {
  const rows = events.map((e) => ({ ...e, id: randomUUID(), note: e.note ?? null, data: e.data ?? {} }));
  const list = [...(opts.jobs ?? [])];
  // Outside a transaction each statement has its own time, so each call needs its own job.
  const scope = tx instanceof PgTransaction ? tx : null;
  const bookingIds = [...new Set(rows.map((r) => r.bookingId))];
  for (const bookingId of bookingIds) {
    const seen = scope ? notifiedIn.get(scope) : undefined;
    if (seen?.has(bookingId)) continue;
    const first = rows.find((r) => r.bookingId === bookingId)!;
    list.unshift({ kind: 'booking.notify', payload: { bookingId, eventId: first.id, action: first.action, actorId: first.actorId }, dedupeKey: `booking.notify:${first.id}` });
    if (scope) notifiedIn.set(scope, (seen ?? new Set()).add(bookingId));
  }
  // A completed session gets its aftercare plan (features/aftercare): the job decides whether the
  // service calls for one, so every way a booking completes (artist, admin, automatically) gets it.
  for (const r of rows)
    if (r.action === 'completed') list.push({ kind: 'aftercare.plan', payload: { bookingId: r.bookingId }, dedupeKey: `aftercare.plan:${r.bookingId}` });
  return { rows, jobs: list };
}

/**
 * The writes of recordBookingEvents, unexecuted: the events' INSERT and the jobs' INSERT, to run in
 * one statement (see withWrites) — together, or as part of another change.
 */
export function bookingEventWrites(tx: DbOrTx, events: BookingEventInput[], opts: { jobs?: Omit<EnqueueJob, 'replace'>[] } = {}): { ids: string[]; writes: SQL[] } {
  if (events.length === 0) return { ids: [], writes: [] };
  const { rows, jobs } = bookingEventRows(tx, events, opts);
  const jobsInsert = newJobsInsert(tx, jobs);
  return { ids: rows.map((r) => r.id), writes: [tx.insert(bookingEvents).values(rows).getSQL(), ...(jobsInsert ? [jobsInsert.getSQL()] : [])] };
}

/**
 * The same writes with the events and jobs as JSON values bound to the placeholders `events`,
 * `jobs` and `wakeJobs`: one statement text whatever their number, for a prepared statement (booking creation).
 * `bookingEventJson` gives the values.
 */
export function bookingEventWritesFromJson(): SQL[] {
  return [
    sql`INSERT INTO booking_events (id, booking_id, actor_id, from_status, to_status, action, note, data)
      SELECT e.id, e.booking_id, e.actor_id, e.from_status, e.to_status, e.action, e.note, e.data
      FROM jsonb_to_recordset(${sql.placeholder('events')}::jsonb)
        AS e(id uuid, booking_id uuid, actor_id text, from_status booking_status, to_status booking_status, action text, note text, data jsonb)`,
    newJobsFromJson(sql.placeholder('jobs'), sql.placeholder('wakeJobs')),
  ];
}

export function bookingEventJson(tx: DbOrTx, events: BookingEventInput[], opts: { jobs?: Omit<EnqueueJob, 'replace'>[] } = {}): { events: string; jobs: string; wakeJobs: boolean } {
  const { rows, jobs } = bookingEventRows(tx, events, opts);
  return {
    events: JSON.stringify(rows.map((r) => ({ id: r.id, booking_id: r.bookingId, actor_id: r.actorId, from_status: r.fromStatus, to_status: r.toStatus, action: r.action, note: r.note, data: r.data }))),
    ...newJobsJson(jobs),
  };
}

/**
 * `main` with `writes` as data-modifying WITH queries: one statement, one snapshot, all or nothing.
 * PostgreSQL runs every such write to completion whether or not anything reads it, and checks
 * foreign keys at the end of the statement, so a write may refer to a row `main` inserts.
 */
export function withWrites(writes: SQL[], main: SQL): SQL {
  if (writes.length === 0) return main;
  return sql`WITH ${sql.join(writes.map((w, i) => sql`${sql.raw(`write_${i}`)} AS (${w})`), sql`, `)} ${main}`;
}

/** Dedupe keys of the per-booking jobs; one of each per booking at a time. */
export const bookingJobKeys = (id: string) => ({
  expireRequest: `booking.expire_request:${id}`,
  expireDeposit: `booking.expire_deposit:${id}`,
  reminder: `booking.reminder:${id}`,
  completionDue: `booking.completion_due:${id}`,
  autoComplete: `booking.auto_complete:${id}`,
  ...Object.fromEntries(CONSENT_REMINDER_HOURS.map((h) => [`consentReminder${h}h`, `consent.reminder:${h}h:${id}`])),
});

type JobsRow = Pick<BookingRow, 'id' | 'status' | 'startsAt' | 'endsAt' | 'respondBy' | 'depositDueAt'>;
type ScheduledJob = Omit<EnqueueJob, 'replace'> & { runAt: Date };

/**
 * The scheduled jobs the booking's state calls for (see syncBookingJobs): a request's expiry, an
 * unpaid deposit's expiry, or for a confirmed booking its reminder 24 h before, the artist's
 * "completed or no-show?" prompt when it ends, and completion by itself after the grace period.
 */
export function scheduledBookingJobs(row: JobsRow, now = Date.now()): ScheduledJob[] {
  const keys = bookingJobKeys(row.id);
  const payload = { bookingId: row.id };
  if (row.status === 'requested' && row.respondBy) return [{ kind: 'booking.expire_request', payload, runAt: row.respondBy, dedupeKey: keys.expireRequest }];
  if (row.status === 'awaiting_deposit' && row.depositDueAt) return [{ kind: 'booking.expire_deposit', payload, runAt: row.depositDueAt, dedupeKey: keys.expireDeposit }];
  if (row.status !== 'confirmed') return [];
  // Each carries the times it was scheduled for: after a reschedule the old job finds them changed and does nothing.
  const timed = { ...payload, startsAt: row.startsAt.toISOString() };
  const jobs: ScheduledJob[] = [];
  if (row.startsAt.getTime() > now)
    jobs.push({ kind: 'booking.reminder', payload: timed, runAt: new Date(row.startsAt.getTime() - REMINDER_BEFORE_HOURS * HOUR), dedupeKey: keys.reminder });
  // Consent reminders go to every confirmed session; the job itself skips consultations and signed forms.
  for (const hours of CONSENT_REMINDER_HOURS) {
    const runAt = new Date(row.startsAt.getTime() - hours * HOUR);
    if (runAt.getTime() > now) jobs.push({ kind: 'consent.reminder', payload: { ...timed, hoursBefore: hours }, runAt, dedupeKey: `consent.reminder:${hours}h:${row.id}` });
  }
  if (row.endsAt.getTime() > now) jobs.push({ kind: 'booking.completion_due', payload: timed, runAt: row.endsAt, dedupeKey: keys.completionDue });
  jobs.push({ kind: 'booking.auto_complete', payload: timed, runAt: new Date(row.endsAt.getTime() + COMPLETION_GRACE_HOURS * HOUR), dedupeKey: keys.autoComplete });
  return jobs;
}

/**
 * Make the booking's scheduled jobs match its state (call after every change, in the same
 * transaction): jobs it calls for are created or moved (on reschedule), the others cancelled.
 * `fresh`: the booking was inserted in this transaction, so it has no jobs to cancel or move.
 */
export async function syncBookingJobs(tx: DbOrTx, row: JobsRow, now = Date.now(), opts: { fresh?: boolean } = {}): Promise<void> {
  const wanted = scheduledBookingJobs(row, now);
  if (opts.fresh) {
    if (wanted.length) await enqueueJobs(tx, wanted);
    return;
  }
  for (const key of Object.values(bookingJobKeys(row.id))) {
    const job = wanted.find((j) => j.dedupeKey === key);
    if (job) await enqueueJob(tx, { ...job, replace: true });
    else await cancelPendingJobs(tx, key);
  }
}

/**
 * Move a booking to `to` and write the event, in the caller's transaction. The update is guarded by
 * the status the caller read (`from`), so two racing transitions cannot both win: the loser gets
 * null and answers 409. Moving into a slot-holding status may raise the exclusion constraint
 * (SQLSTATE 23P01), which the caller turns into "that time is taken".
 */
export async function transitionBooking(
  tx: DbOrTx,
  booking: Pick<BookingRow, 'id' | 'status'>,
  to: TBookingStatus,
  opts: { actorId: string | null; action: string; note?: string | null; data?: Record<string, unknown>; set?: Partial<typeof bookings.$inferInsert> },
): Promise<BookingRow | null> {
  const [row] = await tx
    .update(bookings)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning();
  if (!row) return null;
  await recordBookingEvent(tx, {
    bookingId: booking.id,
    actorId: opts.actorId,
    fromStatus: booking.status,
    toStatus: to,
    action: opts.action,
    note: opts.note ?? null,
    ...(opts.data ? { data: opts.data } : {}),
  });
  return row;
}

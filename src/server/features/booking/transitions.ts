import { and, eq } from 'drizzle-orm';
import { REMINDER_BEFORE_HOURS, type TBookingStatus } from '../../../shared/booking-rules.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema/index.ts';
import { cancelPendingJobs, enqueueJob } from '../../jobs/queue.ts';

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
 * Append to the booking's timeline; call inside the transaction that made the change. Every event
 * also enqueues a `booking.notify` job (keyed by the event, so it is sent once) that tells the
 * people concerned — the handler decides who hears about which action.
 */
export async function recordBookingEvent(tx: DbOrTx, event: BookingEventInput): Promise<string> {
  const [row] = await tx
    .insert(bookingEvents)
    .values({ ...event, note: event.note ?? null, data: event.data ?? {} })
    .returning({ id: bookingEvents.id });
  if (!row) throw new Error('booking event insert returned no row');
  await enqueueJob(tx, {
    kind: 'booking.notify',
    payload: { bookingId: event.bookingId, eventId: row.id, action: event.action, actorId: event.actorId },
    dedupeKey: `booking.notify:${row.id}`,
  });
  return row.id;
}

/** Dedupe keys of the per-booking jobs; one of each per booking at a time. */
export const bookingJobKeys = (id: string) => ({
  expireRequest: `booking.expire_request:${id}`,
  expireDeposit: `booking.expire_deposit:${id}`,
  reminder: `booking.reminder:${id}`,
});

/**
 * Make the booking's scheduled jobs match its state (call after every change, in the same
 * transaction): a request expires at respondBy, an unpaid deposit at depositDueAt, a confirmed
 * booking gets its reminder 24 h before (moved on reschedule); anything else has none pending.
 */
export async function syncBookingJobs(tx: DbOrTx, row: Pick<BookingRow, 'id' | 'status' | 'startsAt' | 'respondBy' | 'depositDueAt'>, now = Date.now()): Promise<void> {
  const keys = bookingJobKeys(row.id);
  const payload = { bookingId: row.id };
  if (row.status === 'requested' && row.respondBy) {
    await enqueueJob(tx, { kind: 'booking.expire_request', payload, runAt: row.respondBy, dedupeKey: keys.expireRequest, replace: true });
  } else await cancelPendingJobs(tx, keys.expireRequest);
  if (row.status === 'awaiting_deposit' && row.depositDueAt) {
    await enqueueJob(tx, { kind: 'booking.expire_deposit', payload, runAt: row.depositDueAt, dedupeKey: keys.expireDeposit, replace: true });
  } else await cancelPendingJobs(tx, keys.expireDeposit);
  const remindAt = new Date(row.startsAt.getTime() - REMINDER_BEFORE_HOURS * 3_600_000);
  if (row.status === 'confirmed' && row.startsAt.getTime() > now) {
    await enqueueJob(tx, { kind: 'booking.reminder', payload: { ...payload, startsAt: row.startsAt.toISOString() }, runAt: remindAt, dedupeKey: keys.reminder, replace: true });
  } else await cancelPendingJobs(tx, keys.reminder);
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

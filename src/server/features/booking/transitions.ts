import { and, eq } from 'drizzle-orm';
import type { TBookingStatus } from '../../../shared/booking-rules.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema/index.ts';

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

/** Append to the booking's timeline; call inside the transaction that made the change. */
export async function recordBookingEvent(tx: DbOrTx, event: BookingEventInput): Promise<void> {
  await tx.insert(bookingEvents).values({ ...event, note: event.note ?? null, data: event.data ?? {} });
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

import { eq, sql } from 'drizzle-orm';
import { allowedActions, BOOKING_STATUS_LABELS, rescheduleRefusal, type TBookingAction, type TBookingRole } from '../../../shared/booking-rules.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { artistProfiles, auditLog, bookings } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { BookingRow } from './transitions.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SLOT_TAKEN = 'That time is no longer available — someone else has just booked it. Please pick another time.';

/**
 * Races that the database settles become a 409 a person can read: the no-overlap exclusion
 * constraint (23P01), and the deadlock PostgreSQL breaks when two inserts wait on each other's
 * conflicting index entries (40P01) or a serialization failure (40001). Anything else is rethrown.
 */
export function slotConflictFrom(error: unknown): AppError | null {
  const code = pgErrorCode(error);
  if (code === '23P01' || code === '40P01' || code === '40001') return new AppError('CONFLICT', SLOT_TAKEN);
  return null;
}

/** The booking under a row lock for the rest of the transaction; null when there is none. */
export async function lockBooking(tx: Tx, bookingId: string): Promise<BookingRow | null> {
  if (!UUID.test(bookingId)) return null;
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row ?? null;
}

/**
 * Serialises every change that makes one artist's booking hold time. Without it, two transactions
 * inserting overlapping rows each wait on the other's index entry and PostgreSQL has to break a
 * deadlock (after deadlock_timeout) instead of one simply failing the exclusion check.
 */
export async function lockArtistSchedule(tx: Tx, artistId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM artist_profiles WHERE id = ${artistId} FOR UPDATE`);
}

/** How `user` relates to the booking; null when they are neither a participant nor an admin. */
export async function roleOn(db: DbOrTx, user: SessionUser, booking: Pick<BookingRow, 'clientId' | 'artistId'>): Promise<TBookingRole | null> {
  if (booking.clientId === user.id) return 'client';
  const [artist] = await db.select({ userId: artistProfiles.userId }).from(artistProfiles).where(eq(artistProfiles.id, booking.artistId)).limit(1);
  if (artist?.userId === user.id) return 'artist';
  return user.isAdmin ? 'admin' : null;
}

/** Not a participant: the booking is "not found", so its existence does not leak. */
export const bookingNotFound = () => notFound('That booking');

const ACTION_WORDS: Record<TBookingAction, string> = {
  accept: 'accept',
  decline: 'decline',
  cancel: 'cancel',
  reschedule: 'reschedule',
  complete: 'mark as completed',
  'no-show': 'mark as a no-show',
  'mark-deposit-paid': 'mark the deposit as received',
  'pay-deposit': 'pay the deposit for',
};

/** Actions only the artist's side takes, and those only the client takes. */
const ARTIST_ONLY: TBookingAction[] = ['accept', 'decline', 'complete', 'no-show', 'mark-deposit-paid'];
const CLIENT_ONLY: TBookingAction[] = ['pay-deposit'];

/**
 * Is `action` allowed for `role` now? The wrong person gets 403; the right person at the wrong
 * moment gets 409 with the reason (the same rules the UI uses to show buttons).
 */
export function assertAllowed(booking: BookingRow, role: TBookingRole, action: TBookingAction, now: number): void {
  const asArtist = role === 'artist' || role === 'admin';
  if (ARTIST_ONLY.includes(action) && !asArtist) throw forbidden(`Only the artist can ${ACTION_WORDS[action]} this booking.`);
  if (CLIENT_ONLY.includes(action) && role !== 'client') throw forbidden(`Only the client can ${ACTION_WORDS[action]} this booking.`);
  const state = { ...booking, policy: booking.policy ?? { noticeHours: 48, maxReschedules: 2, depositMethod: 'studio' as const } };
  if (allowedActions(state, role, now).includes(action)) return;
  if (action === 'reschedule') {
    const why = rescheduleRefusal(state, now);
    throw new AppError('CONFLICT', why ?? 'This booking cannot be rescheduled once the appointment has started.');
  }
  const status = BOOKING_STATUS_LABELS[booking.status].toLowerCase();
  if ((action === 'complete' || action === 'no-show') && booking.status === 'confirmed')
    throw new AppError('CONFLICT', `You can ${ACTION_WORDS[action]} a booking only once the appointment has started.`);
  if (action === 'mark-deposit-paid' && (booking.status === 'accepted' || booking.status === 'awaiting_deposit'))
    throw new AppError('CONFLICT', 'There is no deposit waiting to be received on this booking.');
  if (action === 'cancel' && booking.status === 'confirmed') throw new AppError('CONFLICT', 'The appointment has already started, so it can no longer be cancelled.');
  if (action === 'cancel' && booking.status === 'requested' && asArtist) throw new AppError('CONFLICT', 'This is still a request: decline it instead (you can add a message).');
  throw new AppError('CONFLICT', `A ${status} booking cannot be ${pastTense(action)}.`);
}

function pastTense(action: TBookingAction): string {
  switch (action) {
    case 'accept':
      return 'accepted';
    case 'decline':
      return 'declined';
    case 'cancel':
      return 'cancelled';
    case 'reschedule':
      return 'rescheduled';
    case 'complete':
      return 'marked as completed';
    case 'no-show':
      return 'marked as a no-show';
    case 'mark-deposit-paid':
      return 'marked as paid';
    case 'pay-deposit':
      return 'paid for';
  }
}

/** Admins act with the artist's powers; each such change is written to the audit log in the same transaction. */
export async function auditIfAdmin(tx: Tx, user: SessionUser, role: TBookingRole, bookingId: string, action: string, data: Record<string, unknown> = {}): Promise<void> {
  if (role !== 'admin') return;
  await tx.insert(auditLog).values({ actorId: user.id, action: `booking.${action}`, subjectType: 'booking', subjectId: bookingId, data });
}

import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { bookings, ledgerEntries } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { recordLedgerEntry } from '../../payments/ledger.ts';
import { assertAllowed, auditIfAdmin, bookingNotFound, lockBooking, roleOn } from './access.ts';
import { recordBookingEvent, syncBookingJobs, transitionBooking, type BookingRow } from './transitions.ts';

export type ConfirmDepositOptions = {
  method: 'stripe' | 'studio';
  amountCents: number;
  currency: string;
  /** The Stripe payment intent (or other external id); one ledger row per external payment. */
  externalId?: string | null;
  actorId: string | null;
};

/**
 * The deposit of `bookingId` arrived: write the deposit_paid ledger row and confirm the booking,
 * in the caller's transaction. Takes the booking's row lock first, so it and the deposit-expiry job
 * (which takes the same lock) cannot both win.
 *
 * - 'confirmed': the ledger row was written and the booking moved awaiting_deposit → confirmed.
 * - 'already': a deposit_paid row already existed (a replayed webhook, a second click); nothing changed.
 * - 'wrong_money': the amount or currency is not the booking's deposit (whatever the booking's state);
 *   nothing was written, so the right payment can still confirm it — the caller refunds this one.
 * - 'refused': there is no such booking, or it is no longer waiting for its deposit (expired,
 *   cancelled); nothing was written — a Stripe payment must then be refunded by the caller.
 */
export async function confirmDeposit(tx: Tx, bookingId: string, opts: ConfirmDepositOptions): Promise<'confirmed' | 'already' | 'wrong_money' | 'refused'> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) return 'refused';
  if (opts.amountCents !== booking.depositCents || opts.currency.toUpperCase() !== booking.currency.toUpperCase()) return 'wrong_money';
  const [paid] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, 'deposit_paid')))
    .limit(1);
  if (paid) return 'already';
  const waiting = (booking.status === 'awaiting_deposit' || booking.status === 'accepted') && booking.depositStatus === 'due';
  if (!waiting || booking.depositCents <= 0) return 'refused';

  const written = await recordLedgerEntry(tx, {
    bookingId,
    artistId: booking.artistId,
    kind: 'deposit_paid',
    method: opts.method,
    amountCents: opts.amountCents,
    currency: booking.currency,
    externalId: opts.externalId ?? null,
    actorId: opts.actorId,
    note: opts.method === 'studio' ? 'Received at the studio' : null,
  });
  // The external id was already recorded (the same payment seen for this booking under another event).
  if (!written) return 'already';
  await recordBookingEvent(tx, {
    bookingId,
    actorId: opts.actorId,
    fromStatus: booking.status,
    toStatus: booking.status,
    action: 'deposit_paid',
    data: { method: opts.method, amountCents: opts.amountCents, currency: booking.currency },
  });
  const row = await transitionBooking(tx, booking, 'confirmed', { actorId: opts.actorId, action: 'confirmed', set: { depositDueAt: null } });
  // The row is locked above, so the guarded update cannot lose; if it did, roll the ledger row back with everything else.
  if (!row) throw new Error(`booking ${bookingId} changed under its row lock`);
  await syncBookingJobs(tx, row);
  return 'confirmed';
}

/**
 * Pay-at-studio mode: the artist (or an admin) says the deposit was handed over. Only for bookings
 * whose frozen policy says 'studio' — a Stripe deposit is confirmed by Stripe's signed webhook alone.
 */
export async function markDepositReceived(ctx: AppContext, user: SessionUser, bookingId: string, now = Date.now()): Promise<BookingRow> {
  return ctx.database.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw bookingNotFound();
    const role = await roleOn(tx, user, booking);
    if (!role) throw bookingNotFound();
    if (role !== 'client' && booking.policy?.depositMethod === 'stripe')
      throw new AppError('CONFLICT', 'This deposit is paid online by card; it is confirmed automatically when the payment arrives.');
    assertAllowed(booking, role, 'mark-deposit-paid', now);
    const outcome = await confirmDeposit(tx, bookingId, { method: 'studio', amountCents: booking.depositCents, currency: booking.currency, actorId: user.id });
    if (outcome !== 'confirmed') throw new AppError('CONFLICT', 'This deposit has already been recorded.');
    await auditIfAdmin(tx, user, role, bookingId, 'mark-deposit-paid', { amountCents: booking.depositCents, currency: booking.currency });
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!row) throw bookingNotFound();
    return row;
  });
}

import { and, eq } from 'drizzle-orm';
import { clientCancellationOutcome, rescheduleTargetRefusal, SLOT_HOLDING_STATUSES, cancelledStatus, type TBookingAction, type TBookingRole, type TBookingStatus } from '../../../shared/booking-rules.ts';
import type { TBookingDetail } from '../../../shared/contracts/bookings.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { bookings, flashDesigns, ledgerEntries } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueueJob, slotFreedKey } from '../../jobs/queue.ts';
import { recordLedgerEntry } from '../../payments/ledger.ts';
import { releaseFlashDesign } from '../flash/service.ts';
import { assertAllowed, auditIfAdmin, bookingNotFound, lockArtistSchedule, lockBooking, roleOn, slotConflictFrom, UUID } from './access.ts';
import { markDepositReceived } from './deposit.ts';
import { acceptInTx, getBookingDetail, NOT_A_SLOT, openSlotEnd } from './service.ts';
import { policyOf } from './presenter.ts';
import { recordBookingEvent, syncBookingJobs, transitionBooking, type BookingRow } from './transitions.ts';

const CHANGED = () => new AppError('CONFLICT', 'This booking was changed a moment ago. Reload to see where it stands.');
const holdsSlot = (status: TBookingStatus) => (SLOT_HOLDING_STATUSES as readonly TBookingStatus[]).includes(status);

type Step = (tx: Tx, booking: BookingRow, role: TBookingRole) => Promise<BookingRow>;

/**
 * One action in one transaction: lock the booking (SELECT … FOR UPDATE), settle who is asking
 * (a stranger gets 404), check the action is allowed for them now (403 / 409), run the step, keep
 * the booking's jobs in line and audit an admin. Races the database settles become 409s.
 */
async function act(ctx: AppContext, user: SessionUser, id: string, action: TBookingAction, now: number, step: Step, auditData: Record<string, unknown> = {}): Promise<TBookingDetail> {
  if (!UUID.test(id)) throw bookingNotFound();
  try {
    await ctx.database.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, id);
      if (!booking) throw bookingNotFound();
      const role = await roleOn(tx, user, booking);
      if (!role) throw bookingNotFound();
      assertAllowed(booking, role, action, now);
      const row = await step(tx, booking, role);
      await syncBookingJobs(tx, row, now);
      await auditIfAdmin(tx, user, role, id, action, { from: booking.status, to: row.status, ...auditData });
    });
  } catch (error) {
    throw slotConflictFrom(error) ?? error;
  }
  return getBookingDetail(ctx, user, id, now);
}

/** The booking's time is free again: tell the artist's waitlist (once per booking and start time). */
async function announceFreedSlot(tx: Tx, b: Pick<BookingRow, 'id' | 'artistId' | 'serviceId' | 'startsAt' | 'endsAt'>, now: number): Promise<void> {
  if (b.startsAt.getTime() <= now) return;
  await enqueueJob(tx, {
    kind: 'waitlist.slot_freed',
    payload: { bookingId: b.id, artistId: b.artistId, serviceId: b.serviceId, startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() },
    dedupeKey: slotFreedKey(b.id, b.startsAt),
  });
}

export function acceptBooking(ctx: AppContext, user: SessionUser, id: string, message: string | undefined, now = Date.now()): Promise<TBookingDetail> {
  return act(ctx, user, id, 'accept', now, async (tx, booking) => {
    if (booking.startsAt.getTime() <= now) throw new AppError('CONFLICT', 'The requested time has already passed, so this request can no longer be accepted.');
    return acceptInTx(tx, booking, { actorId: user.id, now, note: message ?? null });
  });
}

export function declineBooking(ctx: AppContext, user: SessionUser, id: string, message: string | undefined, now = Date.now()): Promise<TBookingDetail> {
  return act(ctx, user, id, 'decline', now, async (tx, booking) => {
    const row = await transitionBooking(tx, booking, 'declined', {
      actorId: user.id,
      action: 'declined',
      note: message ?? null,
      set: { respondBy: null, artistMessage: message ?? null },
    });
    if (!row) throw CHANGED();
    if (row.flashDesignId) await releaseFlashDesign(tx, row.flashDesignId);
    return row;
  });
}

/** The deposit_paid ledger row, which says how the money came in (and so how it goes back). */
async function paidDeposit(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select({ method: ledgerEntries.method, amountCents: ledgerEntries.amountCents, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, 'deposit_paid')))
    .limit(1);
  return row ?? null;
}

type DepositOutcome = 'nothing_paid' | 'refund' | 'forfeit';

/**
 * What happens to a paid deposit, in the transaction that ends the booking: a forfeit and a studio
 * refund are ledger rows now; a Stripe refund is a durable job (the API call happens outside this
 * transaction) whose handler writes the ledger row with the refund's id.
 */
async function settleDeposit(tx: Tx, booking: BookingRow, outcome: DepositOutcome, actorId: string): Promise<void> {
  if (outcome === 'nothing_paid') return;
  const paid = await paidDeposit(tx, booking.id);
  if (!paid) return;
  const base = { bookingId: booking.id, artistId: booking.artistId, amountCents: paid.amountCents, currency: paid.currency, actorId };
  if (outcome === 'forfeit') {
    if (await recordLedgerEntry(tx, { ...base, kind: 'deposit_forfeited', method: paid.method, note: 'Kept by the artist under the booking policy' }))
      await recordBookingEvent(tx, { bookingId: booking.id, actorId, fromStatus: booking.status, toStatus: booking.status, action: 'deposit_forfeited', data: { amountCents: paid.amountCents, currency: paid.currency } });
    return;
  }
  if (paid.method === 'studio') {
    if (await recordLedgerEntry(tx, { ...base, kind: 'deposit_refunded', method: 'studio', note: 'To be returned by the artist in person' }))
      await recordBookingEvent(tx, { bookingId: booking.id, actorId, fromStatus: booking.status, toStatus: booking.status, action: 'deposit_refunded', data: { amountCents: paid.amountCents, currency: paid.currency, method: 'studio' } });
    return;
  }
  await enqueueJob(tx, { kind: 'payment.refund', payload: { bookingId: booking.id }, dedupeKey: `payment.refund:${booking.id}` });
}

export function cancelBooking(ctx: AppContext, user: SessionUser, id: string, message: string | undefined, now = Date.now()): Promise<TBookingDetail> {
  return act(ctx, user, id, 'cancel', now, async (tx, booking, role) => {
    const policy = policyOf(booking);
    // An artist's (or admin's) cancellation always refunds in full; a client's follows the notice rule.
    const outcome: DepositOutcome =
      booking.depositStatus !== 'paid' ? 'nothing_paid' : role === 'client' ? clientCancellationOutcome({ ...booking, policy }, now) : 'refund';
    const row = await transitionBooking(tx, booking, cancelledStatus(role), {
      actorId: user.id,
      action: 'cancelled',
      note: message ?? null,
      data: { by: role, deposit: outcome },
      set: { cancelReason: message ?? null, respondBy: null },
    });
    if (!row) throw CHANGED();
    await settleDeposit(tx, row, outcome, user.id);
    if (row.flashDesignId) await releaseFlashDesign(tx, row.flashDesignId);
    if (holdsSlot(booking.status)) await announceFreedSlot(tx, booking, now);
    const [fresh] = await tx.select().from(bookings).where(eq(bookings.id, id));
    return fresh ?? row;
  });
}

export async function rescheduleBooking(ctx: AppContext, user: SessionUser, id: string, input: { startsAt: string; message?: string | undefined }, now = Date.now()): Promise<TBookingDetail> {
  if (!UUID.test(id)) throw bookingNotFound();
  const { db } = ctx.database;
  // The slot is checked before the transaction (the availability engine reads outside it); the
  // transaction then re-checks that nothing moved meanwhile, and the exclusion constraint has the last word.
  const [seen] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!seen) throw bookingNotFound();
  const seenRole = await roleOn(db, user, seen);
  if (!seenRole) throw bookingNotFound();
  assertAllowed(seen, seenRole, 'reschedule', now);
  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() === seen.startsAt.getTime()) throw new AppError('CONFLICT', 'The booking is already at that time; pick a different one.');
  if (startsAt.getTime() <= now) throw new AppError('VALIDATION_FAILED', 'startsAt: that time has already passed; pick a time from the calendar.');
  const tooSoon = rescheduleTargetRefusal({ status: seen.status, policy: policyOf(seen) }, startsAt.getTime(), now);
  if (tooSoon) throw new AppError('CONFLICT', tooSoon);
  const endsAt = await openSlotEnd(ctx, seen.artistId, seen.serviceId, startsAt, now, seen.id);
  if (!endsAt) throw new AppError('CONFLICT', NOT_A_SLOT);

  return act(
    ctx,
    user,
    id,
    'reschedule',
    now,
    async (tx, booking) => {
      if (booking.startsAt.getTime() !== seen.startsAt.getTime() || booking.status !== seen.status) throw CHANGED();
      if (holdsSlot(booking.status)) await lockArtistSchedule(tx, booking.artistId);
      const cap = (d: Date | null) => (d ? new Date(Math.min(d.getTime(), startsAt.getTime())) : null);
      const from = booking.startsAt.toISOString();
      const to = startsAt.toISOString();
      // Same status, same deposit: only the time moves (a paid deposit carries over, nothing is charged again).
      const row = await transitionBooking(tx, booking, booking.status, {
        actorId: user.id,
        action: 'rescheduled',
        note: input.message ?? null,
        data: { from, to, previousStartsAt: from },
        set: { startsAt, endsAt, rescheduleCount: booking.rescheduleCount + 1, respondBy: cap(booking.respondBy), depositDueAt: cap(booking.depositDueAt) },
      });
      if (!row) throw CHANGED();
      if (holdsSlot(booking.status)) await announceFreedSlot(tx, booking, now);
      return row;
    },
    { startsAt: startsAt.toISOString() },
  );
}

export function completeBooking(ctx: AppContext, user: SessionUser, id: string, message: string | undefined, now = Date.now()): Promise<TBookingDetail> {
  return act(ctx, user, id, 'complete', now, async (tx, booking) => {
    const row = await completeInTx(tx, booking, { actorId: user.id, note: message ?? null });
    if (!row) throw CHANGED();
    return row;
  });
}

/**
 * confirmed → completed, by the artist (or an admin) or by the auto-complete job after the grace
 * period; null when the booking changed meanwhile. A one-off flash design that was tattooed is gone for good.
 */
export async function completeInTx(tx: Tx, booking: BookingRow, opts: { actorId: string | null; note: string | null; data?: Record<string, unknown> }): Promise<BookingRow | null> {
  const row = await transitionBooking(tx, booking, 'completed', { actorId: opts.actorId, action: 'completed', note: opts.note, ...(opts.data ? { data: opts.data } : {}) });
  if (row?.flashDesignId) await markFlashGone(tx, row.flashDesignId);
  return row;
}

async function markFlashGone(tx: Tx, flashDesignId: string): Promise<void> {
  await tx
    .update(flashDesigns)
    .set({ status: 'gone', updatedAt: new Date() })
    .where(and(eq(flashDesigns.id, flashDesignId), eq(flashDesigns.repeatable, false)));
}

export function markNoShow(ctx: AppContext, user: SessionUser, id: string, message: string | undefined, now = Date.now()): Promise<TBookingDetail> {
  return act(ctx, user, id, 'no-show', now, async (tx, booking) => {
    const row = await transitionBooking(tx, booking, 'no_show', { actorId: user.id, action: 'no_show', note: message ?? null });
    if (!row) throw CHANGED();
    // The client did not come: like a late cancellation, the deposit stays with the artist.
    await settleDeposit(tx, row, booking.depositStatus === 'paid' ? 'forfeit' : 'nothing_paid', user.id);
    if (row.flashDesignId) await releaseFlashDesign(tx, row.flashDesignId);
    const [fresh] = await tx.select().from(bookings).where(eq(bookings.id, id));
    return fresh ?? row;
  });
}

export async function markDepositPaid(ctx: AppContext, user: SessionUser, id: string, now = Date.now()): Promise<TBookingDetail> {
  if (!UUID.test(id)) throw bookingNotFound();
  await markDepositReceived(ctx, user, id, now);
  return getBookingDetail(ctx, user, id, now);
}

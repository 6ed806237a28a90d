import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { bookings, ledgerEntries } from '../db/schema/index.ts';
import { recordBookingEvent } from '../features/booking/transitions.ts';
import type { JobRecord } from '../jobs/handlers.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { recordLedgerEntry } from './ledger.ts';
import { stripeFor } from './stripe.ts';

const ZRefundPayload = z.object({ bookingId: z.uuid() });

export const refundJobKey = (bookingId: string) => `payment.refund:${bookingId}`;

/** Ask for the card deposit of `bookingId` to go back to the client; call in the transaction that decided it. */
export async function enqueueDepositRefund(tx: Tx, bookingId: string): Promise<boolean> {
  return enqueueJob(tx, { kind: 'payment.refund', payload: { bookingId }, dedupeKey: refundJobKey(bookingId) });
}

export type RefundRecord = { bookingId: string; refundId: string | null; amountCents: number; currency: string; note: string };

/**
 * The deposit_refunded ledger row and its timeline event, once per refund whoever sees it first
 * (this job or Stripe's refund webhook): the ledger's unique indexes say whether it is new.
 */
export async function recordStripeRefund(tx: Tx, refund: RefundRecord): Promise<boolean> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, refund.bookingId)).for('update');
  if (!booking) return false;
  const written = await recordLedgerEntry(tx, {
    bookingId: booking.id,
    artistId: booking.artistId,
    kind: 'deposit_refunded',
    method: 'stripe',
    amountCents: refund.amountCents,
    currency: refund.currency.toUpperCase(),
    externalId: refund.refundId,
    actorId: null,
    note: refund.note,
  });
  if (!written) return false;
  await recordBookingEvent(tx, {
    bookingId: booking.id,
    actorId: null,
    fromStatus: booking.status,
    toStatus: booking.status,
    action: 'deposit_refunded',
    data: { method: 'stripe', amountCents: refund.amountCents, currency: refund.currency.toUpperCase(), refundId: refund.refundId },
  });
  return true;
}

/**
 * Job 'payment.refund' ({ bookingId }): refund the booking's card deposit through Stripe (the
 * transfer to the artist and the platform fee are reversed too), then write the ledger row. The
 * Stripe call has an idempotency key per booking, so a job that runs again after a crash between
 * the call and the write gets the same refund back instead of a second one.
 */
export async function refundDepositJob(ctx: AppContext, job: JobRecord): Promise<void> {
  const { bookingId } = ZRefundPayload.parse(job.payload);
  const db = ctx.database.db;
  const rows = await db
    .select({ kind: ledgerEntries.kind, method: ledgerEntries.method, externalId: ledgerEntries.externalId })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId));
  if (rows.some((r) => r.kind === 'deposit_refunded')) return; // already refunded (an earlier run, or Stripe's webhook)
  const paid = rows.find((r) => r.kind === 'deposit_paid');
  if (!paid) return; // nothing was paid, so nothing goes back
  if (paid.method !== 'stripe' || !paid.externalId)
    throw new Error(`booking ${bookingId}: the deposit was not paid by card, so Stripe cannot refund it; the artist returns it in person`);
  const stripe = stripeFor(ctx.config);
  if (!stripe) throw new Error(`booking ${bookingId}: a card deposit is due back but STRIPE_SECRET_KEY is not set`);

  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      { payment_intent: paid.externalId, reverse_transfer: true, refund_application_fee: true, metadata: { bookingId } },
      { idempotencyKey: `refund-${bookingId}` },
    );
  } catch (error) {
    // Refunded on Stripe's side already (e.g. from the dashboard): that refund's own webhook event writes the ledger row.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
    throw error;
  }
  if (refund.status === 'failed' || refund.status === 'canceled')
    throw new Error(`booking ${bookingId}: Stripe refund ${refund.id} ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}`);
  await db.transaction((tx) =>
    recordStripeRefund(tx, { bookingId, refundId: refund.id, amountCents: refund.amount, currency: refund.currency, note: 'Refunded to the card through Stripe' }),
  );
}

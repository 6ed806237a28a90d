import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { artistProfiles, bookings, ledgerEntries, stripeEvents } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { recordLedgerEntry } from '../../payments/ledger.ts';
import { enqueueDepositRefund, recordStripeRefund } from '../../payments/refund-job.ts';
import { idOf, requireStripe } from '../../payments/stripe.ts';
import { UUID } from '../booking/access.ts';
import { confirmDeposit } from '../booking/deposit.ts';

/** Stripe's own default: a signature older than this is refused (replays of captured requests). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookLog = { warn(obj: object, msg: string): void };
export type WebhookOutcome = { received: true; duplicate: boolean };

/**
 * POST /api/payments/stripe/webhook. The signature is checked over the raw bytes; then the event's
 * id goes into stripe_events in the same transaction as its effect, so a replayed or concurrent
 * copy finds the id taken and does nothing, and a failed effect leaves no id behind (Stripe sends
 * the event again). Effects are written so that any order of events ends in the same state:
 * payments confirm once whichever event says "paid" first, account state is read from Stripe
 * rather than from the (possibly stale) event, and a refund seen before its payment is refused
 * for now so that Stripe delivers it again later.
 */
export async function handleStripeWebhook(ctx: AppContext, raw: Buffer | undefined, signature: string | undefined, log?: WebhookLog): Promise<WebhookOutcome> {
  const stripe = requireStripe(ctx.config);
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('CONFLICT', 'Stripe webhooks are not set up on this server.');
  if (!raw || raw.length === 0 || !signature) throw new AppError('BAD_REQUEST', 'A Stripe webhook needs its raw body and the Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe signature does not match this payload, or it is more than 5 minutes old.');
  }

  const before = await prepare(ctx, stripe, event);
  const duplicate = await ctx.database.db.transaction(async (tx) => {
    const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (fresh.length === 0) return true;
    await apply(tx, event, before, log);
    return false;
  });
  return { received: true, duplicate };
}

type Prepared = { account?: { id: string; chargesEnabled: boolean } };

/** Reads that must not happen inside the transaction (network calls). */
async function prepare(ctx: AppContext, stripe: Stripe, event: Stripe.Event): Promise<Prepared> {
  if (event.type !== 'account.updated') return {};
  const accountId = event.data.object.id;
  const [artist] = await ctx.database.db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.stripeAccountId, accountId)).limit(1);
  if (!artist) return {};
  // Events can arrive in any order; the account as it is now is the same whatever the order.
  const account = await stripe.accounts.retrieve(accountId);
  return { account: { id: account.id, chargesEnabled: account.charges_enabled } };
}

async function apply(tx: Tx, event: Stripe.Event, before: Prepared, log?: WebhookLog): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid on completion; bank debits complete unpaid and settle later.
      if (event.data.object.payment_status === 'paid') await settleCheckout(tx, event.data.object, log);
      return;
    case 'checkout.session.async_payment_succeeded':
      await settleCheckout(tx, event.data.object, log);
      return;
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      await forgetCheckout(tx, event.data.object);
      return;
    case 'account.updated':
      if (before.account)
        await tx.update(artistProfiles).set({ stripeChargesEnabled: before.account.chargesEnabled, updatedAt: new Date() }).where(eq(artistProfiles.stripeAccountId, before.account.id));
      return;
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      await applyRefund(tx, { refundId: refund.id, paymentIntent: idOf(refund.payment_intent), amountCents: refund.amount, currency: refund.currency, status: refund.status });
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const latest = charge.refunds?.data[0];
      await applyRefund(tx, {
        refundId: latest?.id ?? null,
        paymentIntent: idOf(charge.payment_intent),
        amountCents: charge.amount_refunded,
        currency: charge.currency,
        status: latest ? latest.status : charge.refunded ? 'succeeded' : null,
      });
      return;
    }
    default:
      return; // recorded, nothing to do
  }
}

function bookingIdOf(session: Stripe.Checkout.Session): string | null {
  const id = session.metadata?.bookingId ?? session.client_reference_id;
  return id && UUID.test(id) ? id : null;
}

/**
 * The deposit was paid: confirm the booking. If the booking stopped waiting meanwhile (expired,
 * cancelled) the money still arrived: it goes into the ledger and straight back to the client.
 */
async function settleCheckout(tx: Tx, session: Stripe.Checkout.Session, log?: WebhookLog): Promise<void> {
  const bookingId = bookingIdOf(session);
  const paymentIntent = idOf(session.payment_intent);
  if (!bookingId || !paymentIntent || session.mode !== 'payment') {
    log?.warn({ sessionId: session.id }, 'Stripe Checkout session without a booking or payment intent; ignored');
    return;
  }
  const amountCents = session.amount_total ?? 0;
  const currency = (session.currency ?? '').toUpperCase();
  const outcome = await confirmDeposit(tx, bookingId, { method: 'stripe', amountCents, currency, externalId: paymentIntent, actorId: null });
  if (outcome === 'confirmed') return;
  if (outcome === 'already') {
    const [paid] = await tx
      .select({ externalId: ledgerEntries.externalId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, 'deposit_paid')));
    if (paid && paid.externalId !== paymentIntent)
      log?.warn({ bookingId, paymentIntent, recorded: paid.externalId }, 'a second deposit payment for one booking; refund it from the Stripe dashboard');
    return;
  }
  const [booking] = await tx.select({ id: bookings.id, artistId: bookings.artistId }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) {
    log?.warn({ sessionId: session.id, bookingId }, 'Stripe payment for an unknown booking; ignored');
    return;
  }
  if (amountCents <= 0) return;
  const written = await recordLedgerEntry(tx, {
    bookingId,
    artistId: booking.artistId,
    kind: 'deposit_paid',
    method: 'stripe',
    amountCents,
    currency,
    externalId: paymentIntent,
    actorId: null,
    note: 'Paid after the booking had stopped waiting for its deposit; refunded automatically.',
  });
  if (written) await enqueueDepositRefund(tx, bookingId);
}

/** A session that can no longer be paid: the next deposit request starts a new one. */
async function forgetCheckout(tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  const bookingId = bookingIdOf(session);
  if (!bookingId) return;
  await tx
    .update(bookings)
    .set({ checkoutSessionId: null, checkoutIdempotencyKey: null, updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.checkoutSessionId, session.id), inArray(bookings.status, ['accepted', 'awaiting_deposit'])));
}

type RefundFacts = { refundId: string | null; paymentIntent: string | null; amountCents: number; currency: string; status: string | null };

async function applyRefund(tx: Tx, refund: RefundFacts): Promise<void> {
  // Pending refunds are on their way (the job records those too); failed or cancelled ones returned nothing.
  if (!refund.paymentIntent || refund.amountCents <= 0 || (refund.status !== 'succeeded' && refund.status !== 'pending')) return;
  const [paid] = await tx
    .select({ bookingId: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.externalId, refund.paymentIntent), eq(ledgerEntries.kind, 'deposit_paid')));
  // The payment's own event has not been handled yet: refuse, so Stripe sends this one again after it.
  if (!paid) throw new AppError('CONFLICT', 'The payment this refund belongs to has not been recorded yet; Stripe will send the event again.');
  await recordStripeRefund(tx, {
    bookingId: paid.bookingId,
    refundId: refund.refundId,
    amountCents: refund.amountCents,
    currency: refund.currency,
    note: 'Refunded through Stripe',
  });
}

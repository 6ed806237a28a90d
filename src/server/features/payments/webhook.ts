import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { artistProfiles, bookings, ledgerEntries, stripeEvents } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { recordLedgerEntry } from '../../payments/ledger.ts';
import { recordWrongPayment, settleWrongPaymentRefund } from '../../payments/payment-issues.ts';
import { enqueueDepositRefund, recordStripeRefund } from '../../payments/refund-job.ts';
import { requireStripe } from '../../payments/stripe.ts';
import { confirmDeposit } from '../booking/deposit.ts';
import { parseStripe, ZAccountObject, ZChargeObject, ZCheckoutSessionObject, ZPaidCheckoutSession, ZRefundObject, ZStripeEventEnvelope, type CheckoutSessionObject, type PaidCheckoutSession } from './stripe-event-shapes.ts';

/** Stripe's own default: a signature older than this is refused (replays of captured requests). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookLog = { warn(obj: object, msg: string): void };
export type WebhookOutcome = { received: true; duplicate: boolean };

/**
 * POST /api/payments/stripe/webhook. The signature is checked over the raw bytes, then the event's
 * shape (a signed event we cannot read is a 400, never a 500); then the event's id goes into stripe_events in the same transaction as its effect, so a replayed or concurrent
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
  let payload: unknown;
  try {
    payload = stripe.webhooks.constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new AppError('BAD_REQUEST', 'The Stripe signature does not match this payload, or it is more than 5 minutes old.');
    // Anything else is thrown after the signature held: the signed body is not JSON, or it is a thin
    // (v2) event notification sent to this endpoint, which reads snapshot events.
    throw new AppError('STRIPE_EVENT_INVALID', 'This Stripe event cannot be used: its body is not a JSON snapshot event.');
  }
  const event = parseStripe(ZStripeEventEnvelope, payload, 'event');
  const effect = effectOf(event);

  const before = await prepare(ctx, stripe, effect);
  const duplicate = await ctx.database.db.transaction(async (tx) => {
    const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (fresh.length === 0) return true;
    await apply(tx, event.id, effect, before, log);
    return false;
  });
  return { received: true, duplicate };
}

type RefundFacts = { refundId: string | null; paymentIntent: string | null; amountCents: number; currency: string; status: string | null };

/** What an event asks of us, its object checked (400 when it is not the shape we read). */
type Effect =
  | { kind: 'settle'; session: PaidCheckoutSession }
  | { kind: 'forget'; session: CheckoutSessionObject }
  | { kind: 'account'; accountId: string }
  | { kind: 'refund'; refund: RefundFacts }
  | { kind: 'none' };

function effectOf(event: { type: string; data: { object: unknown } }): Effect {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = parseStripe(ZCheckoutSessionObject, object, 'data.object');
      // Card payments are paid on completion; bank debits complete unpaid and settle later.
      return session.payment_status === 'paid' ? { kind: 'settle', session: parseStripe(ZPaidCheckoutSession, object, 'data.object') } : { kind: 'none' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'settle', session: parseStripe(ZPaidCheckoutSession, object, 'data.object') };
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { kind: 'forget', session: parseStripe(ZCheckoutSessionObject, object, 'data.object') };
    case 'account.updated':
      return { kind: 'account', accountId: parseStripe(ZAccountObject, object, 'data.object').id };
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const refund = parseStripe(ZRefundObject, object, 'data.object');
      return { kind: 'refund', refund: { refundId: refund.id, paymentIntent: refund.payment_intent, amountCents: refund.amount, currency: refund.currency, status: refund.status } };
    }
    case 'charge.refunded': {
      const charge = parseStripe(ZChargeObject, object, 'data.object');
      const latest = charge.refunds?.data[0];
      return {
        kind: 'refund',
        refund: {
          refundId: latest?.id ?? null,
          paymentIntent: charge.payment_intent,
          amountCents: charge.amount_refunded,
          currency: charge.currency,
          status: latest ? latest.status : charge.refunded ? 'succeeded' : null,
        },
      };
    }
    default:
      return { kind: 'none' }; // recorded, nothing to do
  }
}

type Prepared = { account?: { id: string; chargesEnabled: boolean } };

/** Reads that must not happen inside the transaction (network calls). */
async function prepare(ctx: AppContext, stripe: Stripe, effect: Effect): Promise<Prepared> {
  if (effect.kind !== 'account') return {};
  const [artist] = await ctx.database.db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.stripeAccountId, effect.accountId)).limit(1);
  if (!artist) return {};
  // Events can arrive in any order; the account as it is now is the same whatever the order.
  const account = await stripe.accounts.retrieve(effect.accountId);
  return { account: { id: account.id, chargesEnabled: account.charges_enabled } };
}

async function apply(tx: Tx, eventId: string, effect: Effect, before: Prepared, log?: WebhookLog): Promise<void> {
  switch (effect.kind) {
    case 'settle':
      return settleCheckout(tx, eventId, effect.session, log);
    case 'forget':
      return forgetCheckout(tx, effect.session);
    case 'account':
      if (before.account)
        await tx.update(artistProfiles).set({ stripeChargesEnabled: before.account.chargesEnabled, updatedAt: new Date() }).where(eq(artistProfiles.stripeAccountId, before.account.id));
      return;
    case 'refund':
      return applyRefund(tx, effect.refund);
    case 'none':
      return;
  }
}

/**
 * The deposit was paid: confirm the booking. A payment of another amount or currency confirms
 * nothing: it is recorded as a payment issue (not in the ledger, so the right payment can still
 * confirm the booking), refunded by a job and shown to admins. If the booking stopped waiting
 * meanwhile (expired, cancelled) the money still arrived: it goes into the ledger and straight back.
 */
async function settleCheckout(tx: Tx, eventId: string, session: PaidCheckoutSession, log?: WebhookLog): Promise<void> {
  const bookingId = session.metadata.bookingId;
  const paymentIntent = session.payment_intent;
  const amountCents = session.amount_total;
  const currency = session.currency.toUpperCase();
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
  // confirmDeposit holds the booking's row lock from here on.
  const [booking] = await tx
    .select({ id: bookings.id, artistId: bookings.artistId, depositCents: bookings.depositCents, currency: bookings.currency })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) {
    // Stripe's guidance is to answer 2xx to every event the endpoint cannot act on: any other answer
    // is retried for three days and can get the endpoint disabled. A well-formed booking id we do
    // not have (another environment sharing the Stripe account, a test payload) never becomes
    // known, so a retry cannot help. Not refunded either: the payment may be that environment's.
    log?.warn({ sessionId: session.id, bookingId }, 'Stripe payment for an unknown booking; acknowledged and ignored');
    return;
  }
  if (outcome === 'wrong_money') {
    const recorded = await recordWrongPayment(tx, { booking, receivedCents: amountCents, receivedCurrency: currency, stripeEventId: eventId, checkoutSessionId: session.id, paymentIntentId: paymentIntent });
    // The client may pay again: the next deposit request opens a new Checkout Session for the right amount.
    await forgetCheckout(tx, session);
    if (recorded) log?.warn({ bookingId, paymentIntent, amountCents, currency, expected: { amountCents: booking.depositCents, currency: booking.currency } }, 'a deposit paid with the wrong amount or currency; refunding it');
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
async function forgetCheckout(tx: Tx, session: CheckoutSessionObject): Promise<void> {
  const bookingId = session.metadata.bookingId;
  await tx
    .update(bookings)
    .set({ checkoutSessionId: null, checkoutIdempotencyKey: null, updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.checkoutSessionId, session.id), inArray(bookings.status, ['accepted', 'awaiting_deposit'])));
}

async function applyRefund(tx: Tx, refund: RefundFacts): Promise<void> {
  // Pending refunds are on their way (the job records those too); failed or cancelled ones returned nothing.
  if (!refund.paymentIntent || refund.amountCents <= 0 || (refund.status !== 'succeeded' && refund.status !== 'pending')) return;
  const [paid] = await tx
    .select({ bookingId: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.externalId, refund.paymentIntent), eq(ledgerEntries.kind, 'deposit_paid')));
  if (!paid) {
    // A refund of a payment that was never the deposit (payment_issues) settles that issue.
    if (await settleWrongPaymentRefund(tx, refund.paymentIntent, refund.refundId)) return;
    // The payment's own event has not been handled yet: refuse, so Stripe sends this one again after it.
    throw new AppError('CONFLICT', 'The payment this refund belongs to has not been recorded yet; Stripe will send the event again.');
  }
  await recordStripeRefund(tx, {
    bookingId: paid.bookingId,
    refundId: refund.refundId,
    amountCents: refund.amountCents,
    currency: refund.currency,
    note: 'Refunded through Stripe',
  });
}

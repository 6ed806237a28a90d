import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { BOOKING_STATUS_LABELS } from '../../../shared/booking-rules.ts';
import type { TDepositAnswer } from '../../../shared/contracts/bookings.ts';
import { platformFeeCents } from '../../../shared/payments.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles, bookings, services } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { fromStripeError, requireStripe } from '../../payments/stripe.ts';
import { bookingNotFound, roleOn, UUID } from '../booking/access.ts';
import type { BookingRow } from '../booking/transitions.ts';

/** A stored Checkout key is reused this long (double clicks, a retry after a timeout); later calls start afresh. */
const CHECKOUT_KEY_REUSE_MS = 10 * 60_000;
/**
 * Stripe wants a Checkout Session to expire 30 minutes to 24 hours after it is created. The expiry
 * is computed from the key's time, so a retry with the same key sends the same parameters (Stripe
 * refuses a key reused with others); the margins cover the reuse window and clock drift.
 */
const CHECKOUT_MIN_LIFETIME_MS = 45 * 60_000;
const CHECKOUT_MAX_LIFETIME_MS = 23 * 3_600_000 + 30 * 60_000;

const STUDIO_INSTRUCTIONS_FALLBACK = 'Pay the deposit to the artist at the studio (or as they tell you); they will mark it received and your booking is then confirmed.';

/**
 * POST /api/bookings/{id}/deposit: the client asks how to pay the deposit. Pay-at-studio answers
 * the amount and the artist's instructions; Stripe answers a Checkout URL. The booking is confirmed
 * only by the artist (studio) or by Stripe's signed webhook, never by this call.
 */
export async function startDeposit(ctx: AppContext, user: SessionUser, bookingId: string, now = Date.now()): Promise<TDepositAnswer> {
  const { db } = ctx.database;
  if (!UUID.test(bookingId)) throw bookingNotFound();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw bookingNotFound();
  const role = await roleOn(db, user, booking);
  if (!role) throw bookingNotFound();
  if (role !== 'client') throw forbidden('Only the client pays the deposit for this booking.');
  assertDepositDue(booking, now);

  if ((booking.policy?.depositMethod ?? 'studio') === 'studio') {
    const [artist] = await db.select({ instructions: artistProfiles.depositInstructions }).from(artistProfiles).where(eq(artistProfiles.id, booking.artistId));
    const instructions = artist?.instructions.trim() || booking.policy?.depositInstructions.trim() || STUDIO_INSTRUCTIONS_FALLBACK;
    return { method: 'studio', amountCents: booking.depositCents, currency: booking.currency, instructions };
  }
  const stripe = requireStripe(ctx.config);
  try {
    return { method: 'stripe', checkoutUrl: await checkoutUrl(ctx, stripe, user, booking, now) };
  } catch (error) {
    throw fromStripeError(error);
  }
}

function assertDepositDue(b: BookingRow, now: number): void {
  if (b.depositStatus === 'paid') throw new AppError('CONFLICT', 'The deposit for this booking is already paid.');
  if (b.status === 'requested') throw new AppError('CONFLICT', 'The artist has not accepted this request yet; the deposit is asked for once they do.');
  if ((b.status !== 'awaiting_deposit' && b.status !== 'accepted') || b.depositStatus !== 'due' || b.depositCents <= 0)
    throw new AppError('CONFLICT', `This booking is ${BOOKING_STATUS_LABELS[b.status].toLowerCase()}; there is no deposit to pay.`);
  if (b.depositDueAt && b.depositDueAt.getTime() <= now)
    throw new AppError('CONFLICT', 'The time to pay this deposit has run out, so the booking no longer holds its slot.');
}

const keyTime = (key: string): number => Number(key.split(':')[2] ?? 0) * 1000;

/**
 * The Checkout Session URL for the booking's deposit. An open session is reused; otherwise the
 * idempotency key is stored on the booking before Stripe is called, so a double click or a retry
 * after a lost answer sends the same key and Stripe answers with the same session.
 */
async function checkoutUrl(ctx: AppContext, stripe: Stripe, user: SessionUser, booking: BookingRow, now: number): Promise<string> {
  const { db } = ctx.database;
  if (booking.checkoutSessionId) {
    const existing = await stripe.checkout.sessions.retrieve(booking.checkoutSessionId);
    if (existing.status === 'open' && existing.url) return existing.url;
    if (existing.status === 'complete')
      throw new AppError('CONFLICT', 'Your payment has gone through and is being confirmed. This page updates once Stripe tells us.');
    // Expired: forget it (unless another request already replaced it) and start a new one below.
    await db
      .update(bookings)
      .set({ checkoutSessionId: null, checkoutIdempotencyKey: null, updatedAt: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.checkoutSessionId, existing.id)));
  }

  const key = await claimCheckoutKey(ctx, booking.id, now);
  const [facts] = await db
    .select({ serviceName: services.name, artistName: artistProfiles.displayName, destination: artistProfiles.stripeAccountId, chargesEnabled: artistProfiles.stripeChargesEnabled })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .where(eq(bookings.id, booking.id));
  if (!facts?.destination || !facts.chargesEnabled)
    throw new AppError('CONFLICT', 'The artist cannot take card payments at the moment. Please contact them about paying the deposit.');

  const from = keyTime(key);
  const due = booking.depositDueAt?.getTime() ?? from + CHECKOUT_MAX_LIFETIME_MS;
  const expiresAt = Math.min(Math.max(due, from + CHECKOUT_MIN_LIFETIME_MS), from + CHECKOUT_MAX_LIFETIME_MS);
  const bookingUrl = `${ctx.publicUrl}/bookings/${booking.id}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: booking.currency.toLowerCase(),
            unit_amount: booking.depositCents,
            product_data: { name: `Deposit for ${facts.serviceName} with ${facts.artistName}` },
          },
        },
      ],
      metadata: { bookingId: booking.id },
      client_reference_id: booking.id,
      customer_email: user.email,
      success_url: `${bookingUrl}?deposit=success`,
      cancel_url: `${bookingUrl}?deposit=cancelled`,
      expires_at: Math.floor(expiresAt / 1000),
      payment_intent_data: {
        application_fee_amount: platformFeeCents(booking.depositCents),
        transfer_data: { destination: facts.destination },
        metadata: { bookingId: booking.id },
        description: `Deposit for ${facts.serviceName} with ${facts.artistName}`,
      },
    },
    { idempotencyKey: key },
  );
  // Keyed on the key we used: a newer attempt's session is never overwritten by an older one.
  await db
    .update(bookings)
    .set({ checkoutSessionId: session.id, updatedAt: new Date() })
    .where(and(eq(bookings.id, booking.id), eq(bookings.checkoutIdempotencyKey, key)));
  if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
  return session.url;
}

/** The stored key while it is fresh, else a new one written before any call to Stripe. */
async function claimCheckoutKey(ctx: AppContext, bookingId: string, now: number): Promise<string> {
  const { db } = ctx.database;
  const read = async () => (await db.select({ key: bookings.checkoutIdempotencyKey }).from(bookings).where(eq(bookings.id, bookingId)))[0]?.key ?? null;
  const current = await read();
  if (current && now - keyTime(current) < CHECKOUT_KEY_REUSE_MS) return current;
  // The random part keeps a new key apart from one it replaces within the same second.
  const next = `checkout:${bookingId}:${Math.floor(now / 1000)}:${randomUUID().slice(0, 8)}`;
  const [won] = await db
    .update(bookings)
    .set({ checkoutIdempotencyKey: next, checkoutSessionId: null, updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), current === null ? isNull(bookings.checkoutIdempotencyKey) : eq(bookings.checkoutIdempotencyKey, current)))
    .returning({ key: bookings.checkoutIdempotencyKey });
  if (won?.key) return won.key;
  // A concurrent request stored its key first: use that one, so both get the same session.
  const theirs = await read();
  if (!theirs) throw new Error(`booking ${bookingId} lost its checkout key`);
  return theirs;
}


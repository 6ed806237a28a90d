import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { UUID } from '../booking/access.ts';

/**
 * The parts of Stripe's webhook events the app reads, checked after the signature. A signed event
 * is still input: a misconfigured endpoint, an API version with another shape or a test payload
 * sent from the dashboard must answer 400 with what is wrong, never fail later as a 500.
 */

/** Stripe ids are a short lowercase prefix, an underscore and letters, digits or underscores. */
const stripeId = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), `must be a Stripe id starting with ${prefix}_`);
const ANY_STRIPE_ID = /^[a-z]{2,10}_[A-Za-z0-9_]+$/;
/** Stripe writes currencies as three lowercase letters. */
const ZCurrency = z.string().regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code in lowercase');
const ZAmount = z.int().min(0);
/** An id or, when the request expanded it, the object with its id. */
const expandable = (prefix: string) => z.union([stripeId(prefix), z.looseObject({ id: stripeId(prefix) })]).transform((v) => (typeof v === 'string' ? v : v.id));

export const ZStripeEventEnvelope = z.looseObject({
  id: stripeId('evt'),
  type: z
    .string()
    .max(100)
    .regex(/^[a-z_]+(\.[a-z_]+)+$/, 'must be a Stripe event type such as checkout.session.completed'),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** Every Checkout Session this app creates carries its booking's id in metadata.bookingId. */
export const ZCheckoutSessionObject = z.looseObject({
  id: stripeId('cs'),
  mode: z.string().max(40),
  payment_status: z.string().max(40),
  amount_total: ZAmount.nullable(),
  currency: ZCurrency.nullable(),
  payment_intent: expandable('pi').nullable(),
  metadata: z.looseObject({ bookingId: z.string().regex(UUID, 'must be the booking id (a UUID)') }),
});
export type CheckoutSessionObject = z.infer<typeof ZCheckoutSessionObject>;

/** A session that says it was paid has what a payment has: an intent, an amount and a currency. */
export const ZPaidCheckoutSession = ZCheckoutSessionObject.extend({
  mode: z.literal('payment'),
  amount_total: ZAmount,
  currency: ZCurrency,
  payment_intent: expandable('pi'),
});
export type PaidCheckoutSession = z.infer<typeof ZPaidCheckoutSession>;

export const ZRefundObject = z.looseObject({
  id: stripeId('re'),
  amount: ZAmount,
  currency: ZCurrency,
  payment_intent: expandable('pi').nullable(),
  status: z.string().max(40).nullable(),
});

export const ZAccountObject = z.looseObject({ id: stripeId('acct') });

export const ZChargeObject = z.looseObject({
  id: z.string().max(255).regex(ANY_STRIPE_ID, 'must be a Stripe charge id'),
  amount_refunded: ZAmount,
  currency: ZCurrency,
  refunded: z.boolean(),
  payment_intent: expandable('pi').nullable(),
  refunds: z.looseObject({ data: z.array(ZRefundObject) }).nullish(),
});

/** A 400 that names the field: Stripe shows the answer in the endpoint's delivery log. */
function invalid(error: z.ZodError, where: string): AppError {
  const first = error.issues[0];
  const field = [where, ...(first?.path ?? [])].join('.');
  return new AppError('STRIPE_EVENT_INVALID', `This Stripe event cannot be used: ${field} ${first?.message ?? 'is not valid'}.`);
}

/** Parse `value` (the event, or `data.object` of a type we act on) or answer 400. */
export function parseStripe<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error, where);
  return result.data;
}

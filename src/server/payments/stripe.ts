import Stripe from 'stripe';
import type { Config } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../../shared/payments.ts';

export type StripeClient = Stripe;

const clients = new WeakMap<Config, Stripe | null>();

/** Where the client sends its requests: Stripe itself, or STRIPE_API_BASE (a local stand-in in tests). */
function addressOf(base: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * One Stripe client per configuration, or null when STRIPE_SECRET_KEY is unset (deposits are then
 * paid at the studio). Every POST the app makes carries its own idempotency key, so the library's
 * network retries cannot charge, refund or create anything twice.
 */
export function stripeFor(config: Config): Stripe | null {
  if (clients.has(config)) return clients.get(config) ?? null;
  const client = config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, { ...addressOf(config.STRIPE_API_BASE), maxNetworkRetries: 2, timeout: 20_000 })
    : null;
  clients.set(config, client);
  return client;
}

/** The client, or the 409 every card-payment endpoint answers on a server without Stripe keys. */
export function requireStripe(config: Config): Stripe {
  const client = stripeFor(config);
  if (!client) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
  return client;
}

/**
 * A failed Stripe call as the person sees it: Stripe unreachable or failing is "try again"; a
 * request Stripe refused is our bug, so it stays an internal error with the details in the log.
 */
export function fromStripeError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError)
    return new AppError('INTERNAL', 'The card payment service did not answer. Please try again in a moment.');
  return error;
}

/**
 * Card deposits (issue 4 §3): what the platform keeps and what people read when cards are off.
 * Shared so the payment-setup page can tell artists the same figures the server charges.
 */

/** Inkhaven's application fee on a card deposit: this share of the deposit… */
export const PLATFORM_FEE_PERCENT = 10;
/** …but never more than this, in minor units (deposits run 100–500 USD, so the cap bites above 250). */
export const PLATFORM_FEE_CAP_CENTS = 2_500;

/** The application fee Stripe moves to the platform when a deposit of `depositCents` is paid. */
export function platformFeeCents(depositCents: number): number {
  if (!Number.isInteger(depositCents) || depositCents <= 0) return 0;
  return Math.min(Math.floor((depositCents * PLATFORM_FEE_PERCENT) / 100), PLATFORM_FEE_CAP_CENTS);
}

export const CARD_PAYMENTS_OFF_MESSAGE = 'Card payments are not set up on this server; deposits are paid at the studio.';


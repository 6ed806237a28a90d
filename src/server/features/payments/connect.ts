import { and, eq, isNull } from 'drizzle-orm';
import type { TPaymentSetup } from '../../../shared/contracts/bookings.ts';
import type { TConnectLink } from '../../../shared/contracts/payments.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { fromStripeError, requireStripe, stripeFor } from '../../payments/stripe.ts';

type ArtistPayments = {
  id: string;
  displayName: string;
  country: string;
  depositInstructions: string;
  stripeAccountId: string | null;
  stripeChargesEnabled: boolean;
};

const paymentColumns = {
  id: artistProfiles.id,
  displayName: artistProfiles.displayName,
  country: artistProfiles.country,
  depositInstructions: artistProfiles.depositInstructions,
  stripeAccountId: artistProfiles.stripeAccountId,
  stripeChargesEnabled: artistProfiles.stripeChargesEnabled,
};

/** The signed-in user's artist profile (read fresh: the session's isArtist flag is cached). */
async function ownArtist(ctx: AppContext, user: SessionUser): Promise<ArtistPayments | null> {
  const [artist] = await ctx.database.db.select(paymentColumns).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  return artist ?? null;
}

async function requireOwnArtist(ctx: AppContext, user: SessionUser): Promise<ArtistPayments> {
  const artist = await ownArtist(ctx, user);
  if (!artist) throw forbidden('Only artists set up payouts. Create your artist profile first.');
  return artist;
}

/**
 * GET /api/payments/setup: which deposit mode this server runs in (anyone may ask: the booking
 * flow tells clients how they will pay) and, for an artist, their Stripe Connect state.
 */
export async function paymentSetup(ctx: AppContext, user: SessionUser | null): Promise<TPaymentSetup> {
  const mode = stripeFor(ctx.config) ? 'stripe' : 'studio';
  const artist = user ? await ownArtist(ctx, user) : null;
  return {
    mode,
    stripe: mode === 'stripe' && artist ? { accountId: artist.stripeAccountId, chargesEnabled: artist.stripeChargesEnabled } : null,
    depositInstructions: artist?.depositInstructions ?? '',
  };
}

/**
 * POST /api/payments/connect: the artist's Express account, created once (the idempotency key is
 * per artist, and the id is stored only if none was), and an onboarding link to Stripe's pages.
 */
export async function startConnect(ctx: AppContext, user: SessionUser): Promise<TConnectLink> {
  const stripe = requireStripe(ctx.config);
  const artist = await requireOwnArtist(ctx, user);
  try {
    let accountId = artist.stripeAccountId;
    if (!accountId) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email: user.email,
          ...(/^[A-Z]{2}$/.test(artist.country) ? { country: artist.country } : {}),
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          business_profile: { name: artist.displayName, product_description: 'Tattoo and piercing appointments booked through Inkhaven' },
          metadata: { artistId: artist.id },
        },
        { idempotencyKey: `connect-account:${artist.id}` },
      );
      const [stored] = await ctx.database.db
        .update(artistProfiles)
        .set({ stripeAccountId: account.id, stripeChargesEnabled: account.charges_enabled, updatedAt: new Date() })
        .where(and(eq(artistProfiles.id, artist.id), isNull(artistProfiles.stripeAccountId)))
        .returning({ accountId: artistProfiles.stripeAccountId });
      accountId = stored?.accountId ?? (await requireOwnArtist(ctx, user)).stripeAccountId;
      if (!accountId) throw new Error(`artist ${artist.id} has no Stripe account after creating one`);
    }
    return { url: await onboardingLink(ctx, accountId), accountId };
  } catch (error) {
    throw fromStripeError(error);
  }
}

/** POST /api/payments/connect/refresh: Stripe's onboarding links are single-use and short-lived; this is a new one. */
export async function refreshConnect(ctx: AppContext, user: SessionUser): Promise<TConnectLink> {
  requireStripe(ctx.config);
  const artist = await requireOwnArtist(ctx, user);
  if (!artist.stripeAccountId) throw new AppError('CONFLICT', 'Start the payment setup first: there is no Stripe account to continue with yet.');
  try {
    return { url: await onboardingLink(ctx, artist.stripeAccountId), accountId: artist.stripeAccountId };
  } catch (error) {
    throw fromStripeError(error);
  }
}

async function onboardingLink(ctx: AppContext, accountId: string): Promise<string> {
  const link = await requireStripe(ctx.config).accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: `${ctx.publicUrl}/artist/payment-setup/refresh`,
    return_url: `${ctx.publicUrl}/artist/payment-setup/return`,
  });
  return link.url;
}

/** POST /api/payments/connect/sync: read the account from Stripe (after the return link) and keep whether it can take charges. */
export async function syncConnect(ctx: AppContext, user: SessionUser): Promise<TPaymentSetup> {
  const stripe = requireStripe(ctx.config);
  const artist = await requireOwnArtist(ctx, user);
  if (!artist.stripeAccountId) throw new AppError('CONFLICT', 'Start the payment setup first: there is no Stripe account to check yet.');
  let chargesEnabled: boolean;
  try {
    chargesEnabled = (await stripe.accounts.retrieve(artist.stripeAccountId)).charges_enabled;
  } catch (error) {
    throw fromStripeError(error);
  }
  await ctx.database.db.update(artistProfiles).set({ stripeChargesEnabled: chargesEnabled, updatedAt: new Date() }).where(eq(artistProfiles.id, artist.id));
  return paymentSetup(ctx, user);
}

import { z } from 'zod';
import { ZUuid, zText } from './input.ts';
import type { TBookingStatus } from '../booking-rules.ts';
import type { TLedgerEntry } from './bookings.ts';

export const LEDGER_PAGE_SIZE = 50;

/** GET /api/payments/ledger: an artist reads their own rows; an admin reads everyone's, or one artist's. */
export const ZLedgerQuery = z.strictObject({
  artistId: ZUuid.optional(),
  cursor: zText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LEDGER_PAGE_SIZE),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

/** GET /api/payments/summary: an admin may name the artist. */
export const ZDepositSummaryQuery = z.strictObject({ artistId: ZUuid.optional() });

/** One ledger row with the booking it belongs to. */
export type TLedgerRow = TLedgerEntry & {
  bookingId: string;
  /** Stripe payment intent or refund id; null for money handled at the studio. */
  externalId: string | null;
  artist: { id: string; slug: string; displayName: string };
  booking: { status: TBookingStatus; startsAt: string; serviceName: string; clientFirstName: string };
};
export type TLedgerPage = { items: TLedgerRow[]; nextCursor: string | null };

/** POST /api/payments/connect and /connect/refresh: where to send the artist (a Stripe-hosted onboarding page). */
export type TConnectLink = { url: string; accountId: string };

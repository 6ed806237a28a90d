import type { TBookingStatus, TDepositMethod, TDepositStatus } from './booking-rules.ts';

/**
 * What a booking's deposit status means for a person reading it. The stored deposit status alone is
 * not enough: it stays 'pending' when a request is withdrawn, declined or expires (nothing was ever
 * asked for), stays 'due' when an unpaid booking expires or is cancelled, and stays 'paid' on a
 * cancelled booking until its card refund has gone through. So the words depend on the booking's
 * status too. The booking page and both dashboards use this one function.
 */
export type DepositStatusFacts = {
  status: TBookingStatus;
  depositStatus: TDepositStatus;
  depositCents: number;
  policy: { depositMethod: TDepositMethod };
};

const WAITING_FOR_DEPOSIT: readonly TBookingStatus[] = ['accepted', 'awaiting_deposit'];

/** True when the client should pay the deposit now (and a "due by" time means something). */
export function depositIsDueNow(b: Pick<DepositStatusFacts, 'status' | 'depositStatus'>): boolean {
  return b.depositStatus === 'due' && WAITING_FOR_DEPOSIT.includes(b.status);
}

/** Why nothing was charged on a booking that ended before its deposit was paid. */
function notCharged(b: DepositStatusFacts): string {
  switch (b.status) {
    case 'declined':
      return 'Not charged (request declined)';
    case 'expired':
      return b.depositStatus === 'due' ? 'Not charged (not paid in time)' : 'Not charged (request expired)';
    case 'cancelled_by_client':
      return b.depositStatus === 'pending' ? 'Not charged (request withdrawn)' : 'Not charged (cancelled before payment)';
    case 'cancelled_by_artist':
      return 'Not charged (cancelled by the artist)';
    default:
      return 'Not charged';
  }
}

export function depositStatusLabel(b: DepositStatusFacts): string {
  switch (b.depositStatus) {
    case 'not_required':
      return 'No deposit';
    case 'refunded':
      // A pay-at-studio deposit is handed back by the artist; the ledger records it when the booking is cancelled.
      return b.policy.depositMethod === 'studio' ? 'Refunded (returned by the artist in person)' : 'Refunded';
    case 'forfeited':
      return 'Kept by the artist';
    case 'paid':
      switch (b.status) {
        case 'completed':
          return 'Paid, credited to the price';
        case 'cancelled_by_artist':
        case 'cancelled_by_client':
        case 'declined':
        case 'expired':
          // Paid, and the booking ended without a forfeit: the refund is decided and on its way.
          return 'Paid, refund on its way';
        default:
          return 'Paid';
      }
    case 'pending':
    case 'due':
      if (b.depositCents <= 0) return 'No deposit';
      if (b.status === 'requested') return 'Due once accepted';
      if (depositIsDueNow(b)) return 'Due now';
      if (WAITING_FOR_DEPOSIT.includes(b.status)) return 'Not due yet';
      // Confirmed or completed without a paid deposit should not happen; say what is true.
      if (b.status === 'confirmed' || b.status === 'completed') return 'Not paid';
      return notCharged(b);
  }
}

import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, DEPOSIT_STATUSES, type TBookingStatus, type TDepositStatus } from './booking-rules.ts';
import { depositIsDueNow, depositStatusLabel } from './deposit-status.ts';

const facts = (status: TBookingStatus, depositStatus: TDepositStatus, opts: { depositCents?: number; method?: 'stripe' | 'studio' } = {}) => ({
  status,
  depositStatus,
  depositCents: opts.depositCents ?? 15_000,
  policy: { depositMethod: opts.method ?? 'stripe' },
});

describe('depositStatusLabel', () => {
  // Every booking status with the deposit statuses it really has (how bookings get there in the booking core).
  const cases: Array<[TBookingStatus, TDepositStatus, string]> = [
    ['requested', 'pending', 'Due once accepted'],
    ['requested', 'not_required', 'No deposit'],
    ['accepted', 'due', 'Due now'],
    ['awaiting_deposit', 'due', 'Due now'],
    ['awaiting_deposit', 'not_required', 'No deposit'],
    ['confirmed', 'paid', 'Paid'],
    ['confirmed', 'not_required', 'No deposit'],
    ['completed', 'paid', 'Paid, credited to the price'],
    ['completed', 'not_required', 'No deposit'],
    // Withdrawn, declined or expired before the artist accepted: nothing was ever asked for (issue 11).
    ['cancelled_by_client', 'pending', 'Not charged (request withdrawn)'],
    ['declined', 'pending', 'Not charged (request declined)'],
    ['expired', 'pending', 'Not charged (request expired)'],
    // Accepted, then ended before the deposit was paid.
    ['expired', 'due', 'Not charged (not paid in time)'],
    ['cancelled_by_client', 'due', 'Not charged (cancelled before payment)'],
    ['cancelled_by_artist', 'due', 'Not charged (cancelled by the artist)'],
    // Paid, then cancelled: kept or refunded; a card refund is on its way until Stripe has returned it.
    ['cancelled_by_client', 'forfeited', 'Kept by the artist'],
    ['cancelled_by_client', 'refunded', 'Refunded'],
    ['cancelled_by_artist', 'refunded', 'Refunded'],
    ['cancelled_by_artist', 'paid', 'Paid, refund on its way'],
    ['expired', 'paid', 'Paid, refund on its way'],
    ['no_show', 'forfeited', 'Kept by the artist'],
    ['no_show', 'not_required', 'No deposit'],
  ];
  it.each(cases)('%s with a %s deposit reads “%s”', (status, depositStatus, label) => {
    expect(depositStatusLabel(facts(status, depositStatus))).toBe(label);
  });

  it('covers every booking status', () => {
    expect(new Set(cases.map(([status]) => status))).toEqual(new Set(BOOKING_STATUSES));
  });

  it('says a studio refund is handed back by the artist', () => {
    expect(depositStatusLabel(facts('cancelled_by_artist', 'refunded', { method: 'studio' }))).toBe('Refunded (returned by the artist in person)');
  });

  it('never asks for a deposit of nothing', () => {
    expect(depositStatusLabel(facts('requested', 'pending', { depositCents: 0 }))).toBe('No deposit');
    expect(depositStatusLabel(facts('awaiting_deposit', 'due', { depositCents: 0 }))).toBe('No deposit');
  });

  it('says “due” only while the booking waits for it, for any combination', () => {
    for (const status of BOOKING_STATUSES)
      for (const depositStatus of DEPOSIT_STATUSES) {
        const label = depositStatusLabel(facts(status, depositStatus));
        expect(label.length, `${status}/${depositStatus}`).toBeGreaterThan(0);
        if (label === 'Due once accepted') expect(status).toBe('requested');
        if (label === 'Due now') expect(['accepted', 'awaiting_deposit']).toContain(status);
        expect(depositIsDueNow({ status, depositStatus }), `${status}/${depositStatus}`).toBe(label === 'Due now');
      }
  });
});

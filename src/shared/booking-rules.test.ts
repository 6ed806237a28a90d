import { describe, expect, it } from 'vitest';
import { depositDueAt, earliestRescheduleStart, LATE_DEPOSIT_WINDOW_HOURS, rescheduleTargetRefusal } from './booking-rules.ts';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-24T16:00:00Z');
const policy = { depositWindowHours: 48, noticeHours: 48, maxReschedules: 2, depositMethod: 'studio' as const };

describe('depositDueAt', () => {
  it('is the artist’s window when the notice period begins later', () => {
    expect(depositDueAt(policy, now + 10 * 24 * HOUR, now)).toEqual({ dueAt: now + 48 * HOUR, late: false });
  });
  it('is at the latest when the notice period begins, never the start itself', () => {
    const startsAt = now + 72 * HOUR;
    expect(depositDueAt(policy, startsAt, now)).toEqual({ dueAt: startsAt - 48 * HOUR, late: false });
  });
  it('is a short window ending well before the start when the notice has already begun', () => {
    // Accepted a day ahead with 48 hours' notice: due in 12 hours, 12 hours before the start.
    const dayAhead = depositDueAt(policy, now + 24 * HOUR, now);
    expect(dayAhead).toEqual({ dueAt: now + LATE_DEPOSIT_WINDOW_HOURS * HOUR, late: true });
    // Four hours ahead: half the time left.
    expect(depositDueAt(policy, now + 4 * HOUR, now)).toEqual({ dueAt: now + 2 * HOUR, late: true });
  });
});

describe('rescheduling and the notice', () => {
  it('keeps the notice at the new time for a promised booking', () => {
    const confirmed = { status: 'confirmed' as const, policy };
    expect(earliestRescheduleStart(confirmed, now)).toBe(now + 48 * HOUR);
    expect(rescheduleTargetRefusal(confirmed, now + 30 * HOUR, now)).toMatch(/at least 48 hours away/);
    expect(rescheduleTargetRefusal(confirmed, now + 49 * HOUR, now)).toBeNull();
  });
  it('lets a request move closer (the artist approves it when accepting), but not into the past', () => {
    const requested = { status: 'requested' as const, policy };
    expect(rescheduleTargetRefusal(requested, now + 30 * HOUR, now)).toBeNull();
    expect(rescheduleTargetRefusal(requested, now - HOUR, now)).toMatch(/already passed/);
  });
});

import { describe, expect, it } from 'vitest';
import { CALL_JOIN_EARLY_MS, callWindow, msUntilNextChange } from './call-window.ts';

const start = Date.parse('2026-03-01T15:00:00.000Z');
const end = start + 30 * 60_000;
const booking = { status: 'confirmed' as const, startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };

describe('callWindow', () => {
  it('opens exactly 10 minutes before the start and closes at the end', () => {
    expect(callWindow(booking, start - CALL_JOIN_EARLY_MS - 1).state).toBe('upcoming');
    expect(callWindow(booking, start - CALL_JOIN_EARLY_MS).state).toBe('open');
    expect(callWindow(booking, start).state).toBe('open');
    expect(callWindow(booking, end - 1).state).toBe('open');
    expect(callWindow(booking, end).state).toBe('ended');
  });

  it('tells when Join opens and closes', () => {
    const w = callWindow(booking, start - 3_600_000);
    expect(w.opensAt).toBe('2026-03-01T14:50:00.000Z');
    expect(w.closesAt).toBe('2026-03-01T15:30:00.000Z');
  });

  it('accepts Date times as the server has them', () => {
    expect(callWindow({ status: 'accepted', startsAt: new Date(start), endsAt: new Date(end) }, start).state).toBe('open');
  });

  it('is never open for a request, a cancelled or a finished booking', () => {
    for (const status of ['requested', 'awaiting_deposit', 'declined', 'cancelled_by_client', 'cancelled_by_artist', 'completed', 'no_show', 'expired'] as const) {
      expect(callWindow({ ...booking, status }, start).state).toBe('unavailable');
    }
  });

  it('says how long until the next change, and nothing once ended', () => {
    expect(msUntilNextChange(callWindow(booking, start - CALL_JOIN_EARLY_MS - 5_000), start - CALL_JOIN_EARLY_MS - 5_000)).toBe(5_000);
    expect(msUntilNextChange(callWindow(booking, end - 7), end - 7)).toBe(7);
    expect(msUntilNextChange(callWindow(booking, end), end)).toBeNull();
  });
});

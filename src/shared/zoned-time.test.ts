import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localParts, offsetAt, offsetMinutes, parseDateKey, zonedTimeToUtc } from './zoned-time.ts';

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'America/St_Johns', 'America/Santiago', 'Africa/Casablanca', 'UTC'];
const MINUTE = 60_000;

describe('offsetAt (cached transitions)', () => {
  it('agrees with Intl to the minute, including the minutes either side of every change', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2025, 0, 1) / MINUTE, max: Date.UTC(2028, 0, 1) / MINUTE }), (zone, minute) => {
        expect(offsetAt(minute * MINUTE, zone)).toBe(offsetMinutes(minute * MINUTE, zone));
      }),
      { numRuns: 3000 },
    );
    for (const zone of ZONES) {
      let previous = offsetMinutes(Date.UTC(2026, 0, 1), zone);
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000) {
        const o = offsetMinutes(t, zone);
        if (o !== previous) {
          // Narrow to the minute, then check both sides.
          let lo = t - 3_600_000;
          while (offsetMinutes(lo + MINUTE, zone) === previous) lo += MINUTE;
          expect(offsetAt(lo, zone), `${zone} ${new Date(lo).toISOString()}`).toBe(previous);
          expect(offsetAt(lo + MINUTE, zone), `${zone} ${new Date(lo + MINUTE).toISOString()}`).toBe(o);
        }
        previous = o;
      }
    }
  });
});

describe('zoned time helpers', () => {
  it('converts wall-clock times to instants, in :30/:45 zones too', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 7, day: 1 }, '09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 7, day: 1 }, '09:00', 'Asia/Kathmandu').toISOString()).toBe('2026-07-01T03:15:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 1, day: 10 }, '09:00', 'Pacific/Chatham').toISOString()).toBe('2026-01-09T19:15:00.000Z');
    const p = localParts(Date.parse('2026-07-01T03:15:00Z'), 'Asia/Kathmandu');
    expect([p.hour, p.minute]).toEqual([9, 0]);
  });

  it('parses only real calendar dates and knows real zones', () => {
    expect(parseDateKey('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDateKey('2027-02-29')).toBeNull();
    expect(parseDateKey('2027-13-01')).toBeNull();
    expect(parseDateKey('27-01-01')).toBeNull();
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

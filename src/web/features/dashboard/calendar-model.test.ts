import { describe, expect, it } from 'vitest';
import { dateKey } from '../../../shared/zoned-time.ts';
import { groupByLocalDay, moveFocus, rangeOf, shiftMonth, visibleDays } from './calendar-model.ts';

const d = (year: number, month: number, day: number) => ({ year, month, day });
const keys = (days: Array<{ year: number; month: number; day: number }>) => days.map(dateKey);

describe('calendar model', () => {
  it('a week runs Monday to Sunday around the anchor', () => {
    // 2026-03-04 is a Wednesday.
    expect(keys(visibleDays('week', d(2026, 3, 4)))).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    // A Sunday belongs to the week that started six days earlier.
    expect(dateKey(visibleDays('week', d(2026, 3, 8))[0]!)).toBe('2026-03-02');
  });

  it('a month covers whole weeks from the Monday before the 1st to the Sunday after the last day', () => {
    const feb = visibleDays('month', d(2026, 2, 14));
    // February 2026 starts on a Sunday and ends on a Saturday.
    expect(dateKey(feb[0]!)).toBe('2026-01-26');
    expect(dateKey(feb[feb.length - 1]!)).toBe('2026-03-01');
    expect(feb.length % 7).toBe(0);
    const dec = visibleDays('month', d(2025, 12, 31));
    expect(dateKey(dec[0]!)).toBe('2025-12-01');
    expect(dateKey(dec[dec.length - 1]!)).toBe('2026-01-04');
  });

  it('asks the API for the drawn days in the artist zone, across a DST change', () => {
    // New York springs forward on 2026-03-08: that week is 167 hours long.
    const range = rangeOf(visibleDays('week', d(2026, 3, 4)), 'America/New_York');
    expect(range).toEqual({ from: '2026-03-02T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
    expect(rangeOf([d(2026, 3, 4)], 'Asia/Kathmandu')).toEqual({ from: '2026-03-03T18:15:00.000Z', to: '2026-03-04T18:15:00.000Z' });
  });

  it('groups bookings by the day they start in the artist zone, in time order', () => {
    const items = [
      { id: 'b', startsAt: '2026-03-05T15:00:00.000Z' },
      { id: 'late', startsAt: '2026-03-05T04:30:00.000Z' }, // 23:30 on the 4th in New York
      { id: 'a', startsAt: '2026-03-05T14:00:00.000Z' },
    ];
    const byDay = groupByLocalDay(items, 'America/New_York');
    expect([...byDay.keys()]).toEqual(['2026-03-04', '2026-03-05']);
    expect(byDay.get('2026-03-05')!.map((i) => i.id)).toEqual(['a', 'b']);
    expect(groupByLocalDay(items, 'UTC').get('2026-03-05')!.map((i) => i.id)).toEqual(['late', 'a', 'b']);
  });

  it('moves the focus by day, week, week edge and page', () => {
    const wed = d(2026, 3, 4);
    expect(dateKey(moveFocus(wed, 'ArrowLeft', 'week')!)).toBe('2026-03-03');
    expect(dateKey(moveFocus(wed, 'ArrowRight', 'week')!)).toBe('2026-03-05');
    expect(dateKey(moveFocus(wed, 'ArrowUp', 'month')!)).toBe('2026-02-25');
    expect(dateKey(moveFocus(wed, 'ArrowDown', 'month')!)).toBe('2026-03-11');
    expect(dateKey(moveFocus(wed, 'Home', 'week')!)).toBe('2026-03-02');
    expect(dateKey(moveFocus(wed, 'End', 'week')!)).toBe('2026-03-08');
    expect(dateKey(moveFocus(wed, 'PageDown', 'week')!)).toBe('2026-03-11');
    expect(dateKey(moveFocus(wed, 'PageUp', 'month')!)).toBe('2026-02-04');
    expect(moveFocus(wed, 'a', 'week')).toBeNull();
  });

  it('shifts months keeping the day inside the month', () => {
    expect(shiftMonth(d(2026, 1, 31), 1)).toEqual(d(2026, 2, 28));
    expect(shiftMonth(d(2028, 1, 31), 1)).toEqual(d(2028, 2, 29));
    expect(shiftMonth(d(2026, 1, 15), -1)).toEqual(d(2025, 12, 15));
    expect(shiftMonth(d(2026, 12, 15), 1)).toEqual(d(2027, 1, 15));
  });
});

import { describe, expect, it } from 'vitest';
import { dayLabel, deliveryOf, listTime, timeOfDay, withDaySeparators } from './thread-model.ts';

const NOW = Date.parse('2026-11-25T15:00:00.000Z');
type M = { id: string; createdAt: string };
const rows = (items: M[], zone: string) =>
  withDaySeparators(items, (m) => m.createdAt, (m) => m.id, zone, NOW).map((r) => (r.kind === 'day' ? `— ${r.label}` : r.item.id));

describe('day separators', () => {
  const items: M[] = [
    { id: 'a', createdAt: '2026-11-23T12:00:00.000Z' },
    { id: 'b', createdAt: '2026-11-24T12:00:00.000Z' },
    { id: 'c', createdAt: '2026-11-25T03:30:00.000Z' },
    { id: 'd', createdAt: '2026-11-25T14:00:00.000Z' },
  ];
  it('one before the first message of each day, named for today and yesterday', () => {
    expect(rows(items, 'UTC')).toEqual(['— Monday, November 23', 'a', '— Yesterday', 'b', '— Today', 'c', 'd']);
  });
  it('takes days in the viewer’s zone', () => {
    // 03:30 UTC on the 25th is 22:30 on the 24th in New York.
    expect(rows(items, 'America/New_York')).toEqual(['— Monday, November 23', 'a', '— Yesterday', 'b', 'c', '— Today', 'd']);
  });
  it('adds the year only for other years, and nothing for an empty thread', () => {
    expect(dayLabel('2025-12-31', NOW, 'UTC')).toBe('Wednesday, December 31, 2025');
    expect(rows([], 'UTC')).toEqual([]);
  });
});

describe('times', () => {
  it('in the viewer’s zone', () => {
    expect(timeOfDay('2026-11-25T14:05:00.000Z', 'UTC')).toBe('2:05 PM');
    expect(timeOfDay('2026-11-25T14:05:00.000Z', 'Asia/Tokyo')).toBe('11:05 PM');
  });
  it('the list says the time today, Yesterday, a weekday this week, else the date', () => {
    expect(listTime('2026-11-25T09:00:00.000Z', NOW, 'UTC')).toBe('9:00 AM');
    expect(listTime('2026-11-24T09:00:00.000Z', NOW, 'UTC')).toBe('Yesterday');
    expect(listTime('2026-11-21T09:00:00.000Z', NOW, 'UTC')).toBe('Sat');
    expect(listTime('2026-10-02T09:00:00.000Z', NOW, 'UTC')).toBe('Oct 2');
    expect(listTime('2025-10-02T09:00:00.000Z', NOW, 'UTC')).toBe('Oct 2, 2025');
  });
});

describe('read receipts', () => {
  it('read once the other person read up to the message', () => {
    expect(deliveryOf('2026-11-25T10:00:00.000Z', null)).toBe('sent');
    expect(deliveryOf('2026-11-25T10:00:00.000Z', '2026-11-25T09:59:59.000Z')).toBe('sent');
    expect(deliveryOf('2026-11-25T10:00:00.000Z', '2026-11-25T10:00:00.000Z')).toBe('read');
  });
});

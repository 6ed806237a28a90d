import { addDays, dateKey, localDateOf } from '../../../shared/zoned-time.ts';

/**
 * What a thread shows, worked out without React: day separators in the viewer's zone, times, and
 * what a message of the viewer says about its delivery.
 */

export type ThreadRow<T> = { kind: 'day'; key: string; label: string } | { kind: 'item'; key: string; item: T };

/** "Today", "Yesterday", "Tuesday, November 24", or with the year when it is not this year's. */
export function dayLabel(dayKey: string, now: number, zone: string): string {
  const today = localDateOf(now, zone);
  if (dayKey === dateKey(today)) return 'Today';
  if (dayKey === dateKey(addDays(today, -1))) return 'Yesterday';
  const [y, m, d] = dayKey.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(y !== today.year ? { year: 'numeric' } : {}),
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * Items in time order with a separator before the first item of each day, days taken in the
 * viewer's zone (a message at 23:30 in New York is "today" there, though tomorrow in UTC).
 */
export function withDaySeparators<T>(items: readonly T[], at: (item: T) => string, keyOf: (item: T) => string, zone: string, now: number): ThreadRow<T>[] {
  const rows: ThreadRow<T>[] = [];
  let lastDay: string | null = null;
  for (const item of items) {
    const day = dateKey(localDateOf(Date.parse(at(item)), zone));
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, label: dayLabel(day, now, zone) });
      lastDay = day;
    }
    rows.push({ kind: 'item', key: keyOf(item), item });
  }
  return rows;
}

/** "3:42 PM" in the viewer's zone. */
export function timeOfDay(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** For the conversation list: the time today, "Yesterday", the weekday this week, else the date. */
export function listTime(iso: string, now: number, zone: string): string {
  const day = dateKey(localDateOf(Date.parse(iso), zone));
  const today = localDateOf(now, zone);
  if (day === dateKey(today)) return timeOfDay(iso, zone);
  if (day === dateKey(addDays(today, -1))) return 'Yesterday';
  const ageDays = (now - Date.parse(iso)) / 86_400_000;
  if (ageDays < 6) return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date(iso));
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', ...(localDateOf(Date.parse(iso), zone).year !== today.year ? { year: 'numeric' } : {}) }).format(new Date(iso));
}

export type Delivery = 'waiting' | 'sending' | 'failed' | 'sent' | 'read';

/** What the viewer's own message says under it: read once the other person read up to it. */
export function deliveryOf(createdAt: string, otherLastReadAt: string | null): Delivery {
  return otherLastReadAt !== null && otherLastReadAt >= createdAt ? 'read' : 'sent';
}

export const DELIVERY_LABEL: Record<Delivery, string> = {
  waiting: 'Waiting for a connection',
  sending: 'Sending…',
  failed: 'Not sent',
  sent: 'Sent',
  read: 'Read',
};

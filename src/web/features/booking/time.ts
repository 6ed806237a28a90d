import { addDays, dateKey, daysBetween, isoWeekday, localDateOf, zonedTimeToUtc, type LocalDate } from '../../../shared/zoned-time.ts';
import { remembered } from '../../lib/ssr-formats.ts';

/** Monday of the week `offset` weeks after the one containing `now`, in `zone`. */
export function weekStart(now: number, zone: string, offset: number): LocalDate {
  const today = localDateOf(now, zone);
  return addDays(today, -(Number(isoWeekday(today)) - 1) + offset * 7);
}

/** Which week, counted from this one (0) in `zone`, holds the instant `at`. */
export function weekOffsetOf(at: number, now: number, zone: string): number {
  return Math.floor(daysBetween(weekStart(now, zone, 0), localDateOf(at, zone)) / 7);
}

/**
 * The instants that bound one week in the viewer's zone: Monday 00:00 up to (not including) the
 * next Monday 00:00. The availability API takes instants with an offset and filters by them.
 */
export function weekRange(now: number, zone: string, offset: number): { from: string; to: string; days: LocalDate[] } {
  const monday = weekStart(now, zone, offset);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const from = zonedTimeToUtc(monday, '00:00', zone).toISOString();
  const to = new Date(zonedTimeToUtc(addDays(monday, 7), '00:00', zone).getTime() - 1000).toISOString();
  return { from, to, days };
}

/** Slots grouped by their local date in `zone`, in time order, days without slots left out. */
export function groupByDay<T extends { startsAt: string }>(slots: T[], zone: string): Array<{ day: string; slots: T[] }> {
  const groups = new Map<string, T[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const key = dateKey(localDateOf(Date.parse(slot.startsAt), zone));
    const list = groups.get(key);
    if (list) list.push(slot);
    else groups.set(key, [slot]);
  }
  return [...groups.entries()].map(([day, list]) => ({ day, slots: list }));
}

/** "2026-12-01" → "Tuesday, December 1". */
export function dayHeading(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Dec 1 – Dec 7, 2026" for a week of local dates. */
export function weekLabel(days: LocalDate[]): string {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const fmt = (d: LocalDate, year: boolean) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}) }).format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
  return `${fmt(first, first.year !== last.year)} – ${fmt(last, true)}`;
}

export function timeOnly(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/**
 * "Tue, Dec 1, 2026, 3:00 PM". The booking page renders on the server: the text goes through
 * `remembered` (lib/ssr-formats.ts), so hydration reuses the server's string. The server's ICU and
 * the browser's disagree on spaces (a thin space around a range's dash, a narrow one before "PM"),
 * which would fail hydration.
 */
export function dateTime(iso: string, zone: string): string {
  return remembered(`datetime:${zone}:${iso}`, () =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
  );
}

/** "Tue, Dec 1, 2026, 3:00 – 6:00 PM" (the end on its own date when the appointment crosses midnight); remembered as dateTime is. */
export function dateTimeRange(startIso: string, endIso: string, zone: string): string {
  return remembered(`datetime-range:${zone}:${startIso}:${endIso}`, () => {
    const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    return fmt.formatRange(new Date(startIso), new Date(endIso));
  });
}

/** The local date of an instant in a zone, "YYYY-MM-DD" (for date inputs and the waitlist). */
export function localDateKey(instant: number, zone: string): string {
  return dateKey(localDateOf(instant, zone));
}

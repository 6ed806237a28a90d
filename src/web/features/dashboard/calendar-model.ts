import type { TBookingStatus } from '../../../shared/booking-rules.ts';
import { addDays, dateKey, daysBetween, isoWeekday, localDateOf, zonedTimeToUtc, type LocalDate } from '../../../shared/zoned-time.ts';

/**
 * The artist's calendar as plain data: which days a view shows, the instants to ask the API for,
 * bookings grouped by their local day, and where the arrow keys move the focus. Everything is in the
 * artist's time zone, so a 23:30 appointment in New York sits on its New York day wherever the
 * browser is.
 */
export type CalendarView = 'week' | 'month';

export function mondayOf(date: LocalDate): LocalDate {
  return addDays(date, -(Number(isoWeekday(date)) - 1));
}

/** The days a view draws around `anchor`: Monday–Sunday, or whole weeks covering the anchor's month. */
export function visibleDays(view: CalendarView, anchor: LocalDate): LocalDate[] {
  if (view === 'week') {
    const monday = mondayOf(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const first = { year: anchor.year, month: anchor.month, day: 1 };
  const last = addDays({ year: anchor.month === 12 ? anchor.year + 1 : anchor.year, month: anchor.month === 12 ? 1 : anchor.month + 1, day: 1 }, -1);
  const start = mondayOf(first);
  const end = addDays(mondayOf(last), 6);
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
}

/** The instants bounding the drawn days in `zone`: first day 00:00 up to the day after the last, 00:00 (DST-safe). */
export function rangeOf(days: LocalDate[], zone: string): { from: string; to: string } {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) throw new Error('a calendar range needs at least one day');
  return { from: zonedTimeToUtc(first, '00:00', zone).toISOString(), to: zonedTimeToUtc(addDays(last, 1), '00:00', zone).toISOString() };
}

/** Bookings by the local day they start on, each day in time order. */
export function groupByLocalDay<T extends { startsAt: string }>(items: T[], zone: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const key = dateKey(localDateOf(Date.parse(item.startsAt), zone));
    const list = byDay.get(key);
    if (list) list.push(item);
    else byDay.set(key, [item]);
  }
  return byDay;
}

/** The day the focus goes to for a key press in the grid; null for keys the grid does not handle. */
export function moveFocus(date: LocalDate, key: string, view: CalendarView): LocalDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return mondayOf(date);
    case 'End':
      return addDays(mondayOf(date), 6);
    case 'PageUp':
      return view === 'week' ? addDays(date, -7) : shiftMonth(date, -1);
    case 'PageDown':
      return view === 'week' ? addDays(date, 7) : shiftMonth(date, 1);
    default:
      return null;
  }
}

/** The same day of another month, kept inside that month (Jan 31 + 1 month → Feb 28/29). */
export function shiftMonth(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, daysInMonth) };
}

/** Bookings that never held the artist's time (declined or expired requests) stay off the calendar. */
export const CALENDAR_HIDDEN: ReadonlySet<TBookingStatus> = new Set<TBookingStatus>(['declined', 'expired']);

/** Status colours of the calendar and its legend; the status is always written out too, never colour alone. */
export const STATUS_STYLES: Record<TBookingStatus, string> = {
  requested: 'border-amber-500 bg-amber-50 text-amber-950',
  accepted: 'border-sky-600 bg-sky-50 text-sky-950',
  awaiting_deposit: 'border-sky-600 bg-sky-50 text-sky-950',
  confirmed: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  completed: 'border-stone-500 bg-stone-100 text-stone-900',
  no_show: 'border-red-600 bg-red-50 text-red-950',
  cancelled_by_client: 'border-rose-400 bg-white text-stone-700 line-through',
  cancelled_by_artist: 'border-rose-400 bg-white text-stone-700 line-through',
  declined: 'border-stone-300 bg-white text-stone-700',
  expired: 'border-stone-300 bg-white text-stone-700',
};

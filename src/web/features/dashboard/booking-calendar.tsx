import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATUS_LABELS, bookingStatusLabel, type TBookingStatus } from '../../../shared/booking-rules.ts';
import type { TBooking } from '../../../shared/contracts/bookings.ts';
import { dateKey, localDateOf, type LocalDate } from '../../../shared/zoned-time.ts';
import { bookingListOptions } from '../../lib/bookings.ts';
import { zoneLabel } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { CALENDAR_HIDDEN, groupByLocalDay, moveFocus, rangeOf, shiftMonth, STATUS_STYLES, visibleDays, type CalendarView } from './calendar-model.ts';
import { ErrorNote, formatTimeRange } from './dashboard-parts.tsx';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const LEGEND: TBookingStatus[] = ['requested', 'awaiting_deposit', 'confirmed', 'completed', 'no_show', 'cancelled_by_client'];
/** A month holds at most 6 weeks of bookings; the list API's page is 100. */
const CALENDAR_LIMIT = 100;

const utcDate = (d: LocalDate) => new Date(Date.UTC(d.year, d.month - 1, d.day));
const fmtLong = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const fmtShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const fmtMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

function periodLabel(view: CalendarView, anchor: LocalDate, days: LocalDate[]): string {
  if (view === 'month') return fmtMonth.format(utcDate(anchor));
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return `${fmtShort.format(utcDate(first))} – ${fmtShort.format(utcDate(last))}, ${last.year}`;
}

function Chip({ booking, zone, tabbable, compact, now }: { booking: TBooking; zone: string; tabbable: boolean; compact: boolean; now: number }) {
  const time = formatTimeRange(booking.startsAt, booking.endsAt, zone);
  return (
    <Link
      to={`/bookings/${booking.id}`}
      tabIndex={tabbable ? 0 : -1}
      data-chip
      className={`block rounded border-l-4 px-1.5 py-1 text-xs leading-tight hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${STATUS_STYLES[booking.status]}`}
    >
      <span className="block font-semibold">{time}</span>
      {compact ? null : (
        <span className="block truncate">
          {booking.service.name} · {booking.client.firstName || 'Client'}
        </span>
      )}
      <span className={compact ? 'sr-only' : 'block text-[11px] font-medium'}>
        {compact ? `${booking.service.name}, ${booking.client.firstName || 'client'}, ` : null}
        {bookingStatusLabel(booking, now)}
      </span>
    </Link>
  );
}

/**
 * The artist's bookings on a week grid (or a month), in the artist's time zone. A WAI-ARIA grid:
 * one day cell is in the tab order; arrows move by day and week, Home/End to the week's edges,
 * Page Up/Down by week or month, Enter into the day's bookings and Escape back to the day.
 */
export function BookingCalendar({ timezone }: { timezone: string }) {
  const [now] = useState(() => Date.now());
  const today = useMemo(() => localDateOf(now, timezone), [now, timezone]);
  const [view, setView] = useState<CalendarView>('week');
  const [focused, setFocused] = useState<LocalDate>(today);
  const moved = useRef(false);
  const cells = useRef(new Map<string, HTMLDivElement>());

  const days = useMemo(() => visibleDays(view, focused), [view, focused]);
  const range = useMemo(() => rangeOf(days, timezone), [days, timezone]);
  const query = useQuery({ ...bookingListOptions({ as: 'artist', scope: 'all', from: range.from, to: range.to, limit: CALENDAR_LIMIT }), staleTime: 0 });
  const byDay = useMemo(() => groupByLocalDay((query.data?.items ?? []).filter((b) => !CALENDAR_HIDDEN.has(b.status)), timezone), [query.data, timezone]);
  const focusedKey = dateKey(focused);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cells.current.get(focusedKey)?.focus();
  }, [focusedKey, view]);

  const go = (next: LocalDate) => {
    moved.current = true;
    setFocused(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, key: string) => {
    const target = e.target as HTMLElement;
    if (target.dataset.chip !== undefined) {
      if (e.key === 'Escape') {
        e.preventDefault();
        cells.current.get(key)?.focus();
      }
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      const first = cells.current.get(key)?.querySelector<HTMLElement>('[data-chip]');
      if (first) {
        e.preventDefault();
        first.focus();
      }
      return;
    }
    const next = moveFocus(focused, e.key, view);
    if (!next) return;
    e.preventDefault();
    go(next);
  };

  const step = (dir: 1 | -1) => setFocused((f) => (view === 'week' ? moveFocus(f, dir === 1 ? 'PageDown' : 'PageUp', 'week')! : shiftMonth(f, dir)));
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const label = periodLabel(view, focused, days);
  const focusedBookings = byDay.get(focusedKey) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" className="px-2 py-1.5" onClick={() => step(-1)} aria-label={view === 'week' ? 'Previous week' : 'Previous month'}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </Button>
          <Button variant="secondary" className="px-2 py-1.5" onClick={() => step(1)} aria-label={view === 'week' ? 'Next week' : 'Next month'}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </Button>
          <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={() => setFocused(today)}>Today</Button>
          <p className="font-semibold text-stone-900" aria-live="polite">{label}</p>
        </div>
        <div role="group" aria-label="Calendar view" className="inline-flex rounded-md border border-stone-300 p-0.5">
          {(['week', 'month'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${view === v ? 'bg-stone-900 text-white' : 'text-stone-900 hover:bg-stone-100'}`}
            >
              {v === 'week' ? 'Week' : 'Month'}
            </button>
          ))}
        </div>
      </div>
      <p className="text-sm text-stone-700">
        Times in your time zone: <strong>{zoneLabel(timezone)}</strong> ({timezone}).
        <span className="sr-only"> Use the arrow keys to move between days, Enter to reach a day&apos;s bookings, Escape to return.</span>
      </p>
      {query.isError && query.data === undefined ? <ErrorNote error={query.error} what="the calendar" /> : null}

      <div role="grid" aria-label={`${view === 'week' ? 'Week' : 'Month'} of ${label}, bookings in ${timezone}`} aria-busy={query.isPending} className="space-y-1">
        {view === 'month' ? (
          <div role="row" className="grid grid-cols-7 gap-1">
            {WEEKDAYS.map((d) => (
              <div key={d} role="columnheader" className="px-1 text-center text-xs font-semibold uppercase tracking-wide text-stone-600">{d}</div>
            ))}
          </div>
        ) : null}
        {weeks.map((week) => (
          <div key={dateKey(week[0]!)} role="row" className={view === 'week' ? 'grid grid-cols-1 gap-1 sm:grid-cols-7' : 'grid grid-cols-7 gap-1'}>
            {week.map((day, i) => {
              const key = dateKey(day);
              const items = byDay.get(key) ?? [];
              const isFocused = key === focusedKey;
              const isToday = key === dateKey(today);
              const outside = view === 'month' && day.month !== focused.month;
              return (
                <div
                  key={key}
                  role="gridcell"
                  ref={(el) => {
                    if (el) cells.current.set(key, el);
                    else cells.current.delete(key);
                  }}
                  tabIndex={isFocused ? 0 : -1}
                  aria-selected={isFocused}
                  aria-label={`${fmtLong.format(utcDate(day))}${isToday ? ', today' : ''}: ${items.length === 0 ? 'no bookings' : items.length === 1 ? '1 booking' : `${items.length} bookings`}`}
                  onKeyDown={(e) => onKeyDown(e, key)}
                  onClick={() => setFocused(day)}
                  className={`rounded-md border p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${
                    view === 'week' ? 'min-h-[3rem] sm:min-h-[10rem]' : 'min-h-[3.5rem] sm:min-h-[6.5rem]'
                  } ${isFocused ? 'border-stone-900' : 'border-stone-200'} ${outside ? 'bg-stone-50' : 'bg-white'}`}
                >
                  <div className={`mb-1 flex items-baseline gap-1 text-xs ${outside ? 'text-stone-500' : 'text-stone-800'}`} aria-hidden="true">
                    {view === 'week' ? <span className="font-semibold uppercase">{WEEKDAYS[i]}</span> : null}
                    <span className={isToday ? 'rounded-full bg-amber-400 px-1.5 font-bold text-stone-950' : 'font-semibold'}>{day.day}</span>
                    {view === 'week' ? <span className="sm:hidden">{fmtShort.format(utcDate(day)).split(' ')[0]}</span> : null}
                  </div>
                  {view === 'month' ? (
                    <>
                      <div className="hidden space-y-1 sm:block">
                        {items.slice(0, 2).map((b) => (
                          <Chip key={b.id} booking={b} zone={timezone} tabbable={isFocused} compact now={now} />
                        ))}
                        {items.length > 2 ? <p className="text-[11px] font-medium text-stone-700">+{items.length - 2} more</p> : null}
                      </div>
                      {items.length > 0 ? (
                        <p className="text-[11px] font-semibold text-stone-800 sm:hidden" aria-hidden="true">
                          {items.length} ●
                        </p>
                      ) : null}
                    </>
                  ) : (
                    <div className="space-y-1">
                      {items.map((b) => (
                        <Chip key={b.id} booking={b} zone={timezone} tabbable={isFocused} compact={false} now={now} />
                      ))}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>

      {view === 'month' ? (
        <section aria-labelledby="day-agenda-heading" className="rounded-md bg-stone-50 p-3">
          <h3 id="day-agenda-heading" className="font-semibold text-stone-900">{fmtLong.format(utcDate(focused))}</h3>
          {focusedBookings.length === 0 ? (
            <p className="mt-1 text-sm text-stone-700">No bookings on this day.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {focusedBookings.map((b) => (
                <li key={b.id}>
                  <Link to={`/bookings/${b.id}`} className="text-sm text-stone-900 underline-offset-2 hover:underline">
                    {formatTimeRange(b.startsAt, b.endsAt, timezone)} · {b.service.name} · {b.client.firstName || 'Client'} · {bookingStatusLabel(b, now)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <ul className="flex flex-wrap gap-2 text-xs" aria-label="Colour key">
        {LEGEND.map((s) => (
          <li key={s} className={`rounded border-l-4 px-2 py-0.5 ${STATUS_STYLES[s]}`}>
            {s === 'awaiting_deposit' ? 'Accepted, deposit due' : s === 'cancelled_by_client' ? 'Cancelled' : BOOKING_STATUS_LABELS[s]}
          </li>
        ))}
      </ul>
      {query.data?.nextCursor ? <p className="text-sm text-stone-700">More than {CALENDAR_LIMIT} bookings in this period; switch to the week view to see them all.</p> : null}
    </div>
  );
}

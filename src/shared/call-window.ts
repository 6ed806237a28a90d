import type { TBookingStatus } from './booking-rules.ts';

/**
 * When a video consultation may be joined (issue 12 §3): from 10 minutes before its start until its
 * end, and only while the artist has said yes and nobody has cancelled. The server refuses call
 * frames outside this window; the web shows **Join** by the same rule.
 */
export const CALL_JOIN_EARLY_MS = 10 * 60_000;

/** Statuses in which the call can happen: the artist accepted (and any fee is settled or not needed). */
export const CALL_STATUSES = ['accepted', 'confirmed'] as const satisfies readonly TBookingStatus[];

export type TCallWindowState = 'upcoming' | 'open' | 'ended' | 'unavailable';

export type TCallWindow = {
  state: TCallWindowState;
  /** When Join becomes active (ISO). */
  opensAt: string;
  /** When the call window closes: the booking's end (ISO). */
  closesAt: string;
};

type CallBooking = { status: TBookingStatus; startsAt: string | Date; endsAt: string | Date };

const ms = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** The join window of a booking at `now`: open from `startsAt - 10 min` (inclusive) until `endsAt` (exclusive). */
export function callWindow(booking: CallBooking, now: number): TCallWindow {
  const opens = ms(booking.startsAt) - CALL_JOIN_EARLY_MS;
  const closes = ms(booking.endsAt);
  const window = { opensAt: new Date(opens).toISOString(), closesAt: new Date(closes).toISOString() };
  if (!(CALL_STATUSES as readonly TBookingStatus[]).includes(booking.status)) return { state: 'unavailable', ...window };
  if (now >= closes) return { state: 'ended', ...window };
  if (now < opens) return { state: 'upcoming', ...window };
  return { state: 'open', ...window };
}

/** Milliseconds until the window's state next changes (opens or closes); null once nothing will change. */
export function msUntilNextChange(window: TCallWindow, now: number): number | null {
  if (window.state === 'upcoming') return Date.parse(window.opensAt) - now;
  if (window.state === 'open') return Date.parse(window.closesAt) - now;
  return null;
}

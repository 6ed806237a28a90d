import { addDays, dateKey, isoWeekday, offsetAt, type LocalDate } from './zoned-time.ts';

/**
 * The availability engine (issue 4 §1): open slots of one service's length, computed in the
 * artist's zone — or, on the days of a guest spot, in the guest city's zone. Pure: no I/O, Intl only.
 *
 * Definitions the property tests check:
 * - A working range [a, b) of local day D is the set of instants whose wall-clock time in the day's
 *   zone is on date D and between a (inclusive) and b (exclusive). On a fall-back day a range that
 *   covers the repeated hour is two stretches of real time; a slot never straddles the gap between them.
 * - A slot starts on the day's local grid (a, a + step, …), lasts exactly `durationMinutes` of real
 *   time, lies entirely inside one working range, and its end — as any clock shows it — is inside that
 *   range too (so an end that falls exactly on a transition is checked on both sides of it).
 * - Wall times a clock skips (02:30 on spring-forward day in New York) are never slot starts; a wall time
 *   a clock shows twice can start two slots, one real hour apart, never the same instant twice.
 * - When the step is at least the service length, no two slots overlap (the squeezed grid after a
 *   spring-forward gap loses the slot that would overlap its predecessor). With a shorter step —
 *   30 minutes for a 4-hour session — neighbouring starts are alternatives and overlap by design.
 */

export type Weekday = '1' | '2' | '3' | '4' | '5' | '6' | '7';
/** ISO weekday (1 = Monday) → [start, end) "HH:MM" ranges, in the zone of the day. */
export type WeeklyHours = Partial<Record<Weekday, ReadonlyArray<readonly [string, string]>>>;
/** Inclusive local dates, "YYYY-MM-DD". */
export type DateSpan = { startsOn: string; endsOn: string };
export type GuestSpotSpan = DateSpan & { timezone: string; city: string; country?: string; venue?: string };
export type BusyInterval = { startsAt: string | Date | number; endsAt: string | Date | number };
export type SlotLocation = { city: string; country?: string; venue?: string };

export type ComputeSlotsInput = {
  /** The artist's home IANA zone. */
  timezone: string;
  weeklyHours: WeeklyHours;
  timeOff?: readonly DateSpan[];
  guestSpots?: readonly GuestSpotSpan[];
  /** Time already taken (live bookings); kept `bufferMinutes` clear on both sides. */
  busy?: readonly BusyInterval[];
  durationMinutes: number;
  bufferMinutes?: number;
  minNoticeHours?: number;
  maxAdvanceDays?: number;
  now: Date | number;
  /** Slots start at or after `from` and before `to` (instants). */
  from: Date | number;
  to: Date | number;
  /** Local grid between slot starts; default 30 minutes, or the service length if shorter. */
  stepMinutes?: number;
  /** Stop after this many slots (the earliest ones). */
  limit?: number;
};

export type Slot = { startsAt: string; endsAt: string; timezone: string; location: SlotLocation | null };

export const DEFAULT_STEP_MINUTES = 30;

/** Platform bounds for what an artist may set (issue 4 §1), shared by the API and the settings page. */
export const BUFFER_MINUTES = { min: 0, max: 120, default: 15 } as const;
export const MIN_NOTICE_HOURS = { min: 0, max: 336, default: 24 } as const;
export const MAX_ADVANCE_DAYS = { min: 7, max: 365, default: 90 } as const;
/** The widest window GET /api/artists/{id}/availability answers for, and its default. */
export const AVAILABILITY_MAX_RANGE_DAYS = 62;
export const AVAILABILITY_DEFAULT_RANGE_DAYS = 28;
export const TIME_OFF_MAX_DAYS = 366;
export const TIME_OFF_REASON_MAX = 120;
export const GUEST_SPOT_MAX_DAYS = 180;
export const GUEST_SPOT_VENUE_MAX = 120;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const toMs = (v: string | Date | number): number => (typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : v.getTime());

export function parseHhmm(value: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!m) throw new Error(`not a time: ${value}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function defaultStepMinutes(durationMinutes: number): number {
  return Math.max(1, Math.min(DEFAULT_STEP_MINUTES, durationMinutes));
}

/** Busy intervals widened by the buffer, sorted and merged, so a binary search can test a slot. */
function mergeBusy(busy: readonly BusyInterval[], bufferMs: number): Array<[number, number]> {
  const spans = busy
    .map((b) => [toMs(b.startsAt) - bufferMs, toMs(b.endsAt) + bufferMs] as [number, number])
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

function overlapsBusy(merged: Array<[number, number]>, start: number, end: number): boolean {
  // First merged span that ends after the slot starts; the slot is free unless that span starts before it ends.
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (merged[mid]![1] <= start) lo = mid + 1;
    else hi = mid;
  }
  const span = merged[lo];
  return span !== undefined && span[0] < end;
}

const inSpan = (key: string, span: DateSpan) => span.startsOn <= key && key <= span.endsOn;

/** The first instant in (start, end] where the zone's offset differs from `offset` (minute precision). */
function transitionBetween(start: number, end: number, offset: number, zone: string): number {
  let lo = 0;
  let hi = Math.round((end - start) / MINUTE);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (offsetAt(start + mid * MINUTE, zone) === offset) lo = mid;
    else hi = mid;
  }
  return start + hi * MINUTE;
}

/**
 * The open slots between `from` and `to`, sorted by start, in UTC ISO strings. Every day is
 * computed in its own zone (home, or a guest spot's); when a change of zone makes two local days
 * overlap in real time, the earlier day keeps the contested time.
 */
export function computeSlots(input: ComputeSlotsInput): Slot[] {
  const duration = Math.round(input.durationMinutes);
  if (!(duration > 0)) return [];
  const step = Math.max(1, Math.round(input.stepMinutes ?? defaultStepMinutes(duration)));
  const now = toMs(input.now);
  const lower = Math.max(toMs(input.from), now + (input.minNoticeHours ?? 0) * HOUR);
  const upper = Math.min(toMs(input.to), input.maxAdvanceDays === undefined ? Infinity : now + input.maxAdvanceDays * DAY);
  if (!(upper > lower)) return [];
  const limit = input.limit ?? Infinity;
  const busy = mergeBusy(input.busy ?? [], (input.bufferMinutes ?? 0) * MINUTE);
  const timeOff = input.timeOff ?? [];
  const guestSpots = input.guestSpots ?? [];
  const durationMs = duration * MINUTE;
  const tiling = step >= duration;

  // Local day D of any zone (UTC−12 … UTC+14) lies within UTC dates D−1 … D+1.
  const first = new Date(lower);
  const last = new Date(upper);
  const startDay: LocalDate = addDays({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: first.getUTCDate() }, -1);
  const endDay: LocalDate = addDays({ year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate() }, 1);
  const endKey = dateKey(endDay);

  const out: Slot[] = [];
  let claimedUntil = -Infinity;
  for (let day = startDay, key = dateKey(day); key <= endKey && out.length < limit; day = addDays(day, 1), key = dateKey(day)) {
    const ranges = input.weeklyHours[isoWeekday(day)];
    if (!ranges || ranges.length === 0) continue;
    if (timeOff.some((t) => inSpan(key, t))) continue;
    const spot = guestSpots.find((g) => inSpan(key, g));
    const zone = spot?.timezone ?? input.timezone;
    const location: SlotLocation | null = spot
      ? { city: spot.city, ...(spot.country ? { country: spot.country } : {}), ...(spot.venue ? { venue: spot.venue } : {}) }
      : null;

    // Wall-clock midnight of D read as if it were UTC; wall minute w of D under offset o is instant midnight + (w − o) min.
    const midnight = Date.UTC(day.year, day.month - 1, day.day);
    // The offsets that can apply during D (a transition the day before or after only adds a candidate that fails the check below).
    const before = offsetAt(midnight - 14 * HOUR, zone);
    const after = offsetAt(midnight + 38 * HOUR, zone);
    const stable = before === after;
    const offsets = stable ? [before] : [before, after];
    const wall = (instant: number, offset: number) => (instant - midnight) / MINUTE + offset;

    const daySlots: Array<[number, number]> = [];
    const sorted = [...ranges].map(([s, e]) => [parseHhmm(s), parseHhmm(e)] as const).sort((x, y) => x[0] - y[0]);
    for (const [a, b] of sorted) {
      for (let t = a; t < b; t += step) {
        for (const offset of offsets) {
          const start = midnight + (t - offset) * MINUTE;
          if (start < lower || start >= upper) continue;
          // Does the clock really show t at this instant? Not for a skipped time, nor for the other offset's reading.
          if (!stable && offsetAt(start, zone) !== offset) continue;
          const end = start + durationMs;
          const endOffset = stable ? offset : offsetAt(end, zone);
          const endWall = wall(end, endOffset);
          if (endWall <= a || endWall > b) continue;
          if (endOffset !== offset) {
            // One transition inside (start, end]: the clock just before it and just after it must both stay in [a, b].
            const transition = transitionBetween(start, end, offset, zone);
            if (wall(transition, offset) > b || wall(transition, endOffset) < a) continue;
          }
          if (overlapsBusy(busy, start, end)) continue;
          daySlots.push([start, end]);
        }
      }
    }
    daySlots.sort((x, y) => x[0] - y[0]);
    let dayEnd = claimedUntil;
    let previous = -Infinity;
    for (const [start, end] of daySlots) {
      // With a step as long as the service, slots tile the day; where a spring-forward gap squeezes the grid, the earlier slot wins.
      if (start === previous || start < (tiling ? dayEnd : claimedUntil)) continue;
      previous = start;
      dayEnd = Math.max(dayEnd, end);
      out.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString(), timezone: zone, location });
      if (out.length >= limit) break;
    }
    claimedUntil = dayEnd;
  }
  return out;
}

/** The earliest open slot, or null; the same rules as computeSlots. */
export function firstSlot(input: Omit<ComputeSlotsInput, 'limit'>): Slot | null {
  return computeSlots({ ...input, limit: 1 })[0] ?? null;
}

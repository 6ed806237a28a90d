import { z } from 'zod';
import {
  AVAILABILITY_DEFAULT_RANGE_DAYS,
  AVAILABILITY_MAX_RANGE_DAYS,
  BUFFER_MINUTES,
  GUEST_SPOT_MAX_DAYS,
  GUEST_SPOT_VENUE_MAX,
  MAX_ADVANCE_DAYS,
  MIN_NOTICE_HOURS,
  TIME_OFF_MAX_DAYS,
  TIME_OFF_REASON_MAX,
} from '../availability.ts';
import { findCity } from '../cities.ts';
import { daysBetween, parseDateKey } from '../zoned-time.ts';
import { isInputDate, isInputInstant, YEARS_TEXT, ZDate, zText } from './input.ts';
import { ZWeeklyHours, type TWeeklyHours } from './artist-profile.ts';

/** Availability: the public slots API and the artist's settings (issue 4 §1). */

export {
  AVAILABILITY_DEFAULT_RANGE_DAYS,
  AVAILABILITY_MAX_RANGE_DAYS,
  BUFFER_MINUTES,
  GUEST_SPOT_MAX_DAYS,
  GUEST_SPOT_VENUE_MAX,
  MAX_ADVANCE_DAYS,
  MIN_NOTICE_HOURS,
  TIME_OFF_MAX_DAYS,
  TIME_OFF_REASON_MAX,
};
export const AVAILABILITY_MAX_SLOTS = 2000;
export const TIME_OFF_MAX_ENTRIES = 200;
export const GUEST_SPOT_MAX_ENTRIES = 50;
/** Search by availability: the session length assumed for an artist without an active session service. */
export const SEARCH_DEFAULT_DURATION_MINUTES = 60;

const instantOrDate = z.string().refine((v) => isInputDate(v) || isInputInstant(v), `Use a date ${YEARS_TEXT} like 2026-12-31, or a date and time with an offset`);

/** GET /api/artists/{id}/availability. Dates are the artist's local dates; `to` is inclusive. */
export const ZAvailabilityQuery = z
  .strictObject({
    from: instantOrDate.optional(),
    to: instantOrDate.optional(),
    serviceId: z.uuid('serviceId must be a service id').optional(),
    limit: z.coerce.number().int().min(1).max(AVAILABILITY_MAX_SLOTS).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const span = rangeDays(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    else if (span > AVAILABILITY_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `from and to may be at most ${AVAILABILITY_MAX_RANGE_DAYS} days apart` });
  });
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

/** Whole days from `from` to `to` (dates or instants, compared by their calendar date as written). */
export function rangeDays(from: string, to: string): number {
  const a = parseDateKey(from.slice(0, 10));
  const b = parseDateKey(to.slice(0, 10));
  if (!a || !b) return NaN;
  return daysBetween(a, b);
}

export type TSlotLocation = { city: string; country?: string; venue?: string; timezone: string };
export type TAvailabilitySlot = { startsAt: string; endsAt: string; location?: TSlotLocation };
export type TAvailability = {
  /** The artist's home zone (guest-spot slots carry their own in `location`). */
  timezone: string;
  serviceId: string;
  durationMinutes: number;
  from: string;
  to: string;
  /** Present when more slots exist than `limit` (default AVAILABILITY_MAX_SLOTS); ask for a shorter range. */
  truncated?: true;
  slots: TAvailabilitySlot[];
};

const int = (what: string) => z.number(`Enter ${what}`).int(`Use a whole number for ${what}`);

/** PUT /api/artists/{id}/availability-settings. */
export const ZAvailabilitySettingsInput = z.strictObject({
  bufferMinutes: int('the buffer in minutes')
    .min(BUFFER_MINUTES.min, `The buffer must be between ${BUFFER_MINUTES.min} and ${BUFFER_MINUTES.max} minutes`)
    .max(BUFFER_MINUTES.max, `The buffer must be between ${BUFFER_MINUTES.min} and ${BUFFER_MINUTES.max} minutes`),
  minNoticeHours: int('the notice in hours')
    .min(MIN_NOTICE_HOURS.min, `Minimum notice must be between ${MIN_NOTICE_HOURS.min} and ${MIN_NOTICE_HOURS.max} hours`)
    .max(MIN_NOTICE_HOURS.max, `Minimum notice must be between ${MIN_NOTICE_HOURS.min} and ${MIN_NOTICE_HOURS.max} hours (two weeks)`),
  maxAdvanceDays: int('the number of days')
    .min(MAX_ADVANCE_DAYS.min, `Clients may book between ${MAX_ADVANCE_DAYS.min} and ${MAX_ADVANCE_DAYS.max} days ahead`)
    .max(MAX_ADVANCE_DAYS.max, `Clients may book between ${MAX_ADVANCE_DAYS.min} and ${MAX_ADVANCE_DAYS.max} days ahead`),
  weeklyHours: ZWeeklyHours,
});
export type TAvailabilitySettingsInput = z.infer<typeof ZAvailabilitySettingsInput>;

export type TTimeOff = { id: string; startsOn: string; endsOn: string; reason: string };
export type TGuestSpot = { id: string; cityId: string | null; city: string; country: string; timezone: string; lat: number; lng: number; venue: string; startsOn: string; endsOn: string };

export type TAvailabilitySettings = {
  artistId: string;
  timezone: string;
  bufferMinutes: number;
  minNoticeHours: number;
  maxAdvanceDays: number;
  weeklyHours: TWeeklyHours;
  /** Current and future entries, earliest first. */
  timeOff: TTimeOff[];
  guestSpots: TGuestSpot[];
};

function dateSpan<T extends { startsOn: string; endsOn: string }>(maxDays: number, what: string) {
  return (v: T, ctx: z.RefinementCtx) => {
    const span = rangeDays(v.startsOn, v.endsOn);
    if (Number.isNaN(span)) return;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The last day must be on or after the first day' });
    else if (span + 1 > maxDays) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `${what} can last at most ${maxDays} days` });
  };
}

/** POST /api/artists/{id}/time-off: inclusive local dates in the artist's zone. */
export const ZTimeOffInput = z
  .strictObject({
    startsOn: ZDate,
    endsOn: ZDate,
    reason: zText().trim().max(TIME_OFF_REASON_MAX, `Keep the note to ${TIME_OFF_REASON_MAX} characters`).default(''),
  })
  .superRefine(dateSpan(TIME_OFF_MAX_DAYS, 'Time off'));
export type TTimeOffInput = z.input<typeof ZTimeOffInput>;

/** POST /api/artists/{id}/guest-spots: the city comes from the bundled list (coordinates and zone with it). */
export const ZGuestSpotInput = z
  .strictObject({
    cityId: zText().max(80).refine((id) => Boolean(findCity(id)), 'Choose a city from the list'),
    venue: zText().trim().max(GUEST_SPOT_VENUE_MAX, `Keep the venue to ${GUEST_SPOT_VENUE_MAX} characters`).default(''),
    startsOn: ZDate,
    endsOn: ZDate,
  })
  .superRefine(dateSpan(GUEST_SPOT_MAX_DAYS, 'A guest spot'));
export type TGuestSpotInput = z.input<typeof ZGuestSpotInput>;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots, defaultStepMinutes, firstSlot, type ComputeSlotsInput, type Slot, type WeeklyHours } from './availability.ts';
import { localParts, offsetMinutes } from './zoned-time.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Australia/Adelaide',
  'Australia/Eucla',
  'America/St_Johns',
  'Europe/Berlin',
  'America/Santiago',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;

const RANGE_START = Date.UTC(2026, 0, 1);
const RANGE_END = Date.UTC(2027, 11, 31);

/** Every UTC date in 2026–2027 on which a zone changes its offset (found by scanning, not hard-coded). */
const transitions = new Map<string, number[]>(
  ZONES.map((zone) => {
    const days: number[] = [];
    let previous = offsetMinutes(RANGE_START, zone);
    for (let t = RANGE_START + DAY; t <= RANGE_END; t += DAY) {
      const o = offsetMinutes(t, zone);
      if (o !== previous) days.push(t - DAY);
      previous = o;
    }
    return [zone, days];
  }),
);

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const wallOf = (instant: number, zone: string) => {
  const p = localParts(instant, zone);
  return { date: `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`, minutes: p.hour * 60 + p.minute, weekday: weekdayOf(p.year, p.month, p.day) };
};
const weekdayOf = (y: number, m: number, d: number) => {
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return String(dow === 0 ? 7 : dow) as keyof WeeklyHours;
};
const rangesOf = (hours: WeeklyHours, weekday: keyof WeeklyHours) =>
  (hours[weekday] ?? []).map(([a, b]) => [Number(a.slice(0, 2)) * 60 + Number(a.slice(3)), Number(b.slice(0, 2)) * 60 + Number(b.slice(3))] as const);
const dateKeyUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Non-overlapping ranges for one day: sorted distinct minute marks paired up. Night hours are common so DST gaps get hit. */
const dayRanges = fc.oneof(
  { weight: 3, arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: 1439 }).map((m) => m - (m % 5)), { minLength: 0, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom([0, 240, 540, 1020], [60, 180], [90, 150], [0, 1439], [120, 210], [540, 1080]) },
).map((marks) => {
  const sorted = [...new Set(marks)].sort((a, b) => a - b);
  const ranges: Array<[string, string]> = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) ranges.push([hhmm(sorted[i]!), hhmm(sorted[i + 1]!)]);
  return ranges;
});
const weeklyHours: fc.Arbitrary<WeeklyHours> = fc
  .tuple(dayRanges, dayRanges, dayRanges, dayRanges, dayRanges, dayRanges, dayRanges)
  .map((days) => Object.fromEntries(days.map((r, i) => [String(i + 1), r])) as WeeklyHours);

/** A window of 1–3 days in 2026–2027, often starting on the day before one of the zone's transitions. */
const scenario = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    onTransition: fc.boolean(),
    pick: fc.nat(),
    dayOffset: fc.integer({ min: 0, max: Math.floor((RANGE_END - RANGE_START) / DAY) - 3 }),
    windowDays: fc.integer({ min: 1, max: 3 }),
    windowShiftMinutes: fc.integer({ min: -720, max: 720 }),
    weeklyHours,
    durationMinutes: fc.constantFrom(15, 20, 30, 45, 60, 90, 120, 240),
    stepChoice: fc.constantFrom('default', 'duration', 15, 20, 45),
    bufferMinutes: fc.constantFrom(0, 5, 15, 30),
    minNoticeHours: fc.constantFrom(0, 1, 24),
    nowHoursBefore: fc.integer({ min: 0, max: 72 }),
    busy: fc.array(fc.record({ startMinute: fc.integer({ min: -600, max: 5000 }), lengthMinutes: fc.integer({ min: 5, max: 300 }) }), { maxLength: 4 }),
    timeOffDay: fc.option(fc.integer({ min: -1, max: 3 }), { nil: undefined }),
  })
  .map((s) => {
    const list = transitions.get(s.zone) ?? [];
    const base = s.onTransition && list.length ? list[s.pick % list.length]! - DAY : RANGE_START + s.dayOffset * DAY;
    const from = base + s.windowShiftMinutes * MINUTE;
    const to = from + s.windowDays * DAY;
    const step: number | undefined = s.stepChoice === 'default' ? undefined : s.stepChoice === 'duration' ? s.durationMinutes : Number(s.stepChoice);
    const input: ComputeSlotsInput = {
      timezone: s.zone,
      weeklyHours: s.weeklyHours,
      timeOff: s.timeOffDay === undefined ? [] : [{ startsOn: dateKeyUtc(base + s.timeOffDay * DAY), endsOn: dateKeyUtc(base + s.timeOffDay * DAY) }],
      busy: s.busy.map((b) => ({ startsAt: new Date(from + b.startMinute * MINUTE).toISOString(), endsAt: new Date(from + (b.startMinute + b.lengthMinutes) * MINUTE).toISOString() })),
      durationMinutes: s.durationMinutes,
      bufferMinutes: s.bufferMinutes,
      minNoticeHours: s.minNoticeHours,
      maxAdvanceDays: 365,
      now: from - s.nowHoursBefore * HOUR,
      from,
      to,
      ...(step === undefined ? {} : { stepMinutes: step }),
    };
    return input;
  });

/**
 * Brute force: every minute of the window, with the zone's offset read minute by minute, checked
 * against the rules in the engine's header. Slow but obviously right.
 */
function oracle(input: ComputeSlotsInput): number[] {
  const zone = input.timezone;
  const duration = input.durationMinutes;
  const step = input.stepMinutes ?? defaultStepMinutes(duration);
  const now = Number(input.now);
  const lower = Math.max(Number(input.from), now + (input.minNoticeHours ?? 0) * HOUR);
  const upper = Math.min(Number(input.to), now + (input.maxAdvanceDays ?? 10_000) * DAY);
  const first = Math.ceil(lower / MINUTE) * MINUTE;
  const buffer = (input.bufferMinutes ?? 0) * MINUTE;
  const busy = (input.busy ?? []).map((b) => [Date.parse(String(b.startsAt)) - buffer, Date.parse(String(b.endsAt)) + buffer] as const);
  const walls: Array<{ date: string; minutes: number; weekday: keyof WeeklyHours }> = [];
  // Offsets change on whole minutes and at most once an hour: read them hourly, and minute by minute only in an hour that changes.
  const count = Math.max(0, Math.ceil((upper - first) / MINUTE)) + duration + 1;
  for (let h = 0; h * 60 < count; h++) {
    const t0 = first + h * HOUR;
    const o0 = offsetMinutes(t0, zone);
    const same = offsetMinutes(t0 + HOUR, zone) === o0;
    for (let i = h * 60; i < Math.min(count, (h + 1) * 60); i++) {
      const t = first + i * MINUTE;
      const local = new Date(t + (same ? o0 : offsetMinutes(t, zone)) * MINUTE);
      walls.push({
        date: local.toISOString().slice(0, 10),
        minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
        weekday: weekdayOf(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()),
      });
    }
  }
  const off = input.timeOff ?? [];
  const starts: number[] = [];
  for (let i = 0; first + i * MINUTE < upper; i++) {
    const s = first + i * MINUTE;
    const w = walls[i]!;
    if (off.some((t) => t.startsOn <= w.date && w.date <= t.endsOn)) continue;
    const range = rangesOf(input.weeklyHours, w.weekday).find(([a, b]) => a <= w.minutes && w.minutes < b);
    if (!range) continue;
    const [a, b] = range;
    if ((w.minutes - a) % step !== 0) continue;
    let fits = true;
    for (let k = 0; k < duration && fits; k++) {
      const x = walls[i + k]!;
      fits = x.date === w.date && x.minutes >= a && x.minutes < b;
    }
    const end = walls[i + duration]!;
    fits &&= end.date === w.date && end.minutes > a && end.minutes <= b;
    if (!fits) continue;
    const e = s + duration * MINUTE;
    if (busy.some(([bs, be]) => s < be && e > bs)) continue;
    starts.push(s);
  }
  if (step < duration) return starts;
  const tiled: number[] = [];
  for (const s of starts) if (!tiled.length || s >= tiled[tiled.length - 1]! + duration * MINUTE) tiled.push(s);
  return tiled;
}

function checkInvariants(input: ComputeSlotsInput, slots: Slot[]) {
  const duration = input.durationMinutes;
  const step = input.stepMinutes ?? defaultStepMinutes(duration);
  const buffer = (input.bufferMinutes ?? 0) * MINUTE;
  const now = Number(input.now);
  let previousStart = -Infinity;
  let previousEnd = -Infinity;
  for (const slot of slots) {
    const s = Date.parse(slot.startsAt);
    const e = Date.parse(slot.endsAt);
    // Exact real duration; sorted; unique.
    expect(e - s).toBe(duration * MINUTE);
    expect(s).toBeGreaterThan(previousStart);
    if (step >= duration) expect(s).toBeGreaterThanOrEqual(previousEnd);
    previousStart = s;
    previousEnd = e;
    // Window, notice, advance.
    expect(s).toBeGreaterThanOrEqual(Math.max(Number(input.from), now + (input.minNoticeHours ?? 0) * HOUR));
    expect(s).toBeLessThan(Number(input.to));
    // Local start and end, read back with Intl, inside one declared range of that local day, start on the grid.
    const start = wallOf(s, slot.timezone);
    const end = wallOf(e, slot.timezone);
    expect(end.date).toBe(start.date);
    const range = rangesOf(input.weeklyHours, start.weekday).find(([a, b]) => a <= start.minutes && start.minutes < b);
    expect(range, `${slot.startsAt} (${start.date} ${hhmm(start.minutes)} ${slot.timezone})`).toBeDefined();
    const [a, b] = range!;
    expect(end.minutes).toBeGreaterThan(a);
    expect(end.minutes).toBeLessThanOrEqual(b);
    expect((start.minutes - a) % step).toBe(0);
    // Not on a day off; clear of every busy interval by the buffer.
    expect((input.timeOff ?? []).some((t) => t.startsOn <= start.date && start.date <= t.endsOn)).toBe(false);
    for (const b2 of input.busy ?? []) {
      const bs = Date.parse(String(b2.startsAt)) - buffer;
      const be = Date.parse(String(b2.endsAt)) + buffer;
      expect(s < be && e > bs, `${slot.startsAt} overlaps busy ${String(b2.startsAt)}`).toBe(false);
    }
  }
}

describe('computeSlots (property, 2026–2027, DST and :30/:45 zones)', () => {
  it('finds exactly the starts a minute-by-minute brute force finds, and every slot keeps the rules', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const slots = computeSlots(input);
        checkInvariants(input, slots);
        expect(slots.map((s) => Date.parse(s.startsAt))).toEqual(oracle(input));
        for (const slot of slots) {
          expect(slot.timezone).toBe(input.timezone);
          expect(slot.location).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('uses the guest city zone on guest-spot days and never lets two days overlap', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (input, guestZone, startDay, length) => {
        const base = Number(input.from);
        const spot = { startsOn: dateKeyUtc(base + startDay * DAY), endsOn: dateKeyUtc(base + (startDay + length) * DAY), timezone: guestZone, city: 'Guestville', venue: 'Studio 9' };
        const withSpot = { ...input, guestSpots: [spot], stepMinutes: input.durationMinutes };
        const slots = computeSlots(withSpot);
        checkInvariants(withSpot, slots);
        for (const slot of slots) {
          const local = wallOf(Date.parse(slot.startsAt), slot.timezone);
          const inSpot = spot.startsOn <= local.date && local.date <= spot.endsOn;
          if (slot.timezone === guestZone && guestZone !== input.timezone) expect(inSpot).toBe(true);
          if (inSpot) {
            expect(slot.timezone).toBe(guestZone);
            expect(slot.location).toEqual({ city: 'Guestville', venue: 'Studio 9' });
          } else {
            expect(slot.timezone).toBe(input.timezone);
            expect(slot.location).toBeNull();
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('firstSlot is the first of computeSlots', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        expect(firstSlot(input)).toEqual(computeSlots(input)[0] ?? null);
      }),
      { numRuns: 100 },
    );
  });
});

const base = (over: Partial<ComputeSlotsInput>): ComputeSlotsInput => ({
  timezone: 'America/New_York',
  weeklyHours: {},
  durationMinutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxAdvanceDays: 365,
  now: Date.UTC(2026, 0, 1),
  from: Date.UTC(2026, 0, 1),
  to: Date.UTC(2027, 0, 1),
  ...over,
});
const starts = (slots: Slot[]) => slots.map((s) => s.startsAt);

describe('computeSlots on DST days (examples)', () => {
  it('New York, spring forward (Sunday 8 March 2026): 02:00–02:59 does not exist', () => {
    const sunday = { '7': [['00:00', '04:00'], ['10:00', '12:00']] } as const;
    const slots = computeSlots(base({ weeklyHours: sunday, stepMinutes: 60, from: Date.parse('2026-03-08T00:00:00Z'), to: Date.parse('2026-03-09T00:00:00Z') }));
    expect(starts(slots)).toEqual([
      '2026-03-08T05:00:00.000Z', // 00:00 EST
      '2026-03-08T06:00:00.000Z', // 01:00 EST → ends 03:00 EDT, one real hour later
      '2026-03-08T07:00:00.000Z', // 03:00 EDT (02:00 is skipped)
      '2026-03-08T14:00:00.000Z', // 10:00 EDT
      '2026-03-08T15:00:00.000Z', // 11:00 EDT
    ]);
    const halfHours = computeSlots(base({ weeklyHours: { '7': [['02:00', '03:30']] }, durationMinutes: 30, from: Date.parse('2026-03-08T00:00:00Z'), to: Date.parse('2026-03-09T00:00:00Z') }));
    // 02:00 and 02:30 do not exist that night; only 03:00 EDT is a real time in the range.
    expect(starts(halfHours)).toEqual(['2026-03-08T07:00:00.000Z']);
  });

  it('New York, fall back (Sunday 1 November 2026): the repeated hour gives two distinct slots, never a duplicate', () => {
    const slots = computeSlots(base({ weeklyHours: { '7': [['00:00', '04:00']] }, stepMinutes: 60, from: Date.parse('2026-11-01T00:00:00Z'), to: Date.parse('2026-11-02T00:00:00Z') }));
    expect(starts(slots)).toEqual([
      '2026-11-01T04:00:00.000Z', // 00:00 EDT
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST (the same wall time, an hour later)
      '2026-11-01T07:00:00.000Z', // 02:00 EST
      '2026-11-01T08:00:00.000Z', // 03:00 EST
    ]);
    // A range that ends inside the repeated hour: no slot may run on into the second 01:00–01:30.
    const short = computeSlots(base({ weeklyHours: { '7': [['00:30', '01:30']] }, from: Date.parse('2026-11-01T00:00:00Z'), to: Date.parse('2026-11-02T00:00:00Z') }));
    expect(starts(short)).toEqual(['2026-11-01T04:30:00.000Z']);
    // Day hours are unaffected: 10:00 local is 15:00Z after the change, 14:00Z the Sunday before.
    const day = computeSlots(base({ weeklyHours: { '7': [['10:00', '11:00']] }, from: Date.parse('2026-10-25T00:00:00Z'), to: Date.parse('2026-11-02T00:00:00Z') }));
    expect(starts(day)).toEqual(['2026-10-25T14:00:00.000Z', '2026-11-01T15:00:00.000Z']);
  });

  it('London, both changes of 2026 (29 March and 25 October)', () => {
    const hours = { '7': [['00:30', '03:00'], ['09:00', '10:00']] } as const;
    const spring = computeSlots(base({ timezone: 'Europe/London', weeklyHours: hours, stepMinutes: 30, durationMinutes: 30, from: Date.parse('2026-03-29T00:00:00Z'), to: Date.parse('2026-03-30T00:00:00Z') }));
    // 01:00–01:59 GMT does not exist (clocks go 01:00 → 02:00 BST).
    expect(starts(spring)).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z', '2026-03-29T08:00:00.000Z', '2026-03-29T08:30:00.000Z']);
    expect(spring.map((s) => wallOf(Date.parse(s.startsAt), 'Europe/London').minutes).map(hhmm)).toEqual(['00:30', '02:00', '02:30', '09:00', '09:30']);
    const autumn = computeSlots(base({ timezone: 'Europe/London', weeklyHours: hours, stepMinutes: 30, durationMinutes: 30, from: Date.parse('2026-10-25T00:00:00Z') - DAY, to: Date.parse('2026-10-26T00:00:00Z') }));
    const sunday = autumn.filter((s) => s.startsAt >= '2026-10-24T23:00:00.000Z');
    // 01:00–01:59 happens twice (BST, then GMT): four slots in it, all distinct instants.
    expect(sunday.map((s) => hhmm(wallOf(Date.parse(s.startsAt), 'Europe/London').minutes))).toEqual(['00:30', '01:00', '01:30', '01:00', '01:30', '02:00', '02:30', '09:00', '09:30']);
    expect(new Set(starts(sunday)).size).toBe(sunday.length);
  });
});

describe('computeSlots in :30 and :45 zones', () => {
  const jan15 = { from: Date.parse('2026-01-14T00:00:00Z'), to: Date.parse('2026-01-16T12:00:00Z'), weeklyHours: { '4': [['10:00', '11:00']] } as WeeklyHours };
  it.each([
    ['Asia/Kolkata', '2026-01-15T04:30:00.000Z'],
    ['Asia/Kathmandu', '2026-01-15T04:15:00.000Z'],
    ['Australia/Adelaide', '2026-01-14T23:30:00.000Z'], // +10:30 in summer
    ['Australia/Eucla', '2026-01-15T01:15:00.000Z'], // +8:45
    ['America/St_Johns', '2026-01-15T13:30:00.000Z'], // −3:30
    ['Pacific/Chatham', '2026-01-14T20:15:00.000Z'], // +13:45 in summer
    ['Australia/Lord_Howe', '2026-01-14T23:00:00.000Z'], // +11 in summer
  ])('%s: Thursday 10:00 local is %s', (timezone, expected) => {
    expect(starts(computeSlots(base({ timezone, ...jan15 })))).toEqual([expected]);
  });

  it('Lord Howe moves its clocks by 30 minutes (5 April 2026, 02:00 → 01:30): no overlapping or repeated instants', () => {
    const slots = computeSlots(base({ timezone: 'Australia/Lord_Howe', weeklyHours: { '7': [['00:00', '03:00']] }, durationMinutes: 30, from: Date.parse('2026-04-04T00:00:00Z'), to: Date.parse('2026-04-05T12:00:00Z') }));
    const walls = slots.map((s) => hhmm(wallOf(Date.parse(s.startsAt), 'Australia/Lord_Howe').minutes));
    expect(walls).toEqual(['00:00', '00:30', '01:00', '01:30', '01:30', '02:00', '02:30']);
    const ms = slots.map((s) => Date.parse(s.startsAt));
    for (let i = 1; i < ms.length; i++) expect(ms[i]! - ms[i - 1]!).toBe(30 * MINUTE);
  });
});

describe('computeSlots rules (examples)', () => {
  const week = { '1': [['09:00', '17:00']], '2': [['09:00', '17:00']], '3': [['09:00', '17:00']], '4': [['09:00', '17:00']], '5': [['09:00', '17:00']] } as const;
  const monday = Date.parse('2026-06-15T00:00:00-04:00');

  it('keeps the buffer clear around a booking, honours notice, advance, days off and the step grid', () => {
    const slots = computeSlots(
      base({
        weeklyHours: week,
        durationMinutes: 60,
        bufferMinutes: 15,
        now: monday - 2 * DAY,
        minNoticeHours: 24,
        maxAdvanceDays: 7,
        from: monday,
        to: monday + 14 * DAY,
        timeOff: [{ startsOn: '2026-06-17', endsOn: '2026-06-18' }],
        busy: [{ startsAt: '2026-06-15T11:00:00-04:00', endsAt: '2026-06-15T12:00:00-04:00' }],
      }),
    );
    const mondaySlots = slots.filter((s) => s.startsAt < '2026-06-16');
    // 10:00 would end at 11:00, inside the 15-minute buffer before the booking; 12:00 starts inside the one after.
    expect(mondaySlots.map((s) => hhmm(wallOf(Date.parse(s.startsAt), 'America/New_York').minutes))).toEqual(
      ['09:00', '09:30', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'],
    );
    const days = [...new Set(slots.map((s) => wallOf(Date.parse(s.startsAt), 'America/New_York').date))];
    // Wednesday and Thursday are off; next Monday is beyond 7 days of advance.
    expect(days).toEqual(['2026-06-15', '2026-06-16', '2026-06-19']);
    expect(slots.at(-1)!.startsAt < new Date(monday - 2 * DAY + 7 * DAY).toISOString()).toBe(true);
  });

  it('a treatment shorter than 30 minutes steps by its own length', () => {
    const slots = computeSlots(base({ weeklyHours: { '1': [['09:00', '10:00']] }, durationMinutes: 20, from: monday, to: monday + DAY }));
    expect(slots.map((s) => hhmm(wallOf(Date.parse(s.startsAt), 'America/New_York').minutes))).toEqual(['09:00', '09:20', '09:40']);
  });

  it('a service longer than the working range has no slots; no hours, no slots', () => {
    expect(computeSlots(base({ weeklyHours: { '1': [['09:00', '10:00']] }, durationMinutes: 90, from: monday, to: monday + DAY }))).toEqual([]);
    expect(computeSlots(base({ weeklyHours: {}, from: monday, to: monday + 30 * DAY }))).toEqual([]);
  });

  it('a guest spot moves the days into the guest city zone and labels the slots', () => {
    const slots = computeSlots(
      base({
        weeklyHours: week,
        from: monday,
        to: monday + 3 * DAY,
        durationMinutes: 480,
        guestSpots: [{ startsOn: '2026-06-16', endsOn: '2026-06-16', timezone: 'Europe/Berlin', city: 'Berlin', country: 'DE', venue: 'Blackout Ink' }],
      }),
    );
    expect(slots).toEqual([
      { startsAt: '2026-06-15T13:00:00.000Z', endsAt: '2026-06-15T21:00:00.000Z', timezone: 'America/New_York', location: null },
      { startsAt: '2026-06-16T07:00:00.000Z', endsAt: '2026-06-16T15:00:00.000Z', timezone: 'Europe/Berlin', location: { city: 'Berlin', country: 'DE', venue: 'Blackout Ink' } },
      { startsAt: '2026-06-17T13:00:00.000Z', endsAt: '2026-06-17T21:00:00.000Z', timezone: 'America/New_York', location: null },
    ]);
  });
});

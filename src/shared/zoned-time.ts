/**
 * Wall-clock times in IANA zones ↔ UTC instants, with Intl only (no I/O, no time zone library).
 * Used by the availability engine, the demo seed and the web pages that show both zones.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

export type LocalDate = { year: number; month: number; day: number };
export type LocalDateTime = LocalDate & { hour: number; minute: number; second: number };

const MINUTE_MS = 60_000;

/** The wall-clock date and time an instant shows in a zone. */
export function localParts(instant: Date | number, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetMs(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The zone's offset from UTC at an instant, in minutes (New York in winter: -300; Kathmandu: 345). */
export function offsetMinutes(instant: Date | number, timeZone: string): number {
  return Math.round(offsetMs(typeof instant === 'number' ? instant : instant.getTime(), timeZone) / MINUTE_MS);
}

type YearTable = { at: number[]; offset: number[] };
const yearTables = new Map<string, YearTable>();
const YEAR_TABLES_MAX = 2000;
const DAY_MS = 86_400_000;

/**
 * The zone's offset changes in one UTC year (plus a day either side): read once a day with Intl,
 * each change narrowed to the minute. Assumes a zone changes its offset at most once a day (true of
 * every zone's rules since the 1990s).
 */
function yearTable(timeZone: string, year: number): YearTable {
  const key = `${timeZone}|${year}`;
  let table = yearTables.get(key);
  if (table) return table;
  const start = Date.UTC(year, 0, 1) - DAY_MS;
  const end = Date.UTC(year + 1, 0, 1) + DAY_MS;
  table = { at: [start], offset: [offsetMinutes(start, timeZone)] };
  let previous = table.offset[0]!;
  for (let t = start + DAY_MS; t <= end; t += DAY_MS) {
    const o = offsetMinutes(t, timeZone);
    if (o === previous) continue;
    let lo = t - DAY_MS;
    let hi = t;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(mid, timeZone) === previous) lo = mid;
      else hi = mid;
    }
    table.at.push(hi);
    table.offset.push(o);
    previous = o;
  }
  if (yearTables.size >= YEAR_TABLES_MAX) yearTables.clear();
  yearTables.set(key, table);
  return table;
}

/**
 * offsetMinutes() from a cached table of the year's transitions: the same answers (to the minute)
 * for a fraction of the cost — the availability engine asks thousands of times per request.
 */
export function offsetAt(instant: number, timeZone: string): number {
  const table = yearTable(timeZone, new Date(instant).getUTCFullYear());
  const { at, offset } = table;
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at[mid]! <= instant) lo = mid;
    else hi = mid - 1;
  }
  return offset[lo]!;
}

/** The UTC instant of a wall-clock time in a zone (a time skipped by DST moves forward by the gap). */
export function zonedTimeToUtc(date: LocalDate, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(date.year, date.month - 1, date.day, hh, mm);
  const first = offsetMs(guess, timeZone);
  const second = offsetMs(guess - first, timeZone);
  return new Date(guess - second);
}

export function localDateOf(instant: Date | number, timeZone: string): LocalDate {
  const { year, month, day } = localParts(instant, timeZone);
  return { year, month, day };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday as the working-hours key: '1' = Monday … '7' = Sunday. */
export function isoWeekday(date: LocalDate): '1' | '2' | '3' | '4' | '5' | '6' | '7' {
  const dow = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return String(dow === 0 ? 7 : dow) as '1' | '2' | '3' | '4' | '5' | '6' | '7';
}

/** "2026-03-08". */
export function dateKey(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** "2026-03-08" → a LocalDate; null when it is not a real calendar date. */
export function parseDateKey(key: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCFullYear() !== date.year || check.getUTCMonth() + 1 !== date.month || check.getUTCDate() !== date.day) return null;
  return date;
}

/** Days from a to b (b − a) between two calendar dates. */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

const validZones = new Map<string, boolean>();

/** Whether the runtime knows this IANA zone ("Europe/Berlin" yes, "Mars/Olympus" no). */
export function isValidTimeZone(timeZone: string): boolean {
  let ok = validZones.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
      ok = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(timeZone);
    } catch {
      ok = false;
    }
    if (validZones.size < 1000) validZones.set(timeZone, ok);
  }
  return ok;
}

/** Wall-clock times in an IANA zone → UTC instants, for placing demo bookings inside working hours. */

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

function localParts(instant: Date, timeZone: string): LocalDate & { hour: number; minute: number; second: number } {
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

function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in a zone (a time skipped by DST moves forward by the gap). */
export function zonedTimeToUtc(date: LocalDate, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(date.year, date.month - 1, date.day, hh, mm);
  const first = offsetMs(new Date(guess), timeZone);
  const second = offsetMs(new Date(guess - first), timeZone);
  return new Date(guess - second);
}

export function localDateOf(instant: Date, timeZone: string): LocalDate {
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

export function dateKey(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

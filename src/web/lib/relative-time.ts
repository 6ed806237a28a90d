/**
 * Spec §5: relative dates read like "less than a minute ago", and an invalid date is rejected.
 * The wording follows date-fns' formatDistance (without seconds), which the spec's texts come from,
 * so a notification reads the same as in the product people already know.
 */
const MINUTE = 60;
const MINUTES_IN_HOUR = 60;
const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43_200;
const MINUTES_IN_TWO_MONTHS = 86_400;

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The distance between two instants in words, without a suffix ("about 3 hours"). */
export function formatDistance(date: Date | string | number, base: Date | string | number): string {
  const seconds = Math.abs(toDate(date).getTime() - toDate(base).getTime()) / 1000;
  const minutes = Math.round(seconds / MINUTE);

  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return plural(minutes, 'minute');
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return `about ${plural(Math.round(minutes / MINUTES_IN_HOUR), 'hour')}`;
  if (minutes < 2520) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), 'day');
  if (minutes < MINUTES_IN_TWO_MONTHS) return `about ${plural(Math.round(minutes / MINUTES_IN_MONTH), 'month')}`;

  const months = Math.round(minutes / MINUTES_IN_MONTH);
  if (months < 12) return plural(months, 'month');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest < 3) return `about ${plural(years, 'year')}`;
  if (rest < 9) return `over ${plural(years, 'year')}`;
  return `almost ${plural(years + 1, 'year')}`;
}

/** "5 minutes ago" / "in 5 minutes". Throws RangeError('Invalid time value') for an invalid date. */
export function formatRelativeTime(date: Date | string | number, now: Date | string | number = Date.now()): string {
  const distance = formatDistance(date, now);
  return toDate(date).getTime() > toDate(now).getTime() ? `in ${distance}` : `${distance} ago`;
}

/** For rendering: null instead of a throw, so one bad timestamp never breaks a list. */
export function tryFormatRelativeTime(date: Date | string | number, now?: Date | string | number): string | null {
  try {
    return formatRelativeTime(date, now);
  } catch {
    return null;
  }
}

import { remembered } from './ssr-formats.ts';

// Building an Intl.NumberFormat costs far more than using one, and /artists formats two prices per
// card: one formatter per currency and precision, kept by the module.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money in minor units → "$150" (no cents when whole). */
export function formatMoney(cents: number, currency = 'USD'): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  const key = `${currency}:${fractionDigits}`;
  return remembered(`money:${key}:${cents}`, () => {
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: fractionDigits });
      moneyFormats.set(key, format);
    }
    return format.format(cents / 100);
  });
}

/** A whole count with en-US grouping ("1,234"), as `toLocaleString('en-US')` writes it, without `Intl`. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** An instant's UTC calendar date, "November 23, 2026" (en-US, long), without `Intl`. */
export function formatLongDateUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const weekdayName = (isoDay: number) => WEEKDAYS[isoDay - 1] ?? '';

/** "America/New_York" → "New York time (EST)" style label for a zone, as of now. */
export function zoneLabel(timeZone: string): string {
  return remembered(`zone:${timeZone}`, () => computeZoneLabel(timeZone));
}

function computeZoneLabel(timeZone: string): string {
  try {
    const short = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
    const city = timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
    return short ? `${city} time (${short})` : `${city} time`;
  } catch {
    return timeZone;
  }
}

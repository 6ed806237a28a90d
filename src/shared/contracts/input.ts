import { z } from 'zod';
import { parseDateKey } from '../zoned-time.ts';

/**
 * The building blocks every request schema uses for text, ids, dates and instants (DESIGN §3: one
 * text schema, bounded dates). PostgreSQL refuses NUL and unpaired surrogates in text and JSON, and a
 * year like 0001 or 9999 leaves what a day's arithmetic, `toISOString` and a timestamp column agree
 * on; refusing them here answers a 400 a person can read instead of a failed query.
 */

/** The years a date or instant sent to the API may fall in: generous for any booking, search or history. */
export const INPUT_YEAR_MIN = 1900;
export const INPUT_YEAR_MAX = 2200;

// \p{Cc}: C0 controls (NUL included), DEL and C1 controls. In a `u` regex an unpaired surrogate is
// its own code point of category Cs, while a proper pair is one astral character (emoji stay fine).
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}]/u;
const CONTROL_BESIDES_LINE_BREAKS_OR_LONE_SURROGATE = /(?![\n\r\t])[\p{Cc}\p{Cs}]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a piece of text cannot be taken, in words; null when it is fine. */
export function textProblem(value: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(value)) return 'contains a broken character (half of an emoji or symbol); please type it again';
  if ((multiline ? CONTROL_BESIDES_LINE_BREAKS_OR_LONE_SURROGATE : CONTROL_OR_LONE_SURROGATE).test(value)) {
    return multiline ? 'contains an invisible control character (such as NUL); remove it and try again' : 'contains a line break or an invisible control character (such as NUL); use one line of plain text';
  }
  return null;
}

/**
 * A string from a request. Single line unless `multiline` (then \n, \r and \t are allowed too);
 * never control characters or broken characters. Chain `.trim()`, `.min()`, `.max()` as on z.string().
 */
export function zText(opts: { multiline?: boolean } = {}) {
  return z.string().check((ctx) => {
    const problem = textProblem(ctx.value, opts.multiline);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

/** The first unusable string in a JSON value (keys included), described; null when every string is fine. */
function jsonTextProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return textProblem(value, true);
  if (typeof value !== 'object' || value === null || depth > 64) return depth > 64 ? 'is nested too deeply' : null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = (Array.isArray(value) ? null : textProblem(key, true)) ?? jsonTextProblem(inner, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** A JSON object kept as sent (a form's state, analytics details): every string in it follows the text rule. */
export function zJsonRecord() {
  return z.record(zText(), z.unknown()).check((ctx) => {
    const problem = jsonTextProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_SHAPE.test(value);
/** An id as the database writes it (any UUID version, either case). */
export const ZUuid = z.string().regex(UUID_SHAPE, 'not a valid id');

/** An instant (ms since 1970) inside the accepted years. */
export function instantInRange(ms: number): boolean {
  if (!Number.isFinite(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= INPUT_YEAR_MIN && year <= INPUT_YEAR_MAX;
}

/** "2026-12-31": a real calendar date inside the accepted years. */
export function isInputDate(value: string): boolean {
  const date = parseDateKey(value);
  return date !== null && date.year >= INPUT_YEAR_MIN && date.year <= INPUT_YEAR_MAX;
}

const ISO_INSTANT = z.iso.datetime({ offset: true });
/** "2027-03-01T15:00:00Z" or with an offset: an ISO date-time inside the accepted years. */
export function isInputInstant(value: string): boolean {
  return ISO_INSTANT.safeParse(value).success && instantInRange(Date.parse(value));
}

export const YEARS_TEXT = `between ${INPUT_YEAR_MIN} and ${INPUT_YEAR_MAX}`;
/** A calendar date from a request ("2026-12-31"). */
export const ZDate = z.string().refine(isInputDate, `use a real date ${YEARS_TEXT}, such as 2026-12-31`);
/** An instant from a request, with its offset. */
export const ZInstant = z.string().refine(isInputInstant, `use an ISO date-time ${YEARS_TEXT} with an offset, such as 2027-03-01T15:00:00Z`);

/**
 * A small iCalendar (RFC 5545) writer for booking events: one VEVENT per booking, times in UTC,
 * TEXT values escaped (§3.3.11) and content lines folded at 75 octets (§3.1).
 */

export type IcsEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** Bumped on each reschedule, so calendar apps replace the old time instead of keeping both. */
  sequence?: number;
};

export type IcsCalendar = { name?: string; method?: 'PUBLISH' };

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 2027-03-01T15:00:00.000Z → 20270301T150000Z */
export function formatUtc(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT escaping: backslash, semicolon and comma get a backslash; line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Fold one content line: no physical line longer than 75 octets of UTF-8; each continuation
 * starts with one space (which counts). A multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const prop = (name: string, value: string) => foldLine(`${name}:${value}`);
const text = (name: string, value: string) => prop(name, escapeText(value));

function vevent(e: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    text('UID', e.uid),
    prop('DTSTAMP', formatUtc(e.stamp)),
    prop('DTSTART', formatUtc(e.start)),
    prop('DTEND', formatUtc(e.end)),
    text('SUMMARY', e.summary),
  ];
  if (e.location) lines.push(text('LOCATION', e.location));
  if (e.description) lines.push(text('DESCRIPTION', e.description));
  // A URI value is not TEXT: it is written as is (it has no commas or semicolons to escape).
  if (e.url) lines.push(prop('URL', e.url));
  if (e.status) lines.push(prop('STATUS', e.status));
  lines.push(prop('SEQUENCE', String(e.sequence ?? 0)), 'END:VEVENT');
  return lines;
}

/** A whole VCALENDAR object, CRLF line endings, ending in CRLF. */
export function buildCalendar(events: IcsEvent[], opts: IcsCalendar = {}): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Inkhaven//Bookings//EN', 'CALSCALE:GREGORIAN', `METHOD:${opts.method ?? 'PUBLISH'}`];
  if (opts.name) lines.push(text('X-WR-CALNAME', opts.name));
  for (const e of events) lines.push(...vevent(e));
  lines.push('END:VCALENDAR');
  return lines.join(CRLF) + CRLF;
}

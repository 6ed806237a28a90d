import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc } from './ics.ts';

describe('ics writer', () => {
  it('writes UTC date-times in the basic format', () => {
    expect(formatUtc(new Date('2027-03-01T15:04:05.678Z'))).toBe('20270301T150405Z');
  });

  it('escapes TEXT values (backslash first, then ; , and line breaks)', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const ascii = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(ascii).split('\r\n');
    expect(folded.length).toBe(3);
    for (const line of folded) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(ascii);

    const wide = `SUMMARY:${'é'.repeat(60)}${'🌸'.repeat(10)}`;
    const lines = foldLine(wide).split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(wide);
    expect(foldLine('SHORT:yes')).toBe('SHORT:yes');
  });

  it('builds a calendar with one VEVENT per event, CRLF line ends', () => {
    const ics = buildCalendar(
      [
        {
          uid: 'booking-1@inkhaven.test',
          start: new Date('2027-03-01T15:00:00Z'),
          end: new Date('2027-03-01T17:00:00Z'),
          stamp: new Date('2027-02-01T10:00:00Z'),
          summary: 'Half-day session with Ana, Portland',
          location: '1 Main St; Portland',
          description: 'Idea: a swallow\nDetails: https://inkhaven.test/bookings/1',
          url: 'https://inkhaven.test/bookings/1',
          status: 'CONFIRMED',
          sequence: 2,
        },
      ],
      { name: 'Inkhaven — Ana' },
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Inkhaven//Bookings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']);
    expect(lines).toContain('X-WR-CALNAME:Inkhaven — Ana');
    expect(lines).toContain('UID:booking-1@inkhaven.test');
    expect(lines).toContain('DTSTAMP:20270201T100000Z');
    expect(lines).toContain('DTSTART:20270301T150000Z');
    expect(lines).toContain('DTEND:20270301T170000Z');
    expect(lines).toContain('SUMMARY:Half-day session with Ana\\, Portland');
    expect(lines).toContain('LOCATION:1 Main St\\; Portland');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('SEQUENCE:2');
    expect(ics.replace(/\r\n /g, '')).toContain('DESCRIPTION:Idea: a swallow\\nDetails: https://inkhaven.test/bookings/1');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });
});

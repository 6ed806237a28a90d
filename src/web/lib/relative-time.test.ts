import { describe, expect, it } from 'vitest';
import { formatRelativeTime, tryFormatRelativeTime } from './relative-time.ts';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'less than a minute ago'],
    [29 * S, 'less than a minute ago'],
    [30 * S, '1 minute ago'],
    [5 * M, '5 minutes ago'],
    [44 * M, '44 minutes ago'],
    [45 * M, 'about 1 hour ago'],
    [3 * H, 'about 3 hours ago'],
    [23 * H, 'about 23 hours ago'],
    [30 * H, '1 day ago'],
    [3 * D, '3 days ago'],
    [35 * D, 'about 1 month ago'],
    [75 * D, '3 months ago'],
    [400 * D, 'about 1 year ago'],
    [(365 + 200) * D, 'over 1 year ago'],
    [(365 + 330) * D, 'almost 2 years ago'],
  ])('%d ms ago reads "%s"', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('reads future dates with "in"', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 10 * M), now)).toBe('in 10 minutes');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime('2025-06-15T11:58:00Z', now)).toBe('2 minutes ago');
  });

  it('rejects invalid dates', () => {
    expect(() => formatRelativeTime('not a date', now)).toThrow(RangeError);
    expect(() => formatRelativeTime(new Date(Number.NaN), now)).toThrow('Invalid time value');
    expect(tryFormatRelativeTime('nope', now)).toBeNull();
  });
});

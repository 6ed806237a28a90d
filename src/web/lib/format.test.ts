import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDateUtc, formatMoney, zoneLabel } from './format.ts';
import { recordFormats } from './ssr-formats.ts';

describe('Intl-free formatting', () => {
  it('writes counts as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -4321]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes UTC long dates as toLocaleDateString("en-US") does', () => {
    for (const iso of ['2026-11-23T12:00:00Z', '2026-01-01T00:00:00Z', '2025-12-31T23:59:59Z', '2024-02-29T08:00:00+05:00']) {
      expect(formatLongDateUtc(iso)).toBe(new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
    }
  });
});

describe('recordFormats', () => {
  it('returns the Intl strings a render used, for the browser to hydrate with', () => {
    const { result, formats } = recordFormats(() => `${formatMoney(15000)} · ${zoneLabel('America/Chicago')}`);
    expect(result).toBe(`$150 · ${formats['zone:America/Chicago']}`);
    expect(formats['money:USD:0:15000']).toBe('$150');
    expect(Object.keys(formats)).toHaveLength(2);
  });
});

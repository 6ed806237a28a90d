import { describe, expect, it } from 'vitest';
import { applyDisplayForm, DEFAULT_DISPLAY, displayAttributes, parseDisplayPreferences, readCookie, serializeDisplayPreferences } from './display-preferences.ts';

describe('display preferences', () => {
  it('round-trips through the cookie value', () => {
    for (const prefs of [DEFAULT_DISPLAY, { contrast: 'more', textSize: 200 }, { contrast: 'standard', textSize: 125 }] as const) {
      expect(parseDisplayPreferences(serializeDisplayPreferences(prefs))).toEqual(prefs);
    }
  });

  it('falls back to the default for anything unknown, part by part', () => {
    expect(parseDisplayPreferences(undefined)).toEqual(DEFAULT_DISPLAY);
    expect(parseDisplayPreferences('contrast:loud|text:999')).toEqual(DEFAULT_DISPLAY);
    expect(parseDisplayPreferences('contrast:more|text:"><script>')).toEqual({ contrast: 'more', textSize: 100 });
    expect(parseDisplayPreferences('text:150')).toEqual({ contrast: 'device', textSize: 150 });
  });

  it('applies a form over the current settings, ignoring what it does not know', () => {
    expect(applyDisplayForm({ contrast: 'more', textSize: 150 }, { textSize: '200' })).toEqual({ contrast: 'more', textSize: 200 });
    expect(applyDisplayForm({ contrast: 'more', textSize: 150 }, { contrast: 'standard', textSize: '175' })).toEqual({ contrast: 'standard', textSize: 150 });
  });

  it('puts only chosen settings on <html>', () => {
    expect(displayAttributes(DEFAULT_DISPLAY)).toEqual({});
    expect(displayAttributes({ contrast: 'more', textSize: 200 })).toEqual({ 'data-contrast': 'more', 'data-text-size': '200' });
    expect(displayAttributes({ contrast: 'standard', textSize: 100 })).toEqual({ 'data-contrast': 'standard' });
  });

  it('reads one cookie out of a header, decoded', () => {
    const header = 'a=1; inkhaven.display=contrast%3Amore%7Ctext%3A125; b=%E0%A4%A';
    expect(readCookie(header, 'inkhaven.display')).toBe('contrast:more|text:125');
    expect(readCookie(header, 'b')).toBeUndefined();
    expect(readCookie(undefined, 'a')).toBeUndefined();
  });
});

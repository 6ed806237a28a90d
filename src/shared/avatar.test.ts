import { describe, expect, it } from 'vitest';
import { avatarUrlOf, initialsOf, MONOGRAM_COLOURS, monogramColour } from './avatar.ts';

describe('avatars', () => {
  it('take the first letters of the first and last names', () => {
    expect(initialsOf('Rosa María Delgado')).toBe('RD');
    expect(initialsOf('casey')).toBe('C');
    expect(initialsOf('  Zoë   Hart ')).toBe('ZH');
    expect(initialsOf('Łukasz Żuk')).toBe('ŁŻ');
    expect(initialsOf('"Ink" Jones')).toBe('IJ');
    expect(initialsOf('😀 Smile')).toBe('S');
    expect(initialsOf('')).toBe('?');
  });

  it('colour a monogram the same way for the same id, from colours white text reads on', () => {
    expect(monogramColour('user-1')).toBe(monogramColour('user-1'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => monogramColour(`user-${i}`)));
    expect(used.size).toBeGreaterThan(MONOGRAM_COLOURS.length / 2);
    for (const colour of MONOGRAM_COLOURS) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('serve uploaded avatars from /uploads and nothing for a monogram', () => {
    expect(avatarUrlOf('avatars/u/a.webp')).toBe('/uploads/avatars/u/a.webp');
    expect(avatarUrlOf(null)).toBeNull();
  });
});

/** WCAG 2 contrast ratio of white text on a #rrggbb background. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

import { describe, expect, it } from 'vitest';
import { slugify, styleSearchUrl } from './search-links.ts';

describe('slugify', () => {
  it('makes URL-safe style slugs', () => {
    expect(slugify('Fine Line')).toBe('fine-line');
    expect(slugify('Neo Traditional')).toBe('neo-traditional');
    expect(slugify('Neo-traditional')).toBe('neo-traditional');
    expect(slugify('  Traditional & Classic ')).toBe('traditional-and-classic');
    expect(slugify('Café Noir')).toBe('cafe-noir');
  });
});

describe('styleSearchUrl', () => {
  it('links a style to the pre-filtered artist search', () => {
    expect(styleSearchUrl('piercing', 'Helix')).toBe('/artists?kind=piercing&style=helix');
    expect(styleSearchUrl('tattoo', 'Fine Line')).toBe('/artists?kind=tattoo&style=fine-line');
  });
});

import { describe, expect, it } from 'vitest';
import { TATTOO_CATEGORIES, TATTOO_STYLES } from './tattoo-styles.ts';

describe('tattoo styles', () => {
  it('has the nine spec cards', () => {
    expect(TATTOO_STYLES.map((s) => s.name)).toEqual([
      'Traditional', 'Realism', 'Watercolor', 'Geometric', 'Fine Line', 'Japanese', 'Blackwork', 'Neo Traditional', 'Minimalist',
    ]);
    expect(TATTOO_STYLES.find((s) => s.name === 'Fine Line')?.slug).toBe('fine-line');
    for (const s of TATTOO_STYLES) expect(s.characteristics.length).toBeGreaterThan(0);
  });

  it('has the three spec category groups', () => {
    expect(TATTOO_CATEGORIES.map((c) => [c.title, c.styles])).toEqual([
      ['Traditional & Classic', ['Traditional', 'Neo Traditional', 'Japanese', 'Tribal']],
      ['Modern & Contemporary', ['Realism', 'Watercolor', 'Fine Line', 'Minimalist']],
      ['Graphic & Geometric', ['Geometric', 'Blackwork', 'Dotwork', 'Abstract']],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { PIERCING_CATEGORIES, PIERCING_STYLES, healingWeeks } from './piercing-styles.ts';

describe('piercing styles', () => {
  it('has the three spec categories with their styles and anchors', () => {
    expect(PIERCING_CATEGORIES.map((c) => [c.anchor, c.styles.map((s) => s.name)])).toEqual([
      ['ear-piercings', ['Lobe', 'Helix', 'Tragus', 'Conch', 'Industrial', 'Daith']],
      ['facial-piercings', ['Nostril', 'Septum', 'Eyebrow', 'Lip', 'Bridge', 'Cheek']],
      ['body-piercings', ['Navel', 'Nipple', 'Surface', 'Dermal', 'Genital']],
    ]);
  });

  it('rates every style except Dermal and Genital', () => {
    const unrated = PIERCING_STYLES.filter((s) => s.rating === undefined).map((s) => s.name);
    expect(unrated).toEqual(['Dermal', 'Genital']);
    for (const s of PIERCING_STYLES) if (s.rating !== undefined) expect(s.reviews).toBeGreaterThan(0);
  });

  it('spans 4 weeks to 12 months of healing', () => {
    const weeks = PIERCING_STYLES.map((s) => healingWeeks(s.healingRange));
    expect(Math.min(...weeks.map((w) => w.min))).toBe(4);
    expect(Math.max(...weeks.map((w) => w.max))).toBeCloseTo(12 * 4.35);
    expect(PIERCING_STYLES.find((s) => s.name === 'Lobe')?.healing).toBe('6-8 weeks');
  });
});

import { describe, expect, it } from 'vitest';
import {
  anyOfSearchUrl,
  PIERCING_CLOSING,
  PIERCING_HERO,
  PIERCING_SAFETY,
  PIERCING_SPECIALTIES,
  TATTOO_CLOSING,
  TATTOO_HERO,
  TATTOO_SAFETY,
  TATTOO_STEPS,
  TATTOO_STYLE_CARDS,
} from './landing-content.ts';
import { TATTOO_FAQ } from './landing-meta.ts';

describe('tattoo landing content (spec §2)', () => {
  it('has the hero calls to action', () => {
    expect(TATTOO_HERO.headline).toBe('Find Tattoo Artists Near You');
    expect(TATTOO_HERO.primary).toEqual({ label: 'Discover Artists Near You', href: '/artists?kind=tattoo' });
    expect(TATTOO_HERO.secondary).toEqual({ label: 'Browse Tattoo Styles', href: '/tattoo-styles' });
  });

  it('has seven style cards, four popular, each a pre-filtered search', () => {
    expect(TATTOO_STYLE_CARDS.map((c) => [c.name, c.popular])).toEqual([
      ['Traditional', true],
      ['Neo-traditional', true],
      ['Fine Line', true],
      ['Realism', true],
      ['Blackwork', false],
      ['Watercolor', false],
      ['Geometric', false],
    ]);
    expect(TATTOO_STYLE_CARDS.find((c) => c.name === 'Fine Line')?.href).toBe('/artists?kind=tattoo&style=fine-line');
    expect(TATTOO_STYLE_CARDS.find((c) => c.name === 'Neo-traditional')?.href).toBe('/artists?kind=tattoo&style=neo-traditional');
    for (const c of TATTOO_STYLE_CARDS) expect(c.description.length).toBeGreaterThan(20);
  });

  it('explains four steps, shows four safety cards and five FAQ items with the deposit and notice facts', () => {
    expect(TATTOO_STEPS.map((s) => s.title)).toEqual(['Discover Artists', 'Book Consultation', 'Secure Deposit', 'Get Tattooed']);
    expect(TATTOO_SAFETY).toHaveLength(4);
    expect(TATTOO_FAQ).toHaveLength(5);
    const answers = TATTOO_FAQ.map((f) => f.answer).join(' ');
    expect(answers).toContain('100 to 500 USD');
    expect(answers).toContain('48 to 72 hours');
  });

  it('closes with /discover and /virtual-consultations', () => {
    expect(TATTOO_CLOSING.primary.href).toMatch(/^\/discover(\?|$)/);
    expect(TATTOO_CLOSING.secondary.href).toBe('/virtual-consultations');
  });
});

describe('piercing landing content (spec §2)', () => {
  it('has the hero calls to action', () => {
    expect(PIERCING_HERO.primary).toEqual({ label: 'Find Piercing Artists', href: '/artists?kind=piercing' });
    expect(PIERCING_HERO.secondary).toEqual({ label: 'Explore Piercing Styles', href: '/piercing-styles' });
  });

  it('has six specialties, Ear, Facial and Jewelry marked popular, each a piercing search', () => {
    expect(PIERCING_SPECIALTIES.map((c) => [c.title, c.popular])).toEqual([
      ['Ear Piercings', true],
      ['Facial Piercings', true],
      ['Body Piercings', false],
      ['Surface Piercings', false],
      ['Jewelry Expertise', true],
      ['Piercing Healing', false],
    ]);
    for (const c of PIERCING_SPECIALTIES) {
      expect(c.search.href).toMatch(/^\/artists\?kind=piercing&/);
      for (const s of c.styles) expect(s.href).toMatch(/^\/artists\?kind=piercing&style=[a-z-]+$/);
    }
    expect(PIERCING_SPECIALTIES[0]!.styles.map((s) => s.name)).toEqual(['Lobe', 'Helix', 'Tragus', 'Conch', 'Industrial', 'Daith']);
  });

  it('builds an either-or text search', () => {
    expect(anyOfSearchUrl('piercing', ['Surface', 'Dermal'])).toBe('/artists?kind=piercing&q=surface+or+dermal');
  });

  it('has the four safety features and the closing links', () => {
    expect(PIERCING_SAFETY.map((s) => s.title)).toEqual(['Certified Professionals', 'Sterile Environment', 'Quality Jewelry', 'Proper Aftercare']);
    expect(PIERCING_CLOSING.primary.label).toBe('Browse Local Artists');
    expect(PIERCING_CLOSING.secondary).toEqual({ label: 'Piercing Aftercare Guide', href: '/aftercare-guides#piercing-aftercare' });
  });
});

import { describe, expect, it } from 'vitest';
import { FEATURE_CONTENT, featureContentFor, featureMetaFor } from './features-content.ts';
import { FEATURE_PAGE_META, SUPPORT_FAQ, VIRTUAL_CONSULTATIONS_META } from './features-meta.ts';
import { isLiveHref } from './live-routes.ts';

const SPEC_FEATURES = [
  'smart-discovery', 'seamless-booking', 'virtual-consultations', 'digital-consent', 'secure-payments',
  'aftercare-automation', 'real-time-messaging', 'analytics-dashboard', 'flash-design-gallery', 'identity-safety',
];

describe('feature pages content', () => {
  it('covers the ten spec feature pages and /virtual-consultations', () => {
    expect(FEATURE_PAGE_META.map((m) => m.path)).toEqual(SPEC_FEATURES.map((s) => `/features/${s}`));
    for (const meta of [...FEATURE_PAGE_META, VIRTUAL_CONSULTATIONS_META]) {
      const content = featureContentFor(meta.path);
      expect(content, meta.path).toBeDefined();
      expect(content!.steps.length).toBeGreaterThanOrEqual(3);
      expect(content!.steps.length).toBeLessThanOrEqual(4);
      expect(content!.faq.length).toBeGreaterThan(0);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
    expect(featureContentFor('/features/smart-discovery/')?.path).toBe('/features/smart-discovery');
  });

  it('links only to app paths and has no placeholder text', () => {
    const text = JSON.stringify([FEATURE_CONTENT, SUPPORT_FAQ]).toLowerCase();
    for (const word of ['lorem', 'placeholder', 'coming soon', 'todo', 'tbd']) expect(text).not.toContain(word);
    for (const c of FEATURE_CONTENT) {
      for (const cta of [c.primaryCta, c.secondaryCta, c.closing.cta]) if (cta) expect(cta.href).toMatch(/^\/[a-z]/);
    }
  });

  it('says plainly which features are not available yet, and leads every page to a working one', () => {
    // Every feature page's feature has shipped: none carries a "not yet" notice.
    const notYet = FEATURE_CONTENT.filter((c) => c.notYet).map((c) => c.path);
    expect(notYet).toEqual([]);
    for (const c of FEATURE_CONTENT) {
      // The primary button is always shown; a secondary or closing one to a placeholder page is left out.
      expect(isLiveHref(c.primaryCta.href), `${c.path} primary`).toBe(true);
      const meta = featureMetaFor(c.path);
      if (c.notYet) expect(meta?.description, c.path).toMatch(/not available (on Inkhaven )?yet/);
    }
  });
});

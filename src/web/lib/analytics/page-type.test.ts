import { describe, expect, it } from 'vitest';
import { heatmapSampleRate, isArtistProfilePath, isBookingFlowPath, pageTypeOf } from './page-type.ts';

describe('analytics page types', () => {
  it('tells an artist profile from the app pages under /artist/', () => {
    expect(isArtistProfilePath('/artists/grace-okafor')).toBe(true);
    expect(isArtistProfilePath('/artist/grace-okafor')).toBe(true);
    for (const path of ['/artist/create', '/artist/onboarding', '/artists/new', '/artist/consent-forms', '/artists', '/artists/a/b']) {
      expect(isArtistProfilePath(path), path).toBe(false);
    }
    expect(pageTypeOf('/artist/create')).toBe('other');
    expect(pageTypeOf('/artists/grace-okafor')).toBe('profile');
  });

  it('knows the booking flow and the page types', () => {
    expect(isBookingFlowPath('/book/123')).toBe(true);
    expect(isBookingFlowPath('/booking/123')).toBe(true);
    expect(isBookingFlowPath('/booking')).toBe(false);
    expect(pageTypeOf('/')).toBe('home');
    expect(pageTypeOf('/artists')).toBe('listing');
    expect(pageTypeOf('/tattoo-artists')).toBe('landing');
    expect(pageTypeOf('/tattoo-styles')).toBe('guide');
    expect(pageTypeOf('/admin/perf')).toBe('admin');
  });

  it('samples heatmap clicks at 100 % by default and 25 % on reading pages (spec §9)', () => {
    expect(heatmapSampleRate('home')).toBe(100);
    expect(heatmapSampleRate('booking')).toBe(100);
    expect(heatmapSampleRate('guide')).toBe(25);
    expect(heatmapSampleRate('feature')).toBe(25);
  });
});

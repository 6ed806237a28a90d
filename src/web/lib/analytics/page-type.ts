import { HEATMAP_DEFAULT_SAMPLE_RATE, HEATMAP_PAGE_SAMPLE_RATE } from '../../../shared/funnel.ts';

/** Paths under /artist/ and /artists/ that are pages of the app, not an artist's profile. */
const NOT_A_PROFILE = new Set(['create', 'onboarding', 'new', 'consent-forms', 'payment-setup']);

/** Whether the path is an artist's public profile (`/artists/:slug`, and the spec's `/artist/:slug`). */
export function isArtistProfilePath(pathname: string): boolean {
  const m = /^\/artists?\/([^/]+)\/?$/.exec(pathname);
  return Boolean(m && !NOT_A_PROFILE.has(m[1]!));
}

/** Whether the path opens the booking flow with an artist (`/book/:artistId`, `/booking/:artistId`). */
export const isBookingFlowPath = (pathname: string): boolean => /^\/(book|booking)\/[^/]+\/?$/.test(pathname);

/** A coarse page type for analytics, from the path. */
export function pageTypeOf(pathname: string): string {
  if (pathname === '/' || pathname === '/home') return 'home';
  if (/^\/(tattoo-artists|piercing-artists)\/?$/.test(pathname)) return 'landing';
  if (/^\/(artists|discover|studios|flash|consultation)\/?$/.test(pathname)) return 'listing';
  if (isArtistProfilePath(pathname) || /^\/studios\/[^/]+$/.test(pathname)) return 'profile';
  if (/^\/(book|booking|bookings)(\/|$)/.test(pathname)) return 'booking';
  if (/^\/(piercing-styles|tattoo-styles|aftercare-guides)$/.test(pathname)) return 'guide';
  if (pathname.startsWith('/features/') || pathname === '/virtual-consultations') return 'feature';
  if (pathname === '/login') return 'login';
  if (pathname.startsWith('/admin')) return 'admin';
  if (pathname.startsWith('/dashboard')) return 'dashboard';
  return 'other';
}

/**
 * Spec §9: "heatmap sample rate default 100, pages use 25 percent; guide-page tracking sample rate
 * 25". The app's own pages (home, lists, profiles, booking) are sampled fully; the reading pages
 * (guides, feature pages) at 25 %.
 */
export function heatmapSampleRate(pageType: string): number {
  return pageType === 'guide' || pageType === 'feature' ? HEATMAP_PAGE_SAMPLE_RATE : HEATMAP_DEFAULT_SAMPLE_RATE;
}

/** A coarse page type for analytics, from the path. */
export function pageTypeOf(pathname: string): string {
  if (pathname === '/' || pathname === '/home') return 'home';
  if (/^\/(artists|tattoo-artists|piercing-artists|discover|studios|flash)\/?$/.test(pathname)) return 'listing';
  if (/^\/(artists?|studios)\/[^/]+$/.test(pathname)) return 'profile';
  if (/^\/(book|booking|bookings)(\/|$)/.test(pathname)) return 'booking';
  if (/^\/(piercing-styles|tattoo-styles|aftercare-guides)$/.test(pathname)) return 'guide';
  if (pathname.startsWith('/features/')) return 'feature';
  if (pathname === '/login') return 'login';
  return 'other';
}

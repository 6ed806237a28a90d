import { isLiveHref } from '../../shared/live-routes.ts';

/**
 * Spec §2 "background loading hints": the pages a visitor is likely to open next, by page. Targets
 * are route patterns of the route table (the page code is what is fetched ahead); a test checks each
 * one is a real, live page. The artist dashboard's "analytics" is the Insights tab of /dashboard
 * itself, so it has no page of its own to fetch.
 */
export const PREFETCH_HINTS: Array<[pattern: RegExp, next: string[]]> = [
  [/^\/(home)?$/, ['/artists', '/login']],
  // From the list, the booking flow and becoming an artist.
  [/^\/artists$/, ['/book/:artistId', '/artist/create']],
  // From the booking flow: the booking's own page (where the deposit is paid) and messages.
  [/^\/(book|booking)(\/[^/]+)?$/, ['/bookings/:id', '/messages']],
  [/^\/dashboard$/, ['/artist/consent-forms', '/messages']],
  [/^\/admin-dashboard$/, ['/admin/perf', '/admin/telemetry', '/admin/users', '/admin/artists']],
  [/^\/features\/smart-discovery$/, ['/features/seamless-booking']],
  [/^\/features\/seamless-booking$/, ['/features/virtual-consultations']],
  [/^\/features\/virtual-consultations$/, ['/features/digital-consent']],
];

export const PREFETCH_STAGGER_MS = 500;
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;
export const HOME_PREFETCH_DELAY_MS = 1_000;

/** Pages still placeholders are not fetched ahead: no link leads there (src/shared/live-routes.ts). */
export function prefetchTargets(pathname: string): string[] {
  return (PREFETCH_HINTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? []).filter((href) => isLiveHref(href));
}

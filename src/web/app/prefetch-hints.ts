import { isLiveHref } from '../../shared/live-routes.ts';

/**
 * Spec §2 "background loading hints": the pages a visitor is likely to open next, by page.
 * Feature pages chain to the next one.
 */
export const PREFETCH_HINTS: Array<[pattern: RegExp, next: string[]]> = [
  [/^\/(home)?$/, ['/artists', '/login']],
  [/^\/artists$/, ['/booking', '/artist/create']],
  [/^\/booking(\/[^/]+)?$/, ['/booking/payment', '/messages']],
  [/^\/dashboard$/, ['/artist/consent-forms', '/messages', '/admin/perf']],
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
  return (PREFETCH_HINTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? []).filter(isLiveHref);
}

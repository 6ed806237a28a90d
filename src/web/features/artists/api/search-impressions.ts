import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api.ts';

/** The server takes at most this many ids per report (ZSearchImpressions). */
const MAX_PER_REPORT = 100;

/**
 * Artists already reported per search, for this page load. A results list shown again — a refetch,
 * the back button, page 1 re-rendered when page 2 loads — is not a new appearance; a new search or
 * the next page's new artists is (decision 0027).
 */
export type ImpressionLedger = Map<string, Set<string>>;

/** The ids of `shown` not reported yet for `search`, now marked as reported. */
export function takeUnreported(ledger: ImpressionLedger, search: string, shown: readonly string[]): string[] {
  let seen = ledger.get(search);
  if (!seen) {
    seen = new Set();
    ledger.set(search, seen);
  }
  const fresh: string[] = [];
  for (const id of shown) {
    if (seen.has(id)) continue;
    seen.add(id);
    fresh.push(id);
  }
  return fresh;
}

const pageLoadLedger: ImpressionLedger = new Map();

/**
 * Search appearances for the artists' Insights tab, counted when a person is shown results: after
 * the list has rendered in the browser (a prefetch only fills the cache and a server render is
 * followed by this same effect once hydrated, so neither counts on its own). The server leaves out
 * the viewer's own profile and crawlers. A lost report is logged, never shown: it is a counter.
 */
export function useSearchImpressions(search: string, shownIds: readonly string[]): void {
  useEffect(() => {
    const fresh = takeUnreported(pageLoadLedger, search, shownIds);
    for (let i = 0; i < fresh.length; i += MAX_PER_REPORT) {
      apiRequest('POST', '/api/artists/impressions', { artistIds: fresh.slice(i, i + MAX_PER_REPORT) }).catch((error: unknown) => {
        console.warn('[insights] search appearances not reported', error instanceof Error ? error.message : error);
      });
    }
  }, [search, shownIds]);
}

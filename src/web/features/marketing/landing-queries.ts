import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TReviewHighlights } from '../../../shared/contracts/review-highlights.ts';
import type { LandingKind } from '../../../shared/landing-meta.ts';

/** Review statistics, recent reviews and live counts for one landing page; the default query function GETs the key. */
export const reviewHighlightsOptions = (kind: LandingKind) => queryOptions<TReviewHighlights>({ queryKey: [`/api/reviews/highlights?kind=${kind}`] });

/**
 * Loader of a landing page: primes the cache so the server renders real figures. A failure is not
 * the page's failure: the page still renders and its review section shows the error and a retry.
 */
export async function loadHighlights(queryClient: QueryClient, kind: LandingKind): Promise<TReviewHighlights | null> {
  try {
    return await queryClient.ensureQueryData(reviewHighlightsOptions(kind));
  } catch {
    return null;
  }
}

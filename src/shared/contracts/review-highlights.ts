import { z } from 'zod';
import { REVIEW_SHOWCASE_MAX } from '../review-display.ts';
import type { TRatingAggregate, TReview } from './artists.ts';

/** Upper bound for `limit`: the showcase shows REVIEW_SHOWCASE_MAX by default (spec §9); callers may ask for a few more. */
export const REVIEW_HIGHLIGHTS_LIMIT_MAX = 24;

/** GET /api/reviews/highlights: the landing pages' review statistics and recent reviews, for one kind of artist. */
export const ZReviewHighlightsQuery = z.strictObject({
  kind: z.enum(['tattoo', 'piercing']),
  limit: z.coerce.number().int().min(1).max(REVIEW_HIGHLIGHTS_LIMIT_MAX).default(REVIEW_SHOWCASE_MAX),
});
export type TReviewHighlightsQuery = z.infer<typeof ZReviewHighlightsQuery>;

/** A review with the artist it is about, so a showcase can link to the profile. */
export type THighlightReview = TReview & { artist: { slug: string; displayName: string } };

export type TReviewHighlights = {
  kind: 'tattoo' | 'piercing';
  /** Over every review of every artist of this kind (an artist of kind "both" counts for both). */
  aggregate: TRatingAggregate;
  /** Newest first, at most `limit`. */
  recentReviews: THighlightReview[];
  /** Live marketplace figures for this kind, counted from artist profiles. */
  stats: { verifiedArtists: number; styles: number; cities: number };
};

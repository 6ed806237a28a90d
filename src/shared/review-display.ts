/** Review display rules (spec §5 and §9), shared by every page that shows ratings or reviews. */
export const RATING_BEST = 5;
export const RATING_WORST = 1;
export const TESTIMONIAL_MAX = 3;
/** Spec §5: the testimonial grid shows only bodies longer than this many characters. */
export const TESTIMONIAL_MIN_BODY_CHARS = 50;
export const REVIEW_SHOWCASE_MAX = 6;

/** The testimonial rule: reviews whose body is longer than 50 characters, at most three, in the given order. */
export function selectTestimonials<T extends { reviewBody: string }>(reviews: readonly T[], max: number = TESTIMONIAL_MAX): T[] {
  const out: T[] = [];
  for (const review of reviews) {
    if (out.length >= max) break;
    if (review.reviewBody.trim().length > TESTIMONIAL_MIN_BODY_CHARS) out.push(review);
  }
  return out;
}

export type StarParts = { full: number; half: boolean; empty: number };

/**
 * How many full, half and empty stars a rating shows on the 1–5 scale: a half star when the
 * fraction is .5 or more (4.5 and 4.9 both show four and a half; 4.4 shows four).
 */
export function starParts(rating: number): StarParts {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), RATING_BEST) : 0;
  const full = Math.floor(value);
  const half = full < RATING_BEST && value - full >= 0.5;
  return { full, half, empty: RATING_BEST - full - (half ? 1 : 0) };
}

/** One decimal, as ratings are shown everywhere ("4.8"). */
export function formatRating(value: number): string {
  return value.toFixed(1);
}

export type RatingSummary = { value: number; count: number };

/** Combines per-item averages into one, weighted by each item's count; items without a rating are skipped. */
export function combineRatings(items: ReadonlyArray<{ rating?: number | undefined; reviews?: number | undefined }>): RatingSummary | null {
  let sum = 0;
  let count = 0;
  for (const item of items) {
    if (item.rating === undefined || !item.reviews) continue;
    sum += item.rating * item.reviews;
    count += item.reviews;
  }
  if (count === 0) return null;
  return { value: Math.round((sum / count) * 10) / 10, count };
}

/** Share of each star level in a 1–5 distribution, in whole percent, from 5 down to 1. */
export function distributionRows(distribution: Readonly<Record<1 | 2 | 3 | 4 | 5, number>>): Array<{ stars: 1 | 2 | 3 | 4 | 5; count: number; percent: number }> {
  const total = distribution[1] + distribution[2] + distribution[3] + distribution[4] + distribution[5];
  return ([5, 4, 3, 2, 1] as const).map((stars) => ({
    stars,
    count: distribution[stars],
    percent: total === 0 ? 0 : Math.round((distribution[stars] / total) * 100),
  }));
}

import type { TRatingAggregate } from '../../../../shared/contracts/artists.ts';
import { StarRating } from '../../../ui/star-rating.tsx';

/** The computed aggregate with its 1–5 distribution as bars. */
export function RatingSummary({ rating }: { rating: TRatingAggregate }) {
  if (rating.reviewCount === 0 || rating.ratingValue === null) return <p className="text-stone-700">No reviews yet. Reviews come only from completed bookings.</p>;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div>
        <p className="text-4xl font-bold text-stone-900">{rating.ratingValue.toFixed(1)}</p>
        <StarRating value={rating.ratingValue} count={rating.reviewCount} showValue={false} />
        <p className="mt-1 text-sm text-stone-700">{rating.reviewCount} verified review{rating.reviewCount === 1 ? '' : 's'}</p>
      </div>
      <dl className="flex-1 space-y-1">
        {(['5', '4', '3', '2', '1'] as const).map((star) => {
          const n = rating.ratingDistribution[star];
          const pct = Math.round((n / rating.reviewCount) * 100);
          return (
            <div key={star} className="flex items-center gap-2 text-sm">
              <dt className="w-14 text-stone-700">{star} star{star === '1' ? '' : 's'}</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded bg-stone-200" aria-hidden="true">
                  <span className="block h-full rounded bg-amber-500" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-16 text-right text-stone-700">{n} ({pct}%)</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

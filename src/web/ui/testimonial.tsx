import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { THighlightReview } from '../../shared/contracts/review-highlights.ts';
import { StarRating } from './star-rating.tsx';

/**
 * A review shown as a testimonial (landing pages, the aftercare guide): always a real review of a
 * completed booking, so it carries the "Verified Booking" label, who wrote it, when, and about whom.
 */
export function Testimonial({ review }: { review: THighlightReview }) {
  return (
    <li className="flex flex-col rounded-lg border border-stone-200 bg-white p-5" data-testid="testimonial">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating value={review.ratingValue} size={14} />
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
          Verified Booking
        </span>
      </div>
      <h3 className="mt-3 font-semibold text-stone-900">{review.headline}</h3>
      <blockquote className="mt-2 flex-1 text-stone-800">
        <p data-testid="testimonial-body">{review.reviewBody}</p>
        {review.healedFollowUp ? (
          <p className="mt-2 border-l-2 border-emerald-400 pl-3">
            <span className="font-medium">Once healed:</span> {review.healedFollowUp.body}
          </p>
        ) : null}
      </blockquote>
      <p className="mt-4 text-sm text-stone-700">
        <span className="font-medium text-stone-900">{review.author.name}</span>
        {review.author.location ? `, ${review.author.location}` : ''}
        {' · '}
        <time dateTime={review.datePublished}>
          {new Date(review.datePublished).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}
        </time>
      </p>
      <p className="mt-1 text-sm text-stone-700">
        About{' '}
        <Link to={`/artists/${review.artist.slug}`} className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800">
          {review.artist.displayName}
        </Link>
      </p>
    </li>
  );
}

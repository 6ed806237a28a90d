import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TRatingAggregate } from '../../../shared/contracts/artists.ts';
import type { THighlightReview, TReviewHighlights } from '../../../shared/contracts/review-highlights.ts';
import type { Cta, InfoCard } from '../../../shared/landing-content.ts';
import type { LandingKind } from '../../../shared/landing-meta.ts';
import { distributionRows, formatRating, selectTestimonials } from '../../../shared/review-display.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { Testimonial } from '../../ui/testimonial.tsx';
import { reviewHighlightsOptions } from './landing-queries.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function PopularBadge() {
  return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Popular</span>;
}

/** Cards with a number or icon, title and text: the explainer steps and the safety cards. */
export function InfoCards({ items, numbered = false, icons }: { items: InfoCard[]; numbered?: boolean; icons?: ReactNode[] }) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item, i) => (
        <li key={item.title} className="rounded-lg border border-stone-200 bg-white p-5">
          {numbered ? (
            <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-stone-900 font-bold text-amber-300">
              {i + 1}
            </span>
          ) : icons?.[i] ? (
            <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-amber-100 text-amber-900">
              {icons[i]}
            </span>
          ) : null}
          <h3 className="mt-3 text-lg font-semibold text-stone-900">
            {numbered ? <span className="sr-only">Step {i + 1}: </span> : null}
            {item.title}
          </h3>
          <p className="mt-2 text-stone-700">{item.text}</p>
        </li>
      ))}
    </List>
  );
}

/** Two calls to action closing a page. */
export function ClosingSection({ id, title, text, primary, secondary }: { id: string; title: string; text: string; primary: Cta; secondary: Cta }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="bg-amber-100 px-4 py-14">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={`${id}-heading`} className="text-3xl font-bold text-stone-900">{title}</h2>
        <p className="mt-3 text-lg text-stone-800">{text}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={primary.href} variant="primary">{primary.label}</ButtonLink>
          <ButtonLink to={secondary.href} variant="secondary">{secondary.label}</ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** The landing page's live figures, one query shared by every section that needs them. */
export function useHighlights(kind: LandingKind) {
  return useQuery(reviewHighlightsOptions(kind));
}

/** Hero figures counted from the marketplace ("46 verified artists"), never fixed marketing numbers. */
export function MarketplaceStats({ kind }: { kind: LandingKind }) {
  const { data, isPending, isError } = useHighlights(kind);
  if (isError) return null;
  const items = data
    ? [
        { value: data.stats.verifiedArtists, label: data.stats.verifiedArtists === 1 ? 'verified artist' : 'verified artists' },
        { value: data.stats.styles, label: data.stats.styles === 1 ? 'style' : 'styles' },
        { value: data.stats.cities, label: data.stats.cities === 1 ? 'city' : 'cities' },
      ]
    : null;
  return (
    <ul aria-label="Inkhaven in numbers" aria-busy={isPending} className="mt-10 grid max-w-xl grid-cols-3 gap-4 border-t border-stone-700 pt-6">
      {items
        ? items.map((s) => (
            <li key={s.label} data-testid="marketplace-stat">
              <span className="block text-3xl font-bold text-amber-300">{s.value.toLocaleString('en-US')}</span>
              <span className="text-sm text-stone-300">{s.label}</span>
            </li>
          ))
        : [0, 1, 2].map((i) => (
            <li key={i} aria-hidden="true">
              <span className="block h-9 w-14 animate-pulse rounded bg-stone-800" />
              <span className="mt-1 block h-4 w-24 animate-pulse rounded bg-stone-800" />
            </li>
          ))}
    </ul>
  );
}

/** The computed aggregate: value, stars (half from .5), count and the 1–5 distribution. */
export function ReviewStatistics({ aggregate, audience }: { aggregate: TRatingAggregate; audience: string }) {
  if (aggregate.ratingValue === null || aggregate.reviewCount === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700" data-testid="reviews-empty">
        No reviews yet. Reviews appear here as soon as {audience} finish their first bookings: only clients with a completed booking can leave one.
      </p>
    );
  }
  const rows = distributionRows({
    1: aggregate.ratingDistribution['1'],
    2: aggregate.ratingDistribution['2'],
    3: aggregate.ratingDistribution['3'],
    4: aggregate.ratingDistribution['4'],
    5: aggregate.ratingDistribution['5'],
  });
  return (
    <div className="grid gap-6 rounded-lg border border-stone-200 bg-white p-6 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-10">
      <div>
        <p className="text-5xl font-bold text-stone-900">
          {formatRating(aggregate.ratingValue)}
          <span className="text-lg font-medium text-stone-600"> / {aggregate.bestRating}</span>
        </p>
        <StarRating value={aggregate.ratingValue} count={aggregate.reviewCount} countLabel="verified reviews" showValue={false} size={20} className="mt-2" />
        <p className="mt-2 text-sm text-stone-700">
          Based on <span data-testid="review-count">{aggregate.reviewCount.toLocaleString('en-US')}</span> verified {aggregate.reviewCount === 1 ? 'review' : 'reviews'} of {audience}
        </p>
      </div>
      <dl className="space-y-1.5" aria-label="Rating distribution">
        {rows.map((row) => (
          <div key={row.stars} className="flex items-center gap-3 text-sm">
            <dt className="w-14 shrink-0 text-stone-700">{plural(row.stars, 'star', 'stars')}</dt>
            <dd className="flex flex-1 items-center gap-3">
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${row.percent}%` }} />
              </span>
              <span className="w-24 shrink-0 text-right text-stone-700">
                {row.count.toLocaleString('en-US')} ({row.percent}%)
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Spec §5 testimonial grid: bodies longer than 50 characters, at most three, newest first. */
export function TestimonialGrid({ reviews }: { reviews: THighlightReview[] }) {
  const shown = selectTestimonials(reviews);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-8 grid gap-5 md:grid-cols-3" aria-label="Recent reviews">
      {shown.map((r) => (
        <Testimonial key={r.id} review={r} />
      ))}
    </ul>
  );
}

/** Review statistics and recent reviews, with loading, error and empty states. */
export function LandingReviews({ kind, audience, readAll }: { kind: LandingKind; audience: string; readAll: Cta }) {
  const { data, isPending, isError, error, refetch, isFetching } = useHighlights(kind);
  if (isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading reviews…</span>
        <div aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-stone-200" />
        <div aria-hidden="true" className="mt-8 grid gap-5 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-48 animate-pulse rounded-lg bg-stone-200" />
          ))}
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
        <p>We could not load reviews right now. {errorMessage(error)}</p>
        <Button variant="secondary" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    );
  }
  return <ReviewsBody data={data} audience={audience} readAll={readAll} />;
}

function ReviewsBody({ data, audience, readAll }: { data: TReviewHighlights; audience: string; readAll: Cta }) {
  return (
    <>
      <ReviewStatistics aggregate={data.aggregate} audience={audience} />
      <TestimonialGrid reviews={data.recentReviews} />
      {data.aggregate.reviewCount > 0 ? (
        <div className="mt-8">
          <ButtonLink to={readAll.href} variant="secondary">{readAll.label}</ButtonLink>
        </div>
      ) : null}
    </>
  );
}

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TReviewHighlights } from '../../../shared/contracts/review-highlights.ts';
import { TATTOO_FAQ, type LandingKind, type LandingMeta } from '../../../shared/landing-meta.ts';
import type { RouteMeta } from '../../app/route-meta.ts';

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

/** Head data with schema.org markup; the AggregateRating is the computed one, and only when there are reviews. */
export function landingMeta(meta: LandingMeta) {
  return (data: unknown): RouteMeta => {
    const highlights = data as TReviewHighlights | null | undefined;
    const aggregate = highlights?.aggregate;
    const service: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: meta.kind === 'tattoo' ? 'Tattoo artist booking' : 'Piercing artist booking',
      serviceType: meta.kind === 'tattoo' ? 'Tattooing' : 'Body piercing',
      description: meta.description,
      provider: { '@type': 'Organization', name: 'Inkhaven' },
      ...(aggregate && aggregate.ratingValue !== null && aggregate.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: aggregate.ratingValue,
              reviewCount: aggregate.reviewCount,
              bestRating: aggregate.bestRating,
              worstRating: aggregate.worstRating,
            },
          }
        : {}),
    };
    const jsonLd: Array<Record<string, unknown>> = [service];
    if (meta.kind === 'tattoo') {
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: TATTOO_FAQ.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
      });
    }
    return { title: meta.title, description: meta.description, jsonLd };
  };
}

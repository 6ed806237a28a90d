import type { TReviewHighlights } from '../../../shared/contracts/review-highlights.ts';
import { PIERCING_ARTISTS_META, TATTOO_ARTISTS_META, TATTOO_FAQ, type LandingKind, type LandingMeta } from '../../../shared/landing-meta.ts';
import type { RouteMeta } from '../../app/route-meta.ts';

// Loaded with the landing page itself (see `lazyMeta` in app/routes.tsx), so the FAQ text and
// descriptions stay out of the JavaScript every public page downloads first.

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

export const landingHead = (kind: LandingKind) => landingMeta(kind === 'tattoo' ? TATTOO_ARTISTS_META : PIERCING_ARTISTS_META);

import { FEATURE_PAGE_META, SUPPORT_FAQ, SUPPORT_META, VIRTUAL_CONSULTATIONS_META } from '../../../shared/features-meta.ts';
import type { RouteMeta } from '../../app/route-meta.ts';

// Head data of the feature, video-consultation and support pages. Loaded with the page (see
// `lazyMeta` in app/routes.tsx) so this text is not part of every public page's first download.

export function featureHead(path: string): RouteMeta {
  const meta = FEATURE_PAGE_META.find((m) => m.path === path);
  if (!meta) throw new Error(`No head data for ${path}`);
  return { title: meta.title, description: meta.description };
}

export const virtualConsultationsHead: RouteMeta = { title: VIRTUAL_CONSULTATIONS_META.title, description: VIRTUAL_CONSULTATIONS_META.description };

export const supportHead: RouteMeta = {
  title: SUPPORT_META.title,
  description: SUPPORT_META.description,
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: SUPPORT_FAQ.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  },
};

import type { RouteMeta } from '../../app/route-meta.ts';

// Head data of the three guides, loaded with the guide page (see `lazyMeta` in app/routes.tsx).

/** schema.org Article for the static guides (spec §2). */
function guideHead(title: string, description: string): RouteMeta {
  return {
    title,
    description,
    jsonLd: { '@context': 'https://schema.org', '@type': 'Article', headline: title, description, publisher: { '@type': 'Organization', name: 'Inkhaven' } },
  };
}

export const piercingStylesHead = guideHead(
  'Piercing styles guide',
  'Ear, facial and body piercings compared: difficulty, appointment length, price and healing time for 17 styles, with piercers for each.',
);
export const tattooStylesHead = guideHead(
  'Tattoo styles guide',
  'Nine popular tattoo styles explained, from traditional to fine line: characteristics, typical rates, time commitment, and artists for each.',
);
export const aftercareHead = guideHead(
  'Tattoo and piercing aftercare guide',
  'Tattoo and piercing aftercare: day-by-day healing timeline, saline cleaning routine, products to use and avoid, and when to see a doctor.',
);

import type { TStudio } from './studio-queries.ts';

/** Head data of a studio page; loaded with the page (see `lazyMeta` in app/routes.tsx). */
export function studioMeta(data: unknown): { title: string; description?: string; noindex?: boolean; jsonLd?: Record<string, unknown> } {
  const studio = data as TStudio | null | undefined;
  if (!studio) return { title: 'Studio not found', noindex: true };
  return {
    title: `${studio.name}, ${studio.city}`,
    description: `${studio.name} at ${studio.address}, ${studio.city}: ${studio.artists.length} artists. ${studio.description}`.slice(0, 300),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'TattooParlor',
      name: studio.name,
      address: { '@type': 'PostalAddress', streetAddress: studio.address, addressLocality: studio.city, addressCountry: studio.country },
      geo: { '@type': 'GeoCoordinates', latitude: studio.lat, longitude: studio.lng },
    },
  };
}

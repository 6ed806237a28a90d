import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import type { RouteMeta } from '../../app/route-meta.ts';

/** Head data for a profile: title, description, Open Graph image and schema.org JSON-LD computed from real reviews. */
export function artistProfileMeta(data: unknown): RouteMeta {
  const artist = data as TArtistProfile | null | undefined;
  if (!artist) return { title: 'Artist not found', noindex: true };
  const kind = artist.kind === 'piercing' ? 'piercer' : artist.kind === 'both' ? 'tattoo artist and piercer' : 'tattoo artist';
  const description = `${artist.displayName}, ${kind} in ${artist.city}${artist.studio ? ` at ${artist.studio.name}` : ''}. ${artist.styles.slice(0, 4).join(', ')}. ${artist.bio}`.slice(0, 300);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: artist.displayName,
    description: artist.bio,
    address: { '@type': 'PostalAddress', addressLocality: artist.city, addressCountry: artist.country, ...(artist.studio ? { streetAddress: artist.studio.address } : {}) },
    geo: { '@type': 'GeoCoordinates', latitude: artist.lat, longitude: artist.lng },
    ...(artist.portfolio[0] ? { image: artist.portfolio[0].url } : {}),
  };
  if (artist.rating.ratingValue !== null) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: artist.rating.ratingValue,
      reviewCount: artist.rating.reviewCount,
      bestRating: artist.rating.bestRating,
      worstRating: artist.rating.worstRating,
    };
  }
  return { title: `${artist.displayName} — ${kind} in ${artist.city}`, description, ...(artist.portfolio[0] ? { ogImage: artist.portfolio[0].url } : {}), jsonLd };
}

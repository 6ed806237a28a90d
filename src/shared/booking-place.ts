import type { TBookingStatus, TBookingRole } from './booking-rules.ts';
import type { TBookingMode, TBookingPlace } from './contracts/bookings.ts';

/**
 * "Where" on the booking page, and how to reach the artist: from what Inkhaven really stores (the
 * studio's name, address and coordinates, else the artist's city; the artist's Instagram). Maps are
 * OpenStreetMap links (no key, no tracking script). A video consultation happens in Inkhaven's own
 * call room (/consultations/{id}); this says when it can be joined (src/shared/call-window.ts).
 */

const OSM = 'https://www.openstreetmap.org';
const coordinate = (n: number) => n.toFixed(5);

/** The spot marked on the map. */
export const osmMapUrl = (lat: number, lng: number) => `${OSM}/?mlat=${coordinate(lat)}&mlon=${coordinate(lng)}#map=17/${coordinate(lat)}/${coordinate(lng)}`;
/** OpenStreetMap's directions, to the spot; the person fills in where they start from. */
export const osmDirectionsUrl = (lat: number, lng: number) => `${OSM}/directions?to=${encodeURIComponent(`${coordinate(lat)},${coordinate(lng)}`)}`;
/** A place by name, for an artist without a studio address. */
export const osmSearchUrl = (query: string) => `${OSM}/search?query=${encodeURIComponent(query)}`;

export type BookingPlaceFacts = {
  mode: TBookingMode;
  status: TBookingStatus;
  viewerRole: TBookingRole;
  artistMessage: string | null;
  artist: { displayName: string };
  client: { firstName: string };
  place: TBookingPlace;
};

export type WherePresentation =
  | { kind: 'video'; title: string; note: string | null }
  | { kind: 'studio'; name: string; studioPath: string; address: string; locality: string | null; mapUrl: string; directionsUrl: string }
  | { kind: 'city'; place: string; mapUrl: string; note: string };

export type ContactLink = { label: string; text: string; href: string };

function videoNote(b: BookingPlaceFacts): string | null {
  const artist = b.artist.displayName;
  if (b.status === 'requested')
    return b.viewerRole !== 'client'
      ? 'The call happens in Inkhaven: once you accept, you both join it from Video Calls, from 10 minutes before the start.'
      : `The call happens in Inkhaven: once ${artist} accepts, you join it from Video Calls, from 10 minutes before the start.`;
  if (b.status === 'awaiting_deposit') return 'The call opens once the deposit is paid, from 10 minutes before the start until the end.';
  if (b.status === 'accepted' || b.status === 'confirmed') return 'Join the call in Inkhaven from 10 minutes before the start until the end.';
  return null;
}

export function presentWhere(b: BookingPlaceFacts): WherePresentation {
  if (b.mode === 'video') return { kind: 'video', title: 'Video call', note: videoNote(b) };
  const studio = b.place.studio;
  if (studio) {
    return {
      kind: 'studio',
      name: studio.name,
      studioPath: `/studios/${encodeURIComponent(studio.slug)}`,
      address: studio.address,
      // The city the studio is listed under, unless the address names it already.
      locality: studio.address.toLowerCase().includes(studio.city.toLowerCase()) ? null : [studio.city, studio.country].filter(Boolean).join(', '),
      mapUrl: osmMapUrl(studio.lat, studio.lng),
      directionsUrl: osmDirectionsUrl(studio.lat, studio.lng),
    };
  }
  const place = [b.place.city, b.place.country].filter(Boolean).join(', ');
  const note =
    b.viewerRole === 'client'
      ? `${b.artist.displayName} has no studio address on Inkhaven: the exact place comes with their answer to your request, under “Where it stands”.`
      : `You have no studio address on Inkhaven: tell ${b.client.firstName || 'the client'} where to come in your message when you accept.`;
  return { kind: 'city', place, mapUrl: osmSearchUrl(place), note };
}

/** How the client can reach the artist outside this page: only what the artist gave Inkhaven. */
export function contactLinks(b: Pick<BookingPlaceFacts, 'place'>): ContactLink[] {
  const links: ContactLink[] = [];
  if (b.place.instagram) links.push({ label: 'Instagram', text: `@${b.place.instagram}`, href: `https://www.instagram.com/${encodeURIComponent(b.place.instagram)}/` });
  if (b.place.studio) links.push({ label: 'Studio', text: `${b.place.studio.name}: opening hours and artists`, href: `/studios/${encodeURIComponent(b.place.studio.slug)}` });
  return links;
}

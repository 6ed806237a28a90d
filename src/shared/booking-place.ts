import type { TBookingStatus, TBookingRole } from './booking-rules.ts';
import type { TBookingMode, TBookingPlace } from './contracts/bookings.ts';

/**
 * "Where" on the booking page, and how to reach the artist: from what Inkhaven really stores (the
 * studio's name, address and coordinates, else the artist's city; the artist's Instagram). Maps are
 * OpenStreetMap links (no key, no tracking script). Video calls are not built into Inkhaven yet, so
 * for a video consultation this says honestly where the call link comes from: the artist's answer
 * to the request (video consultations are never booked instantly for that reason), shown under
 * "Where it stands" and quoted in the acceptance e-mail.
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

const ANSWERED: readonly TBookingStatus[] = ['accepted', 'awaiting_deposit', 'confirmed', 'completed'];

function videoNote(b: BookingPlaceFacts): string | null {
  const artist = b.artist.displayName;
  const client = b.client.firstName || 'The client';
  const asArtist = b.viewerRole !== 'client';
  if (b.status === 'requested')
    return asArtist
      ? `Video calls are not built into Inkhaven yet. Put the call link (Zoom, Google Meet or similar) in your message when you accept: ${client} sees it on this page and in the acceptance e-mail.`
      : `Video calls are not built into Inkhaven yet. ${artist} sends the call link (Zoom, Google Meet or similar) with their answer to your request: it appears on this page under “Where it stands” and in the acceptance e-mail.`;
  if (!ANSWERED.includes(b.status)) return null;
  if (b.artistMessage)
    return asArtist
      ? `Your message under “Where it stands” is how ${client} gets the call link: Inkhaven has no video calls of its own yet.`
      : `The call link is in ${artist}’s message under “Where it stands” (and in the acceptance e-mail). Inkhaven has no video calls of its own yet.`;
  return asArtist
    ? `You accepted without a message, so ${client} has no call link from Inkhaven, which has no video calls or messages yet.`
    : `${artist} accepted without sending a call link, and Inkhaven has no video calls or messages yet. Ask them for the link through the contact details here.`;
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

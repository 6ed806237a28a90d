import { z } from 'zod';
import { BOOKING_IDEA_MAX } from '../booking-rules.ts';
import type { TCallWindow } from '../call-window.ts';
import type { TBooking, TBookingImage } from './bookings.ts';
import { ZUuid, zText } from './input.ts';

/** A video-mode booking as the consultations pages show it: the booking, with its join window. */
export type TConsultation = TBooking & {
  window: TCallWindow;
  /** The last time the artist asked for a placement photo (ISO), null when never. */
  placementRequestedAt: string | null;
  /** The booking's conversation, shown beside the call; null when there is none. */
  conversationId: string | null;
};

/** GET /api/consultations: the signed-in person's video consultations, as client and as artist. */
export type TConsultationList = { upcoming: TConsultation[]; past: TConsultation[] };

/** One RTCIceServer as the browser takes it. */
export type TIceServer = { urls: string | string[]; username?: string; credential?: string };

/** GET /api/consultations/{bookingId}/ice-servers. `expiresAt` is when minted TURN credentials stop working (null: none minted). */
export type TIceServers = { iceServers: TIceServer[]; expiresAt: string | null };

/** POST /api/consultations/{bookingId}/placement-photos: attach a placement photo the client uploaded (POST /api/bookings/uploads, kind=placement). */
export const ZPlacementPhotoAttach = z.strictObject({ imageId: ZUuid });

/** How long the idea carried into a session request may be: it travels in the booking form's link. */
export const SESSION_SUGGESTION_IDEA_MAX = Math.min(500, BOOKING_IDEA_MAX);

/** POST /api/consultations/{bookingId}/session-suggestion: the artist turns the consultation into a session request the client sends. */
export const ZSessionSuggestion = z.strictObject({
  serviceId: ZUuid,
  idea: zText({ multiline: true }).trim().min(10, 'describe the piece in a sentence or two (at least 10 characters)').max(SESSION_SUGGESTION_IDEA_MAX),
});
export type TSessionSuggestionBody = z.infer<typeof ZSessionSuggestion>;
/** The answer: where the client finishes the request (the booking form, prefilled). */
export type TSessionSuggestion = { bookUrl: string };

/** The booking form link a session suggestion sends the client to. */
export function sessionRequestUrl(artistId: string, serviceId: string, idea: string): string {
  return `/book/${artistId}?${new URLSearchParams({ serviceId, idea }).toString()}`;
}

/** The booking form link that starts a video consultation with an artist. */
export function videoConsultationUrl(artistId: string, serviceId: string): string {
  return `/book/${artistId}?${new URLSearchParams({ serviceId, mode: 'video' }).toString()}`;
}

/** GET /api/consultations/artists: artists who offer a consultation by video (their consultation services). */
export type TConsultationArtist = {
  id: string;
  slug: string;
  displayName: string;
  kind: 'tattoo' | 'piercing' | 'both';
  city: string;
  country: string;
  avatarUrl: string | null;
  rating: { value: number; count: number };
  services: Array<{ id: string; name: string; durationMinutes: number; depositCents: number; currency: string }>;
};
export type TConsultationArtists = { items: TConsultationArtist[] };
export const ZConsultationArtistsQuery = z.object({ kind: z.enum(['tattoo', 'piercing']).optional() });

export type { TBookingImage };

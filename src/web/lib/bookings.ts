import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TBookingAction } from '../../shared/booking-rules.ts';
import type { TBooking, TBookingDetail, TBookingList, TBookingListQuery, TBookingSettings, TBookingSettingsInput } from '../../shared/contracts/bookings.ts';
import { apiRequest } from './api.ts';
import { useOwnArtist } from './auth.ts';

/**
 * Booking queries and the one mutation every booking screen uses. Shared here (not in a feature)
 * because the booking flow, the booking page and the dashboards all read and invalidate the same keys.
 */
export const BOOKINGS_KEY = '/api/bookings';

export const bookingOptions = (id: string) => queryOptions<TBookingDetail>({ queryKey: [`${BOOKINGS_KEY}/${id}`] });

export function bookingListOptions(query: Partial<Pick<TBookingListQuery, 'as' | 'scope' | 'from' | 'to' | 'limit'>> = {}) {
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  const s = qs.toString();
  return queryOptions<TBookingList>({ queryKey: [`${BOOKINGS_KEY}${s ? `?${s}` : ''}`] });
}

/** POST /api/bookings/{id}/{action}; refreshes every booking query afterwards. */
export async function runBookingAction(queryClient: QueryClient, id: string, action: TBookingAction, body: Record<string, unknown> = {}): Promise<TBooking> {
  const res = await apiRequest('POST', `${BOOKINGS_KEY}/${id}/${action}`, body);
  const booking = (await res.json()) as TBooking;
  await invalidateBookings(queryClient);
  return booking;
}

export function invalidateBookings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(BOOKINGS_KEY) });
}

// --- The artist's side: own profile and booking settings (dashboard, booking settings, payment setup) ---

/** GET /api/artists/profile/me as the booking screens use it. */
export type TOwnArtist = { id: string; slug: string; displayName: string; kind: 'tattoo' | 'piercing' | 'both'; city: string; country: string; timezone: string; verified: boolean };

/** The signed-in user's artist profile, or null when they have none (see useOwnArtist: no call for users without one). */
export function useOwnArtistProfile(): { artist: TOwnArtist | null; isPending: boolean; error: Error | null } {
  const own = useOwnArtist<TOwnArtist>();
  return { artist: own.profile, isPending: own.isPending, error: own.error };
}

export const bookingSettingsOptions = (artistId: string) => queryOptions<TBookingSettings>({ queryKey: [`/api/artists/${artistId}/booking-settings`], staleTime: 0 });

/** PUT /api/artists/{id}/booking-settings; the cached settings become the saved ones. */
export async function saveBookingSettings(queryClient: QueryClient, artistId: string, input: TBookingSettingsInput): Promise<TBookingSettings> {
  const saved = (await (await apiRequest('PUT', `/api/artists/${artistId}/booking-settings`, input)).json()) as TBookingSettings;
  queryClient.setQueryData(bookingSettingsOptions(artistId).queryKey, saved);
  return saved;
}

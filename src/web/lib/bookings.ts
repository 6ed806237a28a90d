import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TBookingAction } from '../../shared/booking-rules.ts';
import type { TBooking, TBookingDetail, TBookingList, TBookingListQuery } from '../../shared/contracts/bookings.ts';
import { apiRequest } from './api.ts';

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

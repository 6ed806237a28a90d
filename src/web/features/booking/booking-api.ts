import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import type { TBooking, TBookingCreate, TDepositAnswer, TPaymentSetup, TWaitlistCreate, TWaitlistEntry } from '../../../shared/contracts/bookings.ts';
import type { TFlashDesign } from '../../../shared/contracts/flash.ts';
import { ApiError, apiRequest, isNetworkError } from '../../lib/api.ts';
import { invalidateBookings } from '../../lib/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { getQueryFn } from '../../lib/query-client.ts';

/** The artist's public profile by id (the same key the profile page uses for a slug). */
export const artistOptions = (artistId: string) => queryOptions<TArtistProfile>({ queryKey: [`/api/artists/${encodeURIComponent(artistId)}`] });

export const flashOptions = (flashId: string) => queryOptions<TFlashDesign>({ queryKey: [`/api/flash/${encodeURIComponent(flashId)}`] });

/** Which deposit mode the server runs in (answered to visitors too); null when it cannot be read. */
export const paymentSetupOptions = () =>
  queryOptions<TPaymentSetup | null>({ queryKey: ['/api/payments/setup'], queryFn: getQueryFn<TPaymentSetup | null>({ on401: 'returnNull' }), staleTime: 5 * 60_000 });

const availabilityPrefix = (artistId: string) => `/api/artists/${artistId}/availability?`;

/** Open times change by the minute: a short stale time, and a refetch whenever the time step opens. */
export function availabilityOptions(artistId: string, query: { serviceId: string; from?: string; to?: string; limit?: number }) {
  const qs = new URLSearchParams({ serviceId: query.serviceId });
  if (query.from) qs.set('from', query.from);
  if (query.to) qs.set('to', query.to);
  if (query.limit) qs.set('limit', String(query.limit));
  return queryOptions<TAvailability>({ queryKey: [`${availabilityPrefix(artistId)}${qs.toString()}`], staleTime: 30_000 });
}

/** After a taken slot or a booking change, every open-times query of the artist is out of date. */
export function refreshAvailability(queryClient: QueryClient, artistId: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(availabilityPrefix(artistId)) });
}

export async function createBooking(body: TBookingCreate, idempotencyKey: string): Promise<TBooking> {
  const res = await apiRequest('POST', '/api/bookings', body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return (await res.json()) as TBooking;
}

export async function joinWaitlist(body: TWaitlistCreate): Promise<TWaitlistEntry> {
  return (await (await apiRequest('POST', '/api/waitlist', body)).json()) as TWaitlistEntry;
}

export async function requestDeposit(queryClient: QueryClient, bookingId: string): Promise<TDepositAnswer> {
  const answer = (await (await apiRequest('POST', `/api/bookings/${bookingId}/deposit`, {})).json()) as TDepositAnswer;
  await invalidateBookings(queryClient);
  return answer;
}

export const loginUrl = (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`;

/** The server's error code, when the error came from our API. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? (error.body?.code ?? null) : null;
}

/**
 * Words for a failed booking call. Our server's messages are written for people already; this adds
 * words where there is no message (a dropped connection, a proxy's error page) or where the code
 * alone says what to do next.
 */
export function bookingErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) {
    if (isNetworkError(error)) return error.message;
    return errorMessage(error);
  }
  const message = error.body?.message;
  switch (error.status) {
    case 401:
      return 'Your session has ended. Sign in again to continue.';
    case 403:
      return message ?? 'You cannot do that on this booking.';
    case 404:
      return message ?? 'We could not find that booking. It may have been removed.';
    case 409:
      return message ?? 'This booking changed in the meantime. Reload the page to see where it stands.';
    case 429:
      return 'Too many attempts in a short time. Wait a minute and try again.';
    default:
      if (error.status >= 500) return 'Something went wrong on our side. Your answers are kept; please try again in a moment.';
      return message ?? errorMessage(error);
  }
}

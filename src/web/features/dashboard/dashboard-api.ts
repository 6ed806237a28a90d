import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TBookingList, TBookingListQuery, TDepositSummary, TMyReviews, TWaitlistEntry } from '../../../shared/contracts/bookings.ts';
import type { TLedgerPage } from '../../../shared/contracts/payments.ts';
import { apiRequest } from '../../lib/api.ts';
import { bookingListOptions, bookingSettingsOptions } from '../../lib/bookings.ts';
import { getJson } from '../../lib/query-client.ts';

export const WAITLIST_KEY = '/api/waitlist';
export const waitlistOptions = () => queryOptions<{ items: TWaitlistEntry[] }>({ queryKey: [WAITLIST_KEY], staleTime: 0 });

export async function leaveWaitlist(queryClient: QueryClient, id: string): Promise<void> {
  await apiRequest('DELETE', `${WAITLIST_KEY}/${id}`);
  queryClient.setQueryData<{ items: TWaitlistEntry[] }>([WAITLIST_KEY], (old) => (old ? { items: old.items.filter((e) => e.id !== id) } : old));
}

export const depositSummaryOptions = () => queryOptions<TDepositSummary>({ queryKey: ['/api/payments/summary'], staleTime: 0 });
export const RECENT_LEDGER_ROWS = 8;
export const recentLedgerOptions = () => queryOptions<TLedgerPage>({ queryKey: [`/api/payments/ledger?limit=${RECENT_LEDGER_ROWS}`], staleTime: 0 });

/** Completed bookings still waiting for my review: the dashboard offers "Write a review" on exactly these. */
export const myReviewsOptions = () => queryOptions<TMyReviews>({ queryKey: ['/api/reviews/mine'], staleTime: 0 });

/**
 * A booking list page by page. The key starts with the same path as bookingListOptions, so
 * invalidateBookings() after any action refreshes it too.
 */
export function bookingPagesOptions(queryClient: QueryClient, query: Pick<TBookingListQuery, 'as' | 'scope'> & { limit?: number }) {
  const first = bookingListOptions(query).queryKey[0] as string;
  return infiniteQueryOptions({
    queryKey: [first, 'pages'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getJson<TBookingList>(queryClient, pageParam ? `${first}&cursor=${encodeURIComponent(pageParam)}` : first, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** POST /api/artists/{id}/calendar-token: a new private feed address; the old one stops working. */
export async function resetCalendarLink(queryClient: QueryClient, artistId: string): Promise<void> {
  await apiRequest('POST', `/api/artists/${artistId}/calendar-token`, {});
  await queryClient.invalidateQueries({ queryKey: bookingSettingsOptions(artistId).queryKey });
}

/** The calls the dashboards show (for their "Saved …" note and for retrying what got no answer). */
export function isDashboardPath(path: string): boolean {
  return (
    path.startsWith('/api/bookings') ||
    path.startsWith('/api/payments/') ||
    path.startsWith('/api/favourites') ||
    path === WAITLIST_KEY ||
    path === '/api/reviews/mine' ||
    path === '/api/artists/profile/me'
  );
}

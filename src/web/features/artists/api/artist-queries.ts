import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TArtistPage, TArtistProfile, TReviewPage } from '../../../../shared/contracts/artists.ts';
import { getJson } from '../../../lib/query-client.ts';
import { artistProfileViewPath } from '../../../lib/artist-profile-cache.ts';

/** The search parameters the list page keeps in its URL (and sends to GET /api/artists as they are). */
export const SEARCH_PARAM_NAMES = ['q', 'kind', 'style', 'city', 'near', 'radiusKm', 'minRating', 'maxDeposit', 'availableFrom', 'availableTo', 'verified', 'sort', 'exact'] as const;

export function canonicalSearch(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const name of SEARCH_PARAM_NAMES) {
    const v = params.get(name);
    if (v) out.set(name, v);
  }
  return out.toString();
}

export function artistSearchOptions(queryClient: QueryClient, search: string) {
  return infiniteQueryOptions({
    queryKey: ['/api/artists', search],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams(search);
      if (pageParam) qs.set('cursor', pageParam);
      const s = qs.toString();
      return getJson<TArtistPage>(queryClient, `/api/artists${s ? `?${s}` : ''}`, signal);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const artistProfileOptions = (slug: string) => queryOptions<TArtistProfile>({ queryKey: [artistProfileViewPath(slug)] });

export function artistReviewsOptions(queryClient: QueryClient, slug: string) {
  return infiniteQueryOptions({
    queryKey: [`/api/artists/${encodeURIComponent(slug)}/reviews`, 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson<TReviewPage>(queryClient, `/api/artists/${encodeURIComponent(slug)}/reviews${pageParam ? `?cursor=${pageParam}` : ''}`, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

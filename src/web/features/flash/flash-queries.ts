import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { TFlashPage } from '../../../shared/contracts/flash.ts';
import { getJson } from '../../lib/query-client.ts';

/** The filters /flash keeps in its URL, sent to GET /api/flash as they are (prices in cents). */
export const FLASH_PARAM_NAMES = ['style', 'size', 'minPrice', 'maxPrice', 'city'] as const;

export function canonicalFlashSearch(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const name of FLASH_PARAM_NAMES) {
    const v = params.get(name)?.trim();
    if (v) out.set(name, v);
  }
  return out.toString();
}

export function flashSearchOptions(queryClient: QueryClient, search: string) {
  return infiniteQueryOptions({
    queryKey: ['/api/flash', search],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams(search);
      if (pageParam) qs.set('cursor', pageParam);
      const s = qs.toString();
      return getJson<TFlashPage>(queryClient, `/api/flash${s ? `?${s}` : ''}`, signal);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

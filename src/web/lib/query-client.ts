import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { data } from 'react-router';
import { ApiError, fetchOrNetworkError, throwIfResNotOk, type FetchLike } from './api.ts';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Spec §7: the default query GETs the path given as its key; a 401 throws unless asked for null. */
export function getQueryFn<T>(opts: { on401: UnauthorizedBehavior; fetchImpl?: FetchLike; onUnauthorized?: () => void }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((part) => typeof part === 'string').join('/');
    const res = await fetchOrNetworkError(opts.fetchImpl ?? fetch, 'read', url, { credentials: 'include', signal });
    if (res.status === 401) {
      opts.onUnauthorized?.();
      if (opts.on401 === 'returnNull') return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * Spec §9: never stale, no refetch on focus, no polling, no retries.
 * Offline (issue 11 §3, docs/decisions/0015): a query always tries once and fails at once with a
 * NetworkError rather than pausing until the browser says it is online — a paused query kept a
 * route loader (and so a link click) waiting forever, and a page waiting for data it cannot get
 * must say so. Mutations likewise fail at once and say they need a connection instead of waiting
 * silently. What happens on reconnect is lib/offline-store.ts's job.
 */
export function createQueryClient(fetchImpl?: FetchLike): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw', ...(fetchImpl ? { fetchImpl } : {}) }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * GET a path through the client's default query function, so custom query functions
 * (infinite lists) use the same fetch as everything else — fastify.inject while rendering on the server.
 */
export async function getJson<T>(queryClient: QueryClient, path: string, signal?: AbortSignal): Promise<T> {
  const queryFn = queryClient.getDefaultOptions().queries?.queryFn as QueryFunction<T> | undefined;
  if (!queryFn) throw new Error('The query client has no default query function');
  return queryFn({ queryKey: [path], signal: signal ?? new AbortController().signal, meta: undefined, client: queryClient } as never);
}

/** For loaders of one thing: load it, or answer the route with a 404 the error boundary shows as not found. */
export async function ensureOr404<T>(queryClient: QueryClient, options: { queryKey: readonly unknown[] }): Promise<T> {
  try {
    return await queryClient.ensureQueryData<T>({ queryKey: options.queryKey });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data('Not found', { status: 404 });
    throw error;
  }
}

import { onlineManager, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which data on screen is a saved copy rather than the server's current answer (issue 11 §3,
 * docs/decisions/0015), so pages can say "Saved <time>" — and stop saying it once fresh data came.
 *
 * A query's data is a saved copy when it was restored from this device and not fetched since, when
 * its last fetch failed (offline, server unreachable), or while the browser is offline.
 * Kept apart from lib/offline-store.ts so pages do not load the IndexedDB code.
 */

/** Query hash → the dataUpdatedAt of the copy restored from the device. */
const restored = new Map<string, number>();

export function markRestored(queryHash: string, dataUpdatedAt: number): void {
  restored.set(queryHash, dataUpdatedAt);
}

export function forgetRestored(): void {
  restored.clear();
}

type QueryStateLike = Pick<Query['state'], 'data' | 'dataUpdatedAt' | 'status' | 'errorUpdatedAt' | 'fetchStatus'>;

/** True when the data is not known to be the server's current answer. */
export function isSavedCopy(queryHash: string, state: QueryStateLike, online: boolean): boolean {
  if (state.data === undefined) return false;
  if (!online) return true;
  // A later failure means we could not check it (offline, server unreachable, server error).
  if (state.status === 'error' && state.errorUpdatedAt >= state.dataUpdatedAt) return true;
  // Restored and not fetched since; while a fetch is on its way it is about to be current, so say nothing.
  return restored.get(queryHash) === state.dataUpdatedAt && state.fetchStatus !== 'fetching';
}

/** True when the query's data came from this device and has not been fetched from the server since. */
export function isRestoredCopy(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  return query.state.data !== undefined && restored.get(query.queryHash) === query.state.dataUpdatedAt;
}

/**
 * When the oldest saved copy among the queries on screen (those with observers) whose first key
 * part `matches` was fetched, or null when all of them are current. Null while rendering on the
 * server and hydrating, so the first browser render matches the server's HTML.
 */
export function savedAt(queryClient: QueryClient, matches: (path: string) => boolean, online = onlineManager.isOnline()): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    const first = query.queryKey[0];
    if (typeof first !== 'string' || !matches(first) || query.getObserversCount() === 0) continue;
    if (!isSavedCopy(query.queryHash, query.state, online)) continue;
    if (oldest === null || query.state.dataUpdatedAt < oldest) oldest = query.state.dataUpdatedAt;
  }
  return oldest;
}

export function useSavedAt(matches: (path: string) => boolean): number | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => {
      const offCache = queryClient.getQueryCache().subscribe(listener);
      const offOnline = onlineManager.subscribe(listener);
      return () => {
        offCache();
        offOnline();
      };
    },
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => savedAt(queryClient, matches),
    () => null,
  );
}

/** TanStack Query's idea of the connection (the browser's online/offline events). True on the server. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

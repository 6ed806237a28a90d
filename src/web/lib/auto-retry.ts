import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../../shared/limits.ts';
import { ApiError, isNetworkError } from './api.ts';

/** The wait before attempt `n` (0-based): doubling from the base to the cap (spec §9's reconnect backoff). */
export function retryDelayMs(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
}

/**
 * While `active`, calls `retry` by itself: at once when the browser comes back online, and on a
 * backoff (2 s doubling to 60 s) while it believes it is online — the server may be the one that
 * was unreachable. Offline, the timers wait for the 'online' event instead of failing again.
 */
export function useAutoRetry(retry: () => void, active = true): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!active) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (navigator.onLine) latest.current();
        attempt += 1;
        schedule();
      }, retryDelayMs(attempt));
    };
    const onOnline = () => {
      attempt = 0;
      latest.current();
      schedule();
    };
    window.addEventListener('online', onOnline);
    schedule();
    return () => {
      window.removeEventListener('online', onOnline);
      if (timer) clearTimeout(timer);
    };
  }, [active]);
}

function unanswered(query: Query, matches: (path: string) => boolean): boolean {
  const path = query.queryKey[0];
  if (typeof path !== 'string' || !matches(path) || query.getObserversCount() === 0 || query.state.status !== 'error') return false;
  const error = query.state.error;
  return isNetworkError(error) || (error instanceof ApiError && error.status >= 500);
}

/**
 * For pages built from several queries (the dashboards): while any of those on screen got no answer
 * (offline, server unreachable or unavailable), fetch them again by itself, as useAutoRetry does.
 */
export function useRetryUnanswered(matches: (path: string) => boolean): void {
  const queryClient = useQueryClient();
  const failing = useSyncExternalStore(
    useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]),
    () => queryClient.getQueryCache().getAll().some((q) => unanswered(q, matches)),
    () => false,
  );
  useAutoRetry(() => void queryClient.refetchQueries({ type: 'active', predicate: (q) => unanswered(q, matches) }, { cancelRefetch: false }), failing);
}

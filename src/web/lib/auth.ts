import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TCurrentUser } from '../../shared/contracts/auth.ts';
import { AUTH_UNAUTHORIZED_PAUSE_AFTER, AUTH_UNAUTHORIZED_PAUSE_MS } from '../../shared/limits.ts';
import { getQueryFn } from './query-client.ts';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;
export const OWN_ARTIST_KEY = ['/api/artists/profile/me'] as const;

/** Spec §7: the user fetch pauses for 30 s after 3 unauthorized answers. */
export function createUnauthorizedThrottle(now: () => number = Date.now) {
  let count = 0;
  let pausedUntil = 0;
  return {
    note() {
      count += 1;
      if (count >= AUTH_UNAUTHORIZED_PAUSE_AFTER) {
        pausedUntil = now() + AUTH_UNAUTHORIZED_PAUSE_MS;
        count = 0;
      }
    },
    /** Milliseconds left in the pause (0 when not paused). */
    remaining: () => Math.max(0, pausedUntil - now()),
    reset() {
      count = 0;
      pausedUntil = 0;
    },
  };
}

// Module state on purpose: the throttle is about this browser tab, not one component.
const unauthorized = createUnauthorizedThrottle();
const noteUnauthorized = () => unauthorized.note();

export function authUserQueryOptions() {
  return {
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<TCurrentUser | null>({ on401: 'returnNull', onUnauthorized: noteUnauthorized }),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    gcTime: Infinity,
  } as const;
}

function usePauseEnded(): boolean {
  const [, force] = useState(0);
  const remaining = unauthorized.remaining();
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => force((n) => n + 1), remaining);
    return () => clearTimeout(timer);
  }, [remaining]);
  return remaining <= 0;
}

export function useAuth() {
  const enabled = usePauseEnded();
  const query = useQuery({ ...authUserQueryOptions(), enabled });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(user),
    isAdmin: Boolean(user?.isAdmin),
  };
}

/** Spec §6: success of the own-artist-profile call means the user is an artist. */
export function useIsArtist(): { isArtist: boolean; isLoading: boolean } {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: OWN_ARTIST_KEY,
    queryFn: getQueryFn<unknown>({ on401: 'returnNull' }),
    enabled: Boolean(user),
    retry: false,
  });
  return { isArtist: Boolean(user && query.data), isLoading: Boolean(user) && query.isLoading };
}

/** After sign-in, sign-up or profile creation: forget who we thought the user was. */
export async function refreshAuth(queryClient: QueryClient): Promise<void> {
  unauthorized.reset();
  await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  await queryClient.invalidateQueries({ queryKey: OWN_ARTIST_KEY });
}

export function useRefreshAuth() {
  const queryClient = useQueryClient();
  return () => refreshAuth(queryClient);
}

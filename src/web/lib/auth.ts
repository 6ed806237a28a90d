import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TCurrentUser } from '../../shared/contracts/auth.ts';
import { AUTH_UNAUTHORIZED_PAUSE_AFTER, AUTH_UNAUTHORIZED_PAUSE_MS } from '../../shared/limits.ts';
import { getQueryFn } from './query-client.ts';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;
export const OWN_ARTIST_KEY = ['/api/artists/profile/me'] as const;

/**
 * Spec §7: 3 unauthorized answers pause the user fetch for 30 s. The counter is module
 * state on purpose: it is about this browser tab, not one component.
 */
const unauthorized = { count: 0, pausedUntil: 0 };

function noteUnauthorized() {
  unauthorized.count += 1;
  if (unauthorized.count >= AUTH_UNAUTHORIZED_PAUSE_AFTER) {
    unauthorized.pausedUntil = Date.now() + AUTH_UNAUTHORIZED_PAUSE_MS;
    unauthorized.count = 0;
  }
}

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
  const remaining = unauthorized.pausedUntil - Date.now();
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
  unauthorized.count = 0;
  unauthorized.pausedUntil = 0;
  await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  await queryClient.invalidateQueries({ queryKey: OWN_ARTIST_KEY });
}

export function useRefreshAuth() {
  const queryClient = useQueryClient();
  return () => refreshAuth(queryClient);
}

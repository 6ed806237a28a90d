import { useQuery, useQueryClient, type QueryClient, type QueryFunction } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TCurrentUser } from '../../shared/contracts/auth.ts';
import { AUTH_UNAUTHORIZED_PAUSE_AFTER, AUTH_UNAUTHORIZED_PAUSE_MS } from '../../shared/limits.ts';
import { ApiError } from './api.ts';
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
    /**
     * No answer yet and the last try failed (offline, server unreachable or erring): we do not know
     * who this is. Only a 401 means signed out (issue 11 §3); a failed fetch never does.
     */
    isUnknown: query.data === undefined && query.isError,
  };
}

/**
 * GET /api/artists/profile/me, with its 404 ("no artist profile") read as null rather than an error:
 * the session's flag can lag a profile deleted moments ago.
 */
export function ownArtistQueryFn<T>(): QueryFunction<T | null> {
  const get = getQueryFn<T | null>({ on401: 'returnNull' });
  return async (context) => {
    try {
      return await get(context);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };
}

/**
 * The signed-in user's artist profile, or null when they have none (spec §6: success of the
 * own-artist-profile call means the user is an artist). The call is made only for users whose
 * session says they have a profile (`isArtist` of /api/auth/user): for everyone else it answers 404,
 * which the browser logs as a failed resource load on every page, whatever the code does with it.
 * The server render fills the same cache entry, so a full page load makes no call at all.
 */
export function useOwnArtist<T>(): { profile: T | null; isPending: boolean; error: Error | null } {
  const { user, isLoading: userLoading } = useAuth();
  const hasProfile = Boolean(user?.isArtist);
  const query = useQuery({ queryKey: OWN_ARTIST_KEY, queryFn: ownArtistQueryFn<T>(), enabled: hasProfile, retry: false });
  return {
    profile: hasProfile ? ((query.data as T | null | undefined) ?? null) : null,
    isPending: userLoading || (hasProfile && query.isPending),
    error: hasProfile ? query.error : null,
  };
}

export function useIsArtist(): { isArtist: boolean; isLoading: boolean } {
  const { user } = useAuth();
  const own = useOwnArtist<unknown>();
  return { isArtist: own.profile !== null, isLoading: Boolean(user) && own.isPending };
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

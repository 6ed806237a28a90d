import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../../shared/limits.ts';
import { NetworkError } from './api.ts';
import { AUTH_USER_KEY } from './auth.ts';
import { retryDelayMs } from './auto-retry.ts';
import type { SavedQuery } from './offline-db.ts';
import { isSavedPath, pickRestorable, refreshAfterReconnect, SAVED_MAX_AGE_MS, SAVED_MAX_QUERIES, shouldSaveQuery } from './offline-store.ts';
import { isSavedCopy, markRestored, savedAt } from './saved-copy.ts';

const BOOKING = '/api/bookings/3a26a62a-9386-437f-8169-17fdea3163aa';

describe('what is kept on the device (docs/decisions/0015)', () => {
  it.each([
    '/api/auth/user',
    '/api/artists/profile/me',
    '/api/bookings',
    '/api/bookings?as=client&scope=upcoming',
    BOOKING,
    '/api/waitlist',
    '/api/favourites',
    '/api/favourites/ids',
    '/api/reviews/mine',
    '/api/payments/summary',
    '/api/payments/ledger?limit=8',
    '/api/artists/rosa-delgado',
    '/api/artists/rosa-delgado?view=profile',
    '/api/artists/rosa-delgado/reviews',
    '/api/flash?artistId=abc&status=published&limit=100',
    '/api/studios',
    '/api/studios/black-anchor',
    '/api/conversations',
    '/api/conversations?q=rosa',
    '/api/conversations/6f1c2f7e-5f0a-4c38-9d0e-2b1f3c4d5e6f',
    '/api/conversations/6f1c2f7e-5f0a-4c38-9d0e-2b1f3c4d5e6f/messages',
  ])('keeps %s', (path) => expect(isSavedPath(path)).toBe(true));

  it.each([
    // Health answers, files, secrets and anything else from /api/auth.
    `${BOOKING}/consent`,
    '/api/consent-forms/abc/verify',
    '/api/artist/consent-templates',
    `${BOOKING}/calendar.ics`,
    '/api/auth/csrf-token',
    '/api/auth/providers',
    '/api/artists/abc/booking-settings',
    '/api/artists/draft',
    '/api/artists/abc/editable',
    '/api/artists/abc/availability?limit=6',
    '/api/payments/setup',
    '/api/notifications',
    '/api/favourites/artists/abc',
    '/api/conversations/6f1c2f7e-5f0a-4c38-9d0e-2b1f3c4d5e6f/photos/0d9e8f7a-6b5c-4d3e-8f1a-0b9c8d7e6f5a',
    '/api/conversations/6f1c2f7e-5f0a-4c38-9d0e-2b1f3c4d5e6f/messages?after=abc',
    '/api/admin/jobs',
    '/api/admin/error-reports',
    '/api/flash?artistId=abc&status=draft&limit=100',
  ])('never keeps %s', (path) => expect(isSavedPath(path)).toBe(false));

  it('keeps only successful answers with data', () => {
    const ok = { status: 'success', data: { id: 1 } } as never;
    expect(shouldSaveQuery({ queryKey: [BOOKING], state: ok })).toBe(true);
    expect(shouldSaveQuery({ queryKey: ['/api/bookings?as=client&scope=past', 'pages'], state: ok })).toBe(true);
    expect(shouldSaveQuery({ queryKey: [BOOKING], state: { status: 'error', data: undefined } as never })).toBe(false);
    expect(shouldSaveQuery({ queryKey: [BOOKING], state: { status: 'pending', data: undefined } as never })).toBe(false);
    expect(shouldSaveQuery({ queryKey: ['/api/notifications'], state: ok })).toBe(false);
  });
});

describe('pickRestorable', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  const record = (hash: string, userId: string, age: number, path = BOOKING): SavedQuery => ({ queryHash: hash, queryKey: [path], userId, data: {}, dataUpdatedAt: now - age });

  it("restores only the owner's young enough answers, newest first, and drops the rest", () => {
    const { keep, drop } = pickRestorable(
      [record('old', 'u1', SAVED_MAX_AGE_MS + 1), record('a', 'u1', 5_000), record('other', 'u2', 1_000), record('b', 'u1', 1_000), record('gone', 'u1', 0, `${BOOKING}/consent`)],
      'u1',
      now,
    );
    expect(keep.map((r) => r.queryHash)).toEqual(['b', 'a']);
    expect(drop.sort()).toEqual(['gone', 'old', 'other']);
  });

  it('keeps at most the cap', () => {
    const many = Array.from({ length: SAVED_MAX_QUERIES + 5 }, (_, i) => record(`q${i}`, 'u1', i));
    const { keep, drop } = pickRestorable(many, 'u1', now);
    expect(keep).toHaveLength(SAVED_MAX_QUERIES);
    expect(drop).toEqual(['q300', 'q301', 'q302', 'q303', 'q304']);
  });
});

describe('isSavedCopy: when a page says "Saved <time>"', () => {
  const base = { data: { id: 1 }, dataUpdatedAt: 1_000, status: 'success', errorUpdatedAt: 0, fetchStatus: 'idle' } as const;

  it('is current when fetched this session and online', () => expect(isSavedCopy('h1', base, true)).toBe(false));
  it('is saved while offline', () => expect(isSavedCopy('h1', base, false)).toBe(true));
  it('is saved when the last fetch failed after the data came', () => expect(isSavedCopy('h1', { ...base, status: 'error', errorUpdatedAt: 2_000 }, true)).toBe(true));
  it('is never "saved" without data', () => expect(isSavedCopy('h1', { ...base, data: undefined }, false)).toBe(false));

  it('is saved when restored from the device until fetched again; not while the fetch is on its way', () => {
    markRestored('h2', 1_000);
    expect(isSavedCopy('h2', base, true)).toBe(true);
    expect(isSavedCopy('h2', { ...base, fetchStatus: 'fetching' }, true)).toBe(false);
    expect(isSavedCopy('h2', { ...base, dataUpdatedAt: 3_000 }, true)).toBe(false);
  });

  it('savedAt reports the oldest saved copy among the queries on screen', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, enabled: false } } });
    client.setQueryData([BOOKING], { id: 1 }, { updatedAt: 5_000 });
    client.setQueryData(['/api/bookings?as=client'], { items: [] }, { updatedAt: 4_000 });
    client.setQueryData(['/api/studios'], { items: [] }, { updatedAt: 1_000 });
    // Only queries with an observer are on screen.
    const observers = [[BOOKING], ['/api/bookings?as=client']].map((queryKey) => new QueryObserver(client, { queryKey, enabled: false }));
    const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
    const bookings = (path: string) => path.startsWith('/api/bookings');
    expect(savedAt(client, bookings, true)).toBeNull();
    expect(savedAt(client, bookings, false)).toBe(4_000);
    expect(savedAt(client, (p) => p === '/api/studios', false)).toBeNull();
    unsubscribe.forEach((u) => u());
  });
});

describe('refreshAfterReconnect', () => {
  /** A client whose queries answer at once, or get no answer while `offline.now` is set. */
  function clientWith(fetches: string[], offline = { now: false }) {
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: Infinity,
          retry: false,
          queryFn: async ({ queryKey }) => {
            if (offline.now) throw new NetworkError('read');
            fetches.push(String(queryKey[0]));
            return { fresh: true };
          },
        },
      },
    });
    return client;
  }

  it('fetches what is on screen again, marks the rest stale, and leaves a known signed-in user alone (spec §7)', async () => {
    const fetches: string[] = [];
    const client = clientWith(fetches);
    client.setQueryData(AUTH_USER_KEY, { id: 'u1' });
    client.setQueryData([BOOKING], { id: 1 });
    client.setQueryData(['/api/studios'], { items: [] });
    const observers = [AUTH_USER_KEY, [BOOKING]].map((queryKey) => new QueryObserver(client, { queryKey: [...queryKey] }));
    const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
    refreshAfterReconnect(client);
    await expect.poll(() => fetches).toEqual([BOOKING]);
    expect(client.getQueryState(['/api/studios'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(AUTH_USER_KEY)?.isInvalidated).toBe(false);
    unsubscribe.forEach((u) => u());
  });

  it('asks who is signed in when the last answer was no answer, or a copy from the device', async () => {
    const fetches: string[] = [];
    const offline = { now: true };
    const client = clientWith(fetches, offline);
    await client.prefetchQuery({ queryKey: AUTH_USER_KEY });
    expect(client.getQueryState(AUTH_USER_KEY)?.error).toBeInstanceOf(NetworkError);
    offline.now = false;
    refreshAfterReconnect(client);
    await expect.poll(() => fetches).toEqual(['/api/auth/user']);

    const restored = clientWith(fetches);
    restored.setQueryData(AUTH_USER_KEY, { id: 'u1' }, { updatedAt: 7_000 });
    markRestored(restored.getQueryCache().find({ queryKey: AUTH_USER_KEY })!.queryHash, 7_000);
    refreshAfterReconnect(restored);
    await expect.poll(() => fetches).toEqual(['/api/auth/user', '/api/auth/user']);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base to the cap (spec §9 reconnect backoff)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([RECONNECT_BASE_MS, 4_000, 8_000, 16_000, 32_000, RECONNECT_MAX_MS, RECONNECT_MAX_MS, RECONNECT_MAX_MS]);
  });
});

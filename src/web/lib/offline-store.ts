import { hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '../../shared/contracts/auth.ts';
import { AUTH_USER_KEY } from './auth.ts';
import { claimOfflineData, clearOfflineData, deleteSavedQueries, openOfflineDb, putSavedQueries, readOfflineData, type SavedQuery } from './offline-db.ts';
import { forgetRestored, isRestoredCopy, markRestored } from './saved-copy.ts';

/**
 * Keeps what a signed-in user has seen readable offline (issue 11 §3, docs/decisions/0015):
 * answers of allow-listed GET calls are written to IndexedDB (lib/offline-db.ts) under the user's
 * id, read back when a page starts without the server, and the store is emptied as soon as we learn
 * the user signed out (a 401 or a server-rendered page without a user) or someone else signed in.
 *
 * Loaded only in the browser and, on a page the server rendered, once the browser is idle.
 */

/** Saved answers older than this are not shown (and are deleted). */
export const SAVED_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many answers are kept; the oldest go first. */
export const SAVED_MAX_QUERIES = 300;
const WRITE_DELAY_MS = 250;

const AUTH_PATH = AUTH_USER_KEY[0];

/**
 * The GET calls whose answers are kept, by the path that is a query's first key part. Private data
 * the user needs at the studio or on the way (their bookings and dashboard, their conversations
 * and the threads they opened — issue 12, decision 0020), the public pages they looked at
 * (profiles, studios), and who they are. Never consent forms (health answers), message photos
 * (served only to the conversation's people, never written to the device), notifications, admin
 * data, payment setup or secrets such as calendar-feed addresses.
 */
const SAVED_PATHS: RegExp[] = [
  /^\/api\/auth\/user$/,
  /^\/api\/artists\/profile\/me$/,
  // Booking lists (any filter, plain or paged) and one booking — not its consent form or calendar file.
  /^\/api\/bookings(\?[^/]*)?$/,
  /^\/api\/bookings\/[A-Za-z0-9-]+$/,
  /^\/api\/waitlist$/,
  // The artists and designs they saved (the dashboard's "Saved" list, the hearts).
  /^\/api\/favourites(\/ids)?$/,
  /^\/api\/reviews\/mine$/,
  /^\/api\/payments\/summary$/,
  /^\/api\/payments\/ledger(\?[^/]*)?$/,
  // Profiles the user opened, with their reviews and flash; studios.
  /^\/api\/artists\/(?!profile$|draft$|slug-available$)[A-Za-z0-9-]+(\?view=profile)?$/,
  /^\/api\/artists\/(?!profile$|draft$)[A-Za-z0-9-]+\/reviews$/,
  /^\/api\/flash\?artistId=[^&/]+&status=published(&[^/]*)?$/,
  /^\/api\/studios$/,
  /^\/api\/studios\/[A-Za-z0-9-]+$/,
  // The conversation list (searches too), a conversation, and the pages of a thread that were read.
  /^\/api\/conversations(\?[^/]*)?$/,
  /^\/api\/conversations\/[A-Za-z0-9-]+$/,
  /^\/api\/conversations\/[A-Za-z0-9-]+\/messages$/,
];

export function isSavedPath(path: string): boolean {
  return SAVED_PATHS.some((re) => re.test(path));
}

/** Whether a query's answer may be kept on the device: an allow-listed call, answered successfully. */
export function shouldSaveQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const first = query.queryKey[0];
  if (typeof first !== 'string' || !isSavedPath(first)) return false;
  // Every other key part must be plain data (the paged lists add 'pages'), or the hash would not round-trip.
  if (!query.queryKey.every((part) => part === null || ['string', 'number', 'boolean', 'object'].includes(typeof part))) return false;
  return query.state.status === 'success' && query.state.data !== undefined;
}

/** The saved answers worth restoring now: the owner's, young enough, newest first, at most the cap. */
export function pickRestorable(queries: SavedQuery[], ownerId: string, now: number): { keep: SavedQuery[]; drop: string[] } {
  const sorted = [...queries].sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt);
  const keep: SavedQuery[] = [];
  const drop: string[] = [];
  for (const record of sorted) {
    const usable = record.userId === ownerId && now - record.dataUpdatedAt <= SAVED_MAX_AGE_MS && isSavedPath(String(record.queryKey[0])) && keep.length < SAVED_MAX_QUERIES;
    if (usable) keep.push(record);
    else drop.push(record.queryHash);
  }
  return { keep, drop };
}

function currentUser(queryClient: QueryClient): { known: boolean; user: TCurrentUser | null } {
  const state = queryClient.getQueryState<TCurrentUser | null>(AUTH_USER_KEY);
  // Only an answer counts: no data (never fetched, or the fetch failed) says nothing about who this is.
  if (!state || state.data === undefined) return { known: false, user: null };
  return { known: true, user: state.data };
}

async function database(): Promise<IDBDatabase | null> {
  try {
    return await openOfflineDb();
  } catch {
    // Private browsing modes and old browsers: the app works, just without saved data.
    return null;
  }
}

/**
 * Puts the saved answers of the store's owner into the query cache, marked as restored (so pages say
 * "Saved …") and invalidated (so they are fetched again as soon as a page uses them and the server
 * answers). Answers the cache already holds are left alone.
 *
 * `viewerKnown`: the page knows who is signed in from the server (a page it rendered just now); then
 * data of anyone else is removed instead of restored. Otherwise (a saved page, or the app shell served
 * without the server) the saved user is restored too, so a signed-in user stays signed in offline.
 */
export async function restoreSavedData(queryClient: QueryClient, { viewerKnown }: { viewerKnown: boolean }): Promise<void> {
  const db = await database();
  if (!db) return;
  let saved: Awaited<ReturnType<typeof readOfflineData>>;
  try {
    saved = await readOfflineData(db);
  } catch {
    return;
  }
  if (!saved.owner) return;
  const viewer = currentUser(queryClient);
  if (viewerKnown && viewer.user?.id !== saved.owner.userId) {
    // Signed out, or someone else: that user's data has no business on this page.
    if (viewer.known) await clearOfflineData(db).catch(() => undefined);
    return;
  }
  const { keep, drop } = pickRestorable(saved.queries, saved.owner.userId, Date.now());
  void deleteSavedQueries(db, drop).catch(() => undefined);
  const cache = queryClient.getQueryCache();
  const fresh = keep.filter((record) => cache.get(record.queryHash)?.state.data === undefined);
  hydrate(queryClient, {
    mutations: [],
    queries: fresh.map((record) => ({
      queryKey: record.queryKey as unknown[],
      queryHash: record.queryHash,
      dehydratedAt: record.dataUpdatedAt,
      ...(record.queryType === 'infinite' ? { queryType: 'infinite' as const } : {}),
      state: {
        data: record.data,
        dataUpdatedAt: record.dataUpdatedAt,
        dataUpdateCount: 1,
        error: null,
        errorUpdatedAt: 0,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        // Fetched again whenever a page uses it and the server can be reached.
        isInvalidated: true,
        status: 'success' as const,
        fetchStatus: 'idle' as const,
      },
    })),
  });
  for (const record of fresh) markRestored(record.queryHash, record.dataUpdatedAt);
}

/**
 * From now on, keeps allow-listed answers of the signed-in user on the device, and empties the store
 * when the user turns out to be signed out or someone else. Also refreshes on reconnect.
 */
export function startSavingData(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  // undefined until the first answer about the viewer: then a signed-out answer clears the store too.
  let ownerId: string | null | undefined = undefined;
  const pending = new Map<string, SavedQuery>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One write at a time, in order: a clear must never land after a later claim's writes.
  let chain: Promise<unknown> = Promise.resolve();
  const run = (step: (db: IDBDatabase) => Promise<unknown>) => {
    chain = chain.then(async () => {
      const db = await database();
      if (db) await step(db);
    }).catch(() => undefined);
  };

  const followViewer = () => {
    const viewer = currentUser(queryClient);
    if (!viewer.known) return;
    const id = viewer.user?.id ?? null;
    if (id === ownerId) return;
    ownerId = id;
    pending.clear();
    if (id) run((db) => claimOfflineData(db, id));
    else {
      forgetRestored();
      run((db) => clearOfflineData(db));
    }
  };

  const flush = () => {
    timer = null;
    const records = [...pending.values()];
    pending.clear();
    if (records.length > 0) run((db) => putSavedQueries(db, records));
  };

  const note = (query: Query) => {
    if (!ownerId || !shouldSaveQuery(query) || isRestoredCopy(query)) return;
    pending.set(query.queryHash, {
      queryHash: query.queryHash,
      queryKey: query.queryKey,
      ...(query.queryType ? { queryType: query.queryType } : {}),
      userId: ownerId,
      data: query.state.data,
      dataUpdatedAt: query.state.dataUpdatedAt,
    });
    timer ??= setTimeout(flush, WRITE_DELAY_MS);
  };

  followViewer();
  for (const query of cache.getAll()) note(query);
  // TanStack Query assumes online until told otherwise; a page that starts offline must say so.
  onlineManager.setOnline(navigator.onLine);
  cache.subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'updated') return;
    if (event.query.queryKey[0] === AUTH_PATH) followViewer();
    if (event.type === 'added' || event.action.type === 'success') note(event.query);
  });

  onlineManager.subscribe((online) => {
    if (online) refreshAfterReconnect(queryClient);
  });
}

/**
 * Back online: everything on screen is fetched again (it may have changed meanwhile), and the rest is
 * marked stale so it is fetched when next shown. The signed-in user is fetched only when we did not
 * have the server's answer (spec §7: a known answer is kept and not refetched on reconnect).
 */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  const auth = queryClient.getQueryCache().find({ queryKey: AUTH_USER_KEY, exact: true });
  if (auth && (auth.state.data === undefined || auth.state.status === 'error' || isRestoredCopy(auth))) {
    void queryClient.refetchQueries({ queryKey: AUTH_USER_KEY, exact: true });
  }
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== AUTH_PATH, refetchType: 'active' });
}

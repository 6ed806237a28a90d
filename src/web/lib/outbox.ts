import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { TMessage } from '../../shared/contracts/messaging.ts';
import { ApiError, apiRequest, isNetworkError } from './api.ts';
import { applyMessage, messagesPath } from './conversations.ts';
import { claimOfflineData, deleteOutboxRecord, openOfflineDb, putOutboxRecord, readOutbox, type OutboxRecord } from './offline-db.ts';

/**
 * Messages on their way (issue 12 §2 "Offline"). Every message the user sends goes through here:
 * written to IndexedDB first (lib/offline-db.ts, the `outbox` store), shown as pending, then posted
 * in the order it was written. A message written offline waits, survives a reload, and is sent when
 * the connection returns; its `clientMessageId` makes the server store it once even when a send is
 * repeated (a reply lost on the way, two tabs flushing the same outbox).
 *
 * A network failure leaves it pending for the next flush (the browser back online, the socket
 * reconnecting, polling, a timed retry: see retryLater); an answer from the server that refuses it
 * (blocked, not found, bad input) marks it failed with the server's words, for the person to retry
 * or discard.
 */

export type OutboxItem = OutboxRecord & { sending: boolean };

/**
 * A send with no answer by then is given up and tried again: a request can hang when the network
 * comes back under it (a train leaving a tunnel), and "Sending…" must not stay for ever. The
 * clientMessageId makes the repeat store nothing twice if the first did arrive.
 */
export const SEND_TIMEOUT_MS = 10_000;
/** After a send failed on the network while the browser says it is online: try again after this, doubling up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** Sending order: when written, then id (two in one millisecond). */
export function compareOutbox(a: Pick<OutboxRecord, 'createdAt' | 'clientMessageId'>, b: Pick<OutboxRecord, 'createdAt' | 'clientMessageId'>): number {
  return a.createdAt.localeCompare(b.createdAt) || a.clientMessageId.localeCompare(b.clientMessageId);
}

/**
 * What a flush sends next: the oldest item that is neither failed nor on its way. Items of one
 * conversation go in order, so a failed one holds back the later ones of its conversation (they
 * would otherwise arrive before it); other conversations go on.
 */
export function nextToSend(items: readonly OutboxRecord[]): OutboxRecord | null {
  const blocked = new Set<string>();
  for (const item of [...items].sort(compareOutbox)) {
    if (blocked.has(item.conversationId)) continue;
    if (item.error) {
      blocked.add(item.conversationId);
      continue;
    }
    return item;
  }
  return null;
}

let userId: string | null = null;
let loaded: Promise<void> | null = null;
const items = new Map<string, OutboxItem>();
const listeners = new Set<() => void>();
const views = new Map<string, OutboxItem[]>();
let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = RETRY_FIRST_MS;

function changed(): void {
  views.clear();
  for (const listener of listeners) listener();
}

async function database(): Promise<IDBDatabase | null> {
  try {
    return await openOfflineDb();
  } catch {
    // Private browsing and old browsers: the outbox still works for this page, it just does not survive a reload.
    return null;
  }
}

/** Loads the signed-in user's outbox from the device (once per page and user). */
export function loadOutbox(viewerId: string): Promise<void> {
  if (userId === viewerId && loaded) return loaded;
  userId = viewerId;
  items.clear();
  changed();
  loaded = (async () => {
    const db = await database();
    if (!db) return;
    try {
      await claimOfflineData(db, viewerId);
      const records = await readOutbox(db, viewerId);
      if (userId !== viewerId) return;
      for (const record of records) if (!items.has(record.clientMessageId)) items.set(record.clientMessageId, { ...record, sending: false });
      changed();
    } catch (error) {
      console.warn('The outbox could not be read', error);
    }
  })();
  return loaded;
}

async function persist(record: OutboxRecord): Promise<void> {
  const db = await database();
  if (db) await putOutboxRecord(db, record).catch((error: unknown) => console.warn('The outbox could not be saved', error));
}

async function forget(clientMessageId: string): Promise<void> {
  const db = await database();
  if (db) await deleteOutboxRecord(db, clientMessageId).catch((error: unknown) => console.warn('The outbox could not be updated', error));
}

/**
 * Puts a message in the outbox and starts sending. Resolves once it is safely queued (not sent).
 * The sender says who they are: a message written right after the page loaded, before the
 * real-time connection (mounted when the browser is idle) has loaded the outbox, must not be lost.
 */
export async function queueMessage(queryClient: QueryClient, input: { conversationId: string; text: string; viewerId: string }): Promise<OutboxItem> {
  await loadOutbox(input.viewerId);
  const record: OutboxRecord = { clientMessageId: crypto.randomUUID(), conversationId: input.conversationId, userId: input.viewerId, text: input.text, createdAt: new Date().toISOString(), error: null };
  const item = { ...record, sending: false };
  items.set(record.clientMessageId, item);
  changed();
  await persist(record);
  void flushOutbox(queryClient);
  return item;
}

function serverWords(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message ?? `The server answered ${error.status}.`;
  return error instanceof Error ? error.message : String(error);
}

async function sendOne(queryClient: QueryClient, item: OutboxItem): Promise<'sent' | 'offline' | 'refused'> {
  items.set(item.clientMessageId, { ...item, sending: true });
  changed();
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(new DOMException('No answer in time.', 'TimeoutError')), SEND_TIMEOUT_MS);
  try {
    const res = await apiRequest('POST', `${messagesPath(item.conversationId)}`, { text: item.text, clientMessageId: item.clientMessageId }, { signal: giveUp.signal });
    const message = (await res.json()) as TMessage;
    // Into the thread before leaving the outbox, so the message never disappears for a moment.
    applyMessage(queryClient, message, item.userId);
    items.delete(item.clientMessageId);
    changed();
    await forget(item.clientMessageId);
    return 'sent';
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    if (timedOut || isNetworkError(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 429))) {
      items.set(item.clientMessageId, { ...item, sending: false });
      changed();
      return 'offline';
    }
    const failed: OutboxItem = { ...item, sending: false, error: serverWords(error) };
    items.set(item.clientMessageId, failed);
    changed();
    const { sending: _sending, ...record } = failed;
    await persist(record);
    return 'refused';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a send failed on the network, something must flush again. Offline, the browser's `online`
 * event does: the outbox listens for it itself, so a message written offline goes when the network
 * returns even on a page whose real-time connection never loaded (the network dropped before its
 * code arrived). Online (the network is back under a request, a proxy dropped it, the server
 * restarts), nothing else may come — the socket can stay open through it: try again later, backing off.
 */
let waitingForOnline = false;
function retryLater(queryClient: QueryClient): void {
  if (typeof navigator === 'undefined') return;
  if (!navigator.onLine) {
    if (waitingForOnline || typeof window === 'undefined') return;
    waitingForOnline = true;
    window.addEventListener(
      'online',
      () => {
        waitingForOnline = false;
        retryDelay = RETRY_FIRST_MS;
        void flushOutbox(queryClient);
      },
      { once: true },
    );
    return;
  }
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushOutbox(queryClient);
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/**
 * Sends what waits, oldest first, one at a time; stops at the first network failure (the next
 * flush goes on from there). One flush at a time per tab: a second call joins the running one.
 */
export function flushOutbox(queryClient: QueryClient): Promise<void> {
  flushing ??= (async () => {
    try {
      if (userId) await loadOutbox(userId);
      for (;;) {
        const next = nextToSend([...items.values()]);
        if (!next) return;
        const outcome = await sendOne(queryClient, items.get(next.clientMessageId)!);
        if (outcome === 'offline') {
          retryLater(queryClient);
          return;
        }
        retryDelay = RETRY_FIRST_MS;
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Tries a refused message again (the person unblocked, or fixed something). */
export function retryMessage(queryClient: QueryClient, clientMessageId: string): void {
  const item = items.get(clientMessageId);
  if (!item) return;
  const retried = { ...item, error: null };
  items.set(clientMessageId, retried);
  changed();
  const { sending: _sending, ...record } = retried;
  void persist(record).then(() => flushOutbox(queryClient));
}

export function discardMessage(clientMessageId: string): void {
  if (!items.delete(clientMessageId)) return;
  changed();
  void forget(clientMessageId);
}

/** The messages of one conversation still in the outbox, in order (the same array until the outbox changes). */
export function outboxItemsOf(conversationId: string): OutboxItem[] {
  let view = views.get(conversationId);
  if (!view) {
    view = [...items.values()].filter((i) => i.conversationId === conversationId).sort(compareOutbox);
    views.set(conversationId, view);
  }
  return view;
}

const EMPTY: OutboxItem[] = [];

/** The messages of one conversation still in the outbox, in order; re-renders only when the outbox changes. */
export function useOutbox(conversationId: string): OutboxItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => outboxItemsOf(conversationId),
    () => EMPTY,
  );
}

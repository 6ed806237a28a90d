import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TConversation, TConversationList, TMessage, TMessagePage } from '../../shared/contracts/messaging.ts';
import type { TReadReceipt } from '../../shared/contracts/realtime.ts';
import { getJson } from './query-client.ts';

/**
 * Conversation queries and how a live event changes them (issue 12). Shared here rather than in
 * the messaging feature because the shell's real-time connection, the booking page and the outbox
 * all read or update the same cache entries.
 *
 * Keys follow the app's convention (the path first): the list is `['/api/conversations?q=…', 'pages']`,
 * one conversation `['/api/conversations/{id}']`, its messages `['/api/conversations/{id}/messages', 'pages']`.
 */
export const CONVERSATIONS_PATH = '/api/conversations';

export const conversationPath = (id: string) => `${CONVERSATIONS_PATH}/${encodeURIComponent(id)}`;
export const messagesPath = (id: string) => `${conversationPath(id)}/messages`;

export function conversationListOptions(queryClient: QueryClient, q = '') {
  const search = q.trim() ? `?${new URLSearchParams({ q: q.trim() })}` : '';
  return infiniteQueryOptions({
    queryKey: [`${CONVERSATIONS_PATH}${search}`, 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams(q.trim() ? { q: q.trim() } : {});
      if (pageParam) qs.set('cursor', pageParam);
      const s = qs.toString();
      return getJson<TConversationList>(queryClient, `${CONVERSATIONS_PATH}${s ? `?${s}` : ''}`, signal);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const conversationOptions = (id: string) => queryOptions<TConversation>({ queryKey: [conversationPath(id)] });

/** Pages of a thread, newest page first; `before` pages back by keyset. */
export function messagesOptions(queryClient: QueryClient, id: string) {
  return infiniteQueryOptions({
    queryKey: [messagesPath(id), 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getJson<TMessagePage>(queryClient, `${messagesPath(id)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

const isListKey = (key: readonly unknown[]) => typeof key[0] === 'string' && (key[0] === CONVERSATIONS_PATH || key[0].startsWith(`${CONVERSATIONS_PATH}?`));
const isConversationKey = (key: readonly unknown[]) => typeof key[0] === 'string' && (isListKey(key) || key[0].startsWith(`${CONVERSATIONS_PATH}/`));

/** Oldest first, by time then id: the order a thread is read in, whatever order pages and live events came in. */
export function compareMessages(a: Pick<TMessage, 'createdAt' | 'id'>, b: Pick<TMessage, 'createdAt' | 'id'>): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Every message of the loaded pages, each once, oldest first. */
export function flattenMessages(data: InfiniteData<TMessagePage> | undefined): TMessage[] {
  if (!data) return [];
  const byId = new Map<string, TMessage>();
  for (const page of data.pages) for (const m of page.items) byId.set(m.id, m);
  return [...byId.values()].sort(compareMessages);
}

/** A message into a thread's pages: replaces the same message (by id or client id), else joins the newest page. */
export function messageIntoPages(data: InfiniteData<TMessagePage>, message: TMessage): InfiniteData<TMessagePage> {
  const same = (m: TMessage) => m.id === message.id || m.clientMessageId === message.clientMessageId;
  if (data.pages.some((p) => p.items.some(same))) {
    return { ...data, pages: data.pages.map((p) => (p.items.some(same) ? { ...p, items: p.items.map((m) => (same(m) ? message : m)) } : p)) };
  }
  const [first, ...rest] = data.pages;
  if (!first) return { pages: [{ items: [message], nextCursor: null }], pageParams: [null] };
  return { ...data, pages: [{ ...first, items: [...first.items, message] }, ...rest] };
}

/**
 * A new message into a conversation: the last message (when it is newer than the one known), one
 * more unread when someone else sent it. A message already counted (a replay, or a list fetched
 * after it was sent) changes nothing.
 */
export function messageIntoConversation(conversation: TConversation, message: TMessage, viewerId: string): TConversation {
  const last = conversation.lastMessage;
  if (last && (last.id === message.id || last.createdAt > message.createdAt || (last.createdAt === message.createdAt && last.id >= message.id))) return conversation;
  return {
    ...conversation,
    lastMessage: { id: message.id, senderId: message.senderId, text: message.text, createdAt: message.createdAt, imageCount: message.images.length },
    unreadCount: message.senderId === viewerId ? conversation.unreadCount : conversation.unreadCount + 1,
    updatedAt: message.createdAt > conversation.updatedAt ? message.createdAt : conversation.updatedAt,
  };
}

/** A read receipt: the viewer's own (another tab or device) clears the unread count; the other person's moves "Read". */
export function readIntoConversation(conversation: TConversation, receipt: TReadReceipt, viewerId: string): TConversation {
  if (receipt.conversationId !== conversation.id) return conversation;
  if (receipt.userId === viewerId) return conversation.unreadCount === 0 ? conversation : { ...conversation, unreadCount: 0 };
  if (conversation.otherLastReadAt && conversation.otherLastReadAt >= receipt.readAt) return conversation;
  return { ...conversation, otherLastReadAt: receipt.readAt };
}

/**
 * A change to one conversation inside the paged list; the conversation moves to the top when
 * `toTop` (a new message). Null when the list does not hold it (then it must be fetched).
 */
export function updateInList(
  data: InfiniteData<TConversationList>,
  id: string,
  change: (c: TConversation) => TConversation,
  toTop: boolean,
): InfiniteData<TConversationList> | null {
  const current = data.pages.flatMap((p) => p.items).find((c) => c.id === id);
  if (!current) return null;
  const next = change(current);
  if (next === current) return data;
  const pages = data.pages.map((p) => ({ ...p, items: toTop ? p.items.filter((c) => c.id !== id) : p.items.map((c) => (c.id === id ? next : c)) }));
  if (toTop) pages[0] = { ...pages[0]!, items: [next, ...pages[0]!.items] };
  return { ...data, pages };
}

/**
 * Changes a cached answer now and, when a fetch of it is in flight, once more when that fetch lands:
 * the fetch answers with what the server had when it started, which may be before this change (a
 * thread refetched on reconnect while the outbox's send was answered), and its answer replaces the
 * cache — the message vanished from the thread until the next refresh. `change` must be idempotent.
 */
function setDataThroughFetch<T>(queryClient: QueryClient, queryKey: readonly unknown[], change: (data: T) => T): void {
  queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : change(data)));
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : change(data)));
  });
}

/** Applies a live message to every cached view of it: the thread, the conversation, the lists. */
export function applyMessage(queryClient: QueryClient, message: TMessage, viewerId: string): void {
  setDataThroughFetch<InfiniteData<TMessagePage>>(queryClient, [messagesPath(message.conversationId), 'pages'], (data) => messageIntoPages(data, message));
  let missing = false;
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isListKey(q.queryKey) })) {
    const data = query.state.data as InfiniteData<TConversationList> | undefined;
    if (!data) continue;
    const next = updateInList(data, message.conversationId, (c) => messageIntoConversation(c, message, viewerId), true);
    if (next) queryClient.setQueryData(query.queryKey, next);
    else missing = true;
  }
  setDataThroughFetch<TConversation>(queryClient, [conversationPath(message.conversationId)], (c) => messageIntoConversation(c, message, viewerId));
  // A conversation the lists do not show yet (a new inquiry, or one further down): they are fetched again.
  if (missing) void queryClient.invalidateQueries({ predicate: (q) => isListKey(q.queryKey) });
}

export function applyReadReceipt(queryClient: QueryClient, receipt: TReadReceipt, viewerId: string): void {
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isListKey(q.queryKey) })) {
    const data = query.state.data as InfiniteData<TConversationList> | undefined;
    const next = data && updateInList(data, receipt.conversationId, (c) => readIntoConversation(c, receipt, viewerId), false);
    if (next && next !== data) queryClient.setQueryData(query.queryKey, next);
  }
  queryClient.setQueryData<TConversation>([conversationPath(receipt.conversationId)], (c) => (c ? readIntoConversation(c, receipt, viewerId) : c));
}

/** REST catch-up (polling mode, or after the first connection of a page): what a page shows is fetched again. */
export function refreshConversations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => isConversationKey(q.queryKey),
    refetchType: 'active',
  });
}

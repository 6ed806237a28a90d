import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TConversation, TConversationList, TMessage, TMessagePage } from '../../shared/contracts/messaging.ts';
import { applyMessage, conversationPath, flattenMessages, messageIntoConversation, messageIntoPages, messagesPath, readIntoConversation, updateInList } from './conversations.ts';

const ME = 'user-me';
const THEM = 'user-them';

const msg = (id: string, createdAt: string, senderId = THEM, clientMessageId = `c-${id}`): TMessage => ({
  id,
  conversationId: 'conv-1',
  senderId,
  text: `text ${id}`,
  images: [],
  clientMessageId,
  createdAt,
});

const conversation = (id: string, overrides: Partial<TConversation> = {}): TConversation => ({
  id,
  bookingId: null,
  booking: null,
  other: { userId: THEM, name: 'Rosa Vega', avatarUrl: null, artistSlug: 'rosa-vega' },
  lastMessage: { id: 'm1', senderId: THEM, text: 'hello', createdAt: '2026-11-25T10:00:00.000Z', imageCount: 0 },
  unreadCount: 0,
  otherLastReadAt: null,
  blockedByMe: false,
  blockedByOther: false,
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

describe('thread pages', () => {
  const pages: InfiniteData<TMessagePage> = {
    pages: [
      { items: [msg('m3', '2026-11-25T10:03:00.000Z'), msg('m4', '2026-11-25T10:04:00.000Z')], nextCursor: 'k' },
      { items: [msg('m1', '2026-11-25T10:01:00.000Z'), msg('m2', '2026-11-25T10:02:00.000Z')], nextCursor: null },
    ],
    pageParams: [null, 'k'],
  };
  it('reads oldest first across pages, each message once', () => {
    const withDuplicate = { ...pages, pages: [...pages.pages, { items: [msg('m2', '2026-11-25T10:02:00.000Z')], nextCursor: null }] };
    expect(flattenMessages(withDuplicate).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(flattenMessages(undefined)).toEqual([]);
  });
  it('adds a live message to the newest page, and replaces one it already has by id or client id', () => {
    const added = messageIntoPages(pages, msg('m5', '2026-11-25T10:05:00.000Z'));
    expect(added.pages[0]!.items.map((m) => m.id)).toEqual(['m3', 'm4', 'm5']);
    const again = messageIntoPages(added, { ...msg('m5', '2026-11-25T10:05:00.000Z'), text: 'edited' });
    expect(flattenMessages(again).filter((m) => m.id === 'm5').map((m) => m.text)).toEqual(['edited']);
    const sameClientId = messageIntoPages(added, msg('m5-server', '2026-11-25T10:05:00.000Z', THEM, 'c-m5'));
    expect(flattenMessages(sameClientId).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5-server']);
  });
});

describe('a live message in a conversation', () => {
  it('becomes the last message and counts as unread when the other person sent it', () => {
    const next = messageIntoConversation(conversation('conv-1'), msg('m2', '2026-11-25T10:05:00.000Z'), ME);
    expect(next.lastMessage?.id).toBe('m2');
    expect(next.unreadCount).toBe(1);
    expect(next.updatedAt).toBe('2026-11-25T10:05:00.000Z');
  });
  it('is not unread for its sender', () => {
    expect(messageIntoConversation(conversation('conv-1'), msg('m2', '2026-11-25T10:05:00.000Z', ME), ME).unreadCount).toBe(0);
  });
  it('changes nothing when already counted or older than the last message (a replay)', () => {
    const c = conversation('conv-1');
    expect(messageIntoConversation(c, msg('m1', '2026-11-25T10:00:00.000Z'), ME)).toBe(c);
    expect(messageIntoConversation(c, msg('m0', '2026-11-25T09:00:00.000Z'), ME)).toBe(c);
  });
});

describe('read receipts', () => {
  it('the other person reading moves "read up to"; never backwards', () => {
    const c = conversation('conv-1', { otherLastReadAt: '2026-11-25T10:00:00.000Z' });
    const next = readIntoConversation(c, { conversationId: 'conv-1', userId: THEM, readAt: '2026-11-25T11:00:00.000Z' }, ME);
    expect(next.otherLastReadAt).toBe('2026-11-25T11:00:00.000Z');
    expect(readIntoConversation(next, { conversationId: 'conv-1', userId: THEM, readAt: '2026-11-25T10:30:00.000Z' }, ME)).toBe(next);
  });
  it('the viewer reading elsewhere clears the unread count', () => {
    const c = conversation('conv-1', { unreadCount: 4 });
    expect(readIntoConversation(c, { conversationId: 'conv-1', userId: ME, readAt: '2026-11-25T11:00:00.000Z' }, ME).unreadCount).toBe(0);
    expect(readIntoConversation(c, { conversationId: 'other', userId: ME, readAt: '2026-11-25T11:00:00.000Z' }, ME)).toBe(c);
  });
});

describe('updateInList', () => {
  const list: InfiniteData<TConversationList> = {
    pages: [
      { items: [conversation('a'), conversation('b')], nextCursor: 'x' },
      { items: [conversation('c')], nextCursor: null },
    ],
    pageParams: [null, 'x'],
  };
  it('moves a conversation with a new message to the top, from any page', () => {
    const next = updateInList(list, 'c', (c) => ({ ...c, unreadCount: 1 }), true)!;
    expect(next.pages.map((p) => p.items.map((c) => c.id))).toEqual([['c', 'a', 'b'], []]);
  });
  it('changes in place without toTop, returns the same list when nothing changed, and null when absent', () => {
    expect(updateInList(list, 'b', (c) => ({ ...c, unreadCount: 0, otherLastReadAt: 'x' }), false)!.pages[0]!.items.map((c) => c.id)).toEqual(['a', 'b']);
    expect(updateInList(list, 'b', (c) => c, true)).toBe(list);
    expect(updateInList(list, 'zzz', (c) => c, true)).toBeNull();
  });
});

describe('a live message while the thread is being fetched again', () => {
  it('stays in the thread and the conversation when the fetch answers with what the server had before it', async () => {
    const queryClient = new QueryClient();
    const pagesKey = [messagesPath('conv-1'), 'pages'];
    const conversationKey = [conversationPath('conv-1')];
    const before: InfiniteData<TMessagePage> = { pages: [{ items: [msg('m1', '2026-11-25T10:01:00.000Z')], nextCursor: null }], pageParams: [null] };
    const beforeConversation = conversation('conv-1', { lastMessage: { id: 'm1', senderId: THEM, text: 'text m1', createdAt: '2026-11-25T10:01:00.000Z', imageCount: 0 } });
    queryClient.setQueryData(pagesKey, before);
    queryClient.setQueryData(conversationKey, beforeConversation);
    // A refetch (reconnect) starts; the server answers with its state from before the send.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const refetch = queryClient.fetchQuery({ queryKey: pagesKey, queryFn: async () => (await answered, before), staleTime: 0 });
    const refetchConversation = queryClient.fetchQuery({ queryKey: conversationKey, queryFn: async () => (await answered, beforeConversation), staleTime: 0 });
    // Meanwhile the send is answered (or its frame arrives).
    const sent = msg('m2', '2026-11-25T10:02:00.000Z', THEM);
    applyMessage(queryClient, sent, ME);
    expect(flattenMessages(queryClient.getQueryData(pagesKey)).map((m) => m.id)).toEqual(['m1', 'm2']);
    answer();
    await Promise.all([refetch, refetchConversation]);
    expect(flattenMessages(queryClient.getQueryData(pagesKey)).map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(queryClient.getQueryData<TConversation>(conversationKey)).toMatchObject({ lastMessage: { id: 'm2' }, unreadCount: 1 });
    // Applied once more after the fetch, not counted twice.
    applyMessage(queryClient, sent, ME);
    expect(flattenMessages(queryClient.getQueryData(pagesKey)).map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(queryClient.getQueryData<TConversation>(conversationKey)).toMatchObject({ unreadCount: 1 });
    queryClient.clear();
  });
});

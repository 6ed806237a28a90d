import { describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from './offline-db.ts';
import { compareOutbox, nextToSend } from './outbox.ts';

const record = (id: string, conversationId: string, createdAt: string, error: string | null = null): OutboxRecord => ({
  clientMessageId: id,
  conversationId,
  userId: 'u',
  text: id,
  createdAt,
  error,
});

describe('outbox order', () => {
  it('sends in the order written, ties broken by id', () => {
    const items = [record('b', 'c1', '2026-11-25T10:00:01.000Z'), record('c', 'c1', '2026-11-25T10:00:00.000Z'), record('a', 'c1', '2026-11-25T10:00:01.000Z')];
    expect([...items].sort(compareOutbox).map((r) => r.clientMessageId)).toEqual(['c', 'a', 'b']);
    expect(nextToSend(items)?.clientMessageId).toBe('c');
  });
  it('a refused message holds back the later ones of its conversation, not other conversations', () => {
    const items = [
      record('first', 'c1', '2026-11-25T10:00:00.000Z', 'You blocked this person.'),
      record('second', 'c1', '2026-11-25T10:00:01.000Z'),
      record('elsewhere', 'c2', '2026-11-25T10:00:02.000Z'),
    ];
    expect(nextToSend(items)?.clientMessageId).toBe('elsewhere');
    expect(nextToSend(items.slice(0, 2))).toBeNull();
    expect(nextToSend([])).toBeNull();
  });
});

describe('queueMessage', () => {
  it('queues a message written before the real-time connection loaded the outbox (right after the page loaded)', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { queueMessage } = await import('./outbox.ts');
    // Offline: the send fails as a network failure, and the message stays queued.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    try {
      const item = await queueMessage(new QueryClient(), { conversationId: 'c1', text: 'Written at once', viewerId: 'u1' });
      expect(item).toMatchObject({ conversationId: 'c1', userId: 'u1', text: 'Written at once', error: null });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('flushOutbox', () => {
  it('gives up a send that hangs, and tries again by itself until it goes', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const { QueryClient } = await import('@tanstack/react-query');
    const { queueMessage, outboxItemsOf, SEND_TIMEOUT_MS, RETRY_FIRST_MS } = await import('./outbox.ts');
    const pendingIds = () => outboxItemsOf('c9').map(({ clientMessageId, sending }) => ({ clientMessageId, sending }));
    const posts: string[] = [];
    let network: 'hangs' | 'works' = 'hangs';
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url === '/api/auth/csrf-token') return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' }), { status: 200 }));
      posts.push(network);
      if (network === 'hangs') {
        // A request the network never answers: only the outbox's own time limit ends it.
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
      }
      const body = JSON.parse(String(init?.body)) as { text: string; clientMessageId: string };
      const message = { id: 'm1', conversationId: 'c9', senderId: 'u9', text: body.text, clientMessageId: body.clientMessageId, images: [], createdAt: new Date().toISOString() };
      return Promise.resolve(new Response(JSON.stringify(message), { status: 201 }));
    });
    try {
      const client = new QueryClient();
      const { clientMessageId } = await queueMessage(client, { conversationId: 'c9', text: 'Through the tunnel', viewerId: 'u9' });
      await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
      expect(pendingIds()).toEqual([{ clientMessageId, sending: true }]);
      // No answer in time: the message waits again (not "Sending…" for ever).
      await vi.advanceTimersByTimeAsync(1);
      expect(pendingIds()).toEqual([{ clientMessageId, sending: false }]);
      network = 'works';
      // Nothing else flushes (the socket stayed open): the outbox tries again itself.
      await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
      expect(posts).toEqual(['hangs', 'works']);
      expect(pendingIds()).toEqual([]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});

describe('back online', () => {
  it('sends a message written offline when the browser is back online, with nothing else on the page to flush it', async () => {
    vi.resetModules();
    // The real-time connection never loaded (the network dropped first): only the outbox is there.
    const browser = new EventTarget();
    const state = { onLine: false };
    vi.stubGlobal('window', browser);
    vi.stubGlobal('navigator', state);
    const posts: string[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (!state.onLine) return Promise.reject(new TypeError('Failed to fetch'));
      if (url === '/api/auth/csrf-token') return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' }), { status: 200 }));
      const body = JSON.parse(String(init?.body)) as { text: string; clientMessageId: string };
      posts.push(body.text);
      const message = { id: 'm2', conversationId: 'c7', senderId: 'u7', text: body.text, clientMessageId: body.clientMessageId, images: [], createdAt: new Date().toISOString() };
      return Promise.resolve(new Response(JSON.stringify(message), { status: 201 }));
    });
    try {
      const { QueryClient } = await import('@tanstack/react-query');
      const { queueMessage, flushOutbox, outboxItemsOf } = await import('./outbox.ts');
      const client = new QueryClient();
      await queueMessage(client, { conversationId: 'c7', text: 'Written in the tunnel', viewerId: 'u7' });
      await flushOutbox(client);
      expect(posts).toEqual([]);
      expect(outboxItemsOf('c7')).toHaveLength(1);

      state.onLine = true;
      browser.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(outboxItemsOf('c7')).toHaveLength(0));
      expect(posts).toEqual(['Written in the tunnel']);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

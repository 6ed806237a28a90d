import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TClientFrame, TServerFrame } from '../../shared/contracts/realtime.ts';
import { createRealtimeClient } from './realtime.ts';

/** A socket the test drives: what the client sent, and the server's side (open, frames). */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  readonly sent: TClientFrame[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text) as TClientFrame);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: TServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const notification = (id: string) => ({ id, type: 'message' as const, title: 'New message', message: 'Hi', read: false, createdAt: '2026-11-25T10:00:00.000Z', actionUrl: null, actionLabel: null });

let sockets: FakeSocket[];
const client = () =>
  createRealtimeClient({
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    url: () => 'ws://inkhaven.test/ws',
    random: () => 0.5,
    now: () => 0,
    online: () => true,
  });

beforeEach(() => {
  sockets = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first socket of a page', () => {
  it('resumes from the number the page\'s data reflects, and drops frames that data already had', async () => {
    const rt = client();
    const frames: TServerFrame[] = [];
    let resolveSeq!: (seq: number) => void;
    rt.start({ poll: () => {}, onReady: () => {}, onFrame: (f) => frames.push(f), firstResumeFrom: () => new Promise((r) => (resolveSeq = r)) });
    // No socket until the number is known: one opened earlier could only start from the server's now.
    expect(sockets).toHaveLength(0);
    resolveSeq(41);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'resume', after: 41 });
    // A frame at or below the number is already in the page's data; later ones are news.
    socket.receive({ type: 'notification', seq: 41, notification: notification('old') });
    socket.receive({ type: 'notification', seq: 42, notification: notification('new') });
    socket.receive({ type: 'ready', lastSeq: 42 });
    expect(frames.map((f) => f.type)).toEqual(['notification', 'ready']);
    expect(frames[0]).toMatchObject({ seq: 42 });
    rt.stop();
  });

  it('starts from the server\'s current number when the page has none, or could not read it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const plain = client();
    plain.start({ poll: () => {}, onReady: () => {}, onFrame: () => {} });
    sockets[0]!.open();
    expect(sockets[0]!.sent[0]).toEqual({ type: 'resume', after: null });
    plain.stop();

    const failing = client();
    failing.start({ poll: () => {}, onReady: () => {}, onFrame: () => {}, firstResumeFrom: () => Promise.reject(new Error('offline')) });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: 'resume', after: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not read where to resume from'), expect.any(Error));
    failing.stop();
    warn.mockRestore();
  });

  it('a reconnect resumes from the last number seen, not from the page\'s', async () => {
    const rt = client();
    rt.start({ poll: () => {}, onReady: () => {}, onFrame: () => {}, firstResumeFrom: async () => 10 });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'notification', seq: 12, notification: notification('n') });
    sockets[0]!.receive({ type: 'ready', lastSeq: 12 });
    vi.useFakeTimers();
    try {
      sockets[0]!.readyState = FakeSocket.CLOSED;
      sockets[0]!.onclose?.();
      vi.advanceTimersByTime(60_000);
    } finally {
      vi.useRealTimers();
    }
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: 'resume', after: 12 });
    rt.stop();
  });

  it('stopped before the number arrives: no socket is opened', async () => {
    const rt = client();
    let resolveSeq!: (seq: number) => void;
    rt.start({ poll: () => {}, onReady: () => {}, onFrame: () => {}, firstResumeFrom: () => new Promise((r) => (resolveSeq = r)) });
    rt.stop();
    resolveSeq(5);
    await new Promise((r) => setTimeout(r, 0));
    expect(sockets).toHaveLength(0);
  });

  it('the browser coming online while the number is read opens no second socket', async () => {
    const rt = client();
    let resolveSeq!: (seq: number) => void;
    rt.start({ poll: () => {}, onReady: () => {}, onFrame: () => {}, firstResumeFrom: () => new Promise((r) => (resolveSeq = r)) });
    // An offline reload: the page's read of its number is still out when the connection returns.
    window.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(0);
    resolveSeq(7);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'resume', after: 7 }]);
    // Once the socket exists, another 'online' changes nothing either.
    window.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(1);
    rt.stop();
  });

  it('a superseded socket that opens late sends nothing and is closed', () => {
    const rt = client();
    rt.start({ poll: () => {}, onReady: () => {}, onFrame: () => {} });
    const first = sockets[0]!;
    rt.stop();
    rt.start({ poll: () => {}, onReady: () => {}, onFrame: () => {} });
    const second = sockets[1]!;
    first.open();
    expect(first.sent).toEqual([]);
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    expect(second.sent).toEqual([]);
    second.open();
    expect(second.sent).toEqual([{ type: 'resume', after: null }]);
    rt.stop();
  });
});

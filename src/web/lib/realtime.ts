import { useEffect, useRef, useSyncExternalStore } from 'react';
import { WS_PATH, type TClientFrame, type TServerFrame } from '../../shared/contracts/realtime.ts';
import { FALLBACK_POLL_MS } from '../../shared/limits.ts';
import {
  enqueueFrame,
  FALLBACK_AFTER_FAILURES,
  framesToFlush,
  isNewFrame,
  reconnectDelay,
  seqAfter,
  statusAfterClose,
  type ConnectionStatus,
  type QueuedFrame,
} from './realtime-model.ts';

/**
 * The tab's one WebSocket to `/ws` (issue 12 §2, spec §4/§8/§9), opened only for a signed-in user
 * (app/shell/realtime-connection.tsx starts and stops it).
 *
 * - After connecting it sends `resume` with the last sequence number it saw; the server replays what
 *   the tab missed and answers `ready`. Frames already applied (a replay overlapping what came live)
 *   are dropped by their `seq`.
 * - A dropped socket is tried again after 2 s, doubling to 60 s, with jitter. After a few failures
 *   in a row (a proxy that drops WebSockets) it also polls: every 15 s `poll()` catches up over the
 *   REST API, labelled "Polling mode", until a socket connects again.
 * - Offline (the browser says so) it stops trying and reconnects at once when the browser is back.
 * - `send` while not connected logs "WebSocket is not connected" and queues the frame.
 *
 * Costs nothing while connected and idle: no interval, no ping, no re-render. The state lives in a
 * small store read with useSyncExternalStore, and frames go to subscribers, not through React state.
 */

export type RealtimeSnapshot = {
  /** null until the badge has something to say: the first quiet connection of a page shows nothing. */
  status: ConnectionStatus | null;
  /** The reconnect attempt while connecting (0 for the first try). */
  attempt: number;
};

type FrameListener = (frame: TServerFrame) => void;

export type RealtimeStartOptions = {
  /** Catches up over the REST API while the socket cannot connect. */
  poll: () => void;
  /** Applies a frame to the caches; called before the subscribers. */
  onFrame: FrameListener;
  /**
   * Runs after each (re)connection went live: queued messages may go now. `first`: the page's first
   * connection.
   */
  onReady: (first: boolean) => void;
  /**
   * Where the page's first socket resumes: the event number the page's data already reflects (the
   * bell's list says which), so what happened between reading it and the socket going live is
   * replayed, and nothing before it twice. Null when the page has no such number: the socket starts
   * from the server's current number, and data read before then misses what happened in between.
   */
  firstResumeFrom?: () => Promise<number | null>;
};

type Env = {
  createSocket: (url: string) => WebSocket;
  url: () => string;
  random: () => number;
  now: () => number;
  online: () => boolean;
};

const browserEnv = (): Env => ({
  createSocket: (url) => new WebSocket(url),
  url: () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${WS_PATH}`,
  random: Math.random,
  now: Date.now,
  online: () => navigator.onLine,
});

export function createRealtimeClient(env: Env = browserEnv()) {
  let options: RealtimeStartOptions | null = null;
  let socket: WebSocket | null = null;
  // The socket the server answered `ready` on: only that counts as connected. A socket a proxy
  // accepts and drops at once never gets there, and counts as a failed try.
  let liveSocket: WebSocket | null = null;
  let snapshot: RealtimeSnapshot = { status: null, attempt: 0 };
  // Whether anything went wrong since the page started: until then the badge stays quiet.
  let troubled = false;
  let failures = 0;
  let attempt = 0;
  let lastSeq: number | null = null;
  let resumedOnce = false;
  // True while the page's first resume point is being read: no socket may open before it is known
  // (a browser 'online' event in that window would otherwise open a second one beside it).
  let awaitingFirstResume = false;
  let queue: QueuedFrame[] = [];
  const joined = new Map<string, number>();
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  const statusListeners = new Set<() => void>();
  const frameListeners = new Set<FrameListener>();

  const setStatus = (status: ConnectionStatus, nextAttempt = 0) => {
    if (status !== 'connected' && status !== 'connecting') troubled = true;
    if (status === 'connecting' && nextAttempt > 0) troubled = true;
    const shown = troubled ? status : null;
    if (snapshot.status === shown && snapshot.attempt === nextAttempt) return;
    snapshot = { status: shown, attempt: nextAttempt };
    for (const listener of statusListeners) listener();
  };

  const clearTimers = () => {
    if (retryTimer) clearTimeout(retryTimer);
    if (pollTimer) clearTimeout(pollTimer);
    retryTimer = null;
    pollTimer = null;
  };

  const schedulePoll = () => {
    if (pollTimer || !options) return;
    pollTimer = setTimeout(() => {
      pollTimer = null;
      if (!options || (liveSocket && liveSocket === socket)) return;
      options.poll();
      schedulePoll();
    }, FALLBACK_POLL_MS);
  };

  const sendOn = (ws: WebSocket, frame: TClientFrame) => ws.send(JSON.stringify(frame));

  /** Lets go of a socket. One still connecting is closed once open: closing it earlier logs a browser error. */
  const dispose = (ws: WebSocket | null) => {
    if (!ws) return;
    ws.onmessage = null;
    ws.onclose = null;
    if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
    else {
      ws.onopen = null;
      ws.close();
    }
  };

  const onMessage = (event: MessageEvent) => {
    let frame: TServerFrame;
    try {
      frame = JSON.parse(String(event.data)) as TServerFrame;
    } catch {
      console.warn('Ignored a real-time frame that is not JSON');
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof frame.type !== 'string') return;
    // The server could not replay from our number: forget it, so the numbers it sends from now count.
    if (frame.type === 'resync') lastSeq = null;
    if (!isNewFrame(lastSeq, frame)) return;
    lastSeq = seqAfter(lastSeq, frame);
    if (frame.type === 'ready') {
      liveSocket = socket;
      failures = 0;
      attempt = 0;
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      setStatus('connected');
      const first = !resumedOnce;
      resumedOnce = true;
      options?.onReady(first);
    }
    if (frame.type === 'error') console.warn(`Real-time: ${frame.code}: ${frame.message}`);
    options?.onFrame(frame);
    for (const listener of frameListeners) listener(frame);
  };

  const connect = () => {
    retryTimer = null;
    // One socket at a time: a second would resume, join and flush the queue beside the first.
    if (!options || socket) return;
    if (!env.online()) {
      setStatus('disconnected');
      return;
    }
    // In polling mode the badge keeps saying so while the socket is tried again in the background.
    if (failures < FALLBACK_AFTER_FAILURES) setStatus('connecting', attempt);
    let ws: WebSocket;
    try {
      ws = env.createSocket(env.url());
    } catch {
      failures += 1;
      scheduleRetry(false);
      return;
    }
    socket = ws;
    // Frames go on this socket itself: `dispose` takes the handler off a socket that is let go before
    // it opens, so when this runs it is the current one.
    ws.onopen = () => {
      // The first socket resumes from the page's own number when it has one (firstResumeFrom).
      sendOn(ws, { type: 'resume', after: lastSeq });
      for (const [conversationId] of joined) sendOn(ws, { type: 'join_conversation', conversationId });
      const pending = framesToFlush(queue, env.now());
      queue = [];
      for (const frame of pending) sendOn(ws, frame);
    };
    ws.onmessage = onMessage;
    ws.onclose = () => {
      if (socket !== ws) return;
      const wasLive = liveSocket === ws;
      socket = null;
      liveSocket = null;
      if (!wasLive) failures += 1;
      scheduleRetry(wasLive);
    };
  };

  const scheduleRetry = (everOpened: boolean) => {
    if (!options) return;
    const online = env.online();
    const status = statusAfterClose({ everOpened, failures, online });
    setStatus(status);
    if (!online) return;
    if (status === 'fallback' || failures >= FALLBACK_AFTER_FAILURES) {
      options.poll();
      schedulePoll();
    }
    attempt += 1;
    const delay = reconnectDelay(attempt, env.random());
    retryTimer = setTimeout(connect, delay);
  };

  const onOnline = () => {
    if (!options || socket || awaitingFirstResume) return;
    clearTimers();
    attempt = 0;
    failures = 0;
    connect();
  };
  const onOffline = () => {
    if (!options) return;
    clearTimers();
    dispose(socket);
    socket = null;
    liveSocket = null;
    setStatus('disconnected');
  };

  return {
    start(opts: RealtimeStartOptions) {
      if (options) return;
      options = opts;
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      if (!opts.firstResumeFrom) {
        connect();
        return;
      }
      awaitingFirstResume = true;
      const begin = (seq: number | null) => {
        // Stopped (or stopped and started again) while the number was read: that start connects.
        if (options !== opts) return;
        awaitingFirstResume = false;
        lastSeq = seq;
        connect();
      };
      opts.firstResumeFrom().then(begin, (error: unknown) => {
        // The page's data could not be read (offline, server away): the socket still goes live, from now.
        console.warn('Real-time: could not read where to resume from; starting from now.', error);
        begin(null);
      });
    },
    stop() {
      if (!options) return;
      options = null;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearTimers();
      dispose(socket);
      socket = null;
      liveSocket = null;
      queue = [];
      lastSeq = null;
      resumedOnce = false;
      awaitingFirstResume = false;
      troubled = false;
      failures = 0;
      attempt = 0;
      snapshot = { status: null, attempt: 0 };
      for (const listener of statusListeners) listener();
    },
    /** Spec §8: sending while not connected logs "WebSocket is not connected"; the frame waits for the next connection. */
    send(frame: TClientFrame) {
      if (socket?.readyState === WebSocket.OPEN) {
        sendOn(socket, frame);
        return;
      }
      console.warn('WebSocket is not connected');
      queue = enqueueFrame(queue, frame, env.now());
    },
    /** Follows a conversation (typing notices) for as long as the returned function is not called; renewed after each reconnect. */
    join(conversationId: string): () => void {
      joined.set(conversationId, (joined.get(conversationId) ?? 0) + 1);
      if (socket?.readyState === WebSocket.OPEN) sendOn(socket, { type: 'join_conversation', conversationId });
      return () => {
        const n = (joined.get(conversationId) ?? 1) - 1;
        if (n <= 0) joined.delete(conversationId);
        else joined.set(conversationId, n);
      };
    },
    isConnected: () => socket?.readyState === WebSocket.OPEN,
    subscribeStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    subscribe(listener: FrameListener) {
      frameListeners.add(listener);
      return () => void frameListeners.delete(listener);
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

let client: RealtimeClient | null = null;

/** The tab's client (created on first use, in the browser only). */
export function realtime(): RealtimeClient {
  client ??= createRealtimeClient();
  return client;
}

const SERVER_SNAPSHOT: RealtimeSnapshot = { status: null, attempt: 0 };
const noSubscribe = () => () => {};

/** The badge's state; re-renders only the component that asks, and only when the state changes. */
export function useConnectionStatus(): RealtimeSnapshot {
  return useSyncExternalStore(
    typeof window === 'undefined' ? noSubscribe : (listener) => realtime().subscribeStatus(listener),
    () => realtime().getSnapshot(),
    () => SERVER_SNAPSHOT,
  );
}

/** Calls `handler` for each frame while the component is mounted (the latest handler, without resubscribing). */
export function useRealtimeFrames(handler: FrameListener): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime().subscribe((frame) => latest.current(frame)), []);
}

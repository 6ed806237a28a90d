import type { TClientFrame, TServerFrame } from '../../shared/contracts/realtime.ts';

/**
 * A `/ws` socket for one open call room: the realtime connection the call signalling rides on
 * (issue 12 §3). It reconnects with the backoff (2 s base, 60 s cap, with jitter) while the
 * room is open, and starts each connection with `resume { after: null }` (go live, replay nothing:
 * call frames are never stored). Opened only by a signed-in person on a call page.
 *
 * TODO(msgweb): fold into the app-wide realtime client (src/web/lib/realtime.ts) once it exists, so
 * the call room shares the one socket the shell keeps open.
 */
export type CallSocket = {
  /** Sends a frame; false when the socket is not open (the caller re-announces itself on `onOpen`). */
  send(frame: TClientFrame): boolean;
  close(): void;
};

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;

export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  // Full jitter over the upper half: sockets dropped together do not come back together.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function openCallSocket(handlers: { onFrame(frame: TServerFrame): void; onOpen(): void; onClose(): void }): CallSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = () => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      ws.send(JSON.stringify({ type: 'resume', after: null } satisfies TClientFrame));
      handlers.onOpen();
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: TServerFrame;
      try {
        frame = JSON.parse(event.data) as TServerFrame;
      } catch {
        return; // The server sends JSON only; anything else is not ours to act on.
      }
      handlers.onFrame(frame);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      handlers.onClose();
      if (closed) return;
      retry = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };
  connect();

  return {
    send(frame) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close(1000);
      socket = null;
    },
  };
}

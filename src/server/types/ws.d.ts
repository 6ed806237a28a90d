// ws ships no types (and @types/ws is not installed): the parts the hub and the socket tests use.
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    readonly OPEN: 1;
    readonly readyState: 0 | 1 | 2 | 3;
    constructor(url: string, options?: { headers?: Record<string, string>; maxPayload?: number });
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(): void;
  }
  export { WebSocket };
  export default WebSocket;
}

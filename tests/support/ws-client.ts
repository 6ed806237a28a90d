import WebSocket from 'ws';
import type { TServerFrame } from '../../src/shared/contracts/realtime.ts';

/** The Origin the test apps' pages have (PUBLIC_URL in createTestApp). */
export const TEST_ORIGIN = 'http://localhost:5000';

/**
 * A real WebSocket to a listening test app, with every frame it received kept in order, so a test
 * can wait for the frame it expects (`next`) or read all of them.
 */
export class TestSocket {
  readonly frames: TServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as TServerFrame);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
  }

  static connect(url: string, opts: { cookie?: string; origin?: string | null } = {}): Promise<TestSocket> {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.origin !== null) headers.origin = opts.origin ?? TEST_ORIGIN;
    const ws = new WebSocket(url, { headers });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first received frame (from `from` on) that matches, waiting up to `timeoutMs` for it. */
  next<T extends TServerFrame['type']>(type: T, match: (f: Extract<TServerFrame, { type: T }>) => boolean = () => true, timeoutMs = 5_000, from = 0): Promise<Extract<TServerFrame, { type: T }>> {
    const find = () => this.frames.slice(from).find((f): f is Extract<TServerFrame, { type: T }> => f.type === type && match(f as Extract<TServerFrame, { type: T }>));
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const hit = find();
        if (!hit) return;
        cleanup();
        resolve(hit);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no "${type}" frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      this.waiters.add(wake);
    });
  }

  /** Resume after `after` and wait for `ready`; answers its lastSeq. */
  async resume(after: number | null): Promise<number> {
    const from = this.frames.length;
    this.send({ type: 'resume', after });
    return (await this.next('ready', () => true, 10_000, from)).lastSeq;
  }

  close(): void {
    this.ws.close();
  }
}

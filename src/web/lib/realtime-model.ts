import type { TClientFrame, TServerFrame } from '../../shared/contracts/realtime.ts';
import { TYPING_TTL_MS } from '../../shared/contracts/realtime.ts';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../../shared/limits.ts';

/**
 * The decisions of the real-time client (lib/realtime.ts) that need no socket, timer or storage:
 * how long to wait before the next try, which frames are news, which states the badge shows, and
 * what is still worth sending from the queue. Kept pure so they are unit-tested.
 */

/** Spec §2/§4: the badge's five states; `fallback` is "Polling mode". */
export type ConnectionStatus = 'connected' | 'connecting' | 'error' | 'disconnected' | 'fallback';

/** Failed connects in a row after which the client also polls the REST API (a proxy that drops WebSockets). */
export const FALLBACK_AFTER_FAILURES = 3;
/** Frames kept while disconnected; the oldest go first past this. */
export const SEND_QUEUE_MAX = 50;

/**
 * Spec §9: reconnect backoff, base 2 s doubling to at most 60 s, with "equal jitter": half the
 * delay is fixed, half random, so tabs that lost the same server do not all come back at once while
 * none waits less than half its step. `attempt` counts from 1; `random` is in [0, 1).
 */
export function reconnectDelay(attempt: number, random: number): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(step / 2 + (step / 2) * r);
}

/**
 * Whether a sequenced frame is news: events carry the user's own sequence number, and a replay
 * after a reconnect can repeat what this tab already applied (or a server in another process may
 * deliver it twice). Frames without `seq` (typing, call signalling, errors) always pass.
 */
export function isNewFrame(lastSeq: number | null, frame: TServerFrame): boolean {
  if (!('seq' in frame)) return true;
  return lastSeq === null || frame.seq > lastSeq;
}

/** The sequence number to remember after a frame: the highest seen (a `ready` says where the server stands). */
export function seqAfter(lastSeq: number | null, frame: TServerFrame): number | null {
  if (frame.type === 'ready') return Math.max(lastSeq ?? 0, frame.lastSeq);
  if ('seq' in frame) return Math.max(lastSeq ?? 0, frame.seq);
  return lastSeq;
}

export type QueuedFrame = { frame: TClientFrame; queuedAt: number };

/**
 * Adds a frame sent while disconnected. A newer frame of the same kind for the same conversation
 * replaces the older one (two "read"s say no more than the last), and the queue keeps its newest
 * SEND_QUEUE_MAX frames.
 */
export function enqueueFrame(queue: readonly QueuedFrame[], frame: TClientFrame, now: number): QueuedFrame[] {
  const key = frameKey(frame);
  const rest = key === null ? [...queue] : queue.filter((q) => frameKey(q.frame) !== key);
  rest.push({ frame, queuedAt: now });
  return rest.slice(-SEND_QUEUE_MAX);
}

function frameKey(frame: TClientFrame): string | null {
  if (frame.type === 'typing' || frame.type === 'read') return `${frame.type}:${frame.conversationId}`;
  if (frame.type === 'join_conversation') return `join:${frame.conversationId ?? ''}:${frame.bookingId ?? ''}`;
  // `resume` and `ping` belong to one connection; the client sends its own on the next one.
  if (frame.type === 'resume' || frame.type === 'ping') return 'connection';
  return null;
}

/**
 * What to send once connected again, in order: everything queued except the connection's own
 * frames and typing notices older than a typing indicator lasts (they would announce typing that
 * stopped long ago).
 */
export function framesToFlush(queue: readonly QueuedFrame[], now: number): TClientFrame[] {
  return queue
    .filter((q) => q.frame.type !== 'resume' && q.frame.type !== 'ping')
    .filter((q) => q.frame.type !== 'typing' || now - q.queuedAt < TYPING_TTL_MS)
    .map((q) => q.frame);
}

/**
 * The status after a socket closed. `everOpened`: this try went live (the server answered `ready`). A socket that was
 * open and dropped says "Disconnected" while the next try waits; repeated failures to connect at
 * all turn into polling; a single failure is a "Connection error".
 */
export function statusAfterClose(opts: { everOpened: boolean; failures: number; online: boolean }): ConnectionStatus {
  if (!opts.online) return 'disconnected';
  if (opts.everOpened) return 'disconnected';
  return opts.failures >= FALLBACK_AFTER_FAILURES ? 'fallback' : 'error';
}

import { describe, expect, it } from 'vitest';
import type { TServerFrame } from '../../shared/contracts/realtime.ts';
import { TYPING_TTL_MS } from '../../shared/contracts/realtime.ts';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../../shared/limits.ts';
import { enqueueFrame, FALLBACK_AFTER_FAILURES, framesToFlush, isNewFrame, reconnectDelay, SEND_QUEUE_MAX, seqAfter, statusAfterClose, type QueuedFrame } from './realtime-model.ts';

const CONVERSATION = '6f1c2f7e-5f0a-4c38-9d0e-2b1f3c4d5e6f';
const OTHER = '0d9e8f7a-6b5c-4d3e-8f1a-0b9c8d7e6f5a';

describe('reconnectDelay', () => {
  it('doubles from 2 s and stops at 60 s', () => {
    const steps = [1, 2, 3, 4, 5, 6, 7, 12].map((attempt) => reconnectDelay(attempt, 1));
    expect(steps).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(Math.max(...steps)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(1, 1)).toBe(RECONNECT_BASE_MS);
  });
  it('keeps half of each step fixed and jitters the other half', () => {
    expect(reconnectDelay(1, 0)).toBe(1_000);
    expect(reconnectDelay(1, 0.5)).toBe(1_500);
    expect(reconnectDelay(10, 0)).toBe(30_000);
    expect(reconnectDelay(10, 0.999)).toBeLessThanOrEqual(60_000);
  });
  it('stays in bounds for odd inputs', () => {
    expect(reconnectDelay(0, 1)).toBe(2_000);
    expect(reconnectDelay(1, -3)).toBe(1_000);
    expect(reconnectDelay(1, 7)).toBe(2_000);
  });
});

describe('sequence numbers', () => {
  const message = (seq: number): TServerFrame => ({
    type: 'message',
    seq,
    message: { id: `m${seq}`, conversationId: CONVERSATION, senderId: 'u', text: 'hi', images: [], clientMessageId: OTHER, createdAt: '2026-11-25T10:00:00.000Z' },
  });
  it('applies each sequenced frame once, in a replay too', () => {
    expect(isNewFrame(null, message(1))).toBe(true);
    expect(isNewFrame(4, message(5))).toBe(true);
    expect(isNewFrame(5, message(5))).toBe(false);
    expect(isNewFrame(5, message(3))).toBe(false);
  });
  it('lets frames without a number through', () => {
    expect(isNewFrame(9, { type: 'typing', conversationId: CONVERSATION, userId: 'u' })).toBe(true);
    expect(isNewFrame(9, { type: 'ready', lastSeq: 3 })).toBe(true);
  });
  it('remembers the highest number, and where the server stands after ready', () => {
    expect(seqAfter(null, { type: 'ready', lastSeq: 12 })).toBe(12);
    expect(seqAfter(20, { type: 'ready', lastSeq: 12 })).toBe(20);
    expect(seqAfter(12, message(13))).toBe(13);
    expect(seqAfter(12, { type: 'pong' })).toBe(12);
  });
});

describe('the send queue', () => {
  it('keeps the last of each kind per conversation, in order', () => {
    let q: QueuedFrame[] = [];
    q = enqueueFrame(q, { type: 'read', conversationId: CONVERSATION }, 1);
    q = enqueueFrame(q, { type: 'join_conversation', conversationId: OTHER }, 2);
    q = enqueueFrame(q, { type: 'read', conversationId: CONVERSATION }, 3);
    q = enqueueFrame(q, { type: 'read', conversationId: OTHER }, 4);
    expect(q.map((x) => [x.frame.type, x.queuedAt])).toEqual([
      ['join_conversation', 2],
      ['read', 3],
      ['read', 4],
    ]);
  });
  it('holds at most SEND_QUEUE_MAX frames, dropping the oldest', () => {
    let q: QueuedFrame[] = [];
    for (let i = 0; i < SEND_QUEUE_MAX + 5; i++) q = enqueueFrame(q, { type: 'call.hangup', bookingId: CONVERSATION }, i);
    expect(q).toHaveLength(SEND_QUEUE_MAX);
    expect(q[0]!.queuedAt).toBe(5);
  });
  it('flushes everything but stale typing and the old connection’s own frames', () => {
    const q: QueuedFrame[] = [
      { frame: { type: 'resume', after: 3 }, queuedAt: 0 },
      { frame: { type: 'typing', conversationId: CONVERSATION }, queuedAt: 0 },
      { frame: { type: 'read', conversationId: CONVERSATION }, queuedAt: 0 },
      { frame: { type: 'typing', conversationId: OTHER }, queuedAt: 9_000 },
    ];
    expect(framesToFlush(q, TYPING_TTL_MS + 1)).toEqual([{ type: 'read', conversationId: CONVERSATION }, { type: 'typing', conversationId: OTHER }]);
  });
});

describe('statusAfterClose', () => {
  it('says disconnected when a live socket dropped or the browser is offline', () => {
    expect(statusAfterClose({ everOpened: true, failures: 0, online: true })).toBe('disconnected');
    expect(statusAfterClose({ everOpened: false, failures: 1, online: false })).toBe('disconnected');
  });
  it('reports an error, then polls after repeated failures to connect', () => {
    expect(statusAfterClose({ everOpened: false, failures: 1, online: true })).toBe('error');
    expect(statusAfterClose({ everOpened: false, failures: FALLBACK_AFTER_FAILURES, online: true })).toBe('fallback');
  });
});

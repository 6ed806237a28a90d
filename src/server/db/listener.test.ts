import { describe, expect, it } from 'vitest';
import { LISTEN_RECONNECT_BASE_MS, LISTEN_RECONNECT_MAX_MS, listenReconnectDelayMs } from './listener.ts';

describe('LISTEN reconnect backoff', () => {
  it('doubles from the base, stops at the cap, and jitters each wait between half and all of it', () => {
    const ceiling = (attempt: number) => listenReconnectDelayMs(attempt, () => 1);
    expect([0, 1, 2, 3].map(ceiling)).toEqual([1, 2, 4, 8].map((k) => k * LISTEN_RECONNECT_BASE_MS));
    expect(ceiling(20)).toBe(LISTEN_RECONNECT_MAX_MS);
    expect(ceiling(1_000)).toBe(LISTEN_RECONNECT_MAX_MS);
    expect(listenReconnectDelayMs(20, () => 0)).toBe(LISTEN_RECONNECT_MAX_MS / 2);
    for (let i = 0; i < 100; i++) {
      const wait = listenReconnectDelayMs(5);
      expect(wait).toBeGreaterThanOrEqual(1_600);
      expect(wait).toBeLessThanOrEqual(3_200);
    }
  });
});

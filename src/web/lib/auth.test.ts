import { describe, expect, it } from 'vitest';
import { AUTH_UNAUTHORIZED_PAUSE_MS } from '../../shared/limits.ts';
import { createUnauthorizedThrottle } from './auth.ts';

describe('user fetch throttle (spec §7, §9)', () => {
  it('pauses for 30 s after the third unauthorized answer, then resumes', () => {
    let clock = 1_000;
    const throttle = createUnauthorizedThrottle(() => clock);
    throttle.note();
    throttle.note();
    expect(throttle.remaining()).toBe(0);
    throttle.note();
    expect(throttle.remaining()).toBe(AUTH_UNAUTHORIZED_PAUSE_MS);
    clock += AUTH_UNAUTHORIZED_PAUSE_MS - 1;
    expect(throttle.remaining()).toBe(1);
    clock += 1;
    expect(throttle.remaining()).toBe(0);
  });

  it('starts counting afresh after a reset (a sign-in)', () => {
    const throttle = createUnauthorizedThrottle(() => 0);
    throttle.note();
    throttle.note();
    throttle.reset();
    throttle.note();
    expect(throttle.remaining()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { PLATFORM_FEE_CAP_CENTS, platformFeeCents } from './payments.ts';

describe('platformFeeCents', () => {
  it('takes ten percent, rounded down to whole cents', () => {
    expect(platformFeeCents(10_000)).toBe(1_000);
    expect(platformFeeCents(15_005)).toBe(1_500);
    expect(platformFeeCents(99)).toBe(9);
  });

  it('stops at the cap for large deposits', () => {
    expect(platformFeeCents(25_000)).toBe(2_500);
    expect(platformFeeCents(50_000)).toBe(PLATFORM_FEE_CAP_CENTS);
  });

  it('charges nothing on nothing', () => {
    expect(platformFeeCents(0)).toBe(0);
    expect(platformFeeCents(-100)).toBe(0);
    expect(platformFeeCents(12.5)).toBe(0);
  });
});

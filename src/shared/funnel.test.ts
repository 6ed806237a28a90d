import { describe, expect, it } from 'vitest';
import { abandonmentStepName, isBounce, newScrollDepths, stepOrder } from './funnel.ts';

describe('conversion funnel rules (spec §4, §9)', () => {
  it('orders the six steps and the micro-conversions, and knows no others', () => {
    expect(['page_view', 'cta_click', 'artist_view', 'consultation_start', 'booking_start', 'booking_complete'].map(stepOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(['scroll_50', 'time_30s', 'time_60s', 'form_interaction', 'gallery_view', 'social_share'].map(stepOrder)).toEqual([1.1, 1.2, 1.3, 2.1, 2.2, 2.3]);
    expect(stepOrder('teleport')).toBeNull();
    expect(abandonmentStepName(3)).toBe('abandonment_step_3');
  });

  it('counts a bounce only without interaction and under 10 s', () => {
    expect(isBounce(false, 9_999)).toBe(true);
    expect(isBounce(false, 10_000)).toBe(false);
    expect(isBounce(true, 1_000)).toBe(false);
  });

  it('reports each 25 % scroll mark once', () => {
    const seen = new Set<number>([25]);
    expect(newScrollDepths(80, seen)).toEqual([50, 75]);
    expect(newScrollDepths(100, new Set([25, 50, 75]))).toEqual([100]);
    expect(newScrollDepths(10, new Set())).toEqual([]);
  });
});

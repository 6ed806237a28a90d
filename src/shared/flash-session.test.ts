import { describe, expect, it } from 'vitest';
import { flashSessionService } from './flash-session.ts';

const svc = (id: string, kind: 'consultation' | 'tattoo' | 'piercing', durationMinutes: number) => ({ id, kind, durationMinutes });
const consult = svc('c', 'consultation', 30);
const small = svc('s', 'tattoo', 90);
const halfDay = svc('h', 'tattoo', 180);
const fullDay = svc('f', 'tattoo', 360);

describe('flashSessionService', () => {
  it('gives each size the shortest session long enough for it', () => {
    const menu = [fullDay, consult, halfDay, small];
    expect(flashSessionService(menu, 'small')).toBe(small);
    expect(flashSessionService(menu, 'medium')).toBe(halfDay);
    expect(flashSessionService(menu, 'large')).toBe(fullDay);
    // A four-hour half day is long enough for a large design.
    expect(flashSessionService([small, svc('h4', 'tattoo', 240), fullDay], 'large')?.id).toBe('h4');
  });

  it('falls back to the longest session when none is long enough, and to none without tattoo sessions', () => {
    expect(flashSessionService([consult, small], 'large')).toBe(small);
    expect(flashSessionService([consult, svc('p', 'piercing', 30)], 'small')).toBeNull();
    expect(flashSessionService([], 'medium')).toBeNull();
  });

  it('picks the same service whatever order the menu comes in', () => {
    const a = svc('a', 'tattoo', 120);
    const b = svc('b', 'tattoo', 120);
    expect(flashSessionService([b, a], 'medium')).toBe(a);
    expect(flashSessionService([a, b], 'medium')).toBe(a);
  });
});

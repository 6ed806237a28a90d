import { describe, expect, it } from 'vitest';
import {
  aftercareDeliveries,
  buildAftercarePlan,
  healingRangeFor,
  parseHealingTime,
  PIERCING_HEALING_FALLBACK,
  planDay,
  warningSigns,
} from './aftercare-plan.ts';
import { PIERCING_STYLES } from './guides/piercing-styles.ts';
import { localParts } from './zoned-time.ts';

const local = (iso: string, zone: string) => {
  const p = localParts(new Date(iso), zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

describe('buildAftercarePlan: tattoo', () => {
  const plan = buildAftercarePlan({ kind: 'tattoo', timezone: 'America/New_York', dayOne: { year: 2026, month: 3, day: 1 }, healing: { min: 2, max: 4, unit: 'weeks' }, styleName: null });

  it('follows the spec timeline: days 1-3, days 4-14, weeks 2-4, healed after 28 days', () => {
    expect(plan.steps.map((s) => [s.id, s.day, s.date])).toEqual([
      ['tattoo-days-1-3', 1, '2026-03-01'],
      ['tattoo-days-4-14', 4, '2026-03-04'],
      ['tattoo-weeks-2-4', 15, '2026-03-15'],
      ['healed', 29, '2026-03-29'],
    ]);
    expect(plan.steps[0]!.title).toBe('Days 1-3: fresh wound');
    expect(plan.steps[2]!.title).toBe('Weeks 2-4: settling in');
    expect(plan.healedOn).toBe('2026-03-29');
  });

  it('sends at 09:00 in the client zone on both sides of the DST change (8 March 2026 in New York)', () => {
    for (const step of plan.steps) expect(local(step.sendAt, 'America/New_York')).toBe(`${step.date} 09:00`);
    // 09:00 EST is 14:00 UTC; after the change 09:00 EDT is 13:00 UTC.
    expect(plan.steps[1]!.sendAt).toBe('2026-03-04T14:00:00.000Z');
    expect(plan.steps[2]!.sendAt).toBe('2026-03-15T13:00:00.000Z');
  });

  it('uses the client zone, not UTC (Tokyo is ahead)', () => {
    const tokyo = buildAftercarePlan({ kind: 'tattoo', timezone: 'Asia/Tokyo', dayOne: { year: 2026, month: 3, day: 1 }, healing: { min: 2, max: 4, unit: 'weeks' }, styleName: null });
    expect(tokyo.steps[0]!.sendAt).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('buildAftercarePlan: piercing', () => {
  const dayOne = { year: 2026, month: 1, day: 31 };
  it('states the routine: 1-2 times daily, no more than twice, 0.9% saline, ten minutes, the style range', () => {
    const helix = PIERCING_STYLES.find((s) => s.name === 'Helix')!;
    const plan = buildAftercarePlan({ kind: 'piercing', timezone: 'Europe/Berlin', dayOne, healing: helix.healingRange, styleName: 'Helix' });
    const routine = plan.steps[0]!;
    expect(routine.id).toBe('piercing-routine');
    const text = routine.items.join(' ');
    expect(text).toContain('1-2 times daily and no more than twice');
    expect(text).toContain('0.9%');
    expect(text).toContain('ten minutes');
    expect(text).toContain('6-12 months');
    expect(plan.healing).toBe('6-12 months');
  });

  it('ends each style at the end of its healing range (months by the calendar, weeks by days)', () => {
    const lobe = buildAftercarePlan({ kind: 'piercing', timezone: 'UTC', dayOne, healing: { min: 6, max: 8, unit: 'weeks' }, styleName: 'Lobe' });
    expect(lobe.healedOn).toBe('2026-03-28'); // 56 days after 31 January
    expect(lobe.steps.map((s) => s.id)).toEqual(['piercing-routine', 'piercing-day-4', 'piercing-week-2', 'piercing-looks-healed', 'healed']);
    expect(lobe.steps.find((s) => s.id === 'piercing-looks-healed')!.date).toBe('2026-03-14');
    const helix = buildAftercarePlan({ kind: 'piercing', timezone: 'UTC', dayOne, healing: { min: 6, max: 12, unit: 'months' }, styleName: 'Helix' });
    expect(helix.healedOn).toBe('2027-01-31');
    expect(helix.steps.find((s) => s.id === 'piercing-looks-healed')!.date).toBe('2026-07-31');
    // 31 January + 1 month is the last day of February.
    const short = buildAftercarePlan({ kind: 'piercing', timezone: 'UTC', dayOne, healing: { min: 1, max: 1, unit: 'months' }, styleName: null });
    expect(short.healedOn).toBe('2026-02-28');
    expect(short.steps.some((s) => s.id === 'piercing-looks-healed')).toBe(false);
  });

  it('spans 4 weeks to 12 months across the guide styles', () => {
    const ends = PIERCING_STYLES.map((s) => buildAftercarePlan({ kind: 'piercing', timezone: 'UTC', dayOne, healing: s.healingRange, styleName: s.name }).steps.at(-1)!.day);
    expect(Math.min(...ends)).toBeGreaterThanOrEqual(4 * 7);
    expect(Math.max(...ends)).toBeLessThanOrEqual(366);
  });
});

describe('healingRangeFor', () => {
  it('prefers the piercing style, then the service healing time, then the spec span', () => {
    expect(healingRangeFor({ kind: 'piercing', piercingStyle: 'industrial', healingTime: '2-3 weeks' })).toEqual({ range: { min: 9, max: 12, unit: 'months' }, styleName: 'Industrial' });
    expect(healingRangeFor({ kind: 'piercing', piercingStyle: null, healingTime: '2-3 months' }).range).toEqual({ min: 2, max: 3, unit: 'months' });
    expect(healingRangeFor({ kind: 'piercing', piercingStyle: 'nope', healingTime: null }).range).toEqual(PIERCING_HEALING_FALLBACK);
    expect(healingRangeFor({ kind: 'tattoo', healingTime: '6-12 months' }).range).toEqual({ min: 2, max: 4, unit: 'weeks' });
  });

  it('parses only sensible ranges', () => {
    expect(parseHealingTime('6-8 weeks')).toEqual({ min: 6, max: 8, unit: 'weeks' });
    for (const bad of ['8-6 weeks', '0-2 weeks', '6-8 days', '1-30 months', 'soon', '', null]) expect(parseHealingTime(bad)).toBeNull();
  });
});

describe('aftercareDeliveries', () => {
  const plan = buildAftercarePlan({ kind: 'tattoo', timezone: 'UTC', dayOne: { year: 2026, month: 3, day: 1 }, healing: { min: 2, max: 4, unit: 'weeks' }, styleName: null });
  it('sends a message that is due now, skips one whose successor is due too, and schedules the rest', () => {
    const now = new Date('2026-03-02T18:00:00Z'); // completed by itself the day after
    const list = aftercareDeliveries(plan, now);
    expect(list.map((d) => [d.step.id, d.runAt.toISOString()])).toEqual([
      ['tattoo-days-1-3', now.toISOString()],
      ['tattoo-days-4-14', '2026-03-04T09:00:00.000Z'],
      ['tattoo-weeks-2-4', '2026-03-15T09:00:00.000Z'],
      ['healed', '2026-03-29T09:00:00.000Z'],
    ]);
    const late = aftercareDeliveries(plan, new Date('2026-03-05T10:00:00Z'));
    expect(late.map((d) => d.step.id)).toEqual(['tattoo-days-4-14', 'tattoo-weeks-2-4', 'healed']);
    expect(aftercareDeliveries(plan, new Date('2026-06-01T00:00:00Z')).map((d) => d.step.id)).toEqual(['healed']);
  });

  it('counts plan days in the client zone', () => {
    expect(planDay('America/Los_Angeles', { year: 2026, month: 3, day: 1 }, new Date('2026-03-04T06:00:00Z'))).toBe(3);
    expect(planDay('UTC', { year: 2026, month: 3, day: 1 }, new Date('2026-03-04T06:00:00Z'))).toBe(4);
  });
});

describe('warningSigns', () => {
  it('flags the always-serious symptoms on any day', () => {
    expect(warningSigns({ symptoms: ['pus'], note: '', day: 1 })).toHaveLength(1);
    expect(warningSigns({ symptoms: ['fever', 'red_streaks'], note: '', day: 2 })).toHaveLength(2);
  });
  it('counts growing pain and swelling only after day 3', () => {
    expect(warningSigns({ symptoms: ['increasing_pain', 'increasing_swelling'], note: '', day: 3 })).toEqual([]);
    expect(warningSigns({ symptoms: ['increasing_pain'], note: '', day: 4 })).toEqual(['Pain that is getting worse']);
    expect(warningSigns({ symptoms: [], note: 'The swelling is getting worse every day', day: 2 })).toEqual([]);
    expect(warningSigns({ symptoms: [], note: 'The swelling is getting worse every day', day: 6 })).toEqual(['What you described']);
  });
  it('reads the signs in the client words', () => {
    expect(warningSigns({ symptoms: [], note: 'There is some green discharge and it smells', day: 2 })).toHaveLength(1);
    expect(warningSigns({ symptoms: [], note: 'I had a fever last night', day: 10 })).toHaveLength(1);
    expect(warningSigns({ symptoms: [], note: 'Peeling a little, itchy but fine', day: 8 })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { distributionRows } from '../review-display.ts';
import { AFTERCARE_FACTS, PIERCING_GUIDELINES, READER_SURVEY, TATTOO_TIMELINE, UNIVERSAL_PRINCIPLES } from './aftercare.ts';

describe('aftercare content', () => {
  it('has the spec sections', () => {
    expect(UNIVERSAL_PRINCIPLES).toHaveLength(4);
    expect(TATTOO_TIMELINE.map((p) => p.period)).toEqual(['Days 1-3', 'Days 4-14', 'Weeks 2-4']);
    expect(AFTERCARE_FACTS.tattooHealingDays).toBe(28);
    expect(PIERCING_GUIDELINES).toHaveLength(4);
  });

  it('keeps the survey aggregate consistent with its distribution', () => {
    const d = READER_SURVEY.ratingDistribution;
    const total = d[1] + d[2] + d[3] + d[4] + d[5];
    expect(total).toBe(READER_SURVEY.reviewCount);
    const mean = (d[1] + 2 * d[2] + 3 * d[3] + 4 * d[4] + 5 * d[5]) / total;
    expect(Math.round(mean * 10) / 10).toBe(READER_SURVEY.ratingValue);
    expect(distributionRows(d).reduce((n, r) => n + r.count, 0)).toBe(total);
  });
});

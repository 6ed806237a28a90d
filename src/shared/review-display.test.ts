import { describe, expect, it } from 'vitest';
import { combineRatings, distributionRows, selectTestimonials, starParts } from './review-display.ts';

const body = (n: number) => 'x'.repeat(n);

describe('selectTestimonials', () => {
  it('keeps only bodies longer than 50 characters', () => {
    const picked = selectTestimonials([{ reviewBody: body(50) }, { reviewBody: body(51) }, { reviewBody: `  ${body(49)}  ` }]);
    expect(picked).toEqual([{ reviewBody: body(51) }]);
  });

  it('shows at most three, in order', () => {
    const reviews = Array.from({ length: 6 }, (_, i) => ({ id: i, reviewBody: body(60) }));
    expect(selectTestimonials(reviews).map((r) => r.id)).toEqual([0, 1, 2]);
    expect(selectTestimonials(reviews, 6)).toHaveLength(6);
  });

  it('returns nothing for an empty list', () => {
    expect(selectTestimonials([])).toEqual([]);
  });
});

describe('starParts', () => {
  it('shows a half star from .5 upwards', () => {
    expect(starParts(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(4.9)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(4.49)).toEqual({ full: 4, half: false, empty: 1 });
    expect(starParts(3)).toEqual({ full: 3, half: false, empty: 2 });
  });

  it('stays on the 1–5 scale', () => {
    expect(starParts(5)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(7)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: false, empty: 5 });
  });
});

describe('combineRatings', () => {
  it('weights by review count and skips unrated items', () => {
    expect(combineRatings([{ rating: 5, reviews: 3 }, { rating: 4, reviews: 1 }, {}])).toEqual({ value: 4.8, count: 4 });
    expect(combineRatings([{}])).toBeNull();
  });
});

describe('distributionRows', () => {
  it('lists 5 to 1 with percentages', () => {
    const rows = distributionRows({ 5: 1645, 4: 167, 3: 18, 2: 3, 1: 1 });
    expect(rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows[0]).toEqual({ stars: 5, count: 1645, percent: 90 });
  });
});

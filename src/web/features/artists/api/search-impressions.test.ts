import { describe, expect, it } from 'vitest';
import { takeUnreported, type ImpressionLedger } from './search-impressions.ts';

describe('search appearances reported once per artist per search', () => {
  it('reports a first page, then only the next page’s new artists, and nothing for a re-render', () => {
    const ledger: ImpressionLedger = new Map();
    expect(takeUnreported(ledger, 'q=fern', ['a', 'b'])).toEqual(['a', 'b']);
    // "Show more": page 1 is rendered again with page 2's artists.
    expect(takeUnreported(ledger, 'q=fern', ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    // A refetch or the back button shows the same list again.
    expect(takeUnreported(ledger, 'q=fern', ['a', 'b', 'c', 'd'])).toEqual([]);
    // Another search is another appearance, even of the same artists.
    expect(takeUnreported(ledger, 'q=rose', ['b', 'e', 'e'])).toEqual(['b', 'e']);
    expect(takeUnreported(ledger, 'q=fern', [])).toEqual([]);
  });
});

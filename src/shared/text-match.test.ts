import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, fold, trigramSimilarity, Vocabulary, words } from './text-match.ts';

describe('fold and words', () => {
  it('lower-cases, drops accents and punctuation', () => {
    expect(fold('  São  Paulo! ')).toBe('sao paulo');
    expect(words('Liam O’Connell')).toEqual(['liam', 'o', 'connell']);
    expect(words(' ,. ')).toEqual([]);
  });
});

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  it('counts inserts, deletes, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('line', 'line')).toBe(0);
    expect(editDistance('lin', 'line')).toBe(1);
    expect(editDistance('fien', 'fine')).toBe(1);
    expect(editDistance('septum', 'sepntum')).toBe(1);
    expect(editDistance('helix', 'halix')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops past a maximum and answers max + 1', () => {
    expect(editDistance('traditional', 'realism', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });
});

describe('allowedEdits', () => {
  it('allows none below 3 letters, one up to 5, two from 6', () => {
    expect([2, 3, 5, 6, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('trigramSimilarity', () => {
  it('is 1 for equal words and small for unrelated ones', () => {
    expect(trigramSimilarity('septum', 'septum')).toBe(1);
    expect(trigramSimilarity('blackwork', 'blakwork')).toBeGreaterThan(0.4);
    expect(trigramSimilarity('helix', 'navel')).toBeLessThan(0.1);
  });
});

describe('Vocabulary', () => {
  const vocabulary = new Vocabulary([
    ['fine', 1000],
    ['line', 1000],
    ['lina', 1],
    ['nostril', 1000],
    ['portland', 50],
    ['portland', 50],
    ['mara', 2],
    ['maya', 3],
  ]);

  it('knows its words and sums repeated weights', () => {
    expect(vocabulary.has('fine')).toBe(true);
    expect(vocabulary.weightOf('portland')).toBe(100);
    expect(vocabulary.closest('line', 1)).toEqual({ word: 'line', distance: 0 });
  });

  it('corrects within the allowed edits, fewest edits first, then the most used word', () => {
    expect(vocabulary.closest('fien', 1)).toEqual({ word: 'fine', distance: 1 });
    expect(vocabulary.closest('lin', 1)).toEqual({ word: 'line', distance: 1 });
    expect(vocabulary.closest('nostirl', 2)).toEqual({ word: 'nostril', distance: 1 });
    expect(vocabulary.closest('portlnd', 2)?.word).toBe('portland');
    expect(vocabulary.closest('mava', 1)?.word).toBe('maya');
    expect(vocabulary.closest('zebra', 2)).toBeNull();
    expect(vocabulary.closest('fi', 2)).toBeNull();
  });

  it('finds a much commoner neighbour of a known word', () => {
    expect(vocabulary.heavierNeighbour('lina', 1, 100)?.word).toBe('line');
    expect(vocabulary.heavierNeighbour('line', 1, 100_000)).toBeNull();
  });

  it('suggests a far-off word by trigrams', () => {
    expect(vocabulary.mostSimilar('nostrillz')).toBe('nostril');
    expect(vocabulary.mostSimilar('qqqq')).toBeNull();
  });
});

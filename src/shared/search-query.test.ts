import { describe, expect, it } from 'vitest';
import { interpretSearch, suggestSearch } from './search-query.ts';
import { FILLER_WORDS, KIND_WORDS, STYLE_NAMES, SYNONYMS } from './search-synonyms.ts';
import { Vocabulary, words } from './text-match.ts';

// The fixed words search-vocabulary.ts adds, plus a few artist names and cities.
const vocabulary = new Vocabulary([
  ...STYLE_NAMES.flatMap((n) => words(n).map((w): [string, number] => [w, 1_000_000])),
  ...SYNONYMS.flatMap((s) => s.key.map((w): [string, number] => [w, 1_000_000])),
  ...Object.keys(KIND_WORDS).map((w): [string, number] => [w, 1_000_000]),
  ['portland', 1_000],
  ['new', 1_000],
  ['york', 1_000],
  ['mara', 1],
  ['quill', 1],
  ['lin', 1],
]);

describe('the synonym table', () => {
  it('lists each key with itself first and only style names as the other alternatives', () => {
    const nose = SYNONYMS.find((s) => s.key.join(' ') === 'nose');
    expect(nose?.alternatives).toEqual([['nose'], ['nostril'], ['septum'], ['bridge']]);
    const ear = SYNONYMS.find((s) => s.key.join(' ') === 'ear');
    expect(ear?.alternatives.map((a) => a.join(' '))).toEqual(expect.arrayContaining(['lobe', 'helix', 'tragus', 'conch', 'daith']));
    const styleNames = new Set(STYLE_NAMES);
    for (const s of SYNONYMS) for (const a of s.alternatives.slice(1)) expect(styleNames.has(a.join(' ')), a.join(' ')).toBe(true);
  });

  it('keeps kind and filler words apart from styles', () => {
    for (const w of Object.keys(KIND_WORDS)) expect(FILLER_WORDS.has(w)).toBe(false);
  });
});

describe('interpretSearch', () => {
  it('keeps known words and corrects typos to the closest known word', () => {
    expect(interpretSearch('fine line', vocabulary)).toMatchObject({ groups: [[['fine']], [['line']]], corrected: null, kind: null });
    const typo = interpretSearch('fien line', vocabulary);
    expect(typo.corrected).toBe('fine line');
    expect(typo.groups).toEqual([[['fine'], ['fien']], [['line']]]);
    expect(interpretSearch('Mara Qill', vocabulary).corrected).toBe('mara quill');
    expect(interpretSearch('fine line portlnd', vocabulary).corrected).toBe('fine line portland');
  });

  it('splits two known words typed as one', () => {
    expect(interpretSearch('fineline', vocabulary)).toMatchObject({ groups: [[['fine', 'line'], ['fineline']]], corrected: 'fine line' });
    expect(interpretSearch('realizm', vocabulary).corrected).toBe('realism');
  });

  it('reads a rare known word also as a much commoner neighbour ("lin" the name, or "line")', () => {
    expect(interpretSearch('fine lin', vocabulary).groups).toEqual([[['fine']], [['lin'], ['line']]]);
  });

  it('expands everyday words to the styles they mean', () => {
    const nose = interpretSearch('nose piercing', vocabulary);
    expect(nose.kind).toBe('piercing');
    expect(nose.groups).toEqual([[['nose'], ['nostril'], ['septum'], ['bridge']]]);
    expect(interpretSearch('script', vocabulary).groups[0]).toEqual(expect.arrayContaining([['lettering'], ['fine', 'line']]));
    expect(interpretSearch('old school', vocabulary).groups).toEqual([[['old', 'school'], ['traditional']]]);
    expect(interpretSearch('nsoe', vocabulary)).toMatchObject({ corrected: 'nose', groups: [[['nose'], ['nostril'], ['septum'], ['bridge'], ['nsoe']]] });
  });

  it('takes the kind from words such as tattooist or peircing, and drops filler words', () => {
    expect(interpretSearch('a fine line tattoo artist in Portland', vocabulary)).toMatchObject({ kind: 'tattoo', groups: [[['fine']], [['line']], [['portland']]], corrected: null });
    expect(interpretSearch('peircing', vocabulary)).toMatchObject({ kind: 'piercing', groups: [], corrected: 'piercing' });
    expect(interpretSearch('tattoo piercing', vocabulary).kind).toBeNull();
  });

  it('reads "or" as alternatives of one group, as the piercing pages\' specialty links ask', () => {
    const any = interpretSearch('lobe or helix or tragus', vocabulary);
    expect(any.groups).toHaveLength(1);
    expect(any.groups[0]).toEqual(expect.arrayContaining([['lobe'], ['helix'], ['tragus']]));
    expect(interpretSearch('fine line or realism portland', vocabulary).groups).toEqual([[['fine']], [['line'], ['realism']], [['portland']]]);
    expect(interpretSearch('or nose', vocabulary).groups).toEqual([[['nose'], ['nostril'], ['septum'], ['bridge']]]);
  });

  it('keeps unknown words as they are (they may match a bio)', () => {
    expect(interpretSearch('botanical', vocabulary)).toMatchObject({ groups: [[['botanical']]], unknown: ['botanical'], corrected: null });
  });
});

describe('suggestSearch', () => {
  it('suggests the most similar known word for one too far off to correct', () => {
    expect(suggestSearch('geometricall', vocabulary)).toBe('geometric');
    expect(suggestSearch('fine line', vocabulary)).toBeNull();
    expect(suggestSearch('qqqqq', vocabulary)).toBeNull();
  });
});

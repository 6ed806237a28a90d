import { FILLER_WORDS, KIND_WORDS, SYNONYMS } from './search-synonyms.ts';
import { allowedEdits, Vocabulary, words } from './text-match.ts';

/**
 * What a typed search means, worked out in memory before any SQL runs: each word is kept when
 * the catalogue knows it, else corrected to the closest known word (1 edit for short words, 2 for
 * long ones); words naming a kind of artist choose the kind; filler words go; everyday words
 * expand to the styles they mean (search-synonyms.ts). The database then runs an exact search.
 */
export type InterpretedSearch = {
  /** All groups must match; a group matches when any of its alternatives does; an alternative is words that must all match. */
  groups: string[][][];
  /** From a word such as "piercing" or "tattooist". */
  kind: 'tattoo' | 'piercing' | null;
  /** The query as searched when a word was corrected ("fien line" → "fine line"), else null. */
  corrected: string | null;
  /** Words neither known nor within a typo of a known word (they may still match a bio). */
  unknown: string[];
};

/** `orWithPrevious`: typed after "or", so it is another way to match the previous group, not a group of its own. */
type Token = { typed: string; word: string; corrected: boolean; neighbour?: string; orWithPrevious: boolean };

/** How much more used a neighbouring word must be to count as what a known word may have meant. */
const MUCH_COMMONER = 100;

/**
 * `exact`: the words as typed ("Search instead for …" after a correction): nothing is corrected,
 * split or widened to a commoner neighbour; kind words, filler words and synonyms still apply.
 */
export function interpretSearch(text: string, vocabulary: Vocabulary, options: { exact?: boolean } = {}): InterpretedSearch {
  let kind: InterpretedSearch['kind'] = null;
  const display: string[] = [];
  const tokens: Token[] = [];
  const unknown: string[] = [];
  let changed = false;
  let afterOr = false;
  for (const typed of words(text)) {
    // "lobe or helix or tragus" (the piercing pages' specialty links) asks for any of them.
    if (typed === 'or') {
      display.push(typed);
      afterOr = tokens.length > 0;
      continue;
    }
    if (FILLER_WORDS.has(typed)) {
      display.push(typed);
      continue;
    }
    const edits = options.exact ? 0 : allowedEdits(typed.length);
    const match = vocabulary.closest(typed, edits);
    const word = match ? match.word : options.exact ? typed : (splitCompound(typed, vocabulary) ?? typed);
    if (!match && word === typed) unknown.push(typed);
    if (word !== typed) changed = true;
    display.push(word);
    const wordKind = KIND_WORDS[word];
    if (wordKind) {
      kind = kind && kind !== wordKind ? null : wordKind;
      continue;
    }
    // A rare known word close to a much commoner one ("lin", a name, and "line", a style) may be either.
    const weight = vocabulary.weightOf(word);
    const neighbour = word === typed && !options.exact ? vocabulary.heavierNeighbour(word, edits, weight * MUCH_COMMONER + 1) : null;
    tokens.push({ typed, word, corrected: word !== typed, orWithPrevious: afterOr, ...(neighbour ? { neighbour: neighbour.word } : {}) });
    afterOr = false;
  }

  const groups: string[][][] = [];
  for (let i = 0; i < tokens.length; ) {
    const synonym = longestSynonymAt(tokens, i);
    const span = synonym ? synonym.key.length : 1;
    const token = tokens[i]!;
    const alternatives = synonym ? synonym.alternatives.map((a) => [...a]) : [token.word.split(' '), ...(token.neighbour ? [[token.neighbour]] : [])];
    // A corrected word also matches as typed: the correction must not hide a bio that uses it.
    for (const t of tokens.slice(i, i + span)) if (t.corrected) alternatives.push([t.typed]);
    const previous = groups.at(-1);
    if (token.orWithPrevious && previous) previous.push(...alternatives);
    else groups.push(alternatives);
    i += span;
  }
  return { groups, kind, corrected: changed ? display.join(' ') : null, unknown };
}

/** Two known words typed as one ("fineline" → "fine line", "neotraditional" → "neo traditional"), else null. */
function splitCompound(typed: string, vocabulary: Vocabulary): string | null {
  for (let i = 3; i <= typed.length - 3; i++) {
    const left = typed.slice(0, i);
    const right = typed.slice(i);
    if (vocabulary.has(left) && vocabulary.has(right)) return `${left} ${right}`;
  }
  return null;
}

function longestSynonymAt(tokens: Token[], start: number) {
  let best: (typeof SYNONYMS)[number] | null = null;
  for (const entry of SYNONYMS) {
    if (best && entry.key.length <= best.key.length) continue;
    if (entry.key.every((w, j) => tokens[start + j]?.word === w)) best = entry;
  }
  return best;
}

/**
 * A suggestion for a search that found nothing even after correction: each word the catalogue
 * does not know replaced by the most similar known word (trigrams). Null when nothing changes.
 */
export function suggestSearch(text: string, vocabulary: Vocabulary): string | null {
  let changed = false;
  const out = words(text).map((typed) => {
    if (FILLER_WORDS.has(typed) || typed.length < 3) return typed;
    const close = vocabulary.closest(typed, allowedEdits(typed.length));
    if (close) return close.word;
    const similar = vocabulary.mostSimilar(typed);
    if (similar && similar !== typed) changed = true;
    return similar ?? typed;
  });
  return changed ? out.join(' ') : null;
}

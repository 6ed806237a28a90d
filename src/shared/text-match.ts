/**
 * Text matching without I/O, shared by the search API (typo correction of a query against the
 * catalogue's words) and the pages (place suggestions while typing): folding, edit distance,
 * trigram similarity and a vocabulary that finds the closest known word quickly.
 */

/** Lower case, accents and punctuation removed, single spaces: "São Paulo" → "sao paulo", "O’Connell" → "o connell". */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The folded words of a text. */
export function words(s: string): string[] {
  const folded = fold(s);
  return folded ? folded.split(' ') : [];
}

/**
 * Damerau–Levenshtein distance in its optimal-string-alignment form (insert, delete,
 * substitute, swap of two neighbours — "fien" is one edit from "fine"). With `max`, stops as soon
 * as the answer must exceed it and returns max + 1.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Edits a word of this length may be away from a known word and still be corrected to it: none below 3 letters, 1 up to 5, 2 from 6. */
export function allowedEdits(length: number): number {
  return length < 3 ? 0 : length <= 5 ? 1 : 2;
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity of two words: shared trigrams over all trigrams (0 to 1). */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Every string made by deleting up to `depth` letters of `word` (the word itself included). */
function deletions(word: string, depth: number, out = new Set<string>([word])): Set<string> {
  if (depth === 0 || word.length <= 1) return out;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(shorter)) {
      out.add(shorter);
      deletions(shorter, depth - 1, out);
    }
  }
  return out;
}

export type Correction = { word: string; distance: number };

/**
 * Known words with a weight (how many artists use them, or a fixed weight for style and place
 * names), indexed by their deletions ("symmetric delete"): a word within two edits of a known one
 * shares a deletion with it, so finding the closest word looks up a few dozen strings instead of
 * comparing with every word. Build once per catalogue version; lookups take microseconds.
 */
export class Vocabulary {
  private readonly weights = new Map<string, number>();
  private readonly byDeletion = new Map<string, string[]>();

  constructor(entries: Iterable<readonly [word: string, weight: number]>) {
    for (const [word, weight] of entries) {
      if (!word) continue;
      this.weights.set(word, (this.weights.get(word) ?? 0) + weight);
    }
    for (const word of this.weights.keys()) {
      if (word.length < 3) continue;
      for (const d of deletions(word, 2)) {
        const list = this.byDeletion.get(d);
        if (list) list.push(word);
        else this.byDeletion.set(d, [word]);
      }
    }
  }

  get size(): number {
    return this.weights.size;
  }

  has(word: string): boolean {
    return this.weights.has(word);
  }

  weightOf(word: string): number {
    return this.weights.get(word) ?? 0;
  }

  /** The known word closest to `word` within `maxEdits` (at most 2): fewest edits, then most used, then alphabetical. */
  closest(word: string, maxEdits: number): Correction | null {
    if (this.weights.has(word)) return { word, distance: 0 };
    return this.nearest(word, maxEdits, 0);
  }

  /**
   * For a known word, a different known word within `maxEdits` that weighs at least `minWeight`:
   * "lin" may be someone's name and still be a typo of the style word "line".
   */
  heavierNeighbour(word: string, maxEdits: number, minWeight: number): Correction | null {
    return this.nearest(word, maxEdits, minWeight);
  }

  private nearest(word: string, maxEdits: number, minWeight: number): Correction | null {
    const limit = Math.min(maxEdits, 2);
    if (limit <= 0 || word.length < 3) return null;
    let best: Correction | null = null;
    let bestWeight = 0;
    const seen = new Set<string>([word]);
    for (const d of deletions(word, limit)) {
      for (const candidate of this.byDeletion.get(d) ?? []) {
        if (seen.has(candidate)) continue;
        seen.add(candidate);
        const weight = this.weights.get(candidate) ?? 0;
        if (weight < minWeight) continue;
        const distance = editDistance(word, candidate, limit);
        if (distance > limit) continue;
        if (!best || distance < best.distance || (distance === best.distance && (weight > bestWeight || (weight === bestWeight && candidate < best.word)))) {
          best = { word: candidate, distance };
          bestWeight = weight;
        }
      }
    }
    return best;
  }

  /**
   * A known word for a far-off one (a suggestion, not a correction): the most similar by
   * trigrams, at least `minSimilarity`. Compares with every word: only for searches that found nothing.
   */
  mostSimilar(word: string, minSimilarity = 0.3): string | null {
    let best: string | null = null;
    let bestScore = minSimilarity;
    for (const [candidate, weight] of this.weights) {
      if (candidate.length < 3 || Math.abs(candidate.length - word.length) > Math.max(3, word.length)) continue;
      const score = trigramSimilarity(word, candidate);
      if (score > bestScore || (score === bestScore && best !== null && weight > (this.weights.get(best) ?? 0))) {
        best = candidate;
        bestScore = score;
      }
    }
    return best;
  }
}

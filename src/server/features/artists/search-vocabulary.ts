import { sql } from 'drizzle-orm';
import { KIND_WORDS, STYLE_NAMES, SYNONYMS } from '../../../shared/search-synonyms.ts';
import { fold, Vocabulary, words } from '../../../shared/text-match.ts';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * The words a search can be corrected to: style names, synonym keys and kind words (fixed), plus
 * every word of an artist's name and every artist city (from the database). Places no artist lists
 * are left out: in the text query they could only match a bio, and as corrections they would steal
 * names ("Qill" → "Hill" of Capitol Hill rather than "Quill"). The City field resolves places. Built
 * once per catalogue version (the version search pages are reused by, decision 0008) and kept per
 * database, so a search corrects its words in memory and runs one exact SQL search.
 */
export type CatalogueWords = {
  version: number;
  vocabulary: Vocabulary;
  /** Artist cities as stored, by folded name ("sao paulo" → "São Paulo"). */
  cities: Map<string, string>;
};

/** Fixed words weigh more than names, so "lin" becomes "line" (a style) before "lina" (one artist's name). */
const STYLE_WEIGHT = 1_000_000;
/** Cities weigh more than names: "Portlnd" is Portland before it is someone called Portlund. */
const PLACE_WEIGHT = 1_000;

const FIXED_WORDS: Array<[string, number]> = [
  ...STYLE_NAMES.flatMap((name) => words(name).map((w): [string, number] => [w, STYLE_WEIGHT])),
  ...SYNONYMS.flatMap((s) => s.key.map((w): [string, number] => [w, STYLE_WEIGHT])),
  ...Object.keys(KIND_WORDS).map((w): [string, number] => [w, STYLE_WEIGHT]),
];

const loaded = new WeakMap<Db, Promise<CatalogueWords>>();

/** The words at `version` (read by the caller before it searches), loading them when the catalogue changed. */
export async function catalogueWords(db: Db, version: number): Promise<CatalogueWords> {
  const current = loaded.get(db);
  if (current) {
    const words = await current;
    if (words.version >= version) return words;
    // Another search may have started the reload already.
    const again = loaded.get(db);
    if (again && again !== current) {
      const reloaded = await again;
      if (reloaded.version >= version) return reloaded;
    }
  }
  const loading = load(db, version);
  loaded.set(db, loading);
  // A failed load is not kept: the next search tries again.
  loading.catch(() => {
    if (loaded.get(db) === loading) loaded.delete(db);
  });
  return loading;
}

/**
 * The words loaded last, whatever their version (loading them at `currentVersion()` when none
 * are): a search that reads the catalogue version in its own statement checks them afterwards
 * and calls catalogueWords() with that version when they are older.
 */
export async function loadedCatalogueWords(db: Db, currentVersion: () => Promise<number>): Promise<CatalogueWords> {
  const current = loaded.get(db);
  return current ?? catalogueWords(db, await currentVersion());
}

async function load(db: Db, version: number): Promise<CatalogueWords> {
  const [nameWords, cityRows] = await Promise.all([
    queryRows<{ word: string; n: number }>(
      db,
      sql`SELECT w AS word, count(*)::int AS n FROM artist_profiles a, regexp_split_to_table(lower(a.display_name), '[^[:alnum:]]+') AS w WHERE w <> '' GROUP BY w`,
    ),
    queryRows<{ city: string; n: number }>(db, sql`SELECT city, count(*)::int AS n FROM artist_profiles GROUP BY city`),
  ]);
  const cities = new Map<string, string>();
  const entries: Array<[string, number]> = [...FIXED_WORDS];
  for (const r of nameWords) for (const w of words(r.word)) entries.push([w, Number(r.n)]);
  for (const r of cityRows) {
    cities.set(fold(r.city), r.city);
    for (const w of words(r.city)) entries.push([w, Number(r.n) + PLACE_WEIGHT]);
  }
  return { version, vocabulary: new Vocabulary(entries), cities };
}

import { sql } from 'drizzle-orm';
import { DEFAULT_RADIUS_KM, SEARCH_COUNT_LIMIT, type TArtistListItem, type TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import { preparedSql, type Db } from '../../db/client.ts';
import { SharedRead } from '../../db/shared-read.ts';
import { extendCard, presentListItem, withKnownJson, type Row } from './search-card.ts';

/**
 * The catalogue as search reads it, kept in memory per database (decision 0031): every artist's
 * card, filters and text-search lexemes, with posting lists by lexeme, style and city. A search
 * without availability dates is answered from here after one small statement (the catalogue
 * version, and the stems of any phrase not seen before), instead of planning and running a search
 * statement per query: planning alone cost PostgreSQL about 1 ms a search.
 *
 * Fresh: each write of an artist row takes the next catalogue version as its `catalogue_seq`
 * (migration 0035), so when the version moves the index reads only the rows written since. A
 * deleted row, or a studio changed (its name is on many cards), moves the `epoch`: everything is
 * read again. A search waits for the index to reach the version it read, so a change shows at once.
 *
 * Same answers as SQL: text matches follow PostgreSQL's own rules for the tsquery buildArtistSearch
 * sends (`plainto_tsquery('english', p) || plainto_tsquery('simple', p)` per alternative, with the
 * lexemes from PostgreSQL itself), and search-index.test.ts checks pages against the statement.
 */

/** Shared with the search statement (search.ts), so both compute the same boxes and sort keys. */
export const KM_PER_DEGREE_LAT = 111.32;
/** Added to the rating of artists whose card matches a text query, so they come before bio-only matches. */
export const CARD_MATCH = 10;
/** Phrases whose lexemes are kept per database; past it the map starts again. */
const STEM_CACHE_MAX = 50_000;
/**
 * A best-rated-first search over more candidates than this walks the catalogue in rating order and
 * stops after a page; over fewer it sorts them.
 */
const RATING_WALK_BELOW = 2_000;

type Entry = {
  /** The result card as the API shows it (without a distance), made once per artist. */
  item: TArtistListItem;
  id: string;
  kind: Row['kind'];
  styleSlugs: string[];
  cityLower: string;
  verified: boolean;
  ratingSort: number;
  ratingCount: number;
  /** rating_sum / rating_count, null when unrated (the minRating filter). */
  ratingAverage: number | null;
  depositFrom: number | null;
  lat: number;
  lng: number;
  /** What an availability search applies to the artist's free days at read time (free-days-index.ts). */
  minNoticeHours: number;
  maxAdvanceDays: number;
  /** Lexemes of search_head (the card) and search_document (card and bio). */
  head: Set<string>;
  doc: Set<string>;
  /**
   * Per search, how many of the text query's groups the document (and the card) matched so far:
   * `docMark` counts for the search numbered `docStamp` (see markText).
   */
  docStamp: number;
  docMark: number;
  headStamp: number;
  headMark: number;
};

type LoadedRow = Omit<Row, 'sort_key' | 'distance_km' | 'total_count' | 'catalogue_version'> & {
  version: string | number;
  epoch: string | number;
  rating_sort: number | string;
  style_slugs: string[];
  rating_average: number | string | null;
  min_notice_hours: number;
  max_advance_days: number;
  deleted: boolean;
  head: string[];
  doc: string[];
};

/** Where the index reads: every artist, or the ones written after a version. */
const loadRows = preparedSql<LoadedRow>(
  'search_index_rows',
  () => sql`
    SELECT v.version, v.epoch, a.*
    FROM catalogue_version v
    LEFT JOIN (
      SELECT a.id, a.slug, a.display_name, a.kind, a.styles, a.style_slugs, a.city, a.country, a.timezone, a.verified,
             a.rating_sum / nullif(a.rating_count, 0) AS rating_value, a.rating_count, a.rating_sort,
             (a.rating_sum / nullif(a.rating_count, 0))::float8 AS rating_average,
             a.card_price_from_cents AS price_from_cents, a.card_deposit_from_cents AS deposit_from_cents, a.card_thumb_key AS thumb_key,
             a.lat, a.lng, a.min_notice_hours, a.max_advance_days, a.deleted_at IS NOT NULL AS deleted, st.name AS studio_name, u.avatar_key,
             tsvector_to_array(a.search_head) AS head, tsvector_to_array(a.search_document) AS doc
      FROM artist_profiles a
      LEFT JOIN studios st ON st.id = a.studio_id
      LEFT JOIN users u ON u.id = a.user_id
      WHERE a.catalogue_seq > ${sql.placeholder('since')}
    ) a ON true
  `,
);

/** The catalogue version and epoch, with the lexemes of the phrases given (none: one row). */
const versionAndStems = preparedSql<{ version: string | number; epoch: string | number; phrase: string | null; english: string[] | null; simple: string[] | null }>(
  'search_index_version',
  () => sql`
    SELECT v.version, v.epoch, p.phrase,
           tsvector_to_array(to_tsvector('english', p.phrase)) AS english,
           tsvector_to_array(to_tsvector('simple', p.phrase)) AS simple
    FROM catalogue_version v
    LEFT JOIN unnest(${sql.placeholder('phrases')}::text[]) AS p(phrase) ON true
  `,
);

export type Stems = { english: string[]; simple: string[] };

/** Groups that must all match; a group matches when any alternative (words that must all match) does. See interpretSearch. */
export type SearchTerms = string[][][];


export class CatalogueIndex {
  version = -1;
  epoch = -1;
  readonly entries = new Map<string, Entry>();
  /** Artists by lexeme of their document, style slug and lower-case city (each list in no order). */
  private readonly doc = new Map<string, Entry[]>();
  private readonly head = new Map<string, Entry[]>();
  private readonly styles = new Map<string, Entry[]>();
  private readonly cities = new Map<string, Entry[]>();
  /** Artists by whole degree of latitude and longitude (cellOf), for searches near a point. */
  private readonly cells = new Map<number, Entry[]>();
  private ratingOrder: Entry[] | null = null;
  private all: Entry[] | null = null;
  /** Posting lists (of styles and cities) in rating order, made when first walked; emptied on every change. */
  private ratingOrdered = new WeakMap<Entry[], Entry[]>();
  /** Numbers searches, for the marks on entries. */
  stamp = 0;

  /** Best rated first, then by id: the order of sort=rating (rating_sort DESC, id ASC). */
  byRating(): Entry[] {
    this.ratingOrder ??= this.everyone().slice().sort(compareRating);
    return this.ratingOrder;
  }
  /** A posting list of this index (withStyle, inCity) in rating order. */
  inRatingOrder(list: Entry[]): Entry[] {
    let ordered = this.ratingOrdered.get(list);
    if (!ordered) this.ratingOrdered.set(list, (ordered = list.slice().sort(compareRating)));
    return ordered;
  }
  everyone(): Entry[] {
    this.all ??= [...this.entries.values()];
    return this.all;
  }
  withLexeme(lexeme: string): Entry[] {
    return this.doc.get(lexeme) ?? NONE;
  }
  withCardLexeme(lexeme: string): Entry[] {
    return this.head.get(lexeme) ?? NONE;
  }
  withStyle(slug: string): Entry[] {
    return this.styles.get(slug) ?? NONE;
  }
  inCity(cityLower: string): Entry[] {
    return this.cities.get(cityLower) ?? NONE;
  }
  /** Everyone in the cells that cover a box (every artist inside it, and some near it); null when the box spans too many cells. */
  inBox(south: number, north: number, west: number, east: number): Entry[] | null {
    const [s, n, w, e] = [Math.floor(south), Math.floor(north), Math.floor(west), Math.floor(east)];
    if ((n - s + 1) * (e - w + 1) > MAX_BOX_CELLS) return null;
    const out: Entry[] = [];
    for (let lat = s; lat <= n; lat++) for (let lng = w; lng <= e; lng++) for (const entry of this.cells.get(cellKey(lat, lng)) ?? NONE) out.push(entry);
    return out;
  }

  apply(rows: LoadedRow[]): void {
    for (const r of rows) {
      if (r.id === null) continue;
      const old = this.entries.get(r.id);
      if (old) this.remove(old);
      if (r.deleted) continue;
      this.add(toEntry(r));
    }
    this.ratingOrder = null;
    this.all = null;
    this.ratingOrdered = new WeakMap();
  }

  private add(e: Entry) {
    this.entries.set(e.id, e);
    for (const l of e.doc) post(this.doc, l, e);
    for (const l of e.head) post(this.head, l, e);
    for (const s of e.styleSlugs) post(this.styles, s, e);
    post(this.cities, e.cityLower, e);
    post(this.cells, cellOf(e), e);
  }

  private remove(e: Entry) {
    this.entries.delete(e.id);
    for (const l of e.doc) unpost(this.doc, l, e);
    for (const l of e.head) unpost(this.head, l, e);
    for (const s of e.styleSlugs) unpost(this.styles, s, e);
    unpost(this.cities, e.cityLower, e);
    unpost(this.cells, cellOf(e), e);
  }
}

const NONE: Entry[] = [];
/** A box over more cells than this (a radius of hundreds of km far north) is searched by looking at everyone. */
const MAX_BOX_CELLS = 64;
const cellKey = (lat: number, lng: number) => (lat + 90) * 1000 + (lng + 180);
const cellOf = (e: Entry) => cellKey(Math.floor(e.lat), Math.floor(e.lng));

function post<K>(map: Map<K, Entry[]>, key: K, e: Entry) {
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
}
function unpost<K>(map: Map<K, Entry[]>, key: K, e: Entry) {
  const list = map.get(key);
  if (!list) return;
  const at = list.indexOf(e);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) map.delete(key);
}

const compareRating = (a: Entry, b: Entry) => b.ratingSort - a.ratingSort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function toEntry(r: LoadedRow): Entry {
  // The card without a distance (a search near a point adds its own), serialized once.
  const item = presentListItem({ ...r, distance_km: null, sort_key: 0 });
  return {
    item: withKnownJson(item, JSON.stringify(item)),
    id: r.id,
    kind: r.kind,
    styleSlugs: r.style_slugs,
    cityLower: r.city.toLowerCase(),
    verified: r.verified,
    ratingSort: Number(r.rating_sort),
    ratingCount: Number(r.rating_count),
    ratingAverage: r.rating_average === null ? null : Number(r.rating_average),
    depositFrom: r.deposit_from_cents === null ? null : Number(r.deposit_from_cents),
    lat: Number(r.lat),
    lng: Number(r.lng),
    minNoticeHours: Number(r.min_notice_hours),
    maxAdvanceDays: Number(r.max_advance_days),
    head: new Set(r.head ?? []),
    doc: new Set(r.doc ?? []),
    docStamp: 0,
    docMark: 0,
    headStamp: 0,
    headMark: 0,
  };
}

type VersionRead = { version: number; epoch: number; stems: Map<string, Stems> };
type Held = { index: CatalogueIndex; refreshing: Promise<void> | null; stems: Map<string, Stems>; versionRead: SharedRead<string[], VersionRead> };
const held = new WeakMap<Db, Held>();

function heldFor(db: Db): Held {
  let h = held.get(db);
  if (!h) {
    const stems = new Map<string, Stems>();
    // One statement for the searches that wait together: the version, and the stems of all their new phrases.
    const versionRead = new SharedRead<string[], VersionRead>(async (asked) => {
      const rows = await versionAndStems(db, { phrases: [...new Set(asked.flat())] });
      const read = new Map<string, Stems>();
      for (const r of rows) if (r.phrase !== null) read.set(r.phrase, { english: r.english ?? [], simple: r.simple ?? [] });
      if (stems.size + read.size > STEM_CACHE_MAX) stems.clear();
      for (const [phrase, found] of read) stems.set(phrase, found);
      return { version: Number(rows[0]?.version ?? 0), epoch: Number(rows[0]?.epoch ?? 0), stems: read };
    });
    held.set(db, (h = { index: new CatalogueIndex(), refreshing: null, stems, versionRead }));
  }
  return h;
}

/**
 * The catalogue version and epoch now, and the lexemes of each phrase (read from the database the
 * first time a phrase is seen): one statement, shared by the searches that wait for it together
 * (SharedRead: each one's statement starts after it asked). The stems a search relies on are taken
 * from the cache before it waits and from its read after, so emptying the cache never loses them.
 */
export async function readVersionAndStems(db: Db, phrases: string[]): Promise<VersionRead> {
  const h = heldFor(db);
  const stems = new Map<string, Stems>();
  const missing: string[] = [];
  for (const p of phrases) {
    const cached = h.stems.get(p);
    if (cached) stems.set(p, cached);
    else missing.push(p);
  }
  const read = await h.versionRead.run(missing);
  for (const p of missing) {
    const found = read.stems.get(p);
    if (found) stems.set(p, found);
  }
  return { version: read.version, epoch: read.epoch, stems };
}

/** Reads the catalogue into the index now (at start), so the first search does not wait for it; resolves with the number of artists. */
export async function warmSearchIndex(db: Db): Promise<number> {
  const { version, epoch } = await readVersionAndStems(db, []);
  return (await catalogueIndexAt(db, version, epoch)).entries.size;
}

/** The index at `version` or later (and at `epoch`), reading what changed since it was last read. */
export async function catalogueIndexAt(db: Db, version: number, epoch: number): Promise<CatalogueIndex> {
  const h = heldFor(db);
  for (;;) {
    if (h.index.version >= version && h.index.epoch >= epoch) return h.index;
    if (h.refreshing) {
      await h.refreshing;
      continue;
    }
    const refreshing = refresh(db, h);
    h.refreshing = refreshing;
    try {
      await refreshing;
    } finally {
      h.refreshing = null;
    }
  }
}

async function refresh(db: Db, h: Held): Promise<void> {
  let index = h.index;
  let rows = await loadRows(db, { since: index.version < 0 ? -1 : index.version });
  if (index.version >= 0 && Number(rows[0]?.epoch ?? 0) !== index.epoch) {
    // A row was deleted or a studio changed since: read everything again into a new index.
    index = h.index = new CatalogueIndex();
    rows = await loadRows(db, { since: -1 });
  }
  index.apply(rows);
  index.version = Number(rows[0]?.version ?? 0);
  index.epoch = Number(rows[0]?.epoch ?? 0);
}

/** A text query as lexemes: groups (all must match) of alternatives (any), each English or simple lexemes. */
export type LexemeTerms = Stems[][];

/** The phrases of a text query whose lexemes a search needs (readVersionAndStems). */
export function phrasesOf(terms: SearchTerms | null): string[] {
  return terms ? terms.flatMap((group) => group.map((alternative) => alternative.join(' '))) : [];
}

export function lexemeTerms(terms: SearchTerms, stems: Map<string, Stems>): LexemeTerms {
  return terms.map((group) => group.map((alternative) => stems.get(alternative.join(' ')) ?? { english: [], simple: [] }));
}

/**
 * A text query as PostgreSQL evaluates `doc @@ (g1 && g2 …)` with each group `(alt1 || alt2 …)` and
 * each alternative `plainto_tsquery('english', p) || plainto_tsquery('simple', p)`: an empty
 * operand (a phrase of stop words) gives the other operand, so empty parts and groups drop out;
 * a query left empty matches nothing. Each part is lexemes that must all be present.
 */
type TextQuery = { groups: string[][][] };

function compileText(terms: LexemeTerms): TextQuery {
  const groups: string[][][] = [];
  for (const group of terms) {
    const parts = new Map<string, string[]>();
    for (const alternative of group) {
      for (const lexemes of [alternative.english, alternative.simple]) if (lexemes.length > 0) parts.set(lexemes.join(' '), lexemes);
    }
    if (parts.size > 0) groups.push([...parts.values()]);
  }
  return { groups };
}

/**
 * Marks the entries whose document (`card`: whose card) matches the text, and returns them. The
 * group with the fewest candidates goes first, read from the postings of each part's rarest
 * lexeme; each later group keeps those of the survivors it matches — by looking up their lexemes
 * when they are few, else by reading its postings and keeping the marked ones. An entry's mark is
 * the number of groups it has matched in this search (`stamp`).
 */
function markText(index: CatalogueIndex, text: TextQuery, stamp: number, card: boolean): Entry[] {
  const postings = (l: string) => (card ? index.withCardLexeme(l) : index.withLexeme(l));
  const markOf = (e: Entry) => (card ? (e.headStamp === stamp ? e.headMark : 0) : e.docStamp === stamp ? e.docMark : 0);
  const setMark = (e: Entry, mark: number) => {
    if (card) [e.headStamp, e.headMark] = [stamp, mark];
    else [e.docStamp, e.docMark] = [stamp, mark];
  };
  const rarest = (part: string[]) => part.reduce<Entry[] | null>((best, l) => (best && best.length <= postings(l).length ? best : postings(l)), null) ?? NONE;
  const groups = text.groups.map((parts) => ({ parts, size: parts.reduce((n, part) => n + rarest(part).length, 0) })).sort((a, b) => a.size - b.size);
  let survivors: Entry[] | null = null;
  groups.forEach(({ parts, size }, g) => {
    const next: Entry[] = [];
    if (survivors && survivors.length * parts.length < size) {
      for (const e of survivors) {
        if (hasAnyPart(card ? e.head : e.doc, parts)) {
          setMark(e, g + 1);
          next.push(e);
        }
      }
    } else {
      for (const part of parts) {
        for (const e of rarest(part)) {
          if (markOf(e) !== g) continue;
          if (part.length > 1 && !hasAll(card ? e.head : e.doc, part)) continue;
          setMark(e, g + 1);
          next.push(e);
        }
      }
    }
    survivors = next;
  });
  return survivors ?? NONE;
}

/** Whether every lexeme of the part is in the set (loops, not closures: this runs for every candidate of a text search). */
function hasAll(lexemes: Set<string>, part: string[]): boolean {
  for (let i = 0; i < part.length; i++) if (!lexemes.has(part[i]!)) return false;
  return true;
}
function hasAnyPart(lexemes: Set<string>, parts: string[][]): boolean {
  for (let i = 0; i < parts.length; i++) if (hasAll(lexemes, parts[i]!)) return true;
  return false;
}

type Cursor = { k: number; id: string };

/** What a caller's own filter (searchIndexPage's `accept`) may look at. */
export type IndexArtist = Pick<Entry, 'id' | 'minNoticeHours' | 'maxAdvanceDays'>;
/** One artist of a page: its card, and the statement's sort key and distance (null without `near`). */
export type IndexHit = { readonly id: string; readonly key: number; readonly distance: number | null; readonly item: TArtistListItem; readonly artist: IndexArtist };
export type IndexPage = { hits: IndexHit[]; count: number | null };

/** An IndexHit whose card (with its distance) is made only when asked for: an availability search looks at 500 and shows 24. */
class Hit implements IndexHit {
  private card: TArtistListItem | null = null;
  constructor(
    readonly e: Entry,
    readonly key: number,
    readonly distance: number | null,
  ) {}
  get id(): string {
    return this.e.id;
  }
  get artist(): IndexArtist {
    return this.e;
  }
  get item(): TArtistListItem {
    this.card ??= this.distance === null ? this.e.item : extendCard(this.e.item, { distanceKm: Math.round(this.distance * 10) / 10 });
    return this.card;
  }
}

/** Past this many wanted artists, every match is collected and sorted once instead of kept in order one by one. */
const SORT_ALL_ABOVE = 64;

/**
 * The page GET /api/artists shows for a query without availability dates, read from the index: the
 * artists buildArtistSearch's statement returns for it (one more than `limit`), in its order, and with
 * `count` the number of matches up to SEARCH_COUNT_LIMIT + 1. `accept`: a further filter of the
 * caller's (availability search keeps artists who may be free in its dates), asked only of artists
 * that would make the page otherwise, since it may cost more than the rest; `count` ignores it.
 */
export function searchIndexPage(
  index: CatalogueIndex,
  query: TArtistSearchQuery,
  terms: LexemeTerms | null,
  opts: { limit: number; cursor: Cursor | null; count: boolean; accept?: (artist: IndexArtist) => boolean },
): IndexPage {
  const text = terms && terms.length ? compileText(terms) : null;
  if (text && text.groups.length === 0) return { hits: [], count: opts.count ? 0 : null };
  const stamp = ++index.stamp;
  const textMatches = text ? markText(index, text, stamp, false) : null;
  const groups = text ? text.groups.length : 0;

  let nearLat = 0;
  let nearLng = 0;
  let radius = 0;
  let dLat = 0;
  let dLng = 0;
  if (query.near) {
    [nearLat, nearLng] = query.near;
    radius = query.radiusKm ?? DEFAULT_RADIUS_KM;
    dLat = radius / KM_PER_DEGREE_LAT;
    dLng = radius / (KM_PER_DEGREE_LAT * Math.max(Math.cos((nearLat * Math.PI) / 180), 0.01));
  }
  const near = Boolean(query.near);
  const cityLower = query.city?.toLowerCase();
  const { kind, style, verified, minRating, maxDeposit } = query;
  const { accept } = opts;

  /** The statement's WHERE, text included; the distance when `near` (else 0), or -1 when it does not match. */
  const distanceIfMatch = (e: Entry): number => {
    if (kind && e.kind !== kind && e.kind !== 'both') return -1;
    if (style && !e.styleSlugs.includes(style)) return -1;
    if (cityLower !== undefined && e.cityLower !== cityLower) return -1;
    if (verified && !e.verified) return -1;
    if (minRating !== undefined && !(e.ratingCount > 0 && e.ratingAverage !== null && e.ratingAverage >= minRating)) return -1;
    if (maxDeposit !== undefined && !(e.depositFrom !== null && e.depositFrom <= maxDeposit)) return -1;
    let distance = 0;
    if (near) {
      if (e.lat < nearLat - dLat || e.lat > nearLat + dLat) return -1;
      if (dLng < 180 && (e.lng < nearLng - dLng || e.lng > nearLng + dLng)) return -1;
      distance = haversineKm(nearLat, nearLng, e.lat, e.lng);
      if (!(distance <= radius)) return -1;
    }
    if (text && !(e.docStamp === stamp && e.docMark === groups)) return -1;
    return distance;
  };

  const sort = query.sort ?? (text ? 'relevance' : near ? 'distance' : 'rating');
  const byDistance = sort === 'distance' && near;
  const cardFirst = text !== null && sort === 'relevance';
  if (cardFirst) markText(index, text, stamp, true);
  const keyOf = (e: Entry, distance: number): number => (byDistance ? distance : cardFirst && e.headStamp === stamp && e.headMark === groups ? CARD_MATCH + e.ratingSort : e.ratingSort);
  /** Whether a comes before b: the statement's ORDER BY sort_key (ASC for distance, else DESC), id ASC. */
  const before = (aKey: number, aId: string, bKey: number, bId: string) => (aKey !== bKey ? (byDistance ? aKey < bKey : aKey > bKey) : aId < bId);
  const cursor = opts.cursor;
  const wanted = opts.limit + 1;

  // The smallest list the answer must come from; `posted`: it is one of the index's own lists.
  let source: Entry[] | null = textMatches;
  let posted = false;
  const narrow = (list: Entry[] | null, own: boolean) => {
    if (list && (!source || list.length < source.length)) [source, posted] = [list, own];
  };
  if (style) narrow(index.withStyle(style), true);
  if (cityLower !== undefined) narrow(index.inCity(cityLower), true);
  // The box the statement checks first (when it checks longitude: not past ±180°).
  if (near && dLng < 180) narrow(index.inBox(nearLat - dLat, nearLat + dLat, nearLng - dLng, nearLng + dLng), false);

  const sortAll = wanted > SORT_ALL_ABOVE;
  // Best rated first: walk the candidates in that order and stop once the page (and the count) is
  // had — a style's or a city's artists in their rating order, other candidates when they are many
  // or many are wanted (through everyone, in rating order), else sorted below.
  const from: Entry[] | null = source;
  const walk = byDistance || cardFirst ? null : !from ? index.byRating() : posted ? index.inRatingOrder(from) : from.length > RATING_WALK_BELOW || sortAll ? index.byRating() : null;
  if (walk) {
    const page: Hit[] = [];
    let counted = 0;
    for (const e of walk) {
      const distance = distanceIfMatch(e);
      if (distance < 0) continue;
      counted++;
      if (page.length < wanted && (!cursor || before(cursor.k, cursor.id, e.ratingSort, e.id)) && (!accept || accept(e))) page.push(new Hit(e, e.ratingSort, near ? distance : null));
      if (page.length >= wanted && (!opts.count || counted > SEARCH_COUNT_LIMIT)) break;
    }
    return { hits: page, count: opts.count ? Math.min(counted, SEARCH_COUNT_LIMIT + 1) : null };
  }

  // Otherwise every match is looked at: the first `wanted` after the cursor are kept, in order.
  const top: Hit[] = [];
  let counted = 0;
  for (const e of source ?? index.everyone()) {
    const distance = distanceIfMatch(e);
    if (distance < 0) continue;
    counted++;
    const key = keyOf(e, distance);
    if (cursor && !before(cursor.k, cursor.id, key, e.id)) continue;
    if (sortAll) {
      top.push(new Hit(e, key, near ? distance : null));
      continue;
    }
    if (top.length === wanted) {
      const last = top[wanted - 1]!;
      if (!before(key, e.id, last.key, last.e.id)) continue;
      if (accept && !accept(e)) continue;
      top.pop();
    } else if (accept && !accept(e)) continue;
    let at = top.length;
    while (at > 0 && before(key, e.id, top[at - 1]!.key, top[at - 1]!.e.id)) at--;
    top.splice(at, 0, new Hit(e, key, near ? distance : null));
  }
  if (sortAll) {
    top.sort((a, b) => (before(a.key, a.e.id, b.key, b.e.id) ? -1 : 1));
    const kept: IndexHit[] = [];
    for (const h of top) {
      if (kept.length === wanted) break;
      if (!accept || accept(h.e)) kept.push(h);
    }
    return { hits: kept, count: opts.count ? Math.min(counted, SEARCH_COUNT_LIMIT + 1) : null };
  }
  return { hits: top, count: opts.count ? Math.min(counted, SEARCH_COUNT_LIMIT + 1) : null };
}

/** The great-circle distance buildArtistSearch computes (same formula, same Earth radius). */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 6371.0 * 2 * Math.asin(Math.sqrt(a));
}

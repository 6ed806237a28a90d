import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ZUuid } from '../../../shared/contracts/input.ts';
import { ARTIST_PAGE_SIZE, DEFAULT_RADIUS_KM, SEARCH_COUNT_LIMIT, type TArtistListItem, type TArtistPage, type TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import { resolvePlace } from '../../../shared/cities.ts';
import { interpretSearch, suggestSearch } from '../../../shared/search-query.ts';
import { editDistance, fold, words } from '../../../shared/text-match.ts';
import type { AppContext } from '../../context.ts';
import { preparedPerDatabase, queryRows, type Db } from '../../db/client.ts';
import { catalogueVersion } from '../../db/schema/index.ts';
import { decodeCursor as decodeKeysetCursor, encodeCursor as encodeKeysetCursor } from '../../http/keyset-cursor.ts';
import { searchByAvailability } from './availability-search.ts';
import { presentListItem, type Row } from './search-card.ts';
import {
  CARD_MATCH,
  catalogueIndexAt,
  KM_PER_DEGREE_LAT,
  lexemeTerms,
  phrasesOf,
  readVersionAndStems,
  searchIndexPage,
  type CatalogueIndex,
  type IndexHit,
  type LexemeTerms,
  type SearchTerms,
} from './search-index.ts';
import { catalogueWords, loadedCatalogueWords, type CatalogueWords } from './search-vocabulary.ts';
import { currentFreeDays } from '../availability/free-days-index.ts';

/** Below this trigram word similarity a name or city does not count as a typo of the query. */
const TRIGRAM_MATCH = 0.45;

/** `typos`: the page came from the typo fallback of a text search (see searchArtists), so the next one does too. */
const ZSearchCursor = z.object({ k: z.number().finite(), id: ZUuid, typos: z.literal(true).optional() });
type Cursor = z.infer<typeof ZSearchCursor>;
export const encodeCursor = (c: Cursor) => encodeKeysetCursor(c);
export const decodeCursor = (raw: string): Cursor => decodeKeysetCursor(raw, ZSearchCursor, 'start the search again');


/**
 * GET /api/artists. The text query is read in memory first (planArtistSearch: typos corrected
 * against the catalogue's words, everyday words expanded to styles, a typed place resolved). The
 * search is then answered from the in-memory index of the catalogue (search-index.ts, decision
 * 0031) after one small statement that reads the catalogue version, with the same answers as the
 * search statement buildArtistSearch() makes (relevance: see relevancePageSql) and keyset
 * pagination on (sort key, id), so pages never skip or repeat while the catalogue grows. The first
 * page also counts the matches, up to SEARCH_COUNT_LIMIT. Availability searches also read each
 * artist's free days from memory (availability-search.ts, decision 0032).
 *
 * Matching names and cities by SQL trigrams runs only when all of that finds nobody: doing it on
 * every search cost more than the rest of the query together.
 */
export async function searchArtists(ctx: AppContext, query: TArtistSearchQuery): Promise<TArtistPage> {
  const { db } = ctx.database;
  // Availability changes with every booking and with the clock: computed each time (availability answers have their own reuse).
  if (isAvailabilitySearch(query)) return (await computePage(ctx, query)).page;
  let cache = pageCaches.get(db);
  if (!cache) pageCaches.set(db, (cache = new Map()));
  const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
  const hit = cache.get(key);
  // A kept page costs one read of the version. A query not kept (most distinct searches) skips
  // that read: its statement returns the version of the very snapshot it read the page from.
  if (hit && hit.version === (await catalogueVersionOf(db))) return hit.page;
  const computed = await computePage(ctx, query);
  if (cache.size >= PAGE_CACHE_MAX) cache.clear();
  cache.set(key, computed);
  return computed.page;
}


const isAvailabilitySearch = (query: TArtistSearchQuery) => query.sort === 'soonest' || Boolean(query.availableFrom || query.availableTo);

export type SearchPlan = {
  /** The query as the database runs it: a kind named in the text applied, a place turned into a city or a radius. */
  query: TArtistSearchQuery;
  /** The text query's terms, null without one. */
  terms: SearchTerms | null;
  /** What the answer tells the user about how it read their query. */
  notes: Pick<TArtistPage, 'place' | 'unknownPlace'> & { correctedQuery?: string };
};

/** Reads the text query and the typed place against the catalogue's words (no I/O). */
export function planArtistSearch(query: TArtistSearchQuery, known: CatalogueWords): SearchPlan {
  const effective: TArtistSearchQuery = { ...query };
  const notes: SearchPlan['notes'] = {};
  let terms: SearchTerms | null = null;
  if (query.q) {
    const read = interpretSearch(query.q, known.vocabulary, { exact: query.exact === true });
    terms = read.groups.length ? read.groups : null;
    if (!effective.kind && read.kind) effective.kind = read.kind;
    if (read.corrected) notes.correctedQuery = read.corrected;
  }
  if (query.city) {
    const typed = fold(query.city);
    const stored = known.cities.get(typed);
    const resolved = stored ? null : resolvePlace(query.city);
    if (stored) effective.city = stored;
    else if (resolved) {
      const { place, exact } = resolved;
      const cityName = place.kind === 'city' ? known.cities.get(fold(place.name)) : undefined;
      if (cityName) {
        effective.city = cityName;
        notes.place = { label: place.label, lat: place.lat, lng: place.lng, radiusKm: null, exact };
      } else {
        // An area, or a city no artist lists: artists within its radius. The visitor's own location, when shared, wins.
        delete effective.city;
        if (!query.near) {
          effective.near = [place.lat, place.lng];
          effective.radiusKm = query.radiusKm ?? place.radiusKm;
        }
        notes.place = { label: place.label, lat: place.lat, lng: place.lng, radiusKm: effective.radiusKm ?? DEFAULT_RADIUS_KM, exact };
      }
    } else {
      const near = closestStoredCity(typed, known.cities);
      if (near) effective.city = near;
      else notes.unknownPlace = query.city;
    }
  }
  return { query: effective, terms, notes };
}

/** An artist city (one the bundled list does not know) within a typo of what was typed. */
function closestStoredCity(typed: string, cities: Map<string, string>): string | null {
  const allowed = typed.length < 4 ? 0 : typed.length < 8 ? 1 : 2;
  let best: { name: string; d: number } | null = null;
  for (const [folded, name] of cities) {
    const d = editDistance(typed, folded, allowed);
    if (d <= allowed && (!best || d < best.d)) best = { name, d };
  }
  return best?.name ?? null;
}

/**
 * Search pages kept per database (tests run many in one process), by query, with the catalogue
 * version they were computed at (migration 0009 bumps it on every change search reads, from any
 * process). Searches repeat far more often than profiles change — a style page, the landing
 * filters, the back button — so most answers are one indexed read (decision 0008).
 */
const pageCaches = new WeakMap<Db, Map<string, { version: number; page: TArtistPage }>>();
const PAGE_CACHE_MAX = 2_000;

const catalogueVersionRead = preparedPerDatabase((db) => db.select({ version: catalogueVersion.version }).from(catalogueVersion).prepare('catalogue_version'));
async function catalogueVersionOf(db: Db): Promise<number> {
  const [row] = await catalogueVersionRead(db).execute();
  return Number(row?.version ?? 0);
}

/** The search page computed from the database (searchArtists without reuse). */
export async function computeSearchPage(ctx: AppContext, query: TArtistSearchQuery): Promise<TArtistPage> {
  return (await computePage(ctx, query)).page;
}

/**
 * The page and the catalogue version of the snapshot it was read from (one statement returns
 * both), so a kept page is never newer-versioned than its data (decision 0008). The query is read
 * with the words already loaded; when the statement shows a newer catalogue, the words are
 * reloaded and the page computed again (once per catalogue change, not per search).
 */
async function computePage(ctx: AppContext, query: TArtistSearchQuery): Promise<{ page: TArtistPage; version: number }> {
  const { db } = ctx.database;
  let known = await loadedCatalogueWords(db, () => catalogueVersionOf(db));
  // Bounded: under a stream of catalogue changes the third page is kept with words a change or two old.
  for (let attempt = 1; ; attempt++) {
    const result = await computeWith(ctx, query, known);
    if (result.version <= known.version || attempt === 3) return result;
    known = await catalogueWords(db, result.version);
  }
}

async function computeWith(ctx: AppContext, query: TArtistSearchQuery, known: CatalogueWords): Promise<{ page: TArtistPage; version: number }> {
  const { db } = ctx.database;
  const plan = planArtistSearch(query, known);
  const count = !query.cursor;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const limit = query.limit ?? ARTIST_PAGE_SIZE;
  if (isAvailabilitySearch(query)) {
    // The free days are read at the same time as the version (their own statement: free-days-index.ts).
    const [{ index, terms }, free] = await Promise.all([indexAndTerms(db, plan), currentFreeDays(db)]);
    const page = await searchByAvailability(ctx, index, free, plan.query, terms);
    return { page: { ...page, ...plan.notes }, version: index.version };
  }
  let typos = cursor?.typos === true;
  let version: number;
  let hits: PageHit[];
  let total: number | null;
  if (!typos) {
    const { index, terms } = await indexAndTerms(db, plan);
    const found = searchIndexPage(index, plan.query, terms, { limit, cursor, count });
    [version, hits, total] = [index.version, found.hits, found.count];
  } else {
    [version, hits, total] = await runTypoSearch(ctx, plan, query.cursor, count);
  }
  const notes: Partial<TArtistPage> = { ...plan.notes };
  // An exact search ("Search instead for …") is what was typed: no trigram fallback either.
  if (hits.length === 0 && !query.cursor && !typos && query.q && !query.exact) {
    delete notes.correctedQuery;
    const suggestion = suggestSearch(query.q, known.vocabulary);
    if (suggestion && suggestion !== fold(query.q)) notes.didYouMean = suggestion;
    // The last resort: names and cities within a typo by SQL trigrams (names the vocabulary cannot split well).
    typos = true;
    [version, hits, total] = await runTypoSearch(ctx, plan, undefined, count);
  }
  const page = hits.slice(0, limit);
  const last = page[page.length - 1];
  const result: TArtistPage = {
    items: page.map((hit) => hit.item),
    nextCursor: hits.length > limit && last ? encodeCursor({ k: last.key, id: last.id, ...(typos ? { typos } : {}) }) : null,
    ...notes,
  };
  if (total !== null) result.total = { count: Math.min(total, SEARCH_COUNT_LIMIT), exact: total <= SEARCH_COUNT_LIMIT };
  return { page: result, version };
}

/** The in-memory index at the catalogue version read now (search-index.ts), and the plan's text query as its lexemes. */
async function indexAndTerms(db: Db, plan: SearchPlan): Promise<{ index: CatalogueIndex; terms: LexemeTerms | null }> {
  const read = await readVersionAndStems(db, phrasesOf(plan.terms));
  const index = await catalogueIndexAt(db, read.version, read.epoch);
  return { index, terms: plan.terms ? lexemeTerms(plan.terms, read.stems) : null };
}

/** An artist of a page, from the index or from the trigram fallback. */
type PageHit = Omit<IndexHit, 'artist'>;

/** The trigram fallback (names and cities within a typo), in SQL: the catalogue version, the rows, and the count on a first page. */
async function runTypoSearch(ctx: AppContext, plan: SearchPlan, cursor: string | undefined, count: boolean): Promise<[number, PageHit[], number | null]> {
  const statement = buildArtistSearch(cursor ? { ...plan.query, cursor } : plan.query, { typos: true, terms: plan.terms, count, version: true });
  const [version, rows] = await runSearch(ctx, statement.sql, true);
  const hits = rows.map((r) => ({ id: r.id, key: Number(r.sort_key), distance: r.distance_km === null ? null : Number(r.distance_km), item: presentListItem(r) }));
  return [version, hits, count ? Number(rows[0]?.total_count ?? 0) : null];
}

/** The catalogue version and the artists of a statement built with `version: true` (see withStudios). */
async function runSearch(ctx: AppContext, statement: SQL, typos: boolean): Promise<[number, Row[]]> {
  const split = (rows: Row[]): [number, Row[]] => [Number(rows[0]?.catalogue_version ?? 0), rows.filter((r) => r.id !== null)];
  if (!typos) return split(await queryRows<Row>(ctx.database.db, statement));
  // `<%` takes its threshold from this setting, not from an argument; LOCAL keeps it to this query.
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${TRIGRAM_MATCH}`));
    return split(await queryRows<Row>(tx, statement));
  });
}

/**
 * The statement GET /api/artists runs for a query (one row more than the page, to know whether
 * there is a next page). Exported so the benchmark can run the very same SQL through the driver.
 * `terms`: the text query as planArtistSearch read it (default: each word of `q` as it is).
 * `typos`: match the text query against names and cities within a typo (SQL trigrams) instead of by full text.
 * `count`: also count the matches, up to SEARCH_COUNT_LIMIT + 1, in a `total_count` column of every row.
 * `version`: also read the catalogue version (`catalogue_version`) in the same snapshot; the answer
 * then always has a row, a single one with a null `id` when nobody matches.
 */
export function buildArtistSearch(
  query: TArtistSearchQuery,
  opts: { typos?: boolean; terms?: SearchTerms | null; count?: boolean; version?: boolean } = {},
): { sql: SQL; limit: number } {
  if (query.sort === 'soonest' || query.availableFrom || query.availableTo) {
    throw new Error('Availability is not a filter of this statement: searchArtists answers these queries with searchByAvailability (availability-search.ts).');
  }
  const limit = query.limit ?? ARTIST_PAGE_SIZE;
  // An artist who deleted their account stays only for their clients' bookings (decision 0023).
  const where: SQL[] = [sql`a.deleted_at IS NULL`];
  const q = query.q && query.q.length > 0 ? query.q : null;
  const terms = opts.terms !== undefined ? opts.terms : q ? words(q).map((w) => [[w]]) : null;
  const typos = Boolean(q && opts.typos);
  const tsQuery = terms && terms.length && !typos ? termsTsQuery(terms) : null;

  if (q && typos) {
    // A name or city within a typo of the query: `q <% column` is word_similarity(q, column) of at
    // least pg_trgm.word_similarity_threshold (TRIGRAM_MATCH, which runSearch sets). Unlike a
    // comparison of word_similarity() it can use the trigram indexes.
    where.push(sql`(${q} <% a.display_name OR ${q} <% a.city)`);
  }
  if (query.kind) where.push(sql`a.kind IN (${query.kind}::artist_kind, 'both'::artist_kind)`);
  if (query.style) where.push(sql`a.style_slugs @> ARRAY[${query.style}]::text[]`);
  if (query.city) where.push(sql`lower(a.city) = lower(${query.city})`);
  if (query.verified) where.push(sql`a.verified`);
  if (query.minRating !== undefined) where.push(sql`a.rating_count > 0 AND a.rating_sum / a.rating_count >= ${query.minRating}`);
  if (query.maxDeposit !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM services s WHERE s.artist_id = a.id AND s.active AND s.kind <> 'consultation' AND s.deposit_cents <= ${query.maxDeposit})`);
  }

  let distance: SQL | null = null;
  if (query.near) {
    const [lat, lng] = query.near;
    const radius = query.radiusKm ?? DEFAULT_RADIUS_KM;
    distance = sql`(6371.0 * 2 * asin(sqrt(power(sin(radians(a.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(a.lat)) * power(sin(radians(a.lng - ${lng}) / 2), 2))))`;
    // A bounding box first lets the (lat, lng) index do most of the work; the exact distance decides.
    const dLat = radius / KM_PER_DEGREE_LAT;
    const dLng = radius / (KM_PER_DEGREE_LAT * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
    where.push(sql`a.lat BETWEEN ${lat - dLat} AND ${lat + dLat}`);
    if (dLng < 180) where.push(sql`a.lng BETWEEN ${lng - dLng} AND ${lng + dLng}`);
    where.push(sql`${distance} <= ${radius}`);
  }

  const totalCount = opts.count ? countSql([...where, ...(tsQuery ? [sql`a.search_document @@ ${tsQuery}`] : [])]) : null;
  const sort = query.sort ?? (tsQuery || typos ? 'relevance' : distance ? 'distance' : 'rating');
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (sort === 'relevance' && tsQuery) {
    const page = relevancePageSql({ where, distance, tsQuery, cursor, limit: limit + 1 });
    return { sql: withStudios(page, undefined, totalCount, opts.version), limit };
  }
  if (tsQuery) where.push(sql`a.search_document @@ ${tsQuery}`);

  let sortKey: SQL;
  let direction: 'asc' | 'desc';
  if (sort === 'relevance' && q && typos) {
    sortKey = sql`greatest(word_similarity(${q}, a.display_name), word_similarity(${q}, a.city))::float8`;
    direction = 'desc';
  } else if (sort === 'distance' && distance) {
    sortKey = sql`${distance}::float8`;
    direction = 'asc';
  } else {
    // Rating, and relevance without a text query: best rated first; unrated artists last.
    sortKey = RATING;
    direction = 'desc';
  }
  if (cursor) where.push(direction === 'desc' ? after(sortKey, cursor) : sql`(${sortKey} > ${cursor.k} OR (${sortKey} = ${cursor.k} AND a.id > ${cursor.id}::uuid))`);

  const order = direction === 'desc' ? sql`sort_key DESC, a.id ASC` : sql`sort_key ASC, a.id ASC`;
  const page = pageSql({ where, distance, sortKey, order, limit: limit + 1 });
  return { sql: withStudios(page, order, totalCount, opts.version), limit };
}

/**
 * Terms as one tsquery: groups joined by AND, alternatives by OR. Each alternative is read both
 * as English (styles and bios are stemmed) and as plain words (names and cities are not).
 */
function termsTsQuery(terms: SearchTerms): SQL {
  const alternative = (phrase: string) => sql`plainto_tsquery('english', ${phrase}) || plainto_tsquery('simple', ${phrase})`;
  const group = (alternatives: string[][]) => sql`(${sql.join(alternatives.map((a) => alternative(a.join(' '))), sql` || `)})`;
  return sql`(${sql.join(terms.map(group), sql` && `)})`;
}

/**
 * How many artists match, counted up to SEARCH_COUNT_LIMIT + 1 (past it the page says "1,000+"):
 * the count stops there, so a broad search costs a bounded index read, not a count of everything.
 */
function countSql(where: SQL[]): SQL {
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  return sql`(SELECT count(*) FROM (SELECT 1 FROM artist_profiles a ${whereSql} LIMIT ${SEARCH_COUNT_LIMIT + 1}) matches)`;
}

/** The average rating, 0 when unrated: a stored column indexed in this order, (rating_sort DESC, id) (migration 0006). */
const RATING = sql`a.rating_sort`;

/** Rows after the cursor in a descending (key, then id ascending) order. */
const after = (key: SQL, c: Cursor) => sql`(${key} < ${c.k} OR (${key} = ${c.k} AND a.id > ${c.id}::uuid))`;

/**
 * Relevance for a full-text query: artists whose card (name, styles, city, country:
 * search_head) matches, then those matched only through their bio; best rated first within
 * each. Each part is read in rating order and stops after a page (scoring every match with
 * ts_rank cost most of the time of a broad query such as a style name); the bio part is not read
 * at all when the card part fills the page. The sort key is the rating plus CARD_MATCH for a
 * card match, so one cursor pages across both parts.
 */
function relevancePageSql(opts: { where: SQL[]; distance: SQL | null; tsQuery: SQL; cursor: Cursor | null; limit: number }): SQL {
  const { where, distance, tsQuery, cursor, limit } = opts;
  const cardKey = sql`(${CARD_MATCH} + ${RATING})`;
  const indexOrder = sql`${RATING} DESC, a.id ASC`;
  const bioWhere = [...where, sql`a.search_document @@ ${tsQuery}`, sql`NOT (a.search_head @@ ${tsQuery})`];
  if (cursor && cursor.k < CARD_MATCH) {
    return pageSql({ where: [...bioWhere, after(RATING, cursor)], distance, sortKey: RATING, order: indexOrder, limit });
  }
  const card = pageSql({ where: [...where, sql`a.search_head @@ ${tsQuery}`, ...(cursor ? [after(cardKey, cursor)] : [])], distance, sortKey: cardKey, order: indexOrder, limit });
  const bio = pageSql({ where: [...bioWhere, sql`(SELECT count(*) FROM card) < ${limit}`], distance, sortKey: RATING, order: indexOrder, limit });
  return sql`
    WITH card AS MATERIALIZED (${card})
    SELECT * FROM card
    UNION ALL
    (${bio})
    ORDER BY sort_key DESC, id ASC
    LIMIT ${limit}
  `;
}

/**
 * One page of result cards, from artist_profiles alone: prices, deposit and photo are kept on the
 * profile by triggers (migration 0006), so choosing and filling a page reads no other table.
 */
function pageSql(opts: { where: SQL[]; distance: SQL | null; sortKey: SQL; order: SQL; limit: number }): SQL {
  const whereSql = opts.where.length ? sql`WHERE ${sql.join(opts.where, sql` AND `)}` : sql``;
  return sql`
    SELECT a.id, a.slug, a.display_name, a.kind, a.styles, a.city, a.country, a.timezone, a.verified, a.studio_id, a.user_id,
           a.rating_sum / nullif(a.rating_count, 0) AS rating_value, a.rating_count,
           a.card_price_from_cents AS price_from_cents, a.card_deposit_from_cents AS deposit_from_cents, a.card_thumb_key AS thumb_key, a.lat, a.lng,
           ${opts.distance ?? sql`NULL::float8`} AS distance_km,
           ${opts.sortKey} AS sort_key
    FROM artist_profiles a
    ${whereSql}
    ORDER BY ${opts.order}
    LIMIT ${opts.limit}
  `;
}

/** The page with its studio names and avatars (and the match count, when asked); joined after the page is cut, so only for the rows shown. */
function withStudios(page: SQL, order: SQL = sql`sort_key DESC, a.id ASC`, totalCount: SQL | null = null, version = false): SQL {
  const cards = sql`
    SELECT a.*, st.name AS studio_name, u.avatar_key
           ${totalCount ? sql`, ${totalCount} AS total_count` : sql``}
    FROM (${page}) a
    LEFT JOIN studios st ON st.id = a.studio_id
    LEFT JOIN users u ON u.id = a.user_id
    ORDER BY ${order}
  `;
  if (!version) return cards;
  // The version row joined to the page: read in the statement's snapshot, and present when no artist matches.
  return sql`
    SELECT v.version AS catalogue_version, a.*
    FROM catalogue_version v
    LEFT JOIN (${cards}) a ON true
    ORDER BY ${order}
  `;
}

export async function searchArtistsInStudio(ctx: AppContext, studioId: string): Promise<TArtistListItem[]> {
  const order = sql`a.display_name ASC, a.id ASC`;
  const page = pageSql({ where: [sql`a.studio_id = ${studioId}::uuid`], distance: null, sortKey: sql`a.display_name`, order, limit: 200 });
  const rows = await queryRows<Row>(ctx.database.db, withStudios(page, order));
  return rows.map(presentListItem);
}


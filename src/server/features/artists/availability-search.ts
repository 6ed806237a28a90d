import { ARTIST_PAGE_SIZE, type TArtistPage, type TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { freeDaysSearch, refreshFreeDays } from '../availability/free-days.ts';
import { firstFreeSlots, type FirstSlotRange } from '../availability/service.ts';
import { buildArtistSearch, decodeCursor, encodeCursor, searchCardsByIds } from './search.ts';
import { presentListItem, type Row } from './search-card.ts';
import type { SearchTerms } from './search-index.ts';

/**
 * GET /api/artists with `sort=soonest` or `availableFrom` / `availableTo`. Each candidate's first
 * free slot comes from its precomputed free days, read in the search statement itself
 * (free-days.ts); only artists those cannot answer — a schedule changed since they were computed,
 * or a day whose free time straddles the notice cut-off — go through the slot engine, and stale
 * rows are recomputed on the way. So:
 *
 * - sort=soonest: the best 500 candidates by the other criteria (relevance with a text query,
 *   distance near a point, else rating) are ranked by first free slot, artists without one last;
 *   pages are cut from that ranking with a cursor over (first slot, id).
 * - a date range with another sort: the statement keeps only artists who may be free in the range,
 *   in SQL order (the page and a quarter more first, then 100 at a time); one request looks at
 *   most at 500, and its cursor continues the scan.
 */

type AvailabilityRow = Row & { free_state: 'known' | 'straddles' | 'stale'; free_first_ms: number | string | null; availability_version: number | string };

/** Each row's first free slot in the range (null: none): from the free days, else the engine. */
async function firstSlotsOf(ctx: AppContext, rows: AvailabilityRow[], range: FirstSlotRange, now: number): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  const unanswered: AvailabilityRow[] = [];
  for (const row of rows) {
    if (row.free_state === 'known') out.set(row.id, row.free_first_ms === null ? null : Number(row.free_first_ms));
    else unanswered.push(row);
  }
  if (unanswered.length === 0) return out;
  const stale = unanswered.filter((r) => r.free_state === 'stale').map((r) => r.id);
  const [engine] = await Promise.all([
    firstFreeSlots(ctx, unanswered.map((r) => ({ id: r.id, version: Number(r.availability_version) })), range, now),
    // The next search finds them current (a booking, a cancellation, any schedule change made them stale).
    refreshSomeFreeDays(ctx, stale, now),
  ]);
  for (const [id, first] of engine) out.set(id, first);
  return out;
}

/**
 * Stale free days one search recomputes at most (~3.5 ms of the slot engine each). After a bulk
 * change (an import, a schedule change of a whole studio) up to 500 candidates of one search could
 * be stale: the search answers them all from the engine either way, recomputes this many, and leaves
 * the rest to the searches after it — a stale row is never read as current, it only costs the engine
 * until it is recomputed.
 */
export const FREE_DAYS_REFRESH_PER_SEARCH = 16;
/** Artists whose free days a search of this process is recomputing: concurrent searches meeting them do not recompute them again. */
const refreshing = new WeakMap<object, Set<string>>();

async function refreshSomeFreeDays(ctx: AppContext, stale: string[], now: number): Promise<void> {
  const { db } = ctx.database;
  let busy = refreshing.get(db);
  if (!busy) refreshing.set(db, (busy = new Set()));
  const mine = stale.filter((id) => !busy.has(id)).slice(0, FREE_DAYS_REFRESH_PER_SEARCH);
  if (mine.length === 0) return;
  for (const id of mine) busy.add(id);
  try {
    await refreshFreeDays(db, mine, now);
  } finally {
    for (const id of mine) busy.delete(id);
  }
}

export const AVAILABILITY_CANDIDATES = 500;
const SCAN_BATCH = 100;
/**
 * The first batch of a date-range scan: the page and a quarter more. Most artists have free time in
 * a range, so this usually fills the page; running the slot engine for 100 candidates to show 25
 * was most of an uncached availability search's cost.
 */
const firstBatch = (limit: number) => Math.min(SCAN_BATCH, Math.ceil((limit + 1) * 1.25));
/** Cursor key of an artist with no free slot: after every real instant, still a finite number. */
const NO_SLOT = Number.MAX_SAFE_INTEGER;

const byKeyThenId = (a: { k: number; row: Row }, b: { k: number; row: Row }) => a.k - b.k || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

export async function searchByAvailability(ctx: AppContext, query: TArtistSearchQuery, terms: SearchTerms | null, now = Date.now()): Promise<TArtistPage> {
  const { availableFrom, availableTo, cursor, sort, ...filters } = query;
  const range = { availableFrom, availableTo };
  const filtered = Boolean(availableFrom || availableTo);
  const freeDays = { ...freeDaysSearch(range, now), filter: filtered };
  const limit = query.limit ?? ARTIST_PAGE_SIZE;
  const db = ctx.database.db;
  const present = (row: Row, k: number) => ({ ...presentListItem(row), ...(k !== NO_SLOT ? { firstAvailableAt: new Date(k).toISOString() } : {}) });

  if (sort === 'soonest') {
    const preSort = terms ? 'relevance' : filters.near ? 'distance' : 'rating';
    // buildArtistSearch fetches one row more than its limit.
    // The candidates' ranking columns only; the cards are read for the page alone, below.
    const rows = await queryRows<AvailabilityRow>(db, buildArtistSearch({ ...filters, sort: preSort, limit: AVAILABILITY_CANDIDATES - 1 }, { terms, freeDays, rankOnly: true }).sql);
    const first = await firstSlotsOf(ctx, rows, range, now);
    let ranked = rows.map((row) => ({ row, k: first.get(row.id) ?? NO_SLOT }));
    if (filtered) ranked = ranked.filter((r) => r.k !== NO_SLOT);
    ranked.sort(byKeyThenId);
    if (cursor) {
      const c = decodeCursor(cursor);
      ranked = ranked.filter((r) => r.k > c.k || (r.k === c.k && r.row.id > c.id));
    }
    const page = ranked.slice(0, limit);
    const last = page[page.length - 1];
    const cards = await searchCardsByIds(ctx, page.map((r) => r.row.id));
    return {
      // The distance is the candidate statement's (the cards are read without the point).
      items: page.flatMap((r) => {
        const card = cards.get(r.row.id);
        return card ? [present({ ...card, distance_km: r.row.distance_km }, r.k)] : [];
      }),
      nextCursor: ranked.length > limit && last ? encodeCursor({ k: last.k, id: last.row.id }) : null,
    };
  }

  // A date range with the usual sort: a keyset scan over the SQL order, filtered by the engine.
  const matches: Array<{ row: Row; k: number }> = [];
  let scanCursor = cursor;
  let scanned = 0;
  let lastScanned: Row | undefined;
  let exhausted = false;
  while (matches.length <= limit && scanned < AVAILABILITY_CANDIDATES) {
    const batch = Math.min(scanned === 0 ? firstBatch(limit) : SCAN_BATCH, AVAILABILITY_CANDIDATES - scanned);
    const rows = await queryRows<AvailabilityRow>(db, buildArtistSearch({ ...filters, ...(sort ? { sort } : {}), ...(scanCursor ? { cursor: scanCursor } : {}), limit: batch }, { terms, freeDays }).sql);
    const candidates = rows.slice(0, batch);
    const first = await firstSlotsOf(ctx, candidates, range, now);
    for (const row of candidates) {
      scanned += 1;
      lastScanned = row;
      const k = first.get(row.id) ?? null;
      if (k !== null) matches.push({ row, k });
      if (matches.length > limit) break;
    }
    if (rows.length <= batch && matches.length <= limit) {
      exhausted = true;
      break;
    }
    if (lastScanned) scanCursor = encodeCursor({ k: Number(lastScanned.sort_key), id: lastScanned.id });
  }
  const page = matches.slice(0, limit);
  const last = page[page.length - 1];
  let nextCursor: string | null = null;
  if (matches.length > limit && last) nextCursor = encodeCursor({ k: Number(last.row.sort_key), id: last.row.id });
  // The scan budget ran out before the page filled: the next page resumes after the last artist looked at.
  else if (!exhausted && lastScanned) nextCursor = encodeCursor({ k: Number(lastScanned.sort_key), id: lastScanned.id });
  return { items: page.map((r) => present(r.row, r.k)), nextCursor };
}

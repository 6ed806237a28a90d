import { ARTIST_PAGE_SIZE, type TArtistPage, type TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { firstFreeSlots } from '../availability/service.ts';
import { buildArtistSearch, decodeCursor, encodeCursor, presentListItem, type Row, type SearchTerms } from './search.ts';

/**
 * GET /api/artists with `sort=soonest` or `availableFrom` / `availableTo`. A first free slot needs
 * each artist's hours, time off, guest spots and bookings run through the slot engine, which SQL
 * cannot do; so the cheap SQL filters run first, and the engine sees a bounded candidate set:
 *
 * - sort=soonest: the best 500 candidates by the other criteria (relevance with a text query,
 *   distance near a point, else rating) are ranked by first free slot, artists without one last;
 *   pages are cut from that ranking with a cursor over (first slot, id).
 * - a date range with another sort: candidates are scanned in SQL order, 100 at a time, keeping those
 *   with a free slot in the range; one request scans at most 500, and its cursor continues the scan.
 *
 * First slots are cached per artist for a minute (availability/service.ts), so paging is cheap.
 */

export const AVAILABILITY_CANDIDATES = 500;
const SCAN_BATCH = 100;
/** Cursor key of an artist with no free slot: after every real instant, still a finite number. */
const NO_SLOT = Number.MAX_SAFE_INTEGER;

const byKeyThenId = (a: { k: number; row: Row }, b: { k: number; row: Row }) => a.k - b.k || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

export async function searchByAvailability(ctx: AppContext, query: TArtistSearchQuery, terms: SearchTerms | null): Promise<TArtistPage> {
  const { availableFrom, availableTo, cursor, sort, ...filters } = query;
  const range = { availableFrom, availableTo };
  const filtered = Boolean(availableFrom || availableTo);
  const limit = query.limit ?? ARTIST_PAGE_SIZE;
  const db = ctx.database.db;
  const present = (row: Row, k: number) => ({ ...presentListItem(row), ...(k !== NO_SLOT ? { firstAvailableAt: new Date(k).toISOString() } : {}) });

  if (sort === 'soonest') {
    const preSort = terms ? 'relevance' : filters.near ? 'distance' : 'rating';
    // buildArtistSearch fetches one row more than its limit.
    const rows = await queryRows<Row>(db, buildArtistSearch({ ...filters, sort: preSort, limit: AVAILABILITY_CANDIDATES - 1 }, { terms }).sql);
    const first = await firstFreeSlots(ctx, rows.map((r) => r.id), range);
    let ranked = rows.map((row) => ({ row, k: first.get(row.id) ?? NO_SLOT }));
    if (filtered) ranked = ranked.filter((r) => r.k !== NO_SLOT);
    ranked.sort(byKeyThenId);
    if (cursor) {
      const c = decodeCursor(cursor);
      ranked = ranked.filter((r) => r.k > c.k || (r.k === c.k && r.row.id > c.id));
    }
    const page = ranked.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => present(r.row, r.k)),
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
    const batch = Math.min(SCAN_BATCH, AVAILABILITY_CANDIDATES - scanned);
    const rows = await queryRows<Row>(db, buildArtistSearch({ ...filters, ...(sort ? { sort } : {}), ...(scanCursor ? { cursor: scanCursor } : {}), limit: batch }, { terms }).sql);
    const candidates = rows.slice(0, batch);
    const first = await firstFreeSlots(ctx, candidates.map((r) => r.id), range);
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

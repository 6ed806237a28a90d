import { ARTIST_PAGE_SIZE, type TArtistPage, type TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import type { AppContext } from '../../context.ts';
import { refreshFreeDays } from '../availability/free-days.ts';
import { dayNumber, readFreeDays, type FreeDaysAnswer, type FreeDaysIndex } from '../availability/free-days-index.ts';
import { firstFreeSlots, type FirstSlotRange } from '../availability/service.ts';
import { decodeCursor, encodeCursor } from './search.ts';
import { extendCard } from './search-card.ts';
import { searchIndexPage, type CatalogueIndex, type IndexArtist, type IndexHit, type LexemeTerms } from './search-index.ts';

/**
 * GET /api/artists with `sort=soonest` or `availableFrom` / `availableTo`, answered in memory
 * (decision 0032): the candidates come from the catalogue index (search-index.ts) in the order of
 * the other criteria, and each one's first free slot from its free days (free-days-index.ts). Only
 * artists those cannot answer — a schedule changed since they were computed, or a day whose free
 * time straddles the notice cut-off — go through the slot engine, and stale rows are recomputed on
 * the way. So:
 *
 * - sort=soonest: the best 500 candidates by the other criteria (relevance with a text query,
 *   distance near a point, else rating) are ranked by first free slot, artists without one last;
 *   pages are cut from that ranking with a cursor over (first slot, id).
 * - a date range with another sort: a scan in that order keeps the artists free in the range (the
 *   page and a quarter more first, then 100 at a time); one request looks at most at 500, and its
 *   cursor continues the scan.
 */

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

type Ranked = { hit: IndexHit; k: number };
const byKeyThenId = (a: Ranked, b: Ranked) => a.k - b.k || (a.hit.id < b.hit.id ? -1 : a.hit.id > b.hit.id ? 1 : 0);

export async function searchByAvailability(
  ctx: AppContext,
  index: CatalogueIndex,
  free: FreeDaysIndex,
  query: TArtistSearchQuery,
  terms: LexemeTerms | null,
  now = Date.now(),
): Promise<TArtistPage> {
  const { availableFrom, availableTo, cursor, sort, ...filters } = query;
  const range: FirstSlotRange = { availableFrom, availableTo };
  const days = { from: availableFrom ? dayNumber(availableFrom) : null, to: availableTo ? dayNumber(availableTo) : null };
  const filtered = Boolean(availableFrom || availableTo);
  const limit = query.limit ?? ARTIST_PAGE_SIZE;
  const answers = new Map<string, FreeDaysAnswer>();
  const answerOf = (artist: IndexArtist) => {
    let answer = answers.get(artist.id);
    if (!answer) answers.set(artist.id, (answer = readFreeDays(free.free.get(artist.id), free.versions.get(artist.id) ?? 0, artist, days, now)));
    return answer;
  };
  // With dates, an artist whose free days are known to hold no slot in them is no candidate.
  const accept = filtered ? (artist: IndexArtist) => answerOf(artist).first !== null || answerOf(artist).state !== 'known' : undefined;

  /**
   * Each hit's first free slot in the range (null: none): from the free days, else the engine —
   * for the hits `needsEngine` keeps (default: all). Hits left out have no entry in the answer.
   */
  const firstSlotsOf = async (hits: IndexHit[], needsEngine: (hit: IndexHit) => boolean = () => true): Promise<Map<string, number | null>> => {
    const out = new Map<string, number | null>();
    const unanswered: IndexHit[] = [];
    for (const hit of hits) {
      const answer = answerOf(hit.artist);
      if (answer.state === 'known') out.set(hit.id, answer.first);
      else unanswered.push(hit);
    }
    if (unanswered.length === 0) return out;
    const stale = unanswered.filter((h) => answerOf(h.artist).state === 'stale').map((h) => h.id);
    const asked = unanswered.filter(needsEngine);
    const [engine] = await Promise.all([
      asked.length ? firstFreeSlots(ctx, asked.map((h) => ({ id: h.id, version: free.versions.get(h.id) ?? 0 })), range, now) : new Map<string, number | null>(),
      // The next search finds them current (a booking, a cancellation, any schedule change made them stale).
      refreshSomeFreeDays(ctx, stale, now),
    ]);
    for (const [id, first] of engine) out.set(id, first);
    return out;
  };
  const present = ({ hit, k }: Ranked) => (k !== NO_SLOT ? extendCard(hit.item, { firstAvailableAt: new Date(k).toISOString() }) : hit.item);

  if (sort === 'soonest') {
    const preSort = terms ? 'relevance' : filters.near ? 'distance' : 'rating';
    const { hits } = searchIndexPage(index, { ...filters, sort: preSort }, terms, { limit: AVAILABILITY_CANDIDATES - 1, cursor: null, count: false, ...(accept ? { accept } : {}) });
    const c = cursor ? decodeCursor(cursor) : null;
    const afterCursor = (r: Ranked) => !c || r.k > c.k || (r.k === c.k && r.hit.id > c.id);
    // The engine is asked only about artists who could still make this page: an artist's first
    // slot is at least their notice cut-off, so one whose cut-off is past the (limit + 1)-th
    // known first slot after the cursor would come after the page, whatever the engine says.
    const knownKeys = hits
      .flatMap((hit): Ranked[] => {
        const { state, first } = answerOf(hit.artist);
        return state === 'known' && first !== null ? [{ hit, k: first }] : [];
      })
      .filter(afterCursor)
      .map((r) => r.k)
      .sort((a, b) => a - b);
    const threshold = knownKeys.length > limit ? knownKeys[limit]! : Infinity;
    const first = await firstSlotsOf(hits, (hit) => now + hit.artist.minNoticeHours * 3_600_000 <= threshold);
    let ranked = hits.filter((hit) => first.has(hit.id)).map((hit): Ranked => ({ hit, k: first.get(hit.id) ?? NO_SLOT }));
    if (filtered) ranked = ranked.filter((r) => r.k !== NO_SLOT);
    ranked.sort(byKeyThenId);
    // Artists left out come after limit + 1 known ones that are all in `ranked`: a next page is seen either way.
    ranked = ranked.filter(afterCursor);
    const page = ranked.slice(0, limit);
    const last = page[page.length - 1];
    return { items: page.map(present), nextCursor: ranked.length > limit && last ? encodeCursor({ k: last.k, id: last.hit.id }) : null };
  }

  // A date range with the usual sort: a scan in that order, filtered by the free days and the engine,
  // a batch at a time (each batch one more than it scans, to know whether the scan can go on).
  const order = { ...filters, ...(sort ? { sort } : {}) };
  const matches: Ranked[] = [];
  let scanCursor = cursor ? decodeCursor(cursor) : null;
  let scanned = 0;
  let lastScanned: IndexHit | undefined;
  let exhausted = false;
  while (matches.length <= limit && scanned < AVAILABILITY_CANDIDATES) {
    const batch = Math.min(scanned === 0 ? firstBatch(limit) : SCAN_BATCH, AVAILABILITY_CANDIDATES - scanned);
    const { hits } = searchIndexPage(index, order, terms, { limit: batch, cursor: scanCursor, count: false, ...(accept ? { accept } : {}) });
    const candidates = hits.slice(0, batch);
    const first = await firstSlotsOf(candidates);
    for (const hit of candidates) {
      scanned += 1;
      lastScanned = hit;
      const k = first.get(hit.id) ?? null;
      if (k !== null) matches.push({ hit, k });
      if (matches.length > limit) break;
    }
    if (hits.length <= batch && matches.length <= limit) {
      exhausted = true;
      break;
    }
    if (lastScanned) scanCursor = { k: lastScanned.key, id: lastScanned.id };
  }
  const page = matches.slice(0, limit);
  const last = page[page.length - 1];
  let nextCursor: string | null = null;
  if (matches.length > limit && last) nextCursor = encodeCursor({ k: last.hit.key, id: last.hit.id });
  // The scan budget ran out before the page filled: the next page resumes after the last artist looked at.
  else if (!exhausted && lastScanned) nextCursor = encodeCursor({ k: lastScanned.key, id: lastScanned.id });
  return { items: page.map(present), nextCursor };
}

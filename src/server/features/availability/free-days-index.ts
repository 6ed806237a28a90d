import { sql } from 'drizzle-orm';
import { preparedSql, type Db } from '../../db/client.ts';
import { SharedRead } from '../../db/shared-read.ts';

/**
 * Every artist's free days (artist_free_days, free-days.ts) and availability version
 * (availability_versions), kept in memory per database so an availability search reads no rows of
 * its own (decision 0032). Before each availability search the rows written since the last read are
 * read: migration 0036 stamps each row with the id of the transaction that wrote it, and a read asks
 * for `changed_xid >= horizon`, the oldest transaction still running at the previous read's snapshot.
 * Reads are applied one at a time, each from a newer snapshot than the one before, so the memory
 * always holds the newest row read. A row is never deleted (neither table has a foreign key).
 */

/** One artist's free days: per home-zone local day with a free slot, the first and last free start (epoch ms). */
export type FreeDays = {
  /** The artist's availability version the row was computed from. */
  version: number;
  computedAt: number;
  coveredUntil: number;
  /** The last local day the row fully covers, as a day number (days since 1970-01-01). */
  coveredThrough: number;
  days: Int32Array;
  firstStarts: Float64Array;
  lastStarts: Float64Array;
};

type ChangeRow = {
  horizon: string | null;
  source: 'version' | 'free' | null;
  artist_id: string | null;
  version: string | number | null;
  computed_ms: number | null;
  covered_until_ms: number | null;
  covered_through: string | null;
  days: string | null;
  first_starts: string | null;
  last_starts: string | null;
};

/** Instants of a timestamptz[] as comma-separated epoch milliseconds (cheaper to read than timestamps). */
const epochList = (column: string) => sql.raw(`(SELECT string_agg((extract(epoch FROM s) * 1000)::bigint::text, ',' ORDER BY o) FROM unnest(${column}) WITH ORDINALITY u(s, o))`);

/**
 * The horizon of this snapshot, and every row of either table written at or after `since` (one
 * snapshot). The upper bound changes no answer (no transaction at or past xmax is visible yet); it
 * makes `changed_xid` a range, which the planner estimates as small without statistics: with `>=`
 * alone it guessed a third of the table and read all of artist_free_days (7 ms) every time.
 */
const readChanges = preparedSql<ChangeRow>(
  'free_days_changes',
  () => sql`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon, NULL::text AS source, NULL::uuid AS artist_id, NULL::bigint AS version,
           NULL::float8 AS computed_ms, NULL::float8 AS covered_until_ms, NULL::text AS covered_through, NULL::text AS days, NULL::text AS first_starts, NULL::text AS last_starts
    UNION ALL
    SELECT NULL, 'version', v.artist_id, v.version, NULL, NULL, NULL, NULL, NULL, NULL
    FROM availability_versions v WHERE v.changed_xid >= ${sql.placeholder('since')}::xid8 AND v.changed_xid < pg_snapshot_xmax(pg_current_snapshot())
    UNION ALL
    SELECT NULL, 'free', f.artist_id, f.version, (extract(epoch FROM f.computed_at) * 1000)::float8, (extract(epoch FROM f.covered_until) * 1000)::float8,
           f.covered_through::text, array_to_string(f.days, ','), ${epochList('f.first_starts')}, ${epochList('f.last_starts')}
    FROM artist_free_days f WHERE f.changed_xid >= ${sql.placeholder('since')}::xid8 AND f.changed_xid < pg_snapshot_xmax(pg_current_snapshot())
  `,
);

export type FreeDaysIndex = {
  /** The horizon of the last read (see above). */
  since: string;
  versions: Map<string, number>;
  free: Map<string, FreeDays>;
};

const held = new WeakMap<Db, { index: FreeDaysIndex; read: SharedRead<null, FreeDaysIndex> }>();

const DAY_MS = 86_400_000;
/** A local date (YYYY-MM-DD) as a day number. */
export const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const numbers = (list: string | null) => (list ? list.split(',').map(Number) : []);

function apply(index: FreeDaysIndex, rows: ChangeRow[]): void {
  for (const r of rows) {
    if (r.horizon !== null) index.since = r.horizon;
    else if (r.source === 'version') index.versions.set(r.artist_id!, Number(r.version));
    else if (r.source === 'free') {
      index.free.set(r.artist_id!, {
        version: Number(r.version),
        computedAt: Number(r.computed_ms),
        coveredUntil: Number(r.covered_until_ms),
        coveredThrough: dayNumber(r.covered_through!),
        days: Int32Array.from(r.days ? r.days.split(',').map(dayNumber) : []),
        firstStarts: Float64Array.from(numbers(r.first_starts)),
        lastStarts: Float64Array.from(numbers(r.last_starts)),
      });
    }
  }
}

/**
 * The free days and versions as of a snapshot taken after this call: what changed since the last
 * read is read now. Reads are shared and one at a time (SharedRead), so they are applied in the
 * order of their snapshots and the memory always holds the newest row read.
 */
export async function currentFreeDays(db: Db): Promise<FreeDaysIndex> {
  let h = held.get(db);
  if (!h) {
    const index: FreeDaysIndex = { since: '0', versions: new Map(), free: new Map() };
    const read = new SharedRead<null, FreeDaysIndex>(async () => {
      apply(index, await readChanges(db, { since: index.since }));
      return index;
    });
    held.set(db, (h = { index, read }));
  }
  return h.read.run(null);
}

/** How a row answers "the first free slot in the range" (see readFreeDays). */
export type FreeDaysAnswer = {
  /**
   * 'known': the row answers exactly; 'straddles': the first day in range has free starts on both
   * sides of the notice cut-off (only the first start at or after it is not stored); 'stale': no
   * row, a row of an older availability version, computed later than `now`, or not covering the range.
   */
  state: 'known' | 'straddles' | 'stale';
  /** The first free start (epoch ms) the row gives, null when it gives none. */
  first: number | null;
};

/** A range of local dates as day numbers (null: open). */
export type DayRange = { from: number | null; to: number | null };

/** How many of the sorted values are below `limit`. */
function countBelow(values: Int32Array | Float64Array, limit: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The artist's first free slot in the range from their free days, as of `now`. The notice and the
 * booking horizon move with the clock, so they are applied here, not when the row is computed: a
 * slot starts at or after now + notice and before now + horizon (fixed-length days), as in the slot
 * engine. The stored days are in order and so are their first and last starts, so the answering day
 * is found by binary search: the first day of the range whose last start is at or after the cut-off.
 * Only that day can straddle the cut-off; when it does, the engine must answer.
 */
export function readFreeDays(
  row: FreeDays | undefined,
  availabilityVersion: number,
  artist: { minNoticeHours: number; maxAdvanceDays: number },
  range: DayRange,
  now: number,
): FreeDaysAnswer {
  if (!row) return { state: 'stale', first: null };
  const lower = now + artist.minNoticeHours * 3_600_000;
  const upper = now + artist.maxAdvanceDays * DAY_MS;
  const { days, firstStarts } = row;
  // Past the last day of the range (or of the row): no day of the range.
  const end = range.to === null ? days.length : countBelow(days, range.to + 1);
  let i = countBelow(row.lastStarts, lower);
  if (range.from !== null) i = Math.max(i, countBelow(days, range.from));
  const straddles = i < end && firstStarts[i]! < lower;
  const j = straddles ? i + 1 : i;
  const first = j < end && firstStarts[j]! >= lower && firstStarts[j]! < upper ? firstStarts[j]! : null;
  const covered = row.coveredUntil >= upper || (range.to !== null && range.to <= row.coveredThrough);
  const current = row.version === availabilityVersion && row.computedAt <= now && (first !== null || covered);
  return { state: !current ? 'stale' : straddles ? 'straddles' : 'known', first };
}

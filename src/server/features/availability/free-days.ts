import { sql } from 'drizzle-orm';
import { computeSlots, type WeeklyHours } from '../../../shared/availability.ts';
import { SEARCH_DEFAULT_DURATION_MINUTES } from '../../../shared/contracts/availability.ts';
import { addDays, dateKey, localDateOf, offsetAt } from '../../../shared/zoned-time.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { loadInputs } from './service.ts';

/**
 * Each artist's free days, precomputed for availability search (migration 0030; decision 0017,
 * second addendum). The slot engine runs once per artist and schedule version instead of once per
 * search and candidate: per home-zone local day with a free slot of the artist's shortest session
 * service, the first and the last free start. The notice and the booking horizon depend on the
 * clock, so they are applied when the row is read (readFreeDays in free-days-index.ts, which keeps
 * the rows in memory), not when it is computed.
 *
 * Correct without any write path knowing about it: a row is current only while its `version`
 * equals the artist's availability version, which the database bumps in the transaction of every
 * booking, cancellation, hold, time off, guest spot, service or hours change (migration 0008).
 */

const DAY = 86_400_000;
/**
 * A row covers this many days past the artist's own booking horizon: an open-ended search
 * ("from this date on") stays answerable from it for as long as the horizon moves that far.
 */
const COVER_MARGIN_DAYS = 2;
/** Artists computed and written per statement when refreshing many (the seed). */
const REFRESH_BATCH = 250;

type ArtistSchedule = {
  id: string;
  timezone: string;
  working_hours: WeeklyHours | string;
  buffer_minutes: number;
  max_advance_days: number;
  minutes: number | string | null;
  version: number | string;
};

/**
 * Recompute the free days of these artists as of `now` and store them. The version is read before
 * the bookings, time off and guest spots (loadInputs): a change committed in between bumps the
 * version past the stored one, so the row is stale, never wrong. A row never replaces one computed
 * from a newer version or later (two searches refreshing the same artist at once).
 */
export async function refreshFreeDays(db: DbOrTx, artistIds: string[], now = Date.now()): Promise<void> {
  if (artistIds.length === 0) return;
  const ids = sql`ARRAY[${sql.join(artistIds.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
  const artists = await queryRows<ArtistSchedule>(
    db,
    sql`SELECT a.id, a.timezone, a.working_hours, a.buffer_minutes, a.max_advance_days,
               (SELECT min(s.duration_minutes) FROM services s WHERE s.artist_id = a.id AND s.active AND s.kind <> 'consultation') AS minutes,
               coalesce((SELECT v.version FROM availability_versions v WHERE v.artist_id = a.id), 0) AS version
        FROM artist_profiles a WHERE a.id = ANY(${ids})`,
  );
  if (artists.length === 0) return;
  const untilOf = (a: ArtistSchedule) => now + (Number(a.max_advance_days) + COVER_MARGIN_DAYS) * DAY;
  const inputs = await loadInputs(db, artists.map((a) => a.id), now, Math.max(...artists.map(untilOf)));
  const rows = artists.map((a) => {
    const until = untilOf(a);
    // No notice and no horizon here: both move with the clock, and the search applies them when it reads the row.
    const slots = computeSlots({
      timezone: a.timezone,
      weeklyHours: (typeof a.working_hours === 'string' ? JSON.parse(a.working_hours) : a.working_hours) as WeeklyHours,
      ...inputs.get(a.id)!,
      durationMinutes: a.minutes === null ? SEARCH_DEFAULT_DURATION_MINUTES : Number(a.minutes),
      bufferMinutes: Number(a.buffer_minutes),
      minNoticeHours: 0,
      now,
      from: now,
      to: until,
    });
    const days: string[] = [];
    const firsts: string[] = [];
    const lasts: string[] = [];
    for (const slot of slots) {
      // The home zone's date of the start, from the cached offset table (localDateOf formats with Intl: most of a refresh's time).
      const start = Date.parse(slot.startsAt);
      const day = new Date(start + offsetAt(start, a.timezone) * 60_000).toISOString().slice(0, 10);
      if (days[days.length - 1] === day) lasts[lasts.length - 1] = slot.startsAt;
      else {
        days.push(day);
        firsts.push(slot.startsAt);
        lasts.push(slot.startsAt);
      }
    }
    // The last home-zone day wholly before `until`: a range ending on it or before is fully known.
    const coveredThrough = dateKey(addDays(localDateOf(until, a.timezone), -1));
    // Array literals: dates and ISO instants contain no character an array literal must quote.
    const list = (values: string[]) => `{${values.join(',')}}`;
    return sql`(${a.id}::uuid, ${Number(a.version)}::bigint, ${new Date(now).toISOString()}::timestamptz, ${new Date(until).toISOString()}::timestamptz,
      ${coveredThrough}::date, ${list(days)}::date[], ${list(firsts)}::timestamptz[], ${list(lasts)}::timestamptz[])`;
  });
  await db.execute(sql`
    INSERT INTO artist_free_days AS f (artist_id, version, computed_at, covered_until, covered_through, days, first_starts, last_starts)
    VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (artist_id) DO UPDATE SET version = excluded.version, computed_at = excluded.computed_at, covered_until = excluded.covered_until,
      covered_through = excluded.covered_through, days = excluded.days, first_starts = excluded.first_starts, last_starts = excluded.last_starts
    WHERE (excluded.version, excluded.computed_at) > (f.version, f.computed_at)`);
}

/** Every artist's free days (after a bulk load: the seed's catalogue), in batches. */
export async function refreshAllFreeDays(db: DbOrTx, now = Date.now()): Promise<number> {
  const ids = (await queryRows<{ id: string }>(db, sql`SELECT id FROM artist_profiles WHERE deleted_at IS NULL ORDER BY id`)).map((r) => r.id);
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) await refreshFreeDays(db, ids.slice(i, i + REFRESH_BATCH), now);
  return ids.length;
}

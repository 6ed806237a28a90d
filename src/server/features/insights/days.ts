import { sql } from 'drizzle-orm';
import { addDays, dateKey, daysBetween, parseDateKey, zonedTimeToUtc, type LocalDate } from '../../../shared/zoned-time.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** One artist's day in their own zone: what the rollup stores and what the live slice counts. */
export type DayStats = {
  day: string;
  profileViews: number;
  searchImpressions: number;
  requests: number;
  accepted: number;
  declined: number;
  expired: number;
  confirmed: number;
  completed: number;
  cancelledByClient: number;
  cancelledByArtist: number;
  noShows: number;
  depositsPaidCents: number;
  depositsRefundedCents: number;
  depositsForfeitedCents: number;
  reviews: number;
  ratingSum: number;
  /** 24 counts: appointments starting in each local hour. */
  appointmentHours: number[];
};
export type DayReferrers = { day: string; source: string; views: number };

/** Statuses of a booking whose appointment is (or was) on the calendar: busiest days and hours count these. */
const APPOINTMENT_STATUSES = ['accepted', 'awaiting_deposit', 'confirmed', 'completed', 'no_show'];

export const emptyDay = (day: string): DayStats => ({
  day,
  profileViews: 0,
  searchImpressions: 0,
  requests: 0,
  accepted: 0,
  declined: 0,
  expired: 0,
  confirmed: 0,
  completed: 0,
  cancelledByClient: 0,
  cancelledByArtist: 0,
  noShows: 0,
  depositsPaidCents: 0,
  depositsRefundedCents: 0,
  depositsForfeitedCents: 0,
  reviews: 0,
  ratingSum: 0,
  appointmentHours: Array.from({ length: 24 }, () => 0),
});

/** The UTC instants bounding local days [from, to] in a zone: [start of from, start of the day after to). */
export function periodOf(from: LocalDate, to: LocalDate, timeZone: string): { from: Date; to: Date } {
  return { from: zonedTimeToUtc(from, '00:00', timeZone), to: zonedTimeToUtc(addDays(to, 1), '00:00', timeZone) };
}

export function dayKeys(from: LocalDate, to: LocalDate): string[] {
  const n = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, n) }, (_, i) => dateKey(addDays(from, i)));
}

type Counted = { day: string } & Record<string, string | number | null>;

/**
 * Count one artist's local days [from, to] from the raw tables, in six grouped statements that
 * each read one index range (artist, time). Every day of the range is returned, zeros included.
 */
export async function countDays(db: DbOrTx, artistId: string, timeZone: string, from: LocalDate, to: LocalDate): Promise<{ days: DayStats[]; referrers: DayReferrers[] }> {
  const period = periodOf(from, to, timeZone);
  const lo = period.from.toISOString();
  const hi = period.to.toISOString();
  const localDay = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE `).append(sql`${timeZone}`).append(sql.raw(`, 'YYYY-MM-DD')`));
  const within = (column: string) => sql.raw(column).append(sql` >= ${lo}::timestamptz AND `).append(sql.raw(column)).append(sql` < ${hi}::timestamptz`);
  const appointmentStatuses = sql.join(APPOINTMENT_STATUSES.map((s) => sql`${s}`), sql`, `);

  const [events, referrers, requests, transitions, ledger, reviews, appointments] = await Promise.all([
    queryRows<Counted>(
      db,
      sql`SELECT ${localDay('occurred_at')} AS day,
        count(*) FILTER (WHERE kind = 'profile_view')::int AS views,
        count(*) FILTER (WHERE kind = 'search_impression')::int AS impressions
      FROM artist_stat_events WHERE artist_id = ${artistId} AND ${within('occurred_at')} GROUP BY 1`,
    ),
    queryRows<Counted>(
      db,
      sql`SELECT ${localDay('occurred_at')} AS day, coalesce(referrer_source, 'direct') AS source, count(*)::int AS views
      FROM artist_stat_events WHERE artist_id = ${artistId} AND kind = 'profile_view' AND ${within('occurred_at')} GROUP BY 1, 2`,
    ),
    queryRows<Counted>(db, sql`SELECT ${localDay('created_at')} AS day, count(*)::int AS n FROM bookings WHERE artist_id = ${artistId} AND ${within('created_at')} GROUP BY 1`),
    queryRows<Counted>(
      db,
      sql`SELECT ${localDay('e.created_at')} AS day,
        count(*) FILTER (WHERE e.from_status = 'requested' AND e.to_status IN ('accepted', 'awaiting_deposit', 'confirmed'))::int AS accepted,
        count(*) FILTER (WHERE e.to_status = 'declined')::int AS declined,
        count(*) FILTER (WHERE e.from_status = 'requested' AND e.to_status = 'expired')::int AS expired,
        count(*) FILTER (WHERE e.to_status = 'confirmed')::int AS confirmed,
        count(*) FILTER (WHERE e.to_status = 'completed')::int AS completed,
        count(*) FILTER (WHERE e.to_status = 'cancelled_by_client')::int AS cancelled_by_client,
        count(*) FILTER (WHERE e.to_status = 'cancelled_by_artist')::int AS cancelled_by_artist,
        count(*) FILTER (WHERE e.to_status = 'no_show')::int AS no_shows
      FROM booking_events e JOIN bookings b ON b.id = e.booking_id
      WHERE b.artist_id = ${artistId} AND e.from_status IS DISTINCT FROM e.to_status AND ${within('e.created_at')}
      GROUP BY 1`,
    ),
    queryRows<Counted>(
      db,
      sql`SELECT ${localDay('created_at')} AS day,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_paid'), 0)::bigint AS paid,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_refunded'), 0)::bigint AS refunded,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_forfeited'), 0)::bigint AS forfeited
      FROM ledger_entries WHERE artist_id = ${artistId} AND ${within('created_at')} GROUP BY 1`,
    ),
    queryRows<Counted>(
      db,
      sql`SELECT ${localDay('created_at')} AS day, count(*)::int AS n, coalesce(sum(rating_value), 0)::float8 AS total
      FROM reviews WHERE artist_id = ${artistId} AND ${within('created_at')} GROUP BY 1`,
    ),
    queryRows<Counted>(
      db,
      sql`SELECT ${localDay('starts_at')} AS day, extract(hour FROM starts_at AT TIME ZONE ${timeZone})::int AS hour, count(*)::int AS n
      FROM bookings WHERE artist_id = ${artistId} AND status IN (${appointmentStatuses}) AND ${within('starts_at')} GROUP BY 1, 2`,
    ),
  ]);

  const byDay = new Map(dayKeys(from, to).map((d) => [d, emptyDay(d)]));
  const at = (day: string) => byDay.get(day);
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  for (const r of events) {
    const d = at(r.day);
    if (d) Object.assign(d, { profileViews: n(r.views), searchImpressions: n(r.impressions) });
  }
  for (const r of requests) {
    const d = at(r.day);
    if (d) d.requests = n(r.n);
  }
  for (const r of transitions) {
    const d = at(r.day);
    if (!d) continue;
    Object.assign(d, {
      accepted: n(r.accepted),
      declined: n(r.declined),
      expired: n(r.expired),
      confirmed: n(r.confirmed),
      completed: n(r.completed),
      cancelledByClient: n(r.cancelled_by_client),
      cancelledByArtist: n(r.cancelled_by_artist),
      noShows: n(r.no_shows),
    });
  }
  for (const r of ledger) {
    const d = at(r.day);
    if (d) Object.assign(d, { depositsPaidCents: n(r.paid), depositsRefundedCents: n(r.refunded), depositsForfeitedCents: n(r.forfeited) });
  }
  for (const r of reviews) {
    const d = at(r.day);
    if (d) Object.assign(d, { reviews: n(r.n), ratingSum: n(r.total) });
  }
  for (const r of appointments) {
    const d = at(r.day);
    const hour = n(r.hour);
    if (d && hour >= 0 && hour < 24) d.appointmentHours[hour] = n(r.n);
  }
  return {
    days: [...byDay.values()],
    referrers: referrers.filter((r) => byDay.has(r.day)).map((r) => ({ day: r.day, source: String(r.source), views: n(r.views) })),
  };
}

/** "2026-03-08" → LocalDate, for keys this module produced (always valid). */
export function localDate(key: string): LocalDate {
  const d = parseDateKey(key);
  if (!d) throw new Error(`not a date key: ${key}`);
  return d;
}

import { and, between, eq } from 'drizzle-orm';
import type { TInsightDay, TInsights, TInsightsQuery } from '../../../shared/contracts/insights.ts';
import { addDays, dateKey, daysBetween, localDateOf, parseDateKey, type LocalDate } from '../../../shared/zoned-time.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { artistDailyReferrers, artistDailyStats, artistProfiles } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { depositFigures } from '../payments/ledger-views.ts';
import { countDays, dayKeys, emptyDay, periodOf, type DayReferrers, type DayStats } from './days.ts';
import { rolledUpThrough, rollUpArtist } from './rollup.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TOP_REFERRERS = 8;

type Artist = { id: string; timezone: string; createdAt: Date };

/** Whose insights: an artist their own; an admin anyone's (artistId). Everyone else is refused. */
async function artistFor(ctx: AppContext, user: SessionUser, artistId: string | undefined): Promise<Artist> {
  const db = ctx.database.db;
  const columns = { id: artistProfiles.id, timezone: artistProfiles.timezone, userId: artistProfiles.userId, createdAt: artistProfiles.createdAt };
  if (artistId && user.isAdmin) {
    const [artist] = await db.select(columns).from(artistProfiles).where(eq(artistProfiles.id, artistId));
    if (!artist) throw notFound('That artist');
    return artist;
  }
  const [own] = await db.select(columns).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  if (own && (!artistId || artistId === own.id)) return own;
  if (own) throw forbidden('You can only see your own insights.');
  if (user.isAdmin) throw new AppError('VALIDATION_FAILED', 'artistId: name the artist whose insights you want to see.');
  throw forbidden('Insights are for artists. Create your artist profile first.');
}

/** The local days a query covers, ending today in the artist's zone for the presets. */
export function periodDays(query: TInsightsQuery, timeZone: string, now: Date): { from: LocalDate; to: LocalDate } {
  if (query.range === 'custom' && query.from && query.to) {
    const from = parseDateKey(query.from);
    const to = parseDateKey(query.to);
    if (!from || !to) throw new AppError('VALIDATION_FAILED', 'from: use real dates like 2026-05-31');
    return { from, to };
  }
  const to = localDateOf(now, timeZone);
  return { from: addDays(to, -(Number(query.range) - 1)), to };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/**
 * GET /api/artists/me/insights: the period's days from the rollups where the job has written them,
 * and counted live from the raw tables for the rest (today, and any day the job has not reached).
 */
export async function readInsights(ctx: AppContext, user: SessionUser, query: TInsightsQuery, now = new Date(), opts: { rollUpBacklog?: boolean } = {}): Promise<TInsights> {
  const artist = await artistFor(ctx, user, query.artistId);
  const db = ctx.database.db;
  const { from, to } = periodDays(query, artist.timezone, now);
  let through = await rolledUpThrough(db, artist.id);
  // Finished days the job has not rolled up yet (a fresh install, a job behind): roll them up now,
  // once, rather than count them live on every read.
  const yesterday = addDays(localDateOf(now, artist.timezone), -1);
  const behind = !through || daysBetween(parseDateKey(through)!, yesterday) > 0;
  if ((opts.rollUpBacklog ?? true) && behind && daysBetween(from, yesterday) >= 0) {
    await rollUpArtist(db, artist, now);
    through = await rolledUpThrough(db, artist.id);
  }
  // Rolled-up days end at `through`; only days after it are counted live.
  const rolledTo = through && daysBetween(from, parseDateKey(through)!) >= 0 ? (daysBetween(parseDateKey(through)!, to) >= 0 ? parseDateKey(through)! : to) : null;
  const liveFrom = rolledTo ? addDays(rolledTo, 1) : from;

  const [rolled, rolledReferrers, live, money] = await Promise.all([
    rolledTo ? db.select().from(artistDailyStats).where(and(eq(artistDailyStats.artistId, artist.id), between(artistDailyStats.day, dateKey(from), dateKey(rolledTo)))) : [],
    rolledTo
      ? db
          .select({ day: artistDailyReferrers.day, source: artistDailyReferrers.source, views: artistDailyReferrers.views })
          .from(artistDailyReferrers)
          .where(and(eq(artistDailyReferrers.artistId, artist.id), between(artistDailyReferrers.day, dateKey(from), dateKey(rolledTo))))
      : [],
    daysBetween(liveFrom, to) >= 0 ? countDays(db, artist.id, artist.timezone, liveFrom, to) : { days: [], referrers: [] },
    depositFigures(ctx, artist.id, periodOf(from, to, artist.timezone)),
  ]);
  const byDay = new Map<string, DayStats>(dayKeys(from, to).map((d) => [d, emptyDay(d)]));
  for (const r of rolled) byDay.set(r.day, { ...r, ratingSum: Number(r.ratingSum), appointmentHours: Array.isArray(r.appointmentHours) ? r.appointmentHours : [] });
  for (const d of live.days) byDay.set(d.day, d);
  const days = [...byDay.values()];
  return present(artist, from, to, days, [...rolledReferrers, ...live.referrers], rolled.length, money);
}

function present(
  artist: Artist,
  from: LocalDate,
  to: LocalDate,
  days: DayStats[],
  referrers: DayReferrers[],
  rolledUpDays: number,
  money: Awaited<ReturnType<typeof depositFigures>>,
): TInsights {
  const sum = (key: keyof Omit<DayStats, 'day' | 'appointmentHours'>) => days.reduce((n, d) => n + Number(d[key]), 0);
  const totals = {
    profileViews: sum('profileViews'),
    searchImpressions: sum('searchImpressions'),
    requests: sum('requests'),
    accepted: sum('accepted'),
    declined: sum('declined'),
    expired: sum('expired'),
    confirmed: sum('confirmed'),
    completed: sum('completed'),
    cancelledByClient: sum('cancelledByClient'),
    cancelledByArtist: sum('cancelledByArtist'),
    noShows: sum('noShows'),
    reviews: sum('reviews'),
    averageRating: null as number | null,
  };
  const ratingSum = sum('ratingSum');
  totals.averageRating = totals.reviews > 0 ? Math.round((ratingSum / totals.reviews) * 100) / 100 : null;

  const bySource = new Map<string, number>();
  for (const r of referrers) bySource.set(r.source, (bySource.get(r.source) ?? 0) + r.views);
  const weekdays = WEEKDAYS.map((label, weekday) => ({ weekday, label, appointments: 0 }));
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, appointments: 0 }));
  for (const d of days) {
    const date = parseDateKey(d.day)!;
    const weekday = (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
    d.appointmentHours.forEach((n, hour) => {
      weekdays[weekday]!.appointments += n;
      if (hours[hour]) hours[hour].appointments += n;
    });
  }
  const series: TInsightDay[] = days.map((d) => ({
    day: d.day,
    profileViews: d.profileViews,
    searchImpressions: d.searchImpressions,
    requests: d.requests,
    confirmed: d.confirmed,
    completed: d.completed,
    depositsPaidCents: d.depositsPaidCents,
    reviews: d.reviews,
    averageRating: d.reviews > 0 ? Math.round((d.ratingSum / d.reviews) * 100) / 100 : null,
  }));
  const paidIn = money.heldCents + money.receivedCents + money.forfeitedCents + money.refundedCents + money.awaitingRefundCents;
  return {
    artistId: artist.id,
    timezone: artist.timezone,
    from: dateKey(from),
    to: dateKey(to),
    days: days.length,
    rolledUpDays,
    totals,
    rates: {
      acceptance: rate(totals.accepted, totals.accepted + totals.declined + totals.expired),
      noShow: rate(totals.noShows, totals.noShows + totals.completed),
      cancellation: rate(totals.cancelledByClient + totals.cancelledByArtist, totals.requests),
    },
    funnel: [
      { step: 'view', label: 'Profile views', count: totals.profileViews },
      { step: 'request', label: 'Booking requests', count: totals.requests },
      { step: 'confirmed', label: 'Confirmed', count: totals.confirmed },
      { step: 'completed', label: 'Completed', count: totals.completed },
    ],
    money: {
      currency: money.currency,
      paidInCents: paidIn,
      heldCents: money.heldCents,
      receivedCents: money.receivedCents,
      forfeitedCents: money.forfeitedCents,
      refundedCents: money.refundedCents,
      revenueCents: money.receivedCents + money.forfeitedCents,
    },
    series,
    referrers: [...bySource.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_REFERRERS)
      .map(([source, views]) => ({ source, views })),
    busiestDays: weekdays,
    busiestHours: hours,
  };
}

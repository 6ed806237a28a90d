import { and, asc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { addDays, dateKey, daysBetween, localDateOf, type LocalDate } from '../../../shared/zoned-time.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistDailyReferrers, artistDailyStats, artistProfiles } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { countDays, localDate } from './days.ts';

/** How often the rollup runs: each run finishes the artists' days that ended since the last one. */
export const ROLLUP_EVERY_MS = 60 * 60_000;
/** A first rollup of an artist goes back this far (the longest preset period), or to the profile's first day. */
export const ROLLUP_BACKFILL_DAYS = 90;
/** Days re-counted behind the last rolled-up one, for rows that landed late (a webhook replayed after midnight). */
const ROLLUP_OVERLAP_DAYS = 1;
const ARTIST_BATCH = 200;

/** The last local day an artist's rollups hold, or null before the first run. */
export async function rolledUpThrough(db: DbOrTx, artistId: string): Promise<string | null> {
  const [row] = await db.select({ day: max(artistDailyStats.day) }).from(artistDailyStats).where(eq(artistDailyStats.artistId, artistId));
  return row?.day ?? null;
}

/**
 * Roll one artist's finished days (up to yesterday in their zone) into artist_daily_stats and
 * artist_daily_referrers. Idempotent: a day is replaced whole, in one transaction, so a re-run or a
 * run racing another leaves the same rows. Returns how many days were written.
 */
export async function rollUpArtist(db: DbOrTx, artist: { id: string; timezone: string; createdAt: Date }, now: Date): Promise<number> {
  const yesterday = addDays(localDateOf(now, artist.timezone), -1);
  const through = await rolledUpThrough(db, artist.id);
  let from: LocalDate = through ? addDays(localDate(through), -ROLLUP_OVERLAP_DAYS) : addDays(yesterday, -(ROLLUP_BACKFILL_DAYS - 1));
  const firstDay = localDateOf(artist.createdAt, artist.timezone);
  if (!through && daysBetween(from, firstDay) > 0) from = firstDay;
  if (daysBetween(from, yesterday) < 0) return 0;
  const { days, referrers } = await countDays(db, artist.id, artist.timezone, from, yesterday);
  const computedAt = new Date();
  await db.transaction(async (tx) => {
    // One writer per artist at a time (the job, or a read filling a backlog): the second replaces the first's days.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`insights.rollup:${artist.id}`}))`);
    const range = sql`BETWEEN ${dateKey(from)}::date AND ${dateKey(yesterday)}::date`;
    await tx.delete(artistDailyReferrers).where(and(eq(artistDailyReferrers.artistId, artist.id), sql`${artistDailyReferrers.day} ${range}`));
    if (referrers.length > 0) await tx.insert(artistDailyReferrers).values(referrers.map((r) => ({ artistId: artist.id, ...r })));
    await tx.delete(artistDailyStats).where(and(eq(artistDailyStats.artistId, artist.id), sql`${artistDailyStats.day} ${range}`));
    await tx.insert(artistDailyStats).values(days.map((d) => ({ artistId: artist.id, ...d, computedAt })));
  });
  return days.length;
}

/** Every artist's finished days, in batches of artists (keyset on id); returns days written. */
export async function rollUpAll(ctx: AppContext, now: Date): Promise<number> {
  const db = ctx.database.db;
  let written = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await db
      .select({ id: artistProfiles.id, timezone: artistProfiles.timezone, createdAt: artistProfiles.createdAt })
      .from(artistProfiles)
      .where(and(isNull(artistProfiles.deletedAt), gt(artistProfiles.id, after)))
      .orderBy(asc(artistProfiles.id))
      .limit(ARTIST_BATCH);
    for (const artist of batch) written += await rollUpArtist(db, artist, now);
    const last = batch[batch.length - 1];
    if (!last || batch.length < ARTIST_BATCH) return written;
    after = last.id;
  }
}

/** The next run's slot: the start of the next hour (one job per hour, whoever enqueues it). */
export function nextRollupAt(now: Date): Date {
  return new Date(Math.floor(now.getTime() / ROLLUP_EVERY_MS) * ROLLUP_EVERY_MS + ROLLUP_EVERY_MS);
}

/**
 * Make sure a rollup is queued (at server start for now, and by each run for the next hour). One job
 * per clock hour whoever asks, so every instance may call it.
 */
export async function scheduleInsightsRollup(db: DbOrTx, at: Date): Promise<void> {
  const hour = new Date(Math.floor(at.getTime() / ROLLUP_EVERY_MS) * ROLLUP_EVERY_MS);
  await enqueueJob(db, { kind: 'insights.rollup', payload: {}, runAt: at, dedupeKey: `insights.rollup:${hour.toISOString()}` });
}

/** The insights.rollup job: roll up, then queue the next run. A failure retries with the queue's back-off. */
export async function insightsRollupJob(ctx: AppContext, _job: unknown, run: { now: Date }): Promise<void> {
  await rollUpAll(ctx, run.now);
  await scheduleInsightsRollup(ctx.database.db, nextRollupAt(run.now));
}

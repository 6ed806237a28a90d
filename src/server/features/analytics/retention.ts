import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deleteOlderThan } from '../../db/prune.ts';
import { enqueueDailyJob, nextDailyAt } from '../../jobs/queue.ts';

const DAY_MS = 86_400_000;
/** The prune runs daily at 03:15 UTC, when the fewest people browse. */
const PRUNE_HOUR_UTC = 3;
const PRUNE_MINUTE_UTC = 15;

/**
 * The raw analytics tables the retention setting applies to. Only these: daily rollups and other
 * aggregates are kept (issue 14 §1: "raw events pruned … while daily rollups stay").
 */
const RAW_TABLES = ['analytics_events', 'journeys', 'web_vitals', 'artist_stat_events'] as const;
/** Each raw table's time column: the insights' profile views and search appearances (rolled up hourly into artist_daily_stats) record when they occurred. */
const TIME_COLUMN: Record<(typeof RAW_TABLES)[number], string> = { analytics_events: 'created_at', journeys: 'created_at', web_vitals: 'created_at', artist_stat_events: 'occurred_at' };

export type PruneResult = Record<(typeof RAW_TABLES)[number], number>;

/** Deletes raw events older than ANALYTICS_RETENTION_DAYS, in batches; journeys take their remaining events with them. */
export async function pruneRawAnalytics(ctx: AppContext, now = new Date()): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - ctx.config.ANALYTICS_RETENTION_DAYS * DAY_MS);
  const result: PruneResult = { analytics_events: 0, journeys: 0, web_vitals: 0, artist_stat_events: 0 };
  for (const table of RAW_TABLES) {
    result[table] = await deleteOlderThan(ctx.database.db, { table, timeColumn: TIME_COLUMN[table], key: ['id'] }, cutoff);
  }
  // The heatmap's per-day click counts mirror the raw clicks (the page list reads no further back
  // than they are kept): whole days before the cutoff's day go with them.
  await ctx.database.db.execute(sql`DELETE FROM analytics_heatmap_pages WHERE day < (${cutoff.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`);
  // Their per-hour rollups (page counts, cells, elements; migration 0032): whole hours before the cutoff's hour.
  const cutoffHour = new Date(Math.floor(cutoff.getTime() / 3_600_000) * 3_600_000).toISOString();
  for (const table of ['analytics_heatmap_page_hours', 'analytics_heatmap_cells', 'analytics_heatmap_elements']) {
    await ctx.database.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE hour < ${cutoffHour}::timestamptz`);
  }
  // Yesterday's fingerprint salt goes too, even when no fingerprint was asked for today.
  await ctx.database.db.execute(sql`DELETE FROM analytics_salts WHERE day < ${now.toISOString().slice(0, 10)}::date`);
  return result;
}

const PRUNE_AT = { hourUtc: PRUNE_HOUR_UTC, minuteUtc: PRUNE_MINUTE_UTC };

/** The next 03:15 UTC after `now`. */
export function nextPruneAt(now: Date): Date {
  return nextDailyAt(now, PRUNE_AT);
}

/** Makes sure the next daily prune is queued (one job per day, whatever the number of servers or restarts). */
export async function scheduleAnalyticsPrune(ctx: AppContext, now = new Date()): Promise<void> {
  await enqueueDailyJob(ctx.database.db, 'analytics.prune', PRUNE_AT, now);
}

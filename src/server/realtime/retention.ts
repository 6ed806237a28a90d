import { USER_EVENTS_KEEP_DAYS } from '../../shared/contracts/realtime.ts';
import type { DbOrTx } from '../db/client.ts';
import { deleteOlderThan } from '../db/prune.ts';
import { enqueueDailyJob } from '../jobs/queue.ts';

const DAY_MS = 86_400_000;
/** 03:45 UTC, after the analytics prune, when the fewest people are connected. */
const PRUNE_AT = { hourUtc: 3, minuteUtc: 45 };

/**
 * Sequenced socket events older than USER_EVENTS_KEEP_DAYS go (the messages, notifications and
 * bookings they point at stay; only the replay log is trimmed). The per-user counter stays, so
 * numbers never repeat, and a tab resuming from before the cut is told to resync.
 */
export async function pruneUserEvents(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - USER_EVENTS_KEEP_DAYS * DAY_MS);
  return deleteOlderThan(db, { table: 'user_events', timeColumn: 'created_at', key: ['user_id', 'seq'] }, cutoff);
}

export async function scheduleUserEventsPrune(db: DbOrTx, now = new Date()): Promise<void> {
  await enqueueDailyJob(db, 'realtime.prune_events', PRUNE_AT, now);
}

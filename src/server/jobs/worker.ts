import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { preparedSql } from '../db/client.ts';
import { jobWorkers } from '../db/schema/index.ts';
import { jobHandlers } from './handlers.ts';
import { JOBS_CHANNEL, JOB_KINDS, type JobKind } from './queue.ts';

/**
 * A claimed job holds its lock this long. A worker that died mid-job is normally found sooner, by its
 * heartbeat; the lock is the last resort (a job claimed without a worker, clocks far apart).
 */
export const JOB_LOCK_MS = 10 * 60_000;
/** How often a worker records that it is alive (job_workers.heartbeat_at). */
export const WORKER_HEARTBEAT_MS = 5_000;
/** A worker silent this long is gone (six beats missed): its running jobs are claimed again. */
export const WORKER_STALE_MS = 30_000;
/** A gone worker's row is deleted after this long (its jobs are claimable with or without it). */
const WORKER_FORGOTTEN_MS = 60 * 60_000;
/** How often an idle worker looks for due jobs (NOTIFY wakes it sooner for jobs due now). */
export const JOB_POLL_MS = 5_000;
const WORKER_BATCH = 20;
/**
 * Jobs of different bookings a PostgreSQL worker runs at once. One at a time, each job waits for
 * its statements' round trips in turn, and under load notices fell behind new bookings (28 sent a
 * second against 107 bookings made). PGlite runs one statement at a time, so it runs one job at a time.
 */
export const WORKER_CONCURRENCY_POSTGRES = 8;
const ERROR_MAX = 1_000;

/** Wait before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min, … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type JobLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

type ClaimedRow = { id: string; kind: string; payload: Record<string, unknown> | string; run_at: Date | string; attempts: number; max_attempts: number };

const isJobKind = (kind: string): kind is JobKind => (JOB_KINDS as readonly string[]).includes(kind);
const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, ERROR_MAX);

export type RunDueJobsOptions = {
  /** The clock for this pass (tests move it forward); defaults to now. */
  now?: Date;
  limit?: number;
  log?: JobLog;
  /** Stop between jobs: claimed jobs not started yet go back to pending at once. */
  signal?: AbortSignal;
  /** How many jobs run at once (1 by default). Jobs of one booking always run one after another, oldest first. */
  concurrency?: number;
  /** The beating worker (startJobWorker) claiming: its jobs are taken again as soon as it stops beating. Without one, only the lock frees them. */
  workerId?: string;
};

/**
 * One statement: a job that was in its last allowed attempt when its worker died is marked failed
 * (not retried again), and due jobs are claimed. The two touch disjoint rows. A worker died when its
 * job's lock ran out, or when it stopped beating (its job_workers row is stale or gone). Prepared,
 * as is the completion below: they run for every job.
 */
const claimJobs = preparedSql<ClaimedRow>('claim_jobs', () => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const workerGone = sql`(locked_until <= ${at} OR (worker_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM job_workers w WHERE w.id = jobs.worker_id AND w.heartbeat_at > ${at} - ${sql.placeholder('staleAfter')}::interval)))`;
  return sql`
    WITH given_up AS (
      UPDATE jobs SET status = 'failed', finished_at = ${at}, locked_until = NULL, worker_id = NULL,
        last_error = 'The worker stopped during the last allowed attempt.'
      WHERE status = 'running' AND ${workerGone} AND attempts >= max_attempts
    )
    UPDATE jobs SET status = 'running', locked_until = ${at} + ${sql.placeholder('lockFor')}::interval, attempts = attempts + 1,
      worker_id = ${sql.placeholder('workerId')}::uuid
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'pending' AND run_at <= ${at})
         OR (status = 'running' AND ${workerGone} AND attempts < max_attempts)
      ORDER BY run_at, id
      LIMIT ${sql.placeholder('limit')}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, run_at, attempts, max_attempts`;
});

/** A worker's beat (its row made on the first); rows of workers gone for long are deleted on the way. */
const beatJobWorker = preparedSql<never>('job_worker_beat', () => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const id = sql`${sql.placeholder('id')}::uuid`;
  return sql`
    WITH forgotten AS (
      DELETE FROM job_workers WHERE heartbeat_at < ${at} - ${sql.placeholder('forgetAfter')}::interval AND id <> ${id}
    )
    INSERT INTO job_workers (id, heartbeat_at) VALUES (${id}, ${at})
    ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`;
});

const markJobDone = preparedSql<never>(
  'job_done',
  () => sql`UPDATE jobs SET status = 'done', finished_at = ${sql.placeholder('at')}::timestamptz, locked_until = NULL, last_error = NULL
    WHERE id = ${sql.placeholder('id')}::uuid AND status = 'running' AND attempts = ${sql.placeholder('attempts')}::int`,
);

/**
 * Claim due jobs and run each once. A claim is one short UPDATE (no transaction stays open while a
 * handler runs, which matters on PGlite's single connection); FOR UPDATE SKIP LOCKED makes workers
 * on several servers take disjoint jobs, so each job runs once. A 'running' job whose worker stopped
 * beating, or whose lock ran out, belongs to a worker that crashed and is taken again. Returns how many jobs ran.
 */
export async function runDueJobs(ctx: AppContext, opts: RunDueJobsOptions = {}): Promise<number> {
  const db = ctx.database.db;
  const now = opts.now ?? new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const limit = opts.limit ?? 50;

  const claimed = (
    await claimJobs(db, {
      at: now.toISOString(),
      lockFor: `${JOB_LOCK_MS} milliseconds`,
      staleAfter: `${WORKER_STALE_MS} milliseconds`,
      workerId: opts.workerId ?? null,
      limit,
    })
  ).map((row) => ({
    ...row,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
  }));
  // RETURNING keeps no order; run the oldest first.
  claimed.sort((a, b) => new Date(a.run_at).getTime() - new Date(b.run_at).getTime() || a.id.localeCompare(b.id));

  let ran = 0;
  type Claimed = (typeof claimed)[number];
  const runOne = async (row: Claimed) => {
    const mine = sql`id = ${row.id} AND status = 'running' AND attempts = ${row.attempts}`;
    if (opts.signal?.aborted) {
      await db.execute(sql`UPDATE jobs SET status = 'pending', locked_until = NULL, attempts = attempts - 1 WHERE ${mine}`);
      return;
    }
    ran += 1;
    try {
      if (!isJobKind(row.kind)) throw new Error(`No handler for job kind "${row.kind}".`);
      await jobHandlers[row.kind](ctx, { id: row.id, kind: row.kind, payload: row.payload, runAt: new Date(row.run_at) }, { now });
    } catch (error) {
      // The error text goes to the jobs table (admins read it); the log gets ids only, never personal data.
      const final = row.attempts >= row.max_attempts;
      if (final) {
        await db.execute(sql`UPDATE jobs SET status = 'failed', finished_at = ${at}, locked_until = NULL, last_error = ${describe(error)} WHERE ${mine}`);
        opts.log?.error({ jobId: row.id, kind: row.kind, attempts: row.attempts }, 'job failed for good');
      } else {
        const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString();
        await db.execute(
          sql`UPDATE jobs SET status = 'pending', run_at = ${retryAt}::timestamptz, locked_until = NULL, last_error = ${describe(error)} WHERE ${mine}`,
        );
        opts.log?.warn({ jobId: row.id, kind: row.kind, attempts: row.attempts, retryAt }, 'job failed; will retry');
      }
      return;
    }
    await markJobDone(db, { at: new Date(Math.max(Date.now(), now.getTime())).toISOString(), id: row.id, attempts: row.attempts });
  };

  // One queue per booking, so its notices keep their order; queues run side by side up to `concurrency`.
  const queues = new Map<string, Claimed[]>();
  for (const row of claimed) {
    const key = typeof row.payload.bookingId === 'string' ? row.payload.bookingId : row.id;
    const queue = queues.get(key);
    if (queue) queue.push(row);
    else queues.set(key, [row]);
  }
  const pending = [...queues.values()];
  const lane = async () => {
    for (let queue = pending.shift(); queue; queue = pending.shift()) {
      for (const row of queue) await runOne(row);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 1, pending.length)) }, lane));
  return ran;
}

/**
 * The process's job worker: a pass every few seconds, and one as soon as a NOTIFY on 'jobs' says
 * something is due now, or the listening connection is back after a loss (a NOTIFY may have been
 * missed meanwhile). Passes never overlap. It beats every few seconds under its own id, so if this
 * process dies its running jobs are claimed by another worker within WORKER_STALE_MS. The returned
 * function stops it, letting the job in hand finish and handing back jobs claimed but not started.
 */
export async function startJobWorker(ctx: AppContext, log: JobLog, opts: { pollMs?: number } = {}): Promise<() => Promise<void>> {
  const abort = new AbortController();
  const concurrency = ctx.database.kind === 'postgres' ? WORKER_CONCURRENCY_POSTGRES : 1;
  const workerId = randomUUID();
  const db = ctx.database.db;
  let pass: Promise<void> | null = null;
  let again = false;

  const drain = async () => {
    do {
      again = false;
      let ran: number;
      do {
        ran = await runDueJobs(ctx, { limit: WORKER_BATCH, log, signal: abort.signal, concurrency, workerId });
      } while (ran === WORKER_BATCH && !abort.signal.aborted);
    } while (again && !abort.signal.aborted);
  };
  const wake = () => {
    if (abort.signal.aborted) return;
    if (pass) {
      again = true;
      return;
    }
    pass = drain()
      .catch((error: unknown) => log.error({ err: describe(error) }, 'job worker pass failed; the next poll retries'))
      .finally(() => {
        pass = null;
      });
  };
  const beat = () => beatJobWorker(db, { id: workerId, at: new Date().toISOString(), forgetAfter: `${WORKER_FORGOTTEN_MS} milliseconds` });

  await beat();
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => log.warn({ workerId, err: describe(error) }, 'job worker heartbeat failed; the next beat retries'));
  }, WORKER_HEARTBEAT_MS);
  heartbeat.unref();
  const timer = setInterval(wake, opts.pollMs ?? JOB_POLL_MS);
  timer.unref();
  const unlisten = await ctx.database.listen(JOBS_CHANNEL, {
    onPayload: wake,
    onLost: () => log.warn({ workerId }, 'job wake-ups lost with the database connection; polling until it is back'),
    onRestored: () => {
      log.info({ workerId }, 'job wake-ups restored');
      wake();
    },
  });
  wake();
  log.info({ workerId, pollMs: opts.pollMs ?? JOB_POLL_MS }, 'job worker started');

  return async () => {
    abort.abort();
    clearInterval(timer);
    clearInterval(heartbeat);
    await unlisten();
    await pass;
    // Nothing of ours is running any more: other workers need not wait for our beat to go stale (which they do if this fails).
    await db
      .delete(jobWorkers)
      .where(eq(jobWorkers.id, workerId))
      .catch((error: unknown) => log.warn({ workerId, err: describe(error) }, 'job worker row not deleted; it goes stale by itself'));
  };
}

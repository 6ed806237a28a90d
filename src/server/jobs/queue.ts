import { and, eq, like, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/** Every kind of durable job; the worker (jobs/worker.ts) has one handler per kind. */
export const JOB_KINDS = [
  /** An unanswered request reached its respond-by time. */
  'booking.expire_request',
  /** An accepted booking's deposit was not paid in the artist's window. */
  'booking.expire_deposit',
  /** 24 h before the appointment. */
  'booking.reminder',
  /** 48 h and 2 h before a tattoo or piercing session whose consent form is still unsigned (issue 13). */
  'consent.reminder',
  /** A confirmed appointment ended: ask the artist whether it was completed or a no-show. */
  'booking.completion_due',
  /** Nobody marked an ended appointment within the grace period: it completes by itself. */
  'booking.auto_complete',
  /** Tell the people concerned that something happened to a booking (in-app notice + e-mail). */
  'booking.notify',
  /** A slot was freed: tell the artist's waitlist, in order. */
  'waitlist.slot_freed',
  /** Refund a Stripe deposit (the API call happens outside the booking's transaction). */
  'payment.refund',
  /** Refund a card payment that was not the deposit it was for (payment_issues), then tell the admins. */
  'payment.refund_issue',
  /** Messages in a conversation may still be unread 15 minutes after sending: e-mail the recipient (at most hourly). */
  'messaging.unread_email',
  /** Draw or fetch the four designs of a generation (/ai-generator); the page polls its progress. */
  'designs.generate',
  /** A session completed: store its aftercare plan and schedule its messages (features/aftercare). */
  'aftercare.plan',
  /** One message of an aftercare plan, at its local time in the client's zone. */
  'aftercare.step',
  /** 30 and 7 days before an approved licence or health permit expires: remind the artist. */
  'licence.reminder',
  /** An approved licence ran out: mark it expired, recompute the verified badge, tell the artist. */
  'licence.expire',
  /** An admin approved or rejected a licence: tell the artist (notice + e-mail) with the note or reason. */
  'licence.decided',
  /** Daily: delete raw analytics events older than ANALYTICS_RETENTION_DAYS, then queue tomorrow's run (issue 14). */
  'analytics.prune',
  /** Daily: delete sequenced socket events older than USER_EVENTS_KEEP_DAYS (a tab away longer resyncs). */
  'realtime.prune_events',
  /** Hourly: roll the artists' finished days into artist_daily_stats for the Insights tab (features/insights). */
  'insights.rollup',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** LISTEN/NOTIFY channel the worker wakes on; the payload is empty (the jobs table is the truth). */
export const JOBS_CHANNEL = 'jobs';

export type EnqueueJob = {
  kind: JobKind;
  payload: Record<string, unknown>;
  runAt?: Date;
  /** One job per purpose: enqueueing the same key again changes nothing (unless `replace`). */
  dedupeKey: string;
  /** Move a still-pending job with this key to the new time and payload (e.g. a reminder after a reschedule). */
  replace?: boolean;
};

/**
 * Enqueue inside the caller's transaction, so the job exists exactly when the change that needs it
 * committed. Returns true when a job was created or rescheduled.
 */
export async function enqueueJob(tx: DbOrTx, job: EnqueueJob): Promise<boolean> {
  const runAt = job.runAt ?? new Date();
  const values = { kind: job.kind, payload: job.payload, runAt, dedupeKey: job.dedupeKey };
  const returning = returningFor(runAt);
  const rows = job.replace
    ? await tx
        .insert(jobs)
        .values(values)
        .onConflictDoUpdate({
          target: jobs.dedupeKey,
          set: { runAt, payload: job.payload, status: 'pending', attempts: 0, lastError: null, finishedAt: null },
          // Never resurrect a job that already ran: a sent reminder stays sent.
          setWhere: sql`${jobs.status} IN ('pending', 'cancelled', 'failed')`,
        })
        .returning(returning)
    : await tx.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).returning(returning);
  return rows.length > 0;
}

/**
 * Enqueue several new jobs in one INSERT (e.g. a new booking's notice and its deadline). A key that
 * already exists is left as it is, as enqueueJob does without `replace`; returns how many were created.
 */
export async function enqueueJobs(tx: DbOrTx, list: Omit<EnqueueJob, 'replace'>[]): Promise<number> {
  const insert = newJobsInsert(tx, list);
  return insert ? (await insert).length : 0;
}

/**
 * The INSERT enqueueJobs runs, unexecuted (null for no jobs): to run as part of another statement
 * (a data-modifying WITH), saving a round trip — e.g. a new booking with its events and jobs.
 */
export function newJobsInsert(tx: DbOrTx, list: Omit<EnqueueJob, 'replace'>[]) {
  if (list.length === 0) return null;
  const now = new Date();
  const values = list.map((job) => ({ kind: job.kind, payload: job.payload, runAt: job.runAt ?? now, dedupeKey: job.dedupeKey }));
  const earliest = new Date(Math.min(...values.map((v) => v.runAt.getTime())));
  return tx.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).returning(returningFor(earliest));
}

/**
 * The same INSERT with the jobs as one JSON value bound to `list`, and `wake` whether any is due now
 * (both from newJobsJson): one statement text for any number of jobs, so a prepared statement can
 * carry it (booking creation). Whether to wake is decided with the jobs' own clock, as returningFor
 * does: compared with now() in SQL, a job due "now" inside a transaction that began earlier would
 * look like a later one and wait for the next poll.
 */
export function newJobsFromJson(list: Placeholder, wake: Placeholder): SQL {
  return sql`INSERT INTO jobs (kind, payload, run_at, dedupe_key)
    SELECT j.kind, j.payload, j.run_at, j.dedupe_key FROM jsonb_to_recordset(${list}::jsonb) AS j(kind text, payload jsonb, run_at timestamptz, dedupe_key text)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING (CASE WHEN ${wake}::boolean THEN pg_notify(${JOBS_CHANNEL}, '') END) AS woke`;
}

/** The values newJobsFromJson binds, named as booking creation binds them. */
export function newJobsJson(list: Omit<EnqueueJob, 'replace'>[]): { jobs: string; wakeJobs: boolean } {
  const now = new Date();
  return {
    jobs: JSON.stringify(list.map((job) => ({ kind: job.kind, payload: job.payload, run_at: (job.runAt ?? now).toISOString(), dedupe_key: job.dedupeKey }))),
    wakeJobs: list.some((job) => (job.runAt ?? now).getTime() <= now.getTime()),
  };
}

/**
 * A job due now wakes the workers when the transaction commits (NOTIFY is transactional), so a
 * notice goes out in milliseconds rather than at the next poll; later jobs wait for the poll. The
 * NOTIFY rides in the INSERT's RETURNING, so it runs only for rows actually written, without a
 * statement of its own (PostgreSQL folds repeated identical notifications of one transaction into one).
 */
function returningFor(runAt: Date) {
  return { id: jobs.id, woke: runAt.getTime() <= Date.now() ? sql<unknown>`pg_notify(${JOBS_CHANNEL}, '')` : sql<unknown>`NULL` };
}

const DAY_MS = 86_400_000;

/** The next hh:mm UTC after `now`. */
export function nextDailyAt(now: Date, at: { hourUtc: number; minuteUtc: number }): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hourUtc, at.minuteUtc));
  return today.getTime() > now.getTime() ? today : new Date(today.getTime() + DAY_MS);
}

/**
 * Makes sure a daily job's next run is queued: one job per kind and day (its key names the day),
 * whatever the number of servers or restarts. Its handler calls this again for the day after.
 */
export async function enqueueDailyJob(db: DbOrTx, kind: JobKind, at: { hourUtc: number; minuteUtc: number }, now = new Date()): Promise<Date> {
  const runAt = nextDailyAt(now, at);
  await enqueueJob(db, { kind, payload: {}, runAt, dedupeKey: `${kind}:${runAt.toISOString().slice(0, 10)}` });
  return runAt;
}

/** Dedupe key of the waitlist notice for one freed slot (agreed with the booking core). */
export const slotFreedKey = (bookingId: string, startsAt: Date) => `waitlist.slot_freed:${bookingId}:${startsAt.toISOString()}`;

/**
 * A booking stopped holding its time (expired, cancelled, moved away): tell the artist's waitlist.
 * Call in the transaction that freed the slot; the same slot is announced once.
 */
export async function enqueueSlotFreed(tx: DbOrTx, booking: { id: string; artistId: string; startsAt: Date; endsAt: Date }): Promise<boolean> {
  return enqueueJob(tx, {
    kind: 'waitlist.slot_freed',
    payload: { bookingId: booking.id, artistId: booking.artistId, startsAt: booking.startsAt.toISOString(), endsAt: booking.endsAt.toISOString() },
    dedupeKey: slotFreedKey(booking.id, booking.startsAt),
  });
}

/** Cancel pending jobs whose dedupe key starts with `prefix` (e.g. every reminder of a cancelled booking). */
export async function cancelPendingJobs(tx: DbOrTx, prefix: string): Promise<number> {
  const rows = await tx
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(eq(jobs.status, 'pending'), like(jobs.dedupeKey, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    .returning({ id: jobs.id });
  return rows.length;
}

import { and, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { JOB_STATUSES, type TAdminJobs, type TAdminMail, type TAdminOutboxPage, type TAdminOutboxQuery, type TJobStatus } from '../../../shared/contracts/admin.ts';
import type { AppContext } from '../../context.ts';
import { jobs, mailOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FAILED_JOBS_SHOWN = 100;

// The cursor keeps created_at as PostgreSQL prints it: a JS Date drops microseconds and would skip rows.
type Cursor = { t: string; id: string };
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.t === 'string' && /^[0-9: .+-]{10,40}$/.test(c.t) && typeof c.id === 'string' && UUID.test(c.id)) return c;
  } catch {
    // Fall through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', 'cursor: this page link is not valid any more; reload the outbox.');
}

/** GET /api/admin/outbox: newest first, keyset pages on (created_at, id). */
export async function listOutbox(ctx: AppContext, query: TAdminOutboxQuery): Promise<TAdminOutboxPage> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(mailOutbox.status, query.status));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    const t = sql`${c.t}::timestamptz`;
    where.push(or(lt(mailOutbox.createdAt, t), and(eq(mailOutbox.createdAt, t), lt(mailOutbox.id, c.id)))!);
  }
  const rows = await ctx.database.db
    .select({ m: mailOutbox, createdAtText: sql<string>`${mailOutbox.createdAt}::text` })
    .from(mailOutbox)
    .where(and(...where))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ m }): TAdminMail => ({
      id: m.id,
      dedupeKey: m.dedupeKey,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      messageId: m.messageId,
      error: m.error,
      sentAt: m.sentAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.createdAtText, id: last.m.id }) : null,
  };
}

/** GET /api/admin/jobs: how many jobs are in each state, how many are late, and the failed ones (newest first). */
export async function jobsOverview(ctx: AppContext, now = new Date()): Promise<TAdminJobs> {
  const db = ctx.database.db;
  const [byStatus, [late], failed] = await Promise.all([
    db.select({ status: jobs.status, n: sql<number>`count(*)::int` }).from(jobs).groupBy(jobs.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now))),
    db
      .select()
      .from(jobs)
      .where(eq(jobs.status, 'failed'))
      .orderBy(desc(sql`coalesce(${jobs.finishedAt}, ${jobs.createdAt})`), desc(jobs.id))
      .limit(FAILED_JOBS_SHOWN),
  ]);
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<TJobStatus, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  return {
    counts,
    overdue: Number(late?.n ?? 0),
    failed: failed.map((j) => ({
      id: j.id,
      kind: j.kind,
      attempts: j.attempts,
      maxAttempts: j.maxAttempts,
      lastError: j.lastError,
      runAt: j.runAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
      createdAt: j.createdAt.toISOString(),
    })),
  };
}

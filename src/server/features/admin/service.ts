import { and, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  JOB_STATUSES,
  type TAdminJobs,
  type TAdminMail,
  type TAdminOutboxPage,
  type TAdminOutboxQuery,
  type TAdminPaymentIssues,
  type TJobStatus,
} from '../../../shared/contracts/admin.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles, jobs, mailOutbox, paymentIssues } from '../../db/schema/index.ts';
import { decodeCreatedAtCursor, encodeCreatedAtCursor, olderThanCursor } from '../../http/keyset-cursor.ts';

const FAILED_JOBS_SHOWN = 100;
const PAYMENT_ISSUES_SHOWN = 100;

/** GET /api/admin/outbox: newest first, keyset pages on (created_at, id). */
export async function listOutbox(ctx: AppContext, query: TAdminOutboxQuery): Promise<TAdminOutboxPage> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(mailOutbox.status, query.status));
  if (query.cursor) {
    where.push(olderThanCursor(mailOutbox.createdAt, mailOutbox.id, decodeCreatedAtCursor(query.cursor, 'reload the outbox')));
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
    nextCursor: rows.length > query.limit && last ? encodeCreatedAtCursor({ t: last.createdAtText, id: last.m.id }) : null,
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

/**
 * GET /api/admin/payment-issues: card payments that were not the deposit they were paid for, newest
 * first, and how many are not refunded yet (waiting for the refund, or for a person to reconcile).
 */
export async function listPaymentIssues(ctx: AppContext): Promise<TAdminPaymentIssues> {
  const db = ctx.database.db;
  const [rows, [open]] = await Promise.all([
    db
      .select({ issue: paymentIssues, artist: { id: artistProfiles.id, displayName: artistProfiles.displayName } })
      .from(paymentIssues)
      .innerJoin(artistProfiles, eq(artistProfiles.id, paymentIssues.artistId))
      .orderBy(desc(paymentIssues.createdAt), desc(paymentIssues.id))
      .limit(PAYMENT_ISSUES_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentIssues)
      .where(ne(paymentIssues.status, 'refunded')),
  ]);
  return {
    needsAttention: Number(open?.n ?? 0),
    items: rows.map(({ issue: i, artist }) => ({
      id: i.id,
      bookingId: i.bookingId,
      artist,
      reason: i.reason,
      status: i.status,
      expectedCents: i.expectedCents,
      expectedCurrency: i.expectedCurrency,
      receivedCents: i.receivedCents,
      receivedCurrency: i.receivedCurrency,
      checkoutSessionId: i.checkoutSessionId,
      paymentIntentId: i.paymentIntentId,
      refundId: i.refundId,
      detail: i.detail,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
    })),
  };
}

import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ZMessageReport, type TAdminMessageReports } from '../../../shared/contracts/messaging.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { messageImages, reports, messages, users } from '../../db/schema/index.ts';
import { AppError, notFound, validate } from '../../http/app-error.ts';
import { conversationFor } from './policy.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_REPORTS_LIMIT = 200;

/**
 * POST /api/messages/{id}/report: the other person's message, in a conversation the reporter is
 * in (404 otherwise). Stored once per message and reporter; reporting again changes nothing.
 */
export async function reportMessage(ctx: AppContext, user: SessionUser, messageId: string, body: unknown): Promise<{ id: string; created: boolean }> {
  const { db } = ctx.database;
  const input = validate(ZMessageReport, body);
  const missing = () => notFound('That message');
  if (!UUID.test(messageId)) throw missing();
  const [message] = await db.select({ conversationId: messages.conversationId, senderId: messages.senderId }).from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!message) throw missing();
  await conversationFor(db, user, message.conversationId).catch(() => {
    throw missing();
  });
  if (message.senderId === user.id) throw new AppError('BAD_REQUEST', 'This is your own message: you can only report messages you received.');
  const [created] = await db
    .insert(reports)
    .values({ messageId, reporterId: user.id, reason: input.reason, note: input.note || null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (created) return { id: created.id, created: true };
  const [earlier] = await db.select({ id: reports.id }).from(reports).where(sql`${reports.messageId} = ${messageId} AND ${reports.reporterId} = ${user.id}`);
  return { id: earlier!.id, created: false };
}

const reporter = alias(users, 'reporter');
const sender = alias(users, 'sender');

/** GET /api/admin/message-reports (admins only: the route checks), newest first. */
export async function listMessageReports(ctx: AppContext): Promise<TAdminMessageReports> {
  const rows = await ctx.database.db
    .select({
      r: reports,
      reporterName: reporter.name,
      m: { id: messages.id, conversationId: messages.conversationId, text: messages.text, createdAt: messages.createdAt, senderId: messages.senderId },
      senderName: sender.name,
      imageCount: sql<number>`(SELECT count(*)::int FROM ${messageImages} WHERE ${messageImages.messageId} = ${messages.id})`,
    })
    .from(reports)
    .innerJoin(messages, eq(messages.id, reports.messageId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(ADMIN_REPORTS_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.r.id,
      reason: row.r.reason,
      note: row.r.note,
      createdAt: row.r.createdAt.toISOString(),
      reporter: { id: row.r.reporterId, name: row.reporterName },
      message: {
        id: row.m.id,
        conversationId: row.m.conversationId,
        text: row.m.text,
        imageCount: Number(row.imageCount),
        createdAt: row.m.createdAt.toISOString(),
        sender: { id: row.m.senderId, name: row.senderName },
      },
    })),
  };
}

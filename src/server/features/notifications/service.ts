import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TNotification, TNotificationList } from '../../../shared/contracts/notifications.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, userEventCounters } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';

type Row = typeof notifications.$inferSelect;

const NOTIFICATION_LIST_LIMIT = 50;

export function presentNotification(row: Row): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    actionUrl: row.actionUrl,
    actionLabel: row.actionLabel,
  };
}

/**
 * GET /api/notifications: the bell's list, and `lastSeq`, the user's event number this list already
 * reflects. All three reads share one snapshot (repeatable read): an event's number commits with
 * its change, and numbers commit in order (decision 0018), so the list holds exactly the
 * notifications of events up to `lastSeq`. The tab's first socket resumes from it, so what happens
 * between this read and the socket going live is replayed, and nothing before it twice.
 */
export async function listNotifications(ctx: AppContext, userId: string): Promise<TNotificationList> {
  return ctx.database.db.transaction(
    async (tx) => {
      const rows = await tx.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(NOTIFICATION_LIST_LIMIT);
      const [unread] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      const [counter] = await tx.select({ lastSeq: userEventCounters.lastSeq }).from(userEventCounters).where(eq(userEventCounters.userId, userId));
      return { items: rows.map(presentNotification), unreadCount: Number(unread?.n ?? 0), lastSeq: counter?.lastSeq ?? 0 };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Other features call this inside their own transaction so the notice and the change land together. */
export async function createNotification(
  tx: DbOrTx,
  input: { userId: string; type: Row['type']; title: string; message: string; actionUrl?: string; actionLabel?: string },
) {
  const [row] = await tx
    .insert(notifications)
    .values({ ...input, actionUrl: input.actionUrl ?? null, actionLabel: input.actionLabel ?? null })
    .returning();
  if (!row) throw new Error('notification insert returned no row');
  return presentNotification(row);
}

export async function markNotificationRead(ctx: AppContext, userId: string, id: string) {
  const rows = await ctx.database.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound('That notification');
}

export async function markAllNotificationsRead(ctx: AppContext, userId: string) {
  await ctx.database.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function deleteNotification(ctx: AppContext, userId: string, id: string) {
  const rows = await ctx.database.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound('That notification');
}

export async function clearNotifications(ctx: AppContext, userId: string) {
  await ctx.database.db.delete(notifications).where(eq(notifications.userId, userId));
}

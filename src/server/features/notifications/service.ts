import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TNotification, TNotificationList } from '../../../shared/contracts/notifications.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
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

export async function listNotifications(ctx: AppContext, userId: string): Promise<TNotificationList> {
  const rows = await ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIST_LIMIT);
  const [unread] = await ctx.database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { items: rows.map(presentNotification), unreadCount: Number(unread?.n ?? 0) };
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

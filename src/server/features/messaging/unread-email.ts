import { UNREAD_MESSAGE_EMAIL_AFTER_MS, UNREAD_MESSAGE_EMAIL_EVERY_MS } from '../../../shared/contracts/messaging.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

export type UnreadDigest = {
  conversationId: string;
  recipient: { userId: string; name: string; email: string };
  fromName: string;
  count: number;
  latestMessageId: string;
  latestText: string;
};

/**
 * What to e-mail `userId` about in a conversation now, or null: nothing when they turned these
 * e-mails off, were e-mailed about it within the hour, or have no message from the other person
 * that is still unread 15 minutes after it was sent.
 */
export async function unreadDigestFor(db: DbOrTx, conversationId: string, userId: string, now: Date): Promise<UnreadDigest | null> {
  const sentBefore = new Date(now.getTime() - UNREAD_MESSAGE_EMAIL_AFTER_MS).toISOString();
  const mailedBefore = new Date(now.getTime() - UNREAD_MESSAGE_EMAIL_EVERY_MS).toISOString();
  const [row] = await queryRows<{ name: string; email: string; from_name: string; count: number | string; latest_id: string; latest_text: string }>(
    db,
    sql`SELECT u.name, u.email,
        CASE WHEN other.user_id = ap.user_id THEN ap.display_name ELSE ou.name END AS from_name,
        unread.count, unread.latest_id, unread.latest_text
      FROM conversation_participants me
      JOIN users u ON u.id = me.user_id
      JOIN conversations c ON c.id = me.conversation_id
      JOIN artist_profiles ap ON ap.id = c.artist_id
      JOIN conversation_participants other ON other.conversation_id = c.id AND other.user_id <> me.user_id
      JOIN users ou ON ou.id = other.user_id
      CROSS JOIN LATERAL (
        SELECT count(*) OVER () AS count, m.id AS latest_id, m.text AS latest_text
        FROM messages m
        WHERE m.conversation_id = c.id AND m.sender_id = other.user_id
          AND m.created_at > COALESCE(me.last_read_at, '-infinity'::timestamptz) AND m.created_at <= ${sentBefore}::timestamptz
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1
      ) unread
      WHERE me.conversation_id = ${conversationId}::uuid AND me.user_id = ${userId}
        AND u.email_unread_messages
        AND (me.last_emailed_at IS NULL OR me.last_emailed_at <= ${mailedBefore}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = me.user_id AND ub.blocked_id = other.user_id)`,
  );
  if (!row) return null;
  return {
    conversationId,
    recipient: { userId, name: row.name, email: row.email },
    fromName: row.from_name,
    count: Number(row.count),
    latestMessageId: row.latest_id,
    latestText: row.latest_text,
  };
}

/** Record the e-mail in the transaction that writes it, so the hourly limit holds across job runs. */
export async function markUnreadEmailed(tx: DbOrTx, conversationId: string, userId: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE conversation_participants SET last_emailed_at = ${at.toISOString()}::timestamptz WHERE conversation_id = ${conversationId}::uuid AND user_id = ${userId}`);
}

import { and, eq, or } from 'drizzle-orm';
import type { TBlockState } from '../../../shared/contracts/messaging.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, conversations, userBlocks } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/app-error.ts';

/**
 * Who may do what in a conversation (issue 12 §1). Only its two people see it: anyone else —
 * another client, another artist, an administrator — gets 404, so its existence does not leak.
 * Administrators see reported messages in the admin console instead.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ConversationAccess = {
  id: string;
  bookingId: string | null;
  clientId: string;
  artistId: string;
  artistUserId: string;
  viewerId: string;
  /** The other person's user id. */
  otherUserId: string;
};

export const conversationNotFound = () => notFound('That conversation');

/** The conversation as the viewer may use it; 404 when it does not exist or they are not in it. */
export async function conversationFor(db: DbOrTx, user: Pick<SessionUser, 'id'>, conversationId: string): Promise<ConversationAccess> {
  if (!UUID.test(conversationId)) throw conversationNotFound();
  const [row] = await db
    .select({ id: conversations.id, bookingId: conversations.bookingId, clientId: conversations.clientId, artistId: conversations.artistId, artistUserId: artistProfiles.userId })
    .from(conversations)
    .innerJoin(artistProfiles, eq(artistProfiles.id, conversations.artistId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!row || (row.clientId !== user.id && row.artistUserId !== user.id)) throw conversationNotFound();
  return { ...row, viewerId: user.id, otherUserId: row.clientId === user.id ? row.artistUserId : row.clientId };
}

/** The conversation of a booking, for the spec's `join_conversation { bookingId }`; 404 as above. */
export async function bookingConversationFor(db: DbOrTx, user: Pick<SessionUser, 'id'>, bookingId: string): Promise<ConversationAccess> {
  if (!UUID.test(bookingId)) throw conversationNotFound();
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.bookingId, bookingId)).limit(1);
  if (!row) throw conversationNotFound();
  return conversationFor(db, user, row.id);
}

/** Whether either of two people blocked the other, seen from `viewerId`. */
export async function blockStateBetween(db: DbOrTx, viewerId: string, otherId: string): Promise<TBlockState> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, otherId)), and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, viewerId))));
  return { blockedByMe: rows.some((r) => r.blockerId === viewerId), blockedByOther: rows.some((r) => r.blockerId === otherId) };
}

/** Why a blocked pair exchanges no new messages, in the words of the side that is told. */
export const blockedError = (byMe: boolean) =>
  byMe ? forbidden('You have blocked this person. Unblock them to send messages.') : forbidden('This person is not accepting messages from you.');

/** A blocked pair exchanges no new messages, either way; each side is told why in their own words. */
export function assertMayMessage(block: TBlockState): void {
  if (block.blockedByMe || block.blockedByOther) throw blockedError(block.blockedByMe);
}

import { asc, inArray } from 'drizzle-orm';
import { avatarUrlOf } from '../../../shared/avatar.ts';
import { messagePhotoUrl, type TConversation, type TMessage, type TMessageImage } from '../../../shared/contracts/messaging.ts';
import type { DbOrTx } from '../../db/client.ts';
import { messageImages, type messages } from '../../db/schema/index.ts';

type MessageRow = typeof messages.$inferSelect;
type ImageRow = typeof messageImages.$inferSelect;

export const presentMessageImage = (r: Pick<ImageRow, 'id' | 'conversationId' | 'width' | 'height'>): TMessageImage => ({
  id: r.id,
  // Private: served by this feature to the conversation's two people only (never under /uploads/).
  url: messagePhotoUrl(r.conversationId, r.id),
  thumbUrl: messagePhotoUrl(r.conversationId, r.id, 'thumb'),
  width: r.width,
  height: r.height,
});

export const presentMessage = (m: MessageRow, images: TMessageImage[]): TMessage => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  text: m.text,
  images,
  clientMessageId: m.clientMessageId,
  createdAt: m.createdAt.toISOString(),
});

/** Messages with their photos (one query for all the photos), in the order given. */
export async function presentMessages(db: DbOrTx, rows: MessageRow[]): Promise<TMessage[]> {
  if (rows.length === 0) return [];
  const images = await db
    .select()
    .from(messageImages)
    .where(inArray(messageImages.messageId, rows.map((r) => r.id)))
    .orderBy(asc(messageImages.position));
  const byMessage = new Map<string, TMessageImage[]>();
  for (const i of images) byMessage.set(i.messageId!, [...(byMessage.get(i.messageId!) ?? []), presentMessageImage(i)]);
  return rows.map((r) => presentMessage(r, byMessage.get(r.id) ?? []));
}

/** One row of the conversation list query (service.ts), as PostgreSQL answers it. */
export type ConversationListRow = {
  id: string;
  booking_id: string | null;
  cursor_t: string;
  last_message_at: string | Date;
  artist_user_id: string;
  artist_slug: string;
  artist_name: string;
  other_id: string;
  other_name: string;
  other_avatar_key: string | null;
  other_last_read_at: string | Date | null;
  service_name: string | null;
  starts_at: string | Date | null;
  booking_status: string | null;
  booking_mode: 'in_person' | 'video' | null;
  lm_id: string | null;
  lm_sender_id: string | null;
  lm_text: string | null;
  lm_created_at: string | Date | null;
  lm_images: number | string | null;
  unread: number | string;
  blocked_by_me: boolean;
  blocked_by_other: boolean;
};

// Raw rows: pg answers timestamps as Date, PGlite may too; both print the same ISO text.
const iso = (v: string | Date) => new Date(v).toISOString();

export function presentConversation(r: ConversationListRow): TConversation {
  const otherIsArtist = r.other_id === r.artist_user_id;
  return {
    id: r.id,
    bookingId: r.booking_id,
    booking:
      r.booking_id && r.starts_at && r.booking_status && r.service_name && r.booking_mode
        ? { id: r.booking_id, serviceName: r.service_name, startsAt: iso(r.starts_at), status: r.booking_status, mode: r.booking_mode }
        : null,
    other: {
      userId: r.other_id,
      // An artist is known by their profile's name; a client by their account's.
      name: otherIsArtist ? r.artist_name : r.other_name,
      avatarUrl: avatarUrlOf(r.other_avatar_key),
      artistSlug: otherIsArtist ? r.artist_slug : null,
    },
    lastMessage:
      r.lm_id && r.lm_sender_id && r.lm_created_at
        ? { id: r.lm_id, senderId: r.lm_sender_id, text: r.lm_text ?? '', createdAt: iso(r.lm_created_at), imageCount: Number(r.lm_images ?? 0) }
        : null,
    unreadCount: Number(r.unread),
    otherLastReadAt: r.other_last_read_at ? iso(r.other_last_read_at) : null,
    blockedByMe: r.blocked_by_me,
    blockedByOther: r.blocked_by_other,
    updatedAt: iso(r.last_message_at),
  };
}

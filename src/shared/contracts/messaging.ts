import { z } from 'zod';
import type { TReportReason } from './identity.ts';
import { ZUuid, zText } from './input.ts';

/**
 * Conversations between a client and an artist (issue 12, DESIGN §4): one per booking, opened with
 * the request, plus pre-booking inquiries from a profile. The server and the web app both build on
 * these shapes; the WebSocket frames are in ./realtime.ts.
 */

export const MESSAGE_TEXT_MAX = 4_000;
export const MESSAGE_MAX_IMAGES = 6;
/** New inquiries one client may open in a rolling day (429 past it). */
export const INQUIRIES_PER_DAY = 5;
/** Messages answered per page of a thread, and conversations per page of the list. */
export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_SIZE = 30;
/** A message still unread this long after it was sent is e-mailed, at most once per conversation per hour. */
export const UNREAD_MESSAGE_EMAIL_AFTER_MS = 15 * 60 * 1000;
export const UNREAD_MESSAGE_EMAIL_EVERY_MS = 60 * 60 * 1000;

const messageText = zText({ multiline: true })
  .trim()
  .max(MESSAGE_TEXT_MAX, `keep a message under ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters`);

/** A client-generated id (a UUID) that makes a send idempotent: the same id twice stores one message. */
export const ZClientMessageId = ZUuid;

/** POST /api/conversations/{id}/messages: text, photos or both; never neither. */
export const ZMessageCreate = z
  .strictObject({
    text: messageText.default(''),
    clientMessageId: ZClientMessageId,
    imageIds: z.array(ZUuid).max(MESSAGE_MAX_IMAGES, `attach at most ${MESSAGE_MAX_IMAGES} photos`).default([]),
  })
  .refine((m) => m.text.length > 0 || m.imageIds.length > 0, { message: 'write a message or attach a photo', path: ['text'] });
export type TMessageCreate = z.input<typeof ZMessageCreate>;

/** POST /api/artists/{idOrSlug}/inquiries: the first message of a pre-booking conversation. */
export const ZInquiryCreate = z.strictObject({
  text: messageText.min(1, 'write a message'),
  clientMessageId: ZClientMessageId,
});
export type TInquiryCreate = z.input<typeof ZInquiryCreate>;

/** GET /api/conversations/{id}/messages: `before` pages back (keyset), `after` catches up. */
export const ZMessagePageQuery = z.strictObject({
  before: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
});

/** GET /api/conversations: `q` filters by the other person's name or message text. */
export const ZConversationListQuery = z.strictObject({
  q: zText().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});

/** POST /api/messages/{id}/report (one reports table with profiles, reviews and bookings: contracts/identity.ts). */
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'scam', 'other'] as const;
export const ZMessageReport = z.strictObject({
  reason: z.enum(REPORT_REASONS),
  note: zText({ multiline: true }).trim().max(1000).optional(),
});

export type TMessageImage = { id: string; url: string; thumbUrl: string; width: number; height: number };

export type TMessage = {
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  images: TMessageImage[];
  clientMessageId: string;
  createdAt: string;
};

/** The person on the other side of a conversation, as the viewer sees them. */
export type TConversationPerson = {
  userId: string;
  name: string;
  avatarUrl: string | null;
  /** Set when the other person is an artist: their profile's slug, for a link. */
  artistSlug: string | null;
};

export type TConversationBooking = {
  id: string;
  serviceName: string;
  startsAt: string;
  status: string;
  mode: 'in_person' | 'video';
};

export type TConversation = {
  id: string;
  /** Null for a pre-booking inquiry. */
  bookingId: string | null;
  booking: TConversationBooking | null;
  other: TConversationPerson;
  lastMessage: Pick<TMessage, 'id' | 'senderId' | 'text' | 'createdAt'> & { imageCount: number } | null;
  unreadCount: number;
  /** The newest of the viewer's messages the other person has read (read receipts), or null. */
  otherLastReadAt: string | null;
  blockedByMe: boolean;
  blockedByOther: boolean;
  updatedAt: string;
};

export type TConversationList = { items: TConversation[]; nextCursor: string | null };
export type TMessagePage = { items: TMessage[]; nextCursor: string | null };

/** Photos one person may upload to conversations in a rolling day (each message holds at most MESSAGE_MAX_IMAGES). */
export const MESSAGE_PHOTO_UPLOADS_PER_DAY = 60;

/** Where a message photo is served: only to the conversation's two people. */
export const messagePhotoUrl = (conversationId: string, imageId: string, variant: 'full' | 'thumb' = 'full') =>
  `/api/conversations/${conversationId}/photos/${imageId}${variant === 'thumb' ? '/thumb' : ''}`;

/** POST /api/artists/{idOrSlug}/inquiries answers the conversation (new or reused) and the message. */
export type TInquiryResult = { conversationId: string; message: TMessage };

/** POST and DELETE /api/conversations/{id}/block. */
export type TBlockState = { blockedByMe: boolean; blockedByOther: boolean };

/** POST /api/conversations/{id}/read answers the receipt (also sent over /ws as a `read` frame). */
export type TReadState = { conversationId: string; readAt: string | null };

/** GET /api/admin/message-reports: newest first. */
export type TAdminMessageReport = {
  id: string;
  reason: TReportReason;
  note: string | null;
  createdAt: string;
  reporter: { id: string; name: string };
  message: { id: string; conversationId: string; text: string; imageCount: number; createdAt: string; sender: { id: string; name: string } };
};
export type TAdminMessageReports = { items: TAdminMessageReport[] };

import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONVERSATIONS_PAGE_SIZE,
  INQUIRIES_PER_DAY,
  MESSAGES_PAGE_SIZE,
  UNREAD_MESSAGE_EMAIL_AFTER_MS,
  ZConversationListQuery,
  ZInquiryCreate,
  ZMessageCreate,
  ZMessagePageQuery,
  type TBlockState,
  type TConversation,
  type TConversationList,
  type TInquiryResult,
  type TMessage,
  type TMessagePage,
  type TReadState,
} from '../../../shared/contracts/messaging.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { preparedSql, queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { artistProfiles, conversationParticipants, conversations, messages, userBlocks } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, validate } from '../../http/app-error.ts';
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from '../../http/keyset-cursor.ts';
import { appendUserEvents, USER_EVENTS_CHANNEL } from '../../realtime/events.ts';
import { assertMayMessage, blockedError, blockStateBetween, conversationFor, conversationNotFound, type ConversationAccess } from './policy.ts';
import { presentConversation, presentMessageImage, presentMessages, type ConversationListRow } from './presenter.ts';

type MessageRow = typeof messages.$inferSelect;
type NewMessage = { text: string; clientMessageId: string; imageIds: string[] };
export type SendResult = { message: TMessage; created: boolean };

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// The conversation list

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The viewer's conversations, newest activity first; `only` narrows to one conversation. */
function conversationListSql(viewerId: string, opts: { only?: string; q?: string; after?: { t: string; id: string }; limit: number }): SQL {
  const filters: SQL[] = [sql`me.user_id = ${viewerId}`];
  if (opts.only) filters.push(sql`c.id = ${opts.only}::uuid`);
  if (opts.after) filters.push(sql`(me.last_message_at, c.id) < (${opts.after.t}::timestamptz, ${opts.after.id}::uuid)`);
  if (opts.q) {
    const pattern = likePattern(opts.q);
    filters.push(sql`(CASE WHEN other.user_id = ap.user_id THEN ap.display_name ELSE ou.name END ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.text ILIKE ${pattern}))`);
  }
  return sql`
    SELECT c.id, c.booking_id, me.last_message_at, me.last_message_at::text AS cursor_t,
      ap.user_id AS artist_user_id, ap.slug AS artist_slug, ap.display_name AS artist_name,
      other.user_id AS other_id, ou.name AS other_name, ou.avatar_key AS other_avatar_key, other.last_read_at AS other_last_read_at,
      s.name AS service_name, b.starts_at, b.status::text AS booking_status, b.mode::text AS booking_mode,
      lm.id AS lm_id, lm.sender_id AS lm_sender_id, lm.text AS lm_text, lm.created_at AS lm_created_at,
      (SELECT count(*) FROM message_images mi WHERE mi.message_id = lm.id)::int AS lm_images,
      (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> me.user_id
        AND m.created_at > COALESCE(me.last_read_at, '-infinity'::timestamptz))::int AS unread,
      EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = me.user_id AND ub.blocked_id = other.user_id) AS blocked_by_me,
      EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = other.user_id AND ub.blocked_id = me.user_id) AS blocked_by_other
    FROM conversation_participants me
    JOIN conversations c ON c.id = me.conversation_id
    JOIN conversation_participants other ON other.conversation_id = c.id AND other.user_id <> me.user_id
    JOIN users ou ON ou.id = other.user_id
    JOIN artist_profiles ap ON ap.id = c.artist_id
    LEFT JOIN bookings b ON b.id = c.booking_id
    LEFT JOIN services s ON s.id = b.service_id
    LEFT JOIN LATERAL (
      SELECT m.id, m.sender_id, m.text, m.created_at FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) lm ON true
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY me.last_message_at DESC, c.id DESC
    LIMIT ${opts.limit}`;
}

/** GET /api/conversations: `q` matches the other person's name or any message's text. */
export async function listConversations(ctx: AppContext, user: SessionUser, query: unknown): Promise<TConversationList> {
  const { q, cursor } = validate(ZConversationListQuery, query);
  const after = cursor ? decodeCreatedAtCursor(cursor, 'open your messages again') : undefined;
  const rows = await queryRows<ConversationListRow>(
    ctx.database.db,
    conversationListSql(user.id, { ...(q ? { q } : {}), ...(after ? { after } : {}), limit: CONVERSATIONS_PAGE_SIZE + 1 }),
  );
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return { items: page.map(presentConversation), nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? encodeCreatedAtCursor({ t: last.cursor_t, id: last.id }) : null };
}

/** GET /api/conversations/{id}: one conversation as the list shows it. */
export async function getConversation(ctx: AppContext, user: SessionUser, conversationId: string): Promise<TConversation> {
  const conversation = await conversationFor(ctx.database.db, user, conversationId);
  const [row] = await queryRows<ConversationListRow>(ctx.database.db, conversationListSql(user.id, { only: conversation.id, limit: 1 }));
  if (!row) throw notFound('That conversation');
  return presentConversation(row);
}

// ---------------------------------------------------------------------------------------------
// A thread's messages

/**
 * The position a `before`/`after` cursor names: a message of this conversation, by id (the client
 * has the ids; the database compares the exact times, microseconds included).
 */
const ZMessageCursor = z.string().regex(UUID);
async function messagePosition(db: DbOrTx, conversationId: string, raw: string): Promise<{ createdAt: SQL; id: string }> {
  const invalid = () => new AppError('INVALID_CURSOR', 'cursor: this page link is not valid any more; open the conversation again.');
  if (!ZMessageCursor.safeParse(raw).success) throw invalid();
  const [row] = await db.select({ id: messages.id }).from(messages).where(and(eq(messages.id, raw), eq(messages.conversationId, conversationId))).limit(1);
  if (!row) throw invalid();
  return { createdAt: sql`(SELECT created_at FROM messages WHERE id = ${row.id})`, id: row.id };
}

/**
 * GET /api/conversations/{id}/messages: a page of messages, oldest first. Without a cursor, the
 * newest page; `before` pages back ("load older"); `after` catches up. `nextCursor` continues in
 * the same direction (`before` for the newest page), null at the end.
 */
export async function listMessages(ctx: AppContext, user: SessionUser, conversationId: string, query: unknown): Promise<TMessagePage> {
  const { db } = ctx.database;
  const { before, after } = validate(ZMessagePageQuery, query);
  if (before && after) throw new AppError('BAD_REQUEST', 'Ask for messages before or after one message, not both.');
  const conversation = await conversationFor(db, user, conversationId);
  const inThread = eq(messages.conversationId, conversation.id);
  const take = MESSAGES_PAGE_SIZE + 1;
  let rows: MessageRow[];
  if (after) {
    const at = await messagePosition(db, conversation.id, after);
    rows = await db.select().from(messages).where(and(inThread, sql`(${messages.createdAt}, ${messages.id}) > (${at.createdAt}, ${at.id}::uuid)`)).orderBy(asc(messages.createdAt), asc(messages.id)).limit(take);
  } else {
    const at = before ? await messagePosition(db, conversation.id, before) : null;
    const older = at ? sql`(${messages.createdAt}, ${messages.id}) < (${at.createdAt}, ${at.id}::uuid)` : undefined;
    rows = (await db.select().from(messages).where(and(inThread, older)).orderBy(desc(messages.createdAt), desc(messages.id)).limit(take)).reverse();
  }
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const page = after ? rows.slice(0, MESSAGES_PAGE_SIZE) : rows.slice(rows.length - Math.min(rows.length, MESSAGES_PAGE_SIZE));
  const edge = after ? page.at(-1) : page[0];
  return { items: await presentMessages(db, page), nextCursor: more && edge ? edge.id : null };
}

// ---------------------------------------------------------------------------------------------
// Sending

async function messageBySender(db: DbOrTx, senderId: string, clientMessageId: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId))).limit(1);
  return row ?? null;
}

/** The same clientMessageId again answers the message it stored, if it went to this conversation. */
async function replayed(db: DbOrTx, senderId: string, clientMessageId: string, conversationId: string | null): Promise<SendResult | null> {
  const earlier = await messageBySender(db, senderId, clientMessageId);
  if (!earlier) return null;
  if (conversationId !== null && earlier.conversationId !== conversationId) {
    throw new AppError('CONFLICT', 'clientMessageId: this id was already used for a message in another conversation; make a new one for each message.');
  }
  const [message] = await presentMessages(db, [earlier]);
  return { message: message!, created: false };
}

/** The bell's link for a conversation's message notices. */
const threadPath = (conversationId: string) => `/messages/${conversationId}`;

/** The recipient's notice quotes the start of the message. */
const noticePreview = (text: string) => (text.length > 0 ? (text.length > 140 ? `${text.slice(0, 139)}…` : text) : 'Sent a photo.');

/** What send_message() (migrations 0029, 0033) answers for a new message: it, and its events to announce ("userId:seq" lines). */
type StoredMessage = Omit<TMessage, 'images'> & { images: Array<{ id: string; width: number; height: number }>; events: string };
type Stored = SendResult & { events: string[] };

/** send_message()'s SQLSTATE for a photo that is not the sender's unsent upload in this conversation. */
const PHOTO_NOT_ATTACHABLE = 'IH001';

/** The store's failure as the sender should hear it: a photo they may not attach is their input's fault. */
function photoErrorOr(error: unknown): unknown {
  if (pgErrorCode(error) !== PHOTO_NOT_ATTACHABLE) return error;
  return new AppError('VALIDATION_FAILED', 'imageIds: a photo was not uploaded by you to this conversation, or it is already in a message. Upload it again.');
}

/**
 * One e-mail check per conversation, recipient and quarter hour of sending, due 15 minutes after
 * that quarter ends: every message in it has been unread 15 minutes by then. The handler
 * (jobs/handlers.ts) mails only if something is still unread, at most once an hour.
 * send_checked_message() makes its payload and key (`<kind>:<conversation>:<recipient>:<quarter>`).
 */
const UNREAD_EMAIL_JOB = 'messaging.unread_email';

/** A message send_message() stored, as the API shows it, with its events to announce. */
function storedResult(stored: StoredMessage): Stored {
  const { events, ...message } = stored;
  return {
    message: { ...message, images: message.images.map((i) => presentMessageImage({ ...i, conversationId: message.conversationId })) },
    created: true,
    events: events.split('\n').filter(Boolean),
  };
}

/**
 * Wake the sockets of a stored message's events, once its statement (or transaction) committed:
 * send_message() does not NOTIFY itself (migration 0033). A failed wake-up loses no event: the
 * rows are there, and every hub catches its sockets up on a beat (realtime/hub.ts).
 */
function announce(ctx: AppContext, stored: Stored): SendResult {
  if (stored.events.length > 0) ctx.database.announce(USER_EVENTS_CHANNEL, stored.events);
  return { message: stored.message, created: stored.created };
}

/** The bell's notice of a conversation has been seen in the thread itself. */
async function readMessageNotices(tx: Tx, userId: string, conversationId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE notifications SET read_at = now()
    WHERE user_id = ${userId} AND type = 'message' AND action_url = ${threadPath(conversationId)} AND read_at IS NULL`);
}

/** What send_checked_message() (migration 0034) answers: the checks' outcome, or the stored message. */
type CheckedSend =
  | { status: 'not_found' | 'used' | 'blocked_by_me' | 'blocked_by_other' | 'raced' }
  | { status: 'sent'; message: StoredMessage };

/**
 * A message's checks and its store in one statement: the conversation and whether the sender is in
 * it, whether this clientMessageId was used before, whether either person blocked the other, then
 * send_message(). One round trip per send instead of two (the migration says why it matters).
 */
const sendChecked = preparedSql<{ result: CheckedSend }>(
  'send_checked_message',
  () => sql`SELECT send_checked_message(
    ${sql.placeholder('conversationId')}::uuid, ${sql.placeholder('senderId')}, ${sql.placeholder('text')}, ${sql.placeholder('clientMessageId')}::uuid,
    ${sql.placeholder('imageIds')}::uuid[], ${sql.placeholder('preview')}, ${sql.placeholder('threadPath')}, ${sql.placeholder('jobKind')}, ${sql.placeholder('jobEveryMs')}::bigint
  ) AS result`,
);

/**
 * Check and store a message in one statement (send_checked_message(), migrations 0029, 0034): the
 * row (once per sender and clientMessageId, even when two identical sends race), its photos, the
 * conversation's new order, the sender's read mark, a `message` event for both people, the bell's
 * notices and the job that e-mails the recipient if it stays unread. A statement is atomic on its
 * own, so a reply needs no transaction; openInquiry runs it inside its own. `conversationId` as the
 * database writes it (lower case): the thread path is made from it.
 */
async function storeChecked(db: DbOrTx, senderId: string, conversationId: string, input: NewMessage): Promise<Stored> {
  let rows: Array<{ result: CheckedSend }>;
  try {
    rows = await sendChecked(db, {
      conversationId,
      senderId,
      text: input.text,
      clientMessageId: input.clientMessageId,
      imageIds: [...new Set(input.imageIds)],
      preview: noticePreview(input.text),
      threadPath: threadPath(conversationId),
      jobKind: UNREAD_EMAIL_JOB,
      jobEveryMs: UNREAD_MESSAGE_EMAIL_AFTER_MS,
    });
  } catch (error) {
    throw photoErrorOr(error);
  }
  const result = rows[0]!.result;
  switch (result.status) {
    case 'sent':
      return storedResult(result.message);
    case 'not_found':
      throw conversationNotFound();
    case 'blocked_by_me':
    case 'blocked_by_other':
      throw blockedError(result.status === 'blocked_by_me');
    case 'used':
    case 'raced':
      // Sent before, or an identical send stored it first (a retry racing its original): answer that one.
      return { ...(await replayed(db, senderId, input.clientMessageId, conversationId))!, events: [] };
  }
}

/** POST /api/conversations/{id}/messages: one statement, unless the send is a retry. */
export async function sendMessage(ctx: AppContext, user: SessionUser, conversationId: string, body: unknown): Promise<SendResult> {
  const input = validate(ZMessageCreate, body);
  if (!UUID.test(conversationId)) throw conversationNotFound();
  return announce(ctx, await storeChecked(ctx.database.db, user.id, conversationId.toLowerCase(), input));
}

// ---------------------------------------------------------------------------------------------
// Inquiries

const inquiriesFull = () =>
  new AppError('RATE_LIMITED', `You can start up to ${INQUIRIES_PER_DAY} new conversations with artists a day. Reply in one you already have, or try again tomorrow.`);

async function findArtist(db: Db, idOrSlug: string) {
  const [artist] = await db
    .select({ id: artistProfiles.id, userId: artistProfiles.userId, displayName: artistProfiles.displayName, acceptInquiries: artistProfiles.acceptInquiries })
    .from(artistProfiles)
    .where(UUID.test(idOrSlug) ? eq(artistProfiles.id, idOrSlug) : eq(artistProfiles.slug, idOrSlug.toLowerCase()))
    .limit(1);
  if (!artist) throw notFound('That artist');
  return artist;
}

/**
 * POST /api/artists/{idOrSlug}/inquiries: the first message before a booking. Reuses the pair's
 * inquiry when there is one; a new one needs the artist to take inquiries and counts toward the
 * client's INQUIRIES_PER_DAY.
 */
export async function openInquiry(ctx: AppContext, user: SessionUser, idOrSlug: string, body: unknown, now = Date.now()): Promise<SendResult & TInquiryResult> {
  const { db } = ctx.database;
  const input = validate(ZInquiryCreate, body);
  const artist = await findArtist(db, idOrSlug);
  if (artist.userId === user.id) throw forbidden('This is your own profile: you cannot send yourself a message.');
  const earlier = await replayed(db, user.id, input.clientMessageId, null);
  if (earlier) return { ...earlier, conversationId: earlier.message.conversationId };
  assertMayMessage(await blockStateBetween(db, user.id, artist.userId));
  const pair = and(eq(conversations.clientId, user.id), eq(conversations.artistId, artist.id), isNull(conversations.bookingId));
  const result = await db.transaction(async (tx) => {
    // One client's inquiries one at a time, so parallel requests cannot pass the daily limit together.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
    let [existing] = await tx.select({ id: conversations.id }).from(conversations).where(pair).limit(1);
    if (!existing) {
      if (!artist.acceptInquiries) {
        throw forbidden(`${artist.displayName} is not taking messages before a booking. Request a booking instead; you can message them about it there.`);
      }
      const [opened] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .where(and(eq(conversations.clientId, user.id), isNull(conversations.bookingId), gt(conversations.createdAt, new Date(now - DAY_MS))));
      if (Number(opened?.n ?? 0) >= INQUIRIES_PER_DAY) throw inquiriesFull();
      [existing] = await tx.insert(conversations).values({ clientId: user.id, artistId: artist.id }).returning({ id: conversations.id });
      await tx.insert(conversationParticipants).values([
        { conversationId: existing!.id, userId: user.id },
        { conversationId: existing!.id, userId: artist.userId },
      ]);
    }
    return storeChecked(tx, user.id, existing!.id, { text: input.text, clientMessageId: input.clientMessageId, imageIds: [] });
  });
  // After the commit: a socket woken before it would read nothing.
  const sent = announce(ctx, result);
  return { ...sent, conversationId: sent.message.conversationId };
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Mark the conversation read up to its newest message (the exact time read receipts compare with).
 * Only a change is recorded: it sends a `read` event to both people (the other's receipt, the
 * reader's other devices).
 */
export async function markConversationRead(ctx: AppContext, user: Pick<SessionUser, 'id'>, conversationId: string): Promise<TReadState> {
  const { db } = ctx.database;
  const conversation = await conversationFor(db, user, conversationId);
  return db.transaction(async (tx) => {
    const newest = sql`(SELECT max(created_at) FROM messages WHERE conversation_id = ${conversation.id})`;
    const [updated] = await tx
      .update(conversationParticipants)
      .set({ lastReadAt: newest })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversation.id),
          eq(conversationParticipants.userId, user.id),
          sql`${newest} > COALESCE(${conversationParticipants.lastReadAt}, '-infinity'::timestamptz)`,
        ),
      )
      .returning({ lastReadAt: conversationParticipants.lastReadAt });
    if (updated?.lastReadAt) {
      const readAt = updated.lastReadAt.toISOString();
      await readMessageNotices(tx, user.id, conversation.id);
      const receipt = { conversationId: conversation.id, userId: user.id, readAt };
      await appendUserEvents(tx, [
        { userId: user.id, kind: 'read', refId: conversation.id, data: receipt },
        { userId: conversation.otherUserId, kind: 'read', refId: conversation.id, data: receipt },
      ]);
      return { conversationId: conversation.id, readAt };
    }
    const [mine] = await tx
      .select({ lastReadAt: conversationParticipants.lastReadAt })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversation.id), eq(conversationParticipants.userId, user.id)));
    return { conversationId: conversation.id, readAt: mine?.lastReadAt?.toISOString() ?? null };
  });
}

// ---------------------------------------------------------------------------------------------
// Blocking

/** POST /api/conversations/{id}/block: block the other person (everywhere, not only here). */
export async function blockOther(ctx: AppContext, user: SessionUser, conversationId: string): Promise<TBlockState> {
  const { db } = ctx.database;
  const conversation = await conversationFor(db, user, conversationId);
  await db.insert(userBlocks).values({ blockerId: user.id, blockedId: conversation.otherUserId }).onConflictDoNothing();
  return blockStateBetween(db, user.id, conversation.otherUserId);
}

/** DELETE /api/conversations/{id}/block: lift the viewer's own block (never the other's). */
export async function unblockOther(ctx: AppContext, user: SessionUser, conversationId: string): Promise<TBlockState> {
  const { db } = ctx.database;
  const conversation = await conversationFor(db, user, conversationId);
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, conversation.otherUserId)));
  return blockStateBetween(db, user.id, conversation.otherUserId);
}

/** For the socket: whether `sender` may show typing to the other person now (not while blocked). */
export async function mayMessage(db: DbOrTx, conversation: ConversationAccess): Promise<boolean> {
  const block = await blockStateBetween(db, conversation.viewerId, conversation.otherUserId);
  return !block.blockedByMe && !block.blockedByOther;
}

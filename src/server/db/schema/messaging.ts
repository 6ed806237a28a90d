import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '../../../shared/contracts/identity.ts';
import { users } from './auth.ts';
import { artistProfiles, bookings, reviews } from './marketplace.ts';

/**
 * Conversations (issue 12 §1): one per booking, opened with the request by a trigger on bookings
 * (migration 0016), or a pre-booking inquiry between a client and an artist (bookingId null; at
 * most one per pair, reused). clientId/artistId say who is who; the participants rows carry the
 * per-person state.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    /** The newest message's time (or the opening), for the list's order and its keyset cursor. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_booking_idx').on(t.bookingId),
    // One live inquiry per client and artist: opening another reuses it.
    uniqueIndex('conversations_inquiry_pair_idx').on(t.clientId, t.artistId).where(sql`${t.bookingId} IS NULL`),
  ],
);

/** The two people of a conversation and what each has read; also what the unread e-mail last covered. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** When this person was last e-mailed about unread messages here (at most one an hour). */
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
    /** Copied from conversations.last_message_at, so a person's list is one index range. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_participants_user_idx').on(t.userId, t.lastMessageAt, t.conversationId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    /** The sender's id for this send: the same id twice stores one message. */
    clientMessageId: uuid('client_message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id_idx').on(t.senderId, t.clientMessageId),
    // Keyset pages of a thread, both ways.
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
  ],
);

/** Photos in messages: private (served only to the conversation's two people), uploaded before the message. */
export const messageImages = pgTable(
  'message_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_images_message_idx').on(t.messageId, t.position), index('message_images_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A person who blocked another: no new messages either way while the row exists. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportTarget = pgEnum('report_target', REPORT_TARGETS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
/**
 * A report for the admin console (issue 12 §1, generalised by issue 13 §3 in migration 0019): of a
 * message, an artist's profile, a review or a booking — exactly one of the four ids, the one
 * target_type names (a CHECK). One report per target and reporter; the admin resolves or dismisses
 * it with a note (an admin_audit row in the same transaction).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: reportTarget('target_type').notNull().default('message'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id').references(() => artistProfiles.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    /** The reporter's own words. */
    note: text('note'),
    status: reportStatus('status').notNull().default('open'),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_message_reporter_idx').on(t.messageId, t.reporterId),
    uniqueIndex('reports_artist_reporter_idx').on(t.artistId, t.reporterId),
    uniqueIndex('reports_review_reporter_idx').on(t.reviewId, t.reporterId),
    uniqueIndex('reports_booking_reporter_idx').on(t.bookingId, t.reporterId),
    index('reports_created_idx').on(t.createdAt),
    index('reports_status_idx').on(t.status, t.createdAt),
    check(
      'reports_one_target',
      sql`num_nonnulls(${t.messageId}, ${t.artistId}, ${t.reviewId}, ${t.bookingId}) = 1 AND CASE ${t.targetType} WHEN 'message' THEN ${t.messageId} IS NOT NULL WHEN 'profile' THEN ${t.artistId} IS NOT NULL WHEN 'review' THEN ${t.reviewId} IS NOT NULL ELSE ${t.bookingId} IS NOT NULL END`,
    ),
  ],
);

/**
 * Per-user event sequence (issue 12 §2). append_user_event() (migration 0016) bumps the user's
 * counter row with INSERT … ON CONFLICT DO UPDATE … RETURNING in the caller's transaction, so two
 * concurrent changes wait on the row lock and never share or skip a number, and a number is visible
 * only after every lower one has committed.
 */
export const userEventCounters = pgTable('user_event_counters', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/**
 * What a user's sockets must see, in order: `kind` names the frame (message, read, notification,
 * booking.updated); `refId` the row the frame is built from when it is sent (message, notification,
 * booking); `data` the little a frame needs beyond that row (a read receipt).
 */
export const userEvents = pgTable(
  'user_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    refId: uuid('ref_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('user_events_created_idx').on(t.createdAt), check('user_events_seq_positive', sql`${t.seq} > 0`)],
);

/**
 * Ephemeral frames (typing, call signalling) on their way to another server process: NOTIFY carries
 * this row's id (a payload is capped at 8,000 bytes; an SDP offer may not fit); rows older than a
 * minute are deleted.
 */
export const realtimeRelay = pgTable(
  'realtime_relay',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').notNull(),
    frame: jsonb('frame').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_relay_created_idx').on(t.createdAt)],
);

import { z } from 'zod';
import { ZUuid, zText } from './input.ts';
import type { TMessage } from './messaging.ts';
import type { TNotification } from './notifications.ts';

/**
 * Frames over the `/ws` socket (issue 12 §2, DESIGN §4). Every frame is one JSON object with a
 * `type`. Events a user must see (message, read, notification, booking.updated) carry `seq`, the
 * user's own sequence number stored in the database: a socket that reconnects sends the last `seq`
 * it saw in `resume`, and the server replays what it missed before going live (then `ready`).
 * Typing and call signalling are ephemeral: no `seq`, never replayed.
 */

/** Where the socket is served (same origin as the pages; the session cookie authenticates). */
export const WS_PATH = '/ws';

/** Frames larger than this close the socket with 1009 (message too big). SDP offers fit easily. */
export const WS_FRAME_MAX_BYTES = 64 * 1024;
/** Client frames allowed per socket per 10 s before the server answers rate-limited error frames. */
export const WS_FRAMES_PER_10S = 100;
/** A typing indicator lasts this long unless renewed. */
export const TYPING_TTL_MS = 5_000;

/**
 * Sequenced events are kept this long (a daily job prunes older ones). A tab that resumes from a
 * number whose events are gone (away longer, or a reset database) gets `resync` instead of a
 * replay: it reads its lists again over HTTP and goes on from the server's current number.
 */
export const USER_EVENTS_KEEP_DAYS = 7;

export const WS_CLOSE_TOO_BIG = 1009;
export const WS_CLOSE_POLICY = 1008;

const sdp = z.string().min(1).max(WS_FRAME_MAX_BYTES);

export const ZClientFrame = z.discriminatedUnion('type', [
  /** First frame after connecting: replay events after this sequence number (null: none, just go live). */
  z.strictObject({ type: z.literal('resume'), after: z.number().int().min(0).nullable() }),
  /** The spec's frame: follow a booking's conversation (typing and call frames for it). */
  z.strictObject({ type: z.literal('join_conversation'), bookingId: ZUuid.optional(), conversationId: ZUuid.optional() }),
  z.strictObject({ type: z.literal('typing'), conversationId: ZUuid }),
  z.strictObject({ type: z.literal('read'), conversationId: ZUuid }),
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({ type: z.literal('call.join'), bookingId: ZUuid }),
  z.strictObject({ type: z.literal('call.offer'), bookingId: ZUuid, sdp }),
  z.strictObject({ type: z.literal('call.answer'), bookingId: ZUuid, sdp }),
  z.strictObject({ type: z.literal('call.ice'), bookingId: ZUuid, candidate: zText().max(4_000).nullable(), sdpMid: zText().max(64).nullable().optional(), sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional() }),
  z.strictObject({ type: z.literal('call.hangup'), bookingId: ZUuid }),
]);
export type TClientFrame = z.infer<typeof ZClientFrame>;

export type TBookingUpdate = { bookingId: string; status: string; startsAt: string };
export type TReadReceipt = { conversationId: string; userId: string; readAt: string };

export type TServerFrame =
  | { type: 'ready'; lastSeq: number }
  | { type: 'resync'; reason: string }
  | { type: 'message'; seq: number; message: TMessage }
  | { type: 'read'; seq: number; receipt: TReadReceipt }
  | { type: 'notification'; seq: number; notification: TNotification }
  | { type: 'booking.updated'; seq: number; booking: TBookingUpdate }
  | { type: 'typing'; conversationId: string; userId: string }
  | { type: 'joined'; conversationId: string }
  | { type: 'pong' }
  | { type: 'call.peer'; bookingId: string; present: boolean; initiator: boolean }
  | { type: 'call.offer'; bookingId: string; sdp: string }
  | { type: 'call.answer'; bookingId: string; sdp: string }
  | { type: 'call.ice'; bookingId: string; candidate: string | null; sdpMid?: string | null; sdpMLineIndex?: number | null }
  | { type: 'call.hangup'; bookingId: string }
  | { type: 'error'; code: string; message: string };

/** Events stored with a per-user sequence number (replayed after a reconnect). */
export type TSequencedFrame = Extract<TServerFrame, { seq: number }>;

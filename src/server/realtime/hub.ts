/**
 * The realtime hub: every `/ws` socket of this process, and the fan-out between processes.
 *
 * Extension points (for call signalling and other features), on `app.realtime` (a RealtimeHub):
 *
 *   registerFrameHandler<T extends TClientFrame['type']>(type: T, handler: FrameHandler<T>): void
 *     `handler(frame, socket)` runs for every valid client frame of that type, after the socket is
 *     authenticated, its Origin checked and the frame size-capped, rate-limited and parsed with
 *     ZClientFrame. `socket` is a SocketContext: `{ user: SessionUser, ctx: AppContext,
 *     send(frame: TServerFrame): void }` (send answers this one socket). A handler that throws an
 *     AppError has its message sent back as an error frame; the socket stays open. One handler per
 *     type; registering a type twice throws.
 *
 *   sendEphemeral(userId: string, frame: TServerFrame): Promise<void>
 *     Delivers the frame to every open socket of that user, on this process and on every other
 *     process sharing the database (PostgreSQL). Not stored, never replayed: for typing and call
 *     signalling. Resolves once handed to this process's sockets and to the other processes.
 *
 * Register from a Fastify plugin registered after the hub (app.ts), e.g.
 *   app.realtime.registerFrameHandler('call.offer', async (frame, socket) => {
 *     await app.realtime.sendEphemeral(peerUserId, { type: 'call.offer', bookingId: frame.bookingId, sdp: frame.sdp });
 *   });
 */
import type { TClientFrame, TServerFrame } from '../../shared/contracts/realtime.ts';
import type { SessionUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';

export type SocketContext = { user: SessionUser; ctx: AppContext; send(frame: TServerFrame): void };
export type FrameHandler<T extends TClientFrame['type']> = (frame: Extract<TClientFrame, { type: T }>, socket: SocketContext) => Promise<void> | void;

export interface RealtimeHub {
  registerFrameHandler<T extends TClientFrame['type']>(type: T, handler: FrameHandler<T>): void;
  sendEphemeral(userId: string, frame: TServerFrame): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

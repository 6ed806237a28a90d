import type { TClientFrame, TServerFrame } from '../../../shared/contracts/realtime.ts';
import type { RealtimeHub, SocketContext } from '../../realtime/hub.ts';
import { callRefusal, loadCall } from './service.ts';

type CallFrame = Extract<TClientFrame, { type: `call.${string}` }>;

/**
 * Call signalling over `/ws` (issue 12 §3): only the booking's two people, only inside the join
 * window. Each frame is checked against the database and relayed to the other person's sockets
 * with `sendEphemeral` (any server process; never stored). Anyone else gets an error frame ("not
 * found", so a booking's existence does not leak); outside the window, an error frame that says why.
 *
 * The server keeps no call state, so it works across processes. `call.join` tells the person
 * already in the room that the other has arrived (`call.peer`); the artist's side is always the one
 * that makes the offer (`initiator`), so two people joining at once never both offer. When the
 * artist joins second, the client answers the `call.peer` with its own `call.join`, and the artist,
 * now told the client is there, offers.
 */
export async function relayCallFrame(hub: Pick<RealtimeHub, 'sendEphemeral'>, frame: CallFrame, socket: SocketContext, now = Date.now()): Promise<void> {
  const call = await loadCall(socket.ctx.database.db, socket.user, frame.bookingId);
  const refusal = callRefusal(call.joined, now);
  if (refusal) throw refusal;
  const { bookingId } = frame;
  let relayed: TServerFrame;
  switch (frame.type) {
    case 'call.join':
      // The other person is told who offers: the artist's side.
      relayed = { type: 'call.peer', bookingId, present: true, initiator: call.role === 'client' };
      break;
    case 'call.offer':
    case 'call.answer':
      relayed = { type: frame.type, bookingId, sdp: frame.sdp };
      break;
    case 'call.ice':
      relayed = { type: 'call.ice', bookingId, candidate: frame.candidate, sdpMid: frame.sdpMid ?? null, sdpMLineIndex: frame.sdpMLineIndex ?? null };
      break;
    case 'call.hangup':
      relayed = { type: 'call.hangup', bookingId };
      break;
  }
  await hub.sendEphemeral(call.otherUserId, relayed);
}

const CALL_FRAME_TYPES = ['call.join', 'call.offer', 'call.answer', 'call.ice', 'call.hangup'] as const satisfies ReadonlyArray<CallFrame['type']>;

/** Registers the call frame handlers on the hub (app.ts, right after the hub starts). */
export function registerCallFrames(hub: RealtimeHub): void {
  for (const type of CALL_FRAME_TYPES) hub.registerFrameHandler(type, (frame, socket) => relayCallFrame(hub, frame, socket));
}

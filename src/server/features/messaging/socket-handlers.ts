import type { RealtimeHub } from '../../realtime/hub.ts';
import { bookingConversationFor, conversationFor } from './policy.ts';
import { markConversationRead, mayMessage } from './service.ts';

/**
 * The conversation frames of `/ws` (issue 12 §2): `join_conversation` (participants only, else
 * 404 as over HTTP), `typing` (to the other participant only, never across a block) and `read`.
 */
export function registerMessagingFrames(hub: RealtimeHub): void {
  hub.registerFrameHandler('join_conversation', async (frame, socket) => {
    const { db } = socket.ctx.database;
    const conversation = frame.conversationId
      ? await conversationFor(db, socket.user, frame.conversationId)
      : frame.bookingId
        ? await bookingConversationFor(db, socket.user, frame.bookingId)
        : null;
    if (!conversation) {
      socket.send({ type: 'error', code: 'VALIDATION_FAILED', message: 'join_conversation: name the bookingId or the conversationId.' });
      return;
    }
    socket.send({ type: 'joined', conversationId: conversation.id });
  });

  hub.registerFrameHandler('typing', async (frame, socket) => {
    const conversation = await conversationFor(socket.ctx.database.db, socket.user, frame.conversationId);
    if (!(await mayMessage(socket.ctx.database.db, conversation))) return;
    await hub.sendEphemeral(conversation.otherUserId, { type: 'typing', conversationId: conversation.id, userId: socket.user.id });
  });

  hub.registerFrameHandler('read', async (frame, socket) => {
    await markConversationRead(socket.ctx, socket.user, frame.conversationId);
  });
}

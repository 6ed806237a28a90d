import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TNotificationList } from '../../../shared/contracts/notifications.ts';
import type { TServerFrame } from '../../../shared/contracts/realtime.ts';
import { NOTIFICATIONS_KEY, notificationListUpdates } from '../../features/notifications/use-notifications.ts';
import { invalidateBookings } from '../../lib/bookings.ts';
import { applyMessage, applyReadReceipt, refreshConversations } from '../../lib/conversations.ts';
import { flushOutbox, loadOutbox } from '../../lib/outbox.ts';
import { realtime, useConnectionStatus } from '../../lib/realtime.ts';
import { ConnectionBadge } from './connection-badge.tsx';

/** What a live event changes in the caches: each screen that shows it updates by itself, the bell while closed too. */
export function applyFrame(queryClient: QueryClient, frame: TServerFrame, viewerId: string): void {
  switch (frame.type) {
    case 'message':
      applyMessage(queryClient, frame.message, viewerId);
      break;
    case 'read':
      applyReadReceipt(queryClient, frame.receipt, viewerId);
      break;
    case 'notification':
      queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, (list) => (list ? notificationListUpdates.add(list, frame.notification) : list));
      break;
    case 'resync':
      // Events were missed and cannot be replayed: every list that shows them reads again.
      void refreshConversations(queryClient);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, refetchType: 'active' });
      void invalidateBookings(queryClient);
      break;
    case 'booking.updated':
      // Booking screens on show fetch again; the conversation list shows each booking's status.
      void invalidateBookings(queryClient);
      void refreshConversations(queryClient);
      break;
    default:
      break;
  }
}

/** REST catch-up while the socket cannot connect (polling mode). */
function catchUp(queryClient: QueryClient): void {
  void refreshConversations(queryClient);
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, refetchType: 'active' });
  void flushOutbox(queryClient);
}

/**
 * The signed-in tab's real-time connection (issue 12 §2) and its badge. Mounted by the root layout
 * only for a signed-in user, once the browser is idle; signing out (a full-page navigation) ends it.
 */
export function RealtimeConnection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = realtime();
    void loadOutbox(userId).then(() => flushOutbox(queryClient));
    client.start({
      // The bell's list (read by the bell as it mounts, or now) says which event number it reflects.
      // A list saved on the device by an earlier version has none: the socket then starts from now.
      firstResumeFrom: async () => {
        const { lastSeq } = await queryClient.ensureQueryData<TNotificationList>({ queryKey: NOTIFICATIONS_KEY });
        return typeof lastSeq === 'number' ? lastSeq : null;
      },
      poll: () => catchUp(queryClient),
      onReady: (first) => {
        // The socket replays from the bell's number; the conversations were read at other moments,
        // so an open one is read again once (only when one is on screen).
        if (first) void refreshConversations(queryClient);
        void flushOutbox(queryClient);
      },
      onFrame: (frame) => applyFrame(queryClient, frame, userId),
    });
    // Back online, messages written offline go at once: the outbox listens for that itself (lib/outbox.ts).
    return () => client.stop();
  }, [queryClient, userId]);
  const { status, attempt } = useConnectionStatus();
  return <ConnectionBadge status={status} attempt={attempt} />;
}

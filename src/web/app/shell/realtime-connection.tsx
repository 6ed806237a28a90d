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
      poll: () => catchUp(queryClient),
      onReady: (first) => {
        // The page's data was read before the socket went live: an open conversation is read again
        // once (only when one is on screen). The bell reads its own list when it mounts.
        if (first) void refreshConversations(queryClient);
        void flushOutbox(queryClient);
      },
      onFrame: (frame) => applyFrame(queryClient, frame, userId),
    });
    // Back online: messages written offline go at once, even while the socket is still being tried.
    const onOnline = () => void flushOutbox(queryClient);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      client.stop();
    };
  }, [queryClient, userId]);
  const { status, attempt } = useConnectionStatus();
  return <ConnectionBadge status={status} attempt={attempt} />;
}

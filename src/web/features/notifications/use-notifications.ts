import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationList } from '../../../shared/contracts/notifications.ts';
import { NOTIFICATION_BADGE_MAX } from '../../../shared/limits.ts';
import { apiRequest } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { toast } from '../../lib/toast.ts';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

/** Spec §2: the badge shows the count, "99+" above 99, nothing at zero. */
export function formatBadgeCount(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(Math.floor(unread));
}

/** Optimistic versions of the server's answers, so the panel reacts at once. */
export const notificationListUpdates = {
  /** A notification pushed over the socket: on top, counted while unread; one already listed changes nothing. */
  add(list: TNotificationList, item: TNotification): TNotificationList {
    if (list.items.some((n) => n.id === item.id)) return list;
    return { ...list, items: [item, ...list.items], unreadCount: list.unreadCount + (item.read ? 0 : 1) };
  },
  markRead(list: TNotificationList, id: string): TNotificationList {
    const target = list.items.find((n) => n.id === id);
    if (!target || target.read) return list;
    return { ...list, items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)), unreadCount: Math.max(0, list.unreadCount - 1) };
  },
  markAllRead(list: TNotificationList): TNotificationList {
    return { ...list, items: list.items.map((n) => (n.read ? n : { ...n, read: true })), unreadCount: 0 };
  },
  remove(list: TNotificationList, id: string): TNotificationList {
    const target = list.items.find((n) => n.id === id);
    if (!target) return list;
    return { ...list, items: list.items.filter((n) => n.id !== id), unreadCount: Math.max(0, list.unreadCount - (target.read ? 0 : 1)) };
  },
  clear(list: TNotificationList): TNotificationList {
    return { ...list, items: [], unreadCount: 0 };
  },
};

/** The signed-in user's notifications (GET /api/notifications). */
export function useNotifications(enabled: boolean) {
  return useQuery<TNotificationList>({ queryKey: NOTIFICATIONS_KEY, enabled });
}

function useNotificationMutation<V>(request: (vars: V) => Promise<unknown>, update: (list: TNotificationList, vars: V) => TNotificationList, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<TNotificationList>(NOTIFICATIONS_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, update(previous, vars));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      toast({ title: failure, description: errorMessage(error), variant: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useNotificationActions() {
  const markRead = useNotificationMutation(
    (id: string) => apiRequest('POST', `/api/notifications/${encodeURIComponent(id)}/read`),
    notificationListUpdates.markRead,
    'Could not mark the notification as read',
  );
  const markAllRead = useNotificationMutation(
    (_: void) => apiRequest('POST', '/api/notifications/read-all'),
    (list) => notificationListUpdates.markAllRead(list),
    'Could not mark notifications as read',
  );
  const remove = useNotificationMutation(
    (id: string) => apiRequest('DELETE', `/api/notifications/${encodeURIComponent(id)}`),
    notificationListUpdates.remove,
    'Could not delete the notification',
  );
  const clearAll = useNotificationMutation(
    (_: void) => apiRequest('DELETE', '/api/notifications'),
    (list) => notificationListUpdates.clear(list),
    'Could not clear notifications',
  );
  return { markRead, markAllRead, remove, clearAll };
}

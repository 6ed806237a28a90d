import { z } from 'zod';

export const NOTIFICATION_TYPES = ['booking', 'message', 'review', 'payment', 'reminder'] as const;

export const ZNotification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  actionUrl: z.string().nullable(),
  actionLabel: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
  /** The user's real-time event number this list reflects (0 before any): the tab's first socket resumes from it. */
  lastSeq: z.number().int().nonnegative(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

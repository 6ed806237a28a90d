import { and, eq, gt, inArray, asc } from 'drizzle-orm';
import type { TReadReceipt, TSequencedFrame } from '../../shared/contracts/realtime.ts';
import type { DbOrTx } from '../db/client.ts';
import { bookings, messages, notifications, userEvents } from '../db/schema/index.ts';
import { presentMessages } from '../features/messaging/presenter.ts';
import { presentNotification } from '../features/notifications/service.ts';

/** Events read per query while replaying or catching up. */
export const EVENTS_PAGE = 200;

export type EventsPage = { frames: TSequencedFrame[]; lastSeq: number | null; full: boolean };

/**
 * The user's events after `afterSeq`, as frames, built from the rows they name (receivers read
 * rows; NOTIFY carried only ids). An event whose row is gone (a deleted notification) has no frame,
 * but still moves `lastSeq` on.
 */
export async function sequencedFramesAfter(db: DbOrTx, userId: string, afterSeq: number): Promise<EventsPage> {
  const events = await db
    .select({ seq: userEvents.seq, kind: userEvents.kind, refId: userEvents.refId, data: userEvents.data })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.seq, afterSeq)))
    .orderBy(asc(userEvents.seq))
    .limit(EVENTS_PAGE);
  if (events.length === 0) return { frames: [], lastSeq: null, full: false };
  const idsOf = (kind: string) => [...new Set(events.filter((e) => e.kind === kind && e.refId).map((e) => e.refId!))];
  const [messageIds, notificationIds, bookingIds] = [idsOf('message'), idsOf('notification'), idsOf('booking.updated')];
  const [messageRows, notificationRows, bookingRows] = await Promise.all([
    messageIds.length ? db.select().from(messages).where(inArray(messages.id, messageIds)) : [],
    notificationIds.length ? db.select().from(notifications).where(inArray(notifications.id, notificationIds)) : [],
    bookingIds.length ? db.select({ id: bookings.id, status: bookings.status, startsAt: bookings.startsAt }).from(bookings).where(inArray(bookings.id, bookingIds)) : [],
  ]);
  const presented = new Map((await presentMessages(db, messageRows)).map((m) => [m.id, m]));
  const notices = new Map(notificationRows.map((n) => [n.id, presentNotification(n)]));
  const bookingsById = new Map(bookingRows.map((b) => [b.id, { bookingId: b.id, status: b.status, startsAt: b.startsAt.toISOString() }]));
  const frames: TSequencedFrame[] = [];
  for (const e of events) {
    const seq = e.seq;
    if (e.kind === 'message') {
      const message = presented.get(e.refId!);
      if (message) frames.push({ type: 'message', seq, message });
    } else if (e.kind === 'notification') {
      const notification = notices.get(e.refId!);
      if (notification) frames.push({ type: 'notification', seq, notification });
    } else if (e.kind === 'booking.updated') {
      const booking = bookingsById.get(e.refId!);
      if (booking) frames.push({ type: 'booking.updated', seq, booking });
    } else if (e.kind === 'read') {
      frames.push({ type: 'read', seq, receipt: e.data as TReadReceipt });
    }
  }
  return { frames, lastSeq: events.at(-1)!.seq, full: events.length === EVENTS_PAGE };
}

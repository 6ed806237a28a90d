import { sql } from 'drizzle-orm';
import type { TNotification } from '../../shared/contracts/notifications.ts';
import type { TReadReceipt, TSequencedFrame } from '../../shared/contracts/realtime.ts';
import { preparedSql, type DbOrTx } from '../db/client.ts';
import { presentMessageImage } from '../features/messaging/presenter.ts';

/** Events read per query while replaying or catching up. */
export const EVENTS_PAGE = 200;

export type EventsPage = { frames: TSequencedFrame[]; lastSeq: number | null; full: boolean };

/** A time as the API shows it (Date#toISOString: UTC, milliseconds), made by the database. */
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type EventRow = {
  seq: number | string;
  kind: string;
  data: unknown;
  m_id: string | null;
  m_conversation_id: string;
  m_sender_id: string;
  m_text: string;
  m_client_message_id: string;
  m_created_at: string;
  m_images: Array<{ id: string; width: number; height: number }>;
  n_id: string | null;
  n_type: TNotification['type'];
  n_title: string;
  n_message: string;
  n_read: boolean;
  n_created_at: string;
  n_action_url: string | null;
  n_action_label: string | null;
  b_id: string | null;
  b_status: Extract<TSequencedFrame, { type: 'booking.updated' }>['booking']['status'];
  b_starts_at: string;
};

/**
 * One statement per page of events, each joined to the row it names: on a busy server every socket
 * reads its events after each NOTIFY, so the three queries (events, their rows, the photos) this
 * used to take per delivery were most of a message's cost. Prepared: parsed and planned once per
 * connection.
 */
const eventsWithRows = preparedSql<EventRow>(
  'user_events_after',
  () => sql`
    SELECT e.seq, e.kind, e.data,
      m.id AS m_id, m.conversation_id AS m_conversation_id, m.sender_id AS m_sender_id, m.text AS m_text,
      m.client_message_id AS m_client_message_id, ${iso('m.created_at')} AS m_created_at,
      CASE WHEN m.id IS NULL THEN NULL ELSE COALESCE((
        SELECT json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height) ORDER BY i.position)
        FROM message_images i WHERE i.message_id = m.id
      ), '[]'::json) END AS m_images,
      n.id AS n_id, n.type AS n_type, n.title AS n_title, n.message AS n_message, n.read_at IS NOT NULL AS n_read,
      ${iso('n.created_at')} AS n_created_at, n.action_url AS n_action_url, n.action_label AS n_action_label,
      b.id AS b_id, b.status AS b_status, ${iso('b.starts_at')} AS b_starts_at
    FROM user_events e
    LEFT JOIN messages m ON e.kind = 'message' AND m.id = e.ref_id
    LEFT JOIN notifications n ON e.kind = 'notification' AND n.id = e.ref_id
    LEFT JOIN bookings b ON e.kind = 'booking.updated' AND b.id = e.ref_id
    WHERE e.user_id = ${sql.placeholder('userId')} AND e.seq > ${sql.placeholder('afterSeq')}
    ORDER BY e.seq
    LIMIT ${sql.raw(String(EVENTS_PAGE))}`,
);

/**
 * The user's events after `afterSeq`, as frames, built from the rows they name (receivers read
 * rows; NOTIFY carried only ids). An event whose row is gone (a deleted notification) has no frame,
 * but still moves `lastSeq` on.
 */
export async function sequencedFramesAfter(db: DbOrTx, userId: string, afterSeq: number): Promise<EventsPage> {
  const events = await eventsWithRows(db, { userId, afterSeq });
  if (events.length === 0) return { frames: [], lastSeq: null, full: false };
  const frames: TSequencedFrame[] = [];
  for (const e of events) {
    const seq = Number(e.seq);
    if (e.kind === 'message' && e.m_id) {
      const conversationId = e.m_conversation_id;
      frames.push({
        type: 'message',
        seq,
        message: {
          id: e.m_id,
          conversationId,
          senderId: e.m_sender_id,
          text: e.m_text,
          images: e.m_images.map((i) => presentMessageImage({ ...i, conversationId })),
          clientMessageId: e.m_client_message_id,
          createdAt: e.m_created_at,
        },
      });
    } else if (e.kind === 'notification' && e.n_id) {
      frames.push({
        type: 'notification',
        seq,
        notification: {
          id: e.n_id,
          type: e.n_type,
          title: e.n_title,
          message: e.n_message,
          read: e.n_read,
          createdAt: e.n_created_at,
          actionUrl: e.n_action_url,
          actionLabel: e.n_action_label,
        },
      });
    } else if (e.kind === 'booking.updated' && e.b_id) {
      frames.push({ type: 'booking.updated', seq, booking: { bookingId: e.b_id, status: e.b_status, startsAt: e.b_starts_at } });
    } else if (e.kind === 'read') {
      frames.push({ type: 'read', seq, receipt: e.data as TReadReceipt });
    }
  }
  return { frames, lastSeq: Number(events.at(-1)!.seq), full: events.length === EVENTS_PAGE };
}

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
 * One statement per batch of sockets, each socket's page of events joined to the rows they name: on
 * a busy server every NOTIFY wakes a socket, and one query per socket per message (three, before
 * the joins) was most of a message's cost. The hub collects the sockets woken while the previous
 * batch ran and asks for all of them at once (`q.i` is the socket's place in the batch). Prepared:
 * parsed and planned once per connection.
 */
const eventsWithRows = preparedSql<EventRow & { i: number | string }>(
  'user_events_after_batch',
  () => sql`
    SELECT q.i, e.seq, e.kind, e.data,
      m.id AS m_id, m.conversation_id AS m_conversation_id, m.sender_id AS m_sender_id, m.text AS m_text,
      m.client_message_id AS m_client_message_id, ${iso('m.created_at')} AS m_created_at,
      CASE WHEN m.id IS NULL THEN NULL ELSE COALESCE((
        SELECT json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height) ORDER BY i.position)
        FROM message_images i WHERE i.message_id = m.id
      ), '[]'::json) END AS m_images,
      n.id AS n_id, n.type AS n_type, n.title AS n_title, n.message AS n_message, n.read_at IS NOT NULL AS n_read,
      ${iso('n.created_at')} AS n_created_at, n.action_url AS n_action_url, n.action_label AS n_action_label,
      b.id AS b_id, b.status AS b_status, ${iso('b.starts_at')} AS b_starts_at
    FROM unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('afterSeqs')}::bigint[]) WITH ORDINALITY AS q(user_id, after_seq, i)
    CROSS JOIN LATERAL (
      SELECT ue.seq, ue.kind, ue.data, ue.ref_id FROM user_events ue
      WHERE ue.user_id = q.user_id AND ue.seq > q.after_seq
      ORDER BY ue.seq
      LIMIT ${sql.raw(String(EVENTS_PAGE))}
    ) e
    LEFT JOIN LATERAL (SELECT * FROM messages m WHERE e.kind = 'message' AND m.id = e.ref_id LIMIT 1) m ON true
    LEFT JOIN LATERAL (SELECT * FROM notifications n WHERE e.kind = 'notification' AND n.id = e.ref_id LIMIT 1) n ON true
    LEFT JOIN LATERAL (SELECT * FROM bookings b WHERE e.kind = 'booking.updated' AND b.id = e.ref_id LIMIT 1) b ON true
    ORDER BY q.i, e.seq`,
);

export type EventsRequest = { userId: string; afterSeq: number };

/**
 * For each request, the user's events after `afterSeq` (at most EVENTS_PAGE), as frames built from
 * the rows they name (receivers read rows; NOTIFY carried only ids), in one statement. An event
 * whose row is gone (a deleted notification) has no frame, but still moves `lastSeq` on. The
 * answers are in the requests' order.
 */
export async function sequencedFramesFor(db: DbOrTx, requests: EventsRequest[]): Promise<EventsPage[]> {
  const pages: EventsPage[] = requests.map(() => ({ frames: [], lastSeq: null, full: false }));
  if (requests.length === 0) return pages;
  const rows = await eventsWithRows(db, { userIds: requests.map((r) => r.userId), afterSeqs: requests.map((r) => String(r.afterSeq)) });
  const counts = new Array<number>(requests.length).fill(0);
  for (const e of rows) {
    const at = Number(e.i) - 1;
    const page = pages[at]!;
    counts[at]! += 1;
    const seq = Number(e.seq);
    page.lastSeq = seq;
    const frame = frameOf(e, seq);
    if (frame) page.frames.push(frame);
  }
  for (let at = 0; at < pages.length; at++) pages[at]!.full = counts[at] === EVENTS_PAGE;
  return pages;
}

const behindCursors = preparedSql<{ i: number | string }>(
  'user_events_behind_batch',
  () => sql`
    SELECT q.i FROM unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('afterSeqs')}::bigint[]) WITH ORDINALITY AS q(user_id, after_seq, i)
    JOIN user_event_counters c ON c.user_id = q.user_id AND c.last_seq > q.after_seq`,
);

/**
 * Which of these cursors have a committed event after them (their indexes): one lookup of each
 * person's counter, no event rows read. The counter row commits with the events it numbers.
 */
export async function cursorsBehind(db: DbOrTx, requests: EventsRequest[]): Promise<number[]> {
  if (requests.length === 0) return [];
  const rows = await behindCursors(db, { userIds: requests.map((r) => r.userId), afterSeqs: requests.map((r) => String(r.afterSeq)) });
  return rows.map((r) => Number(r.i) - 1);
}

/** One user's events after `afterSeq`: a batch of one. */
export async function sequencedFramesAfter(db: DbOrTx, userId: string, afterSeq: number): Promise<EventsPage> {
  const [page] = await sequencedFramesFor(db, [{ userId, afterSeq }]);
  return page!;
}

function frameOf(e: EventRow, seq: number): TSequencedFrame | null {
  if (e.kind === 'message' && e.m_id) {
    const conversationId = e.m_conversation_id;
    return {
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
    };
  }
  if (e.kind === 'notification' && e.n_id) {
    return {
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
    };
  }
  if (e.kind === 'booking.updated' && e.b_id) return { type: 'booking.updated', seq, booking: { bookingId: e.b_id, status: e.b_status, startsAt: e.b_starts_at } };
  if (e.kind === 'read') return { type: 'read', seq, receipt: e.data as TReadReceipt };
  return null;
}

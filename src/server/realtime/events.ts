import { sql } from 'drizzle-orm';
import type { TSequencedFrame } from '../../shared/contracts/realtime.ts';
import type { DbOrTx } from '../db/client.ts';

/** NOTIFY channel of append_user_event() (migration 0016); the payload is `<userId>:<seq>`. */
export const USER_EVENTS_CHANNEL = 'inkhaven_user_events';

export type UserEventInput = {
  userId: string;
  kind: TSequencedFrame['type'];
  /** The row the frame is built from when it is sent: a message, a notification, a booking. */
  refId?: string | null;
  data?: Record<string, unknown>;
};

/**
 * Give each event its user's next sequence number, in the caller's transaction (so an event exists
 * exactly when its change committed), and tell every server process. Notifications and booking
 * changes need no call: triggers on their tables append theirs. People are taken in id order, the
 * order the triggers use too, so two transactions never wait on each other's counters in a circle.
 */
export async function appendUserEvents(tx: DbOrTx, events: UserEventInput[]): Promise<void> {
  const ordered = [...events].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (const e of ordered) {
    await tx.execute(sql`SELECT append_user_event(${e.userId}, ${e.kind}, ${e.refId ?? null}::uuid, ${JSON.stringify(e.data ?? {})}::jsonb)`);
  }
}

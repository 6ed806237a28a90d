import { sql } from 'drizzle-orm';
import type { TDepositMethod, TDepositStatus } from '../../shared/booking-rules.ts';
import type { DbOrTx } from '../db/client.ts';
import { bookings, ledgerEntries } from '../db/schema/index.ts';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

const STATUS_AFTER: Record<LedgerKind, TDepositStatus> = {
  deposit_paid: 'paid',
  deposit_refunded: 'refunded',
  deposit_forfeited: 'forfeited',
};

/**
 * Write one ledger row and the booking's deposit status, inside the caller's transaction (the same
 * one that changes the booking). The unique (booking, kind) and external-id indexes make a replay or
 * a race a no-op: the function returns false and writes nothing.
 */
export async function recordLedgerEntry(
  tx: DbOrTx,
  entry: {
    bookingId: string;
    artistId: string;
    kind: LedgerKind;
    method: TDepositMethod;
    amountCents: number;
    currency: string;
    externalId?: string | null;
    actorId?: string | null;
    note?: string | null;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(ledgerEntries)
    .values({ ...entry, externalId: entry.externalId ?? null, actorId: entry.actorId ?? null, note: entry.note ?? null })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (rows.length === 0) return false;
  await tx
    .update(bookings)
    .set({ depositStatus: STATUS_AFTER[entry.kind], updatedAt: new Date() })
    .where(sql`${bookings.id} = ${entry.bookingId}`);
  return true;
}

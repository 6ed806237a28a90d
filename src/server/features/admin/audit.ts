import type { DbOrTx } from '../../db/client.ts';
import { adminAudit } from '../../db/schema/index.ts';

export type AdminAction = {
  adminId: string;
  /** Dotted verb, e.g. `licence.approve`. */
  action: string;
  targetType: string;
  targetId: string;
  note?: string | null;
  data?: Record<string, unknown>;
};

/**
 * The one writer of admin_audit. Pass the transaction that makes the change: the row commits with
 * it or not at all, so the trail never claims a decision that did not happen (or misses one that did).
 */
export async function recordAdminAction(tx: DbOrTx, entry: AdminAction): Promise<void> {
  await tx.insert(adminAudit).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    note: entry.note ?? null,
    data: entry.data ?? {},
  });
}

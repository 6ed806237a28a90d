import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { queryRows } from './client.ts';

/** Rows deleted per statement: each delete is its own short transaction (PGlite has one connection). */
const PRUNE_BATCH = 5_000;

/** A log table that retention trims: its name, the column that says when a row happened, and its key. */
export interface PrunableTable {
  table: string;
  timeColumn: string;
  key: readonly string[];
}

/**
 * Deletes the rows of `target` older than `cutoff` in batches, so no statement holds locks (or
 * PGlite's only connection) for long, and answers how many went.
 */
export async function deleteOlderThan(db: DbOrTx, target: PrunableTable, cutoff: Date): Promise<number> {
  const table = sql.identifier(target.table);
  const key = sql.join(target.key.map((column) => sql.identifier(column)), sql`, `);
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ one: number }>(
      db,
      sql`DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${sql.identifier(target.timeColumn)} < ${cutoff.toISOString()}::timestamptz LIMIT ${PRUNE_BATCH}) RETURNING 1 AS one`,
    );
    deleted += rows.length;
    if (rows.length < PRUNE_BATCH) return deleted;
  }
}

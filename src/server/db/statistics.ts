import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Db } from './client.ts';

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum and no table activity counters, so
 * nothing ever refreshes the planner's statistics. A table that was empty when last analysed keeps
 * plans made for an empty table — a hash join that reads every message on each realtime delivery
 * was one (bench/messaging.ts). This does autovacuum's ANALYZE by growth: a table whose size has
 * moved by more than a fifth since its statistics were taken is analysed again.
 */
const CHECK_EVERY_MS = 5 * 60_000;
/** Below this many pages (8 KB each) a table is small enough for any plan. */
const MIN_PAGES = 8;

/** Analyses the application's tables that grew or shrank by more than a fifth; answers their names. */
export async function analyseChangedTables(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name
        FROM pg_class c
        WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
          AND abs(pg_relation_size(c.oid) / current_setting('block_size')::int - greatest(c.relpages, 0)) > greatest(${MIN_PAGES}, greatest(c.relpages, 0) * 0.2)`,
  );
  for (const { name } of tables) await db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  return tables.map((t) => t.name);
}

/** On PGlite, checks at start-up and every CHECK_EVERY_MS; PostgreSQL's autovacuum does this itself. Stopping waits for a check under way. */
export function keepStatisticsFresh(database: Database, log: FastifyBaseLogger): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {};
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = analyseChangedTables(database.db).then(
      (analysed) => {
        if (analysed.length > 0) log.info({ tables: analysed }, 'planner statistics refreshed');
      },
      (error: unknown) => log.warn({ err: error }, 'planner statistics check failed'),
    );
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgPreparedQuery, type PgQueryResultHKT, type PgSession, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { PostgresListener, type ListenHandlers } from './listener.ts';

export type Schema = typeof schema;
/** The query builder shared by both back ends; services depend only on this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** For functions that run inside a caller's transaction or on their own. */
export type DbOrTx = Db | Tx;
export type DbKind = 'pglite' | 'postgres';

/** Run raw SQL and get its rows; both drivers answer `{ rows }`. Numeric columns may come back as strings from pg. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A query prepared once per database and reused: on hot paths, building a Drizzle query costs more
 * CPU than the database spends answering it. `build` gets the database and prepares with placeholders.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = build(db)));
    return query;
  };
}

export type PreparedSql<Row> = (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]>;
const dialect = new PgDialect();
/**
 * A raw statement with placeholders (`sql.placeholder('x')`), prepared by name: its SQL is built
 * once per process, and PostgreSQL parses and plans it once per connection instead of on every
 * call. Runs on a database or inside a transaction. One name, one statement text.
 */
export function preparedSql<Row>(name: string, build: () => SQL): PreparedSql<Row> {
  let query: Query | undefined;
  const perSession = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    // Drizzle has no public way to prepare raw SQL; its session's prepareQuery is what `.prepare(name)` calls.
    const session = (db as unknown as { session: PgSession }).session;
    let prepared = perSession.get(session);
    if (!prepared) {
      query ??= dialect.sqlToQuery(build());
      prepared = session.prepareQuery(query, undefined, name, false);
      perSession.set(session, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

export interface Database {
  db: Db;
  kind: DbKind;
  /**
   * LISTEN on a channel; returns an unsubscribe function. On PostgreSQL the listening connection
   * can break (restart, fail-over, a terminated backend): it is made again by itself, and
   * `onLost`/`onRestored` tell the subscriber that notifications may have been missed meanwhile.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The SQL migrations ship with the source; found from the package root so the bundled server (dist/server) finds them too. */
function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}
export const MIGRATIONS_DIR = path.join(findPackageRoot(path.dirname(fileURLToPath(import.meta.url))), 'src', 'server', 'db', 'migrations');

/** How long a query waits for a pooled connection before answering 503. */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir: string; poolSize?: number };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Without a connect timeout a request waits forever for a connection when PostgreSQL is unreachable
  // or the pool is exhausted; after it, the request gets a 503 with Retry-After (http/app-error.ts).
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  // A connection the server ends (restart, fail-over, pg_terminate_backend) emits 'error'; without a
  // handler that event ends the process. Idle, the pool's own handler drops it; checked out, the
  // statement in flight rejects with the error (mapped to 503), and pg-pool retires a client that
  // is no longer queryable when it is released. So the handler only has to exist.
  const onConnectionLost = () => {};
  pool.on('connect', (client) => client.on('error', onConnectionLost));
  pool.on('error', onConnectionLost);
  keepConnectionsOnStatementErrors(pool, pg.default.DatabaseError);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const listener = new PostgresListener(() => new pg.default.Client({ connectionString: url }));
  return {
    db,
    kind: 'postgres',
    listen: (channel, handlers) => listener.listen(channel, handlers),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * pg-pool's `query()` closes its connection after any error, a refused statement included, so each
 * expected refusal (a slot taken: the exclusion constraint's 23P01, a unique key) cost a new backend
 * (fork, authentication, statements prepared again): under booking contention most connections
 * lived a fraction of a second. An error PostgreSQL reports for a statement leaves the connection
 * ready for the next; only other errors (socket, protocol, FATAL) retire it. Drizzle runs every
 * statement outside a transaction through this method.
 */
function keepConnectionsOnStatementErrors(pool: import('pg').Pool, DatabaseError: typeof import('pg').DatabaseError): void {
  const query = async (config: unknown, values?: unknown) => {
    // Every client already has an 'error' handler (openPostgres): a connection lost mid-statement rejects the statement, which retires it below.
    const client = await pool.connect();
    try {
      const result: unknown = await client.query(config as string, values as unknown[]);
      client.release();
      return result;
    } catch (error) {
      const statementRefused = error instanceof DatabaseError && error.severity === 'ERROR';
      client.release(statementRefused ? undefined : (error as Error));
      throw error;
    }
  };
  pool.query = query as typeof pool.query;
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(dir, { extensions: { btree_gist, pg_trgm } });
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One in-process connection that never drops: onLost/onRestored never fire.
    listen: (channel, handlers) => client.listen(channel, handlers.onPayload),
    async close() {
      await client.close();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

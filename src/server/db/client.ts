import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgPreparedQuery, type PgQueryResultHKT, type PgSession, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { PostgresListener, type ListenHandlers } from './listener.ts';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

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
  /**
   * NOTIFY for something already committed, without a transaction of its own on the caller's path:
   * this process's subscribers hear each payload at once (synchronously), other processes (PostgreSQL)
   * through one NOTIFY statement per turn of the event loop for everything announced in it. That
   * statement commits without waiting for its WAL flush (losing it in a crash loses only the wake-up;
   * the hub's catch-up finds the rows); if that statement fails, `onAnnounceFailed` listeners hear it.
   */
  announce(channel: string, payloads: string[]): void;
  /** Hear when a batched NOTIFY of `announce` failed (the other processes were not woken); returns the unsubscribe. */
  onAnnounceFailed(listener: (error: unknown) => void): () => void;
  close(): Promise<void>;
}

/** A NOTIFY payload holds at most 8,000 bytes: announced payloads are packed into lines below that. */
const ANNOUNCE_PAYLOAD_BYTES = 7_500;

/**
 * This process's subscribers by channel, and the batched NOTIFY for the others. A batch's payload is
 * `@<process id>` and then one announced payload per line; listeners split it, and skip their own.
 * One batch is in flight at a time: what is announced meanwhile waits for it and goes in the next
 * one. At 800 messages/s a NOTIFY per event-loop turn was a statement per message, as many socket
 * writes as the sends themselves (bench/messaging.ts); under load a batch now carries everything
 * announced during one round trip, and when the server is quiet a wake-up still leaves at once.
 */
class Announcer {
  readonly id = `@${randomUUID()}`;
  private readonly local = new Map<string, Set<(payload: string) => void>>();
  private pending = new Map<string, string[]>();
  private flushScheduled = false;
  private flushing = false;
  readonly failureListeners = new Set<(error: unknown) => void>();

  constructor(private readonly send: ((channel: string, payloads: string[]) => Promise<void>) | null) {}

  subscribe(channel: string, onPayload: (payload: string) => void): () => void {
    let set = this.local.get(channel);
    if (!set) this.local.set(channel, (set = new Set()));
    set.add(onPayload);
    return () => set.delete(onPayload);
  }

  /** A payload that came through LISTEN: a batch from another process is split; our own batches were heard already. */
  heard(payload: string, onPayload: (payload: string) => void): void {
    if (!payload.startsWith('@')) return onPayload(payload);
    const lines = payload.split('\n');
    if (lines[0] === this.id) return;
    for (const line of lines.slice(1)) onPayload(line);
  }

  announce(channel: string, payloads: string[]): void {
    for (const handler of this.local.get(channel) ?? []) for (const payload of payloads) handler(payload);
    if (!this.send || payloads.length === 0) return;
    let list = this.pending.get(channel);
    if (!list) this.pending.set(channel, (list = []));
    list.push(...payloads);
    this.scheduleFlush();
  }

  /** After the I/O callbacks of this turn, so everything announced in one turn goes together; never while a batch is in flight. */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing || this.pending.size === 0) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = true;
    try {
      await Promise.all(
        [...batch].map(([channel, payloads]) =>
          this.send!(channel, this.pack(payloads)).catch((error: unknown) => {
            for (const listener of this.failureListeners) listener(error);
          }),
        ),
      );
    } finally {
      this.flushing = false;
      this.scheduleFlush();
    }
  }

  onFailed(listener: (error: unknown) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  private pack(payloads: string[]): string[] {
    const packed: string[] = [];
    let current = this.id;
    for (const payload of payloads) {
      if (current.length + payload.length + 1 > ANNOUNCE_PAYLOAD_BYTES && current !== this.id) {
        packed.push(current);
        current = this.id;
      }
      current += `\n${payload}`;
    }
    packed.push(current);
    return packed;
  }
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
  const announcer = new Announcer(async (channel, payloads) => {
    // synchronous_commit off for this statement's own transaction only: a NOTIFY-only commit takes
    // the cluster's NOTIFY lock, and waiting for its WAL flush while holding it queued every other
    // notifying commit behind the disk.
    await pool.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, p) FROM unnest($2::text[]) AS p`, [channel, payloads]);
  });
  return {
    db,
    kind: 'postgres',
    listen: async (channel, handlers) => {
      const stopLocal = announcer.subscribe(channel, handlers.onPayload);
      const stop = await listener.listen(channel, { ...handlers, onPayload: (payload) => announcer.heard(payload, handlers.onPayload) });
      return async () => {
        stopLocal();
        await stop();
      };
    },
    announce: (channel, payloads) => announcer.announce(channel, payloads),
    onAnnounceFailed: (listener) => announcer.onFailed(listener),
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

/**
 * Types drizzle's PGlite driver keeps as the text PostgreSQL sends (dates, timestamps, intervals and
 * their arrays), as node-postgres is configured to: the same identity parsers drizzle passes.
 */
const keepText = (value: string) => value;
const KEPT_AS_TEXT: Record<number, (value: string) => string> = Object.fromEntries([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keepText]));

type PgliteQuery = PGlite['query'];

/**
 * Drizzle passes its parsers with every query, and PGlite copies its ~300-entry parser table into a
 * new object to merge them, every query (about 90 µs, a fifth of a small search's statement). The
 * instance carries the same parsers (KEPT_AS_TEXT), so per-query parsers that only repeat them are
 * dropped — on the client and on every transaction it opens.
 */
function withoutQueryParsers(client: PGlite): PGlite {
  const redundant = (options?: QueryOptions) => options?.parsers !== undefined && Object.keys(options.parsers).every((oid) => KEPT_AS_TEXT[Number(oid)] !== undefined);
  const strip =
    (query: PgliteQuery): PgliteQuery =>
    (text, params, options) => {
      if (!redundant(options)) return query(text, params, options);
      const { parsers: _same, ...rest } = options!;
      return query(text, params, rest);
    };
  const query = strip(client.query.bind(client));
  const onTransaction = (tx: Transaction): Transaction => {
    const txQuery = strip(tx.query.bind(tx));
    return new Proxy(tx, { get: (target, property, receiver) => (property === 'query' ? txQuery : Reflect.get(target, property, receiver)) });
  };
  const transaction: PGlite['transaction'] = (fn) => client.transaction((tx) => fn(onTransaction(tx)));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(dir, { extensions: { btree_gist, pg_trgm }, parsers: KEPT_AS_TEXT });
  const db = drizzle({ client: withoutQueryParsers(client), schema, casing: 'snake_case' }) as unknown as Db;
  // One process (the data directory is locked): an announcement is heard here only.
  const announcer = new Announcer(null);
  return {
    db,
    kind: 'pglite',
    // One in-process connection that never drops: onLost/onRestored never fire.
    listen: async (channel, handlers) => {
      const stopLocal = announcer.subscribe(channel, handlers.onPayload);
      const stop = await client.listen(channel, handlers.onPayload);
      return async () => {
        stopLocal();
        await stop();
      };
    },
    announce: (channel, payloads) => announcer.announce(channel, payloads),
    onAnnounceFailed: (listener) => announcer.onFailed(listener),
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

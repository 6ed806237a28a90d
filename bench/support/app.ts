// The app as main.ts builds it (API only) for the benchmarks that serve it from a child process or
// call it in process.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client.ts';

const HOST = '127.0.0.1';

/**
 * On a bench database: config from the environment plus the data dir / database URL and port, the
 * pool main.ts opens, and with `logger` the request log main.ts writes (LOG_LEVEL).
 */
export async function openApp(opts: { dataDir: string; databaseUrl: string | undefined; port: number; logger: boolean; migrate?: boolean }): Promise<{ app: FastifyInstance; database: Database }> {
  const { parseConfig } = await import('../../src/server/config.ts');
  const { migrateDatabase, openDatabase } = await import('../../src/server/db/client.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const { resolveSecret } = await import('../../src/server/secret.ts');
  const { DATABASE_URL: _pg, ...env } = process.env;
  // As behind a deployment's proxy on this machine: the app then trusts X-Forwarded-For from
  // 127.0.0.1, so the simulated clients can each come from an address of their own (per-address
  // rate limits), instead of all from 127.0.0.1.
  const config = parseConfig({
    ...env,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    DATA_DIR: opts.dataDir,
    PORT: String(opts.port),
    HOST,
    SEED_DEMO: 'false',
    PUBLIC_URL: `http://localhost:${opts.port}`,
    TRUST_PROXY: 'loopback',
  });
  // Pool of 10 on PostgreSQL, as main.ts opens it.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (opts.migrate) await migrateDatabase(database);
  const app = await buildApp({
    config,
    database,
    secret: resolveSecret(config),
    web: false,
    logger: opts.logger
      ? { level: config.LOG_LEVEL, redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'], remove: true } }
      : false,
  });
  return { app, database };
}

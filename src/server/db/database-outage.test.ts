import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { TestClient, createUser } from '../../../tests/support/db-utils.ts';
import { postgresServerBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '../../../tests/support/throwaway-postgres.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../http/app-error.ts';
import { startJobWorker, type JobLog } from '../jobs/worker.ts';
import { migrateDatabase, openDatabase, type Database } from './client.ts';

const binDir = postgresServerBinDir();
const skipReason =
  inject('testDb').kind !== 'postgres'
    ? 'PostgreSQL only (set TEST_DATABASE_URL): PGlite is in-process and has no connection to lose'
    : binDir
      ? null
      : 'the PostgreSQL server binaries (initdb, pg_ctl) are not under /usr/lib/postgresql/<version>/bin nor pg_config --bindir';

const DB_NAME = 'inkhaven_outage';
/** After PostgreSQL accepts connections again, the app must serve within this. */
const RECOVERY_LIMIT_MS = 5_000;
/** How long the cluster stays down in the restart phase, load running. */
const OUTAGE_MS = 1_500;
/** Concurrent writers and readers; each waits for its answer before the next request. */
const WRITE_LANES = 4;
const READ_LANES = 2;
/** The load stops by itself after this, whatever happens: the test cannot hang on it. */
const LOAD_LIMIT_MS = 60_000;

type Outcome = { kind: 'write' | 'read'; startedAt: number; status: number; code?: string; message?: string; retryAfter?: string };

let cluster: ThrowawayPostgres | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let stopWorker: (() => Promise<void>) | undefined;
let dataDir: string | undefined;
const workerLog: string[] = [];
const processErrors: unknown[] = [];
const recordProcessError = (error: unknown) => processErrors.push(error);

async function adminQuery<Row extends pg.QueryResultRow>(database: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: cluster!.url(database), connectionTimeoutMillis: 5_000 });
  client.on('error', recordProcessError);
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const listeningBackends = async () =>
  (await adminQuery<{ n: number }>('postgres', `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'`, [DB_NAME]))[0]!.n;

/**
 * Sign-up-free load: anonymous journey starts (one INSERT each, the id in the 201 answer is the
 * acknowledgement) and reads (health, artist search, a signed-in user's own record). Each request
 * comes from its own address so the per-IP rate limits stay out of the way.
 */
function startLoad(target: FastifyInstance, csrf: { token: string; cookie: string }, signedIn: TestClient) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  const deadline = Date.now() + LOAD_LIMIT_MS;
  let stopped = false;
  let sequence = 0;
  const record = (kind: Outcome['kind'], startedAt: number, res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    const outcome: Outcome = { kind, startedAt, status: res.statusCode };
    if (res.statusCode >= 400) {
      const body = JSON.parse(res.body) as { code: string; message: string };
      outcome.code = body.code;
      outcome.message = body.message;
      outcome.retryAfter = res.headers['retry-after'] as string | undefined;
    }
    outcomes.push(outcome);
    return res;
  };
  const writer = async () => {
    while (!stopped && Date.now() < deadline) {
      sequence += 1;
      const startedAt = Date.now();
      const res = record(
        'write',
        startedAt,
        await target.inject({
          method: 'POST',
          url: '/api/journey/start',
          remoteAddress: `10.0.${(sequence >> 8) & 255}.${sequence & 255}`,
          headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token, 'content-type': 'application/json' },
          payload: JSON.stringify({ sessionId: `outage-${sequence}` }),
        }),
      );
      if (res.statusCode === 201) acknowledged.push((JSON.parse(res.body) as { journey: { id: string } }).journey.id);
    }
  };
  const reads = ['/api/health', '/api/artists?q=ink', '/api/auth/user'];
  const reader = async (lane: number) => {
    for (let n = lane; !stopped && Date.now() < deadline; n++) {
      const url = reads[n % reads.length]!;
      const startedAt = Date.now();
      if (url === '/api/auth/user') record('read', startedAt, await signedIn.get(url));
      else record('read', startedAt, await target.inject({ method: 'GET', url, remoteAddress: `10.1.0.${lane}` }));
    }
  };
  const lanes = Promise.all([...Array.from({ length: WRITE_LANES }, writer), ...Array.from({ length: READ_LANES }, (_, lane) => reader(lane))]);
  return {
    outcomes,
    acknowledged,
    /** The first request started at or after `since` that was answered 2xx. */
    firstSuccessSince: (since: number) => outcomes.find((o) => o.startedAt >= since && o.status < 300),
    stop: async () => {
      stopped = true;
      await lanes;
    },
  };
}

describe.skipIf(skipReason)(skipReason ? `database outage — skipped: ${skipReason}` : 'database outage: terminated backends and a PostgreSQL restart, under load', () => {
  beforeAll(async () => {
    process.on('uncaughtException', recordProcessError);
    process.on('unhandledRejection', recordProcessError);
    cluster = await startThrowawayPostgres(binDir!);
    await adminQuery('postgres', `CREATE DATABASE ${DB_NAME}`);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-outage-'));
    database = await openDatabase({ databaseUrl: cluster.url(DB_NAME), dataDir });
    await migrateDatabase(database);
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:5000' });
    app = await buildApp({ config, database, secret: 'test-secret-test-secret-test-secret-0123' });
    await app.ready();
    const log = (level: string) => (_obj: object, msg: string) => workerLog.push(`${level}: ${msg}`);
    const quietLog: JobLog = { info: log('info'), warn: log('warn'), error: log('error') };
    // A poll far away: after the restart only a NOTIFY or the listener's own return wakes the worker.
    stopWorker = await startJobWorker(app.ctx, quietLog, { pollMs: 10 * 60_000 });
  });

  afterAll(async () => {
    try {
      await stopWorker?.();
      await app?.close();
      await database?.close();
    } finally {
      // Whatever failed above, the cluster (a running server) and its files go.
      await cluster?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      process.off('uncaughtException', recordProcessError);
      process.off('unhandledRejection', recordProcessError);
    }
  });

  it('stays up, answers 503 with a clear message while the database is away, serves again within seconds and loses no acknowledged write', { timeout: 90_000 }, async () => {
    const target = app!;
    const user = await createUser(target);
    expect((await user.client.get('/api/auth/user')).statusCode).toBe(200);
    const anonymous = new TestClient(target);
    const csrf = { token: await anonymous.csrfToken(), cookie: anonymous.cookieHeader() };
    expect(await listeningBackends()).toBe(1);

    const load = startLoad(target, csrf, user.client);
    const figures: Record<string, number> = {};
    try {
      await new Promise((r) => setTimeout(r, 500));

      // (a) Every backend of the app dies at once, the LISTEN connection with them.
      const terminatedAt = Date.now();
      const [{ n: terminated }] = (await adminQuery<{ n: number }>(
        'postgres',
        `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()) AS t`,
        [DB_NAME],
      )) as [{ n: number }];
      figures.backendsTerminated = terminated;
      await vi.waitFor(() => expect(load.firstSuccessSince(terminatedAt + 1)).toBeDefined(), { timeout: RECOVERY_LIMIT_MS, interval: 20 });
      figures.terminateRecoveryMs = load.firstSuccessSince(terminatedAt + 1)!.startedAt - terminatedAt;
      // Checked here too, so a crash (say, an 'error' event nobody handles) is what the failure names.
      expect(processErrors).toEqual([]);
      await vi.waitFor(async () => expect(await listeningBackends()).toBe(1), { timeout: RECOVERY_LIMIT_MS, interval: 50 });

      // (b) The server itself stops (fast: sessions are cut, committed work flushed) and starts again.
      const stoppingAt = Date.now();
      await cluster!.stop();
      const stoppedAt = Date.now();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      await cluster!.start();
      const startedAt = Date.now();
      await vi.waitFor(() => expect(load.firstSuccessSince(startedAt)).toBeDefined(), { timeout: RECOVERY_LIMIT_MS, interval: 20 });
      const firstServed = load.firstSuccessSince(startedAt)!.startedAt;
      figures.restartDowntimeMs = firstServed - stoppingAt;
      figures.recoveryAfterStartMs = firstServed - startedAt;
      figures.answeredDuringStop = load.outcomes.filter((o) => o.startedAt >= stoppedAt && o.startedAt < startedAt).length;
      await vi.waitFor(async () => expect(await listeningBackends()).toBe(1), { timeout: RECOVERY_LIMIT_MS, interval: 50 });
    } finally {
      await load.stop();
    }

    // The process never saw an unhandled error.
    expect(processErrors).toEqual([]);
    // Every answer was a success or the clear 503; never a 500.
    const failures = load.outcomes.filter((o) => o.status >= 300);
    for (const failure of failures)
      expect(failure).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS) });
    expect(failures.length).toBeGreaterThan(0);
    expect(figures.recoveryAfterStartMs).toBeLessThan(RECOVERY_LIMIT_MS);
    expect((await target.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Every write that was acknowledged is there.
    const stored = await adminQuery<{ n: number }>(DB_NAME, `SELECT count(*)::int AS n FROM journeys WHERE id = ANY($1::uuid[])`, [load.acknowledged]);
    figures.writesAcknowledged = load.acknowledged.length;
    figures.writesLost = load.acknowledged.length - stored[0]!.n;
    figures.answers503 = failures.length;
    figures.answers2xx = load.outcomes.length - failures.length;
    console.info(`database outage figures: ${JSON.stringify(figures)}`);
    expect(load.acknowledged.length).toBeGreaterThan(0);
    expect(figures.writesLost).toBe(0);

    // LISTEN works again: the job worker heard it come back, and a revocation published now is honoured.
    expect(workerLog.filter((line) => line === 'info: job wake-ups restored')).toHaveLength(2);
    expect((await user.client.get('/api/auth/user')).statusCode).toBe(200);
    await adminQuery(DB_NAME, `DELETE FROM sessions WHERE user_id = $1`, [user.id]);
    // Still cached: only the NOTIFY can make this instance read the session again.
    expect((await user.client.get('/api/auth/user')).statusCode).toBe(200);
    await adminQuery(DB_NAME, `SELECT pg_notify('inkhaven_session_revoked', $1)`, [`user:${user.id}`]);
    await vi.waitFor(async () => expect((await user.client.get('/api/auth/user')).statusCode).toBe(401), { timeout: 2_000, interval: 25 });
    expect(processErrors).toEqual([]);
  });
});

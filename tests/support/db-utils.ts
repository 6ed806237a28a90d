import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { buildApp } from '../../src/server/app.ts';
import { hashPassword } from 'better-auth/crypto';
import { ZSignUp } from '../../src/shared/contracts/auth.ts';
import { accounts, users } from '../../src/server/db/schema/index.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh database for one test file: a copy of the migrated template. */
export async function openTestDatabase(): Promise<{
  database: Database;
  dataDir: string;
  drop: () => Promise<void>;
  /** Close this connection and open a new one to the same database (a server restart); drop() then closes the new one. */
  reopen: () => Promise<Database>;
}> {
  const testDb = inject('testDb');
  const dataDir = mkdtempSync(path.join(testDb.root, 'db-'));
  if (testDb.kind === 'postgres') {
    const name = `inkhaven_t${randomUUID().replace(/-/g, '').slice(0, 12)}_${path.basename(testDb.template).split('_').pop()}`;
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
    await admin.end();
    let database = await openDatabase({ databaseUrl: withDatabase(testDb.url, name), dataDir });
    return {
      database,
      dataDir,
      reopen: async () => {
        await database.close();
        database = await openDatabase({ databaseUrl: withDatabase(testDb.url, name), dataDir });
        return database;
      },
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: testDb.url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  cpSync(testDb.template, path.join(dataDir, 'pglite'), { recursive: true });
  let database = await openDatabase({ dataDir });
  return {
    database,
    dataDir,
    reopen: async () => {
      await database.close();
      database = await openDatabase({ dataDir });
      return database;
    },
    drop: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
  /** Stop the app and its database connection, then build a new app on the same database (as a server restart does); `app` is the new one. */
  restart: () => Promise<FastifyInstance>;
};

const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, dataDir, drop, reopen } = await openTestDatabase();
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:5000', ...env });
  const app = await buildApp({ config, database, secret: TEST_SECRET });
  await app.ready();
  const testApp: TestApp = {
    app,
    config,
    close: async () => {
      await testApp.app.close();
      await drop();
    },
    restart: async () => {
      await testApp.app.close();
      const next = await buildApp({ config, database: await reopen(), secret: TEST_SECRET });
      await next.ready();
      testApp.app = next;
      return next;
    },
  };
  return testApp;
}

/** A browser-like cookie jar over fastify.inject, with the CSRF dance done for you. */
export class TestClient {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  constructor(readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const res = await this.request('GET', '/api/auth/csrf-token');
      this.csrf = (res.json() as { csrfToken: string }).csrfToken;
    }
    return this.csrf;
  }

  /** A header set to undefined is left out (e.g. `{ 'x-csrf-token': undefined }` sends no token at all). */
  async request(method: string, url: string, body?: unknown, headers: Record<string, string | undefined> = {}): Promise<LightMyRequestResponse> {
    const needsToken = !['GET', 'HEAD', 'OPTIONS'].includes(method) && !('x-csrf-token' in headers);
    const token = needsToken ? await this.csrfToken() : undefined;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: {
        cookie: this.cookieHeader(),
        ...(token ? { 'x-csrf-token': token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>),
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    this.absorb(res);
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body ?? {}, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);
}

let userCounter = 0;

/** One scrypt hash per password per test worker: hashing costs as much as a sign-in. */
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/**
 * Test factory: a user (and a client signed in as them). Override any field. The account is written
 * as sign-up writes it (a user row and a credential account, like the demo seed) and then signs in
 * through the API; going through sign-up itself would load and run the password scorer in every test
 * file, which cost minutes per suite. Sign-up has its own tests (features/auth).
 */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ firstName: string; email: string; password: string; isAdmin: boolean }> = {},
): Promise<{ client: TestClient; id: string; email: string; password: string; firstName: string }> {
  userCounter += 1;
  const input = ZSignUp.parse({
    firstName: overrides.firstName ?? `Tester${userCounter}`,
    email: overrides.email ?? `user${userCounter}-${randomUUID().slice(0, 8)}@example.test`,
    password: overrides.password ?? 'a-long-test-passphrase',
  });
  const { firstName, email, password } = input;
  const id = randomUUID();
  const { db } = app.ctx.database;
  await db.insert(users).values({ id, name: firstName, email, isAdmin: overrides.isAdmin ?? false });
  await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashOnce(password) });
  const client = new TestClient(app);
  const res = await client.post('/api/auth/sign-in', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const me = (await client.get('/api/auth/user')).json() as { id: string };
  if (me.id !== id) throw new Error(`signed in as ${me.id}, not the new user ${id}`);
  return { client, id: me.id, email, password, firstName };
}

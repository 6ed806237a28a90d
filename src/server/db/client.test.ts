import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../tests/support/db-utils.ts';
import { queryRows, type Database } from './client.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const backendPid = async () => (await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;

describe('database connections', () => {
  it('keeps its connection after a statement the database refuses', async () => {
    const before = await backendPid();
    await database.db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS refusal_probe (id int PRIMARY KEY)`);
    await database.db.execute(sql`INSERT INTO refusal_probe VALUES (1)`);
    // A unique-key refusal, as a lost booking race gets from the exclusion constraint.
    await expect(database.db.execute(sql`INSERT INTO refusal_probe VALUES (1)`)).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(database.db.execute(sql`SELECT 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012' } });
    // Same backend (the pool hands back the last released connection), and its session survived.
    expect(await backendPid()).toBe(before);
    const rows = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM refusal_probe`);
    expect(rows[0]!.n).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('retires a connection the server closed, and the next statement gets a new one', async () => {
    const before = await backendPid();
    await expect(database.db.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`)).rejects.toBeTruthy();
    const after = await backendPid();
    expect(after).not.toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../tests/support/db-utils.ts';
import { queryRows, type Database } from './client.ts';
import { analyseChangedTables } from './statistics.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const estimatedRows = async (table: string) =>
  Number((await queryRows<{ n: number | string }>(database.db, sql`SELECT reltuples AS n FROM pg_class WHERE relname = ${table}`))[0]?.n);

describe('planner statistics on the embedded database', () => {
  // PGlite only: it is where the check runs, and PostgreSQL's autovacuum could analyse the table between two steps.
  it.runIf(!process.env.TEST_DATABASE_URL)('analyses a table that grew since its statistics were taken, and leaves it alone once they are fresh', async () => {
    await database.db.execute(sql`CREATE TABLE stats_probe (id int PRIMARY KEY, note text)`);
    await database.db.execute(sql`ANALYZE stats_probe`);
    expect(await estimatedRows('stats_probe')).toBeLessThanOrEqual(0);
    await database.db.execute(sql`INSERT INTO stats_probe SELECT g, repeat('x', 100) FROM generate_series(1, 5000) g`);

    expect(await analyseChangedTables(database.db)).toContain('stats_probe');
    expect(await estimatedRows('stats_probe')).toBe(5000);
    expect(await analyseChangedTables(database.db)).not.toContain('stats_probe');

    // A few more rows are not worth a new ANALYZE; doubling the table is.
    await database.db.execute(sql`INSERT INTO stats_probe SELECT g, 'y' FROM generate_series(5001, 5010) g`);
    expect(await analyseChangedTables(database.db)).not.toContain('stats_probe');
    await database.db.execute(sql`INSERT INTO stats_probe SELECT g, repeat('z', 100) FROM generate_series(5011, 10000) g`);
    expect(await analyseChangedTables(database.db)).toContain('stats_probe');
    expect(await estimatedRows('stats_probe')).toBe(10000);
    await database.db.execute(sql`DROP TABLE stats_probe`);
  });
});

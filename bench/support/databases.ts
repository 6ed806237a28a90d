// Temporary databases of the benchmarks: each run gets its own DATA_DIR, and for PostgreSQL its own
// database on the admin server, both removed at cleanup.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type DatabaseKind = 'pglite' | 'postgres';
/** Undone in reverse order at the end of a run (or on an error), whatever happened before. */
export type Cleanups = Array<() => Promise<void>>;
/** `env` for a child process (DATA_DIR, DATABASE_URL); `args` the same as `--data-dir`/`--database-url` flags. */
export type BenchDatabase = { kind: DatabaseKind; dataDir: string; databaseUrl: string | undefined; env: NodeJS.ProcessEnv; args: string[] };

/** A temporary DATA_DIR, and for PostgreSQL a temporary database on the admin server; both go at cleanup. */
export async function createDatabase(kind: DatabaseKind, label: string, adminUrl: string, cleanups: Cleanups): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `inkhaven-bench-${label}-${kind}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const pg = await import('pg');
    const name = `inkhaven_bench_${label}_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const drop = new pg.default.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const { DATABASE_URL: _pg, STORAGE_DIR: _storage, ...parentEnv } = process.env;
  return {
    kind,
    dataDir,
    databaseUrl,
    env: { ...parentEnv, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    args: ['--data-dir', dataDir, ...(databaseUrl ? ['--database-url', databaseUrl] : [])],
  };
}

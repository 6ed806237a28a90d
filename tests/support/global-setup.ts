import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.ts';

// One folder per run, so two runs on one machine (or one checkout) never share files.
const TEST_ROOT = path.resolve('.data-test', `run-${process.pid}`);

/**
 * Migrates one template database per run; every test file then gets its own copy
 * (a copied PGlite directory, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  rmSync(TEST_ROOT, { recursive: true, force: true });
  mkdirSync(TEST_ROOT, { recursive: true });
  if (url) {
    const templateName = `inkhaven_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const templateUrl = withDatabase(url, templateName);
    const db = await openDatabase({ databaseUrl: templateUrl, dataDir: TEST_ROOT, poolSize: 1 });
    await migrateDatabase(db);
    await db.close();
    project.provide('testDb', { kind: 'postgres', template: templateName, url, root: TEST_ROOT });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`inkhaven_t%_${process.pid}%`]);
      for (const { datname } of rows) await cleanup.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await cleanup.end();
      rmSync(TEST_ROOT, { recursive: true, force: true });
    };
  }
  const templateDir = path.join(TEST_ROOT, 'template');
  const db = await openDatabase({ dataDir: templateDir });
  await migrateDatabase(db);
  await db.close();
  project.provide('testDb', { kind: 'pglite', template: path.join(templateDir, 'pglite'), url: '', root: TEST_ROOT });
  return () => rmSync(TEST_ROOT, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite' | 'postgres'; template: string; url: string; root: string };
  }
}

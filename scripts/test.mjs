#!/usr/bin/env node
// `npm test`: every test. Vitest (units + API through fastify.inject), then Playwright in Debian
// Chromium against a freshly started server. With TEST_DATABASE_URL both run on PostgreSQL.
// Ends with one line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const only = process.argv[2]; // optional: "unit" or "e2e"
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) exitCode = 1;
  return res.status;
}

/** Each statement runs on its own: CREATE DATABASE refuses to run inside the implicit transaction of a multi-statement -c. */
function psql(...statements) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = '/postgres';
  const args = [url.toString(), '-v', 'ON_ERROR_STOP=1', '-q', ...statements.flatMap((sql) => ['-c', sql])];
  const status = spawnSync('psql', args, { stdio: 'inherit' }).status;
  if (status !== 0) exitCode = 1;
  return status;
}

if (only !== 'e2e') {
  const out = path.join(results, 'vitest.json');
  rmSync(out, { force: true });
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else totals.failed += 1;
}

if (only !== 'unit') {
  const out = path.join(results, 'playwright.json');
  rmSync(out, { force: true });
  const dataDir = path.join(root, '.e2e-data');
  rmSync(dataDir, { recursive: true, force: true });
  const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_DATA_DIR: dataDir };
  let dbName = null;
  if (process.env.TEST_DATABASE_URL) {
    dbName = `inkhaven_e2e_${process.pid}`;
    psql(`DROP DATABASE IF EXISTS ${dbName}`, `CREATE DATABASE ${dbName}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    env.E2E_DATABASE_URL = url.toString();
  }
  run('npx', ['playwright', 'test'], env);
  if (dbName) psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    totals.passed += s.expected;
    totals.failed += s.unexpected + s.flaky;
    totals.skipped += s.skipped;
  } else totals.failed += 1;
}

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));

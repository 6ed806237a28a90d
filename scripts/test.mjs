#!/usr/bin/env node
// `npm test`: every test. Vitest (units + API through fastify.inject), then Playwright in Debian
// Chromium against a freshly started server. With TEST_DATABASE_URL both run on PostgreSQL.
// Ends with one line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// TEST_RESULTS_DIR and E2E_PORT let two runs share a checkout (CI runs PGlite and PostgreSQL side by side).
const results = path.resolve(root, process.env.TEST_RESULTS_DIR ?? 'test-results');
mkdirSync(results, { recursive: true });
const only = process.argv[2]; // optional: "unit" or "e2e"
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Names of the tests that failed, printed above the summary so a CI log's tail says which. */
const failures = [];
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
  const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults) {
      const rel = path.relative(root, file.name);
      const failed = file.assertionResults.filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`vitest ${rel} › ${t.fullName}`);
      // A file that failed to load has no failed assertions but still failed.
      if (file.status === 'failed' && failed.length === 0) failures.push(`vitest ${rel} (${file.message || 'failed to run'})`);
    }
    // Errors outside any test (an unhandled rejection, a failed global set-up) fail the run without a failed test.
    if (vitestStatus !== 0 && r.numFailedTests === 0) {
      totals.failed += 1;
      failures.push(`vitest exited with status ${vitestStatus} without a failed test (an error outside the tests: see its output above)`);
    }
  } else {
    totals.failed += 1;
    failures.push('vitest wrote no report');
  }
}

if (only !== 'unit') {
  const out = path.join(results, 'playwright.json');
  rmSync(out, { force: true });
  const dataDir = path.join(results, 'e2e-data');
  // On the embedded database a second server keeps its data beside the first's (playwright.config.ts).
  const dataDirs = [dataDir, `${dataDir}-second`];
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_DATA_DIR: dataDir, PLAYWRIGHT_OUTPUT_DIR: path.join(results, 'playwright') };
  let dbName = null;
  if (process.env.TEST_DATABASE_URL) {
    dbName = `inkhaven_e2e_${process.pid}`;
    psql(`DROP DATABASE IF EXISTS ${dbName}`, `CREATE DATABASE ${dbName}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    env.E2E_DATABASE_URL = url.toString();
  }
  const playwrightStatus = run('npx', ['playwright', 'test'], env);
  if (dbName) psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    totals.passed += s.expected;
    totals.failed += s.unexpected + s.flaky;
    totals.skipped += s.skipped;
    collectPlaywrightFailures(JSON.parse(readFileSync(out, 'utf8')).suites ?? [], []);
    // A run that stopped before its tests (the web server could not start, a spec did not load)
    // reports no failed test: it still failed.
    if (playwrightStatus !== 0 && s.unexpected + s.flaky === 0) {
      totals.failed += 1;
      failures.push(`playwright exited with status ${playwrightStatus} before reporting a failed test (see its output above)`);
    }
  } else {
    totals.failed += 1;
    failures.push('playwright wrote no report');
  }
}

function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const scope = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          failures.push(`playwright ${spec.file}:${spec.line} › ${[...scope, spec.title].join(' › ')} (${t.status})`);
        }
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], scope);
  }
}

if (failures.length > 0) {
  console.log(`\nFailed tests (${failures.length}):`);
  for (const f of failures) console.log(`  ✗ ${f}`);
}

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));

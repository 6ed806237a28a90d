// `npm run bench`: API throughput against a bare Fastify route in the same run, and start-up
// time of `npm start` on an existing data dir and build. Prints a table, writes bench/results.json.
//
//   BENCH_SECONDS      seconds per measurement (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_WARMUP       warm-up seconds before each measurement (default 2)
//   BENCH_ROUNDS       rounds of the three measurements; the median round counts (default 1)
//   BENCH_STARTUP_RUNS timed warm starts; the median counts (default 3)
//   BENCH_SKIP_STARTUP=1  skip the start-up measurement
//
// Each server runs in its own process (this file with --serve) so the load generator and the
// server under test do not share an event loop. Everything listens on 127.0.0.1 only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuTimeMs, freePort, startChild, stopChild, waitHealthy, type Child } from './support/processes.ts';
import { envNumber } from './support/env.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
// Start-up is timed to the first 200: a coarser poll would add up to its interval to the figure.
const HEALTH_POLL = { pollMs: 25 };


// ---------------------------------------------------------------------------------------------
// Server mode: `node --import tsx bench/api.ts --serve bare|app --port N [--data-dir D]`
// ---------------------------------------------------------------------------------------------

async function serve(kind: string, port: number, dataDir: string | undefined): Promise<void> {
  if (kind === 'bare') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ status: 'ok' }));
    await app.listen({ port, host: HOST });
    return;
  }
  if (kind !== 'app' || !dataDir) throw new Error('usage: --serve bare|app --port N [--data-dir D]');
  const { parseConfig } = await import('../src/server/config.ts');
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client.ts');
  const { buildApp } = await import('../src/server/app.ts');
  const { resolveSecret } = await import('../src/server/secret.ts');
  const { DATABASE_URL: _pg, ...env } = process.env;
  const config = parseConfig({ ...env, DATA_DIR: dataDir, PORT: String(port), HOST, SEED_DEMO: 'false', PUBLIC_URL: `http://localhost:${port}` });
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  await migrateDatabase(database);
  // The logger main.ts uses (LOG_LEVEL, default info), so per-request logging is part of the cost.
  const app = await buildApp({
    config,
    database,
    secret: resolveSecret(config),
    web: false,
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'], remove: true },
    },
  });
  await app.listen({ port, host: HOST });
}

// ---------------------------------------------------------------------------------------------
// Orchestrator
// ---------------------------------------------------------------------------------------------

async function signUp(base: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf-token`);
  const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie },
    body: JSON.stringify({ firstName: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'a-long-bench-passphrase' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const session = res.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c): c is string => Boolean(c && c.includes('session_token')));
  if (session.length === 0) throw new Error('sign-up set no session cookie');
  const cookie = session.join('; ');
  const me = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/auth/user with the new session answered ${me.status}`);
  return cookie;
}

type Measurement = {
  name: string;
  url: string;
  rps: number;
  /** Server CPU time per request (user + system). Less sensitive than req/s to other load on a shared machine. */
  cpuUsPerRequest: number | null;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
};

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  server: Child,
  opts: { seconds: number; connections: number; warmup: number },
): Promise<Measurement> {
  const { default: autocannon } = await import('autocannon');
  if (opts.warmup > 0) await autocannon({ url, headers, connections: opts.connections, duration: opts.warmup });
  const cpuBefore = cpuTimeMs(server.process.pid);
  const r = await autocannon({ url, headers, connections: opts.connections, duration: opts.seconds, timeout: 10 });
  const cpuAfter = cpuTimeMs(server.process.pid);
  return {
    name,
    url: new URL(url).pathname,
    rps: r.requests.total / r.duration,
    cpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total : null,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

// Not stats.ts's median: this one is always one of `values`, as main() looks the round up by its req/s.
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

type Startup = { firstStartMs: number; startupMs: number; runsMs: number[]; rebuildsSkipped: number; note?: string };

/**
 * Time from spawning `node scripts/start.mjs` until /api/health answers 200, on an existing data
 * dir and build: one start to create both, then `runs` timed warm starts; the median counts.
 */
async function measureStartup(runs: number): Promise<Startup> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-bench-start-'));
  try {
    const port = await freePort(HOST);
    // SEED_DEMO is left to its default (on for the embedded database), as `npm start` runs it.
    const { DATABASE_URL: _pg, SEED_DEMO: _seed, ...parentEnv } = process.env;
    const env: NodeJS.ProcessEnv = { ...parentEnv, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const health = `http://${HOST}:${port}/api/health`;

    // First start creates the database and seeds it (and builds the web app if the build is missing or stale).
    const first = startChild(['scripts/start.mjs'], env);
    const firstStartMs = await waitHealthy(health, first, 15 * 60_000, HEALTH_POLL).finally(() => stopChild(first));

    const runsMs: number[] = [];
    let rebuildsSkipped = 0;
    while (runsMs.length < runs && rebuildsSkipped < 2) {
      const started = performance.now();
      const child = startChild(['scripts/start.mjs'], env);
      try {
        await waitHealthy(health, child, 5 * 60_000, HEALTH_POLL);
        const ms = performance.now() - started;
        // Sources edited between two starts make start.mjs rebuild: that is not a warm start.
        if (/rebuilding|Building the web app/.test(child.output())) rebuildsSkipped += 1;
        else runsMs.push(ms);
      } finally {
        await stopChild(child);
      }
    }
    if (runsMs.length === 0) {
      return { firstStartMs, startupMs: Number.NaN, runsMs, rebuildsSkipped, note: 'sources kept changing between starts; no warm start measured' };
    }
    return { firstStartMs, startupMs: median(runsMs), runsMs, rebuildsSkipped };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10);
  const connections = envNumber('BENCH_CONNECTIONS', 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  const rounds = envNumber('BENCH_ROUNDS', 1);
  // Other work on the machine skews every figure: record how busy it was.
  const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  const children: Child[] = [];
  const appDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-bench-'));
  const cleanup = async () => {
    await Promise.all(children.map(stopChild));
    rmSync(appDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const barePort = await freePort(HOST);
    const appPort = await freePort(HOST);
    const bare = startChild(['--import', 'tsx', path.join(HERE, 'api.ts'), '--serve', 'bare', '--port', String(barePort)], process.env, true);
    const app = startChild(['--import', 'tsx', path.join(HERE, 'api.ts'), '--serve', 'app', '--port', String(appPort), '--data-dir', appDir], process.env, true);
    children.push(bare, app);
    const bareBase = `http://${HOST}:${barePort}`;
    const appBase = `http://${HOST}:${appPort}`;
    await waitHealthy(`${bareBase}/bare`, bare, 60_000, HEALTH_POLL);
    await waitHealthy(`${appBase}/api/health`, app, 120_000, HEALTH_POLL);
    const cookie = await signUp(appBase);

    const targets: Array<[string, string, Record<string, string>, Child]> = [
      ['bare Fastify route', `${bareBase}/bare`, {}, bare],
      ['GET /api/health', `${appBase}/api/health`, {}, app],
      ['GET /api/auth/user (signed in)', `${appBase}/api/auth/user`, { cookie }, app],
    ];
    const perTarget = new Map<string, Measurement[]>();
    for (let round = 0; round < rounds; round++) {
      for (const [name, url, headers, server] of targets) {
        process.stderr.write(`round ${round + 1}/${rounds}: ${name} (${connections} connections, ${seconds} s)…\n`);
        const m = await measure(name, url, headers, server, { seconds, connections, warmup });
        perTarget.set(name, [...(perTarget.get(name) ?? []), m]);
      }
    }
    const results = targets.map(([name]) => {
      const runs = perTarget.get(name) ?? [];
      const rps = median(runs.map((r) => r.rps));
      return { ...(runs.find((r) => r.rps === rps) ?? runs[0]!), rps };
    });
    const bareRps = results[0]!.rps;
    await cleanup();
    children.length = 0;

    const bareCpu = results[0]!.cpuUsPerRequest;
    const rows = results.map((r) => ({
      ...r,
      ratio: r.rps / bareRps,
      cpuRatio: bareCpu && r.cpuUsPerRequest ? bareCpu / r.cpuUsPerRequest : null,
    }));
    const pct = (n: number | null) => (n === null ? 'n/a' : `${(n * 100).toFixed(0)}%`);
    const table = [
      ['measurement', 'req/s', 'vs bare', 'CPU µs/req', 'vs bare (CPU)', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      ...rows.map((r) => [
        r.name,
        r.rps.toFixed(0),
        pct(r.ratio),
        r.cpuUsPerRequest === null ? 'n/a' : r.cpuUsPerRequest.toFixed(0),
        pct(r.cpuRatio),
        String(r.latencyP50),
        String(r.latencyP99),
        String(r.non2xx),
        String(r.errors),
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    console.log(line(table[0]!));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of table.slice(1)) console.log(line(row));

    let startup: Startup | null = null;
    let startupError: string | null = null;
    if (process.env.BENCH_SKIP_STARTUP !== '1') {
      try {
        startup = await measureStartup(envNumber('BENCH_STARTUP_RUNS', 3));
      } catch (error) {
        // Keep the throughput figures: report the failure and write the results anyway.
        startupError = (error as Error).message;
        console.error(`\nstart-up measurement failed: ${startupError}`);
        process.exitCode = 1;
      }
    }
    if (startup) {
      const runsText = startup.runsMs.map((ms) => (ms / 1000).toFixed(2)).join(', ');
      console.log(
        `\nstart-up (npm start on an existing data dir and build): ${Number.isNaN(startup.startupMs) ? 'not measured' : `${(startup.startupMs / 1000).toFixed(2)} s median`}` +
          ` of ${startup.runsMs.length} (${runsText} s); first start, creating and seeding the database: ${(startup.firstStartMs / 1000).toFixed(1)} s`,
      );
    }
    console.log(`\nload average (1/5/15 min) before: ${loadBefore.join(' / ')}, after: ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')} on ${os.cpus().length} CPUs`);
    const minRatio = Math.min(...rows.slice(1).map((r) => r.ratio));
    const verdict = {
      throughputTarget: '≥ 60% of the bare route',
      throughputMet: minRatio >= 0.6,
      startupTarget: '≤ 3 s',
      startupMet: startup && !Number.isNaN(startup.startupMs) ? startup.startupMs <= 3000 : null,
    };
    console.log(`\ntargets: throughput ${verdict.throughputMet ? 'met' : 'NOT met'} (lowest ${(minRatio * 100).toFixed(0)}%)` + (startup ? `, start-up ${verdict.startupMet ? 'met' : 'NOT met'}` : ''));

    const report = {
      date: new Date().toISOString(),
      command: 'npm run bench',
      settings: { seconds, connections, warmupSeconds: warmup, rounds, logLevel: process.env.LOG_LEVEL ?? 'info' },
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map((n) => Number(n.toFixed(2))) },
      results: rows,
      startup: startup ?? (startupError ? { error: startupError.slice(0, 2000) } : null),
      verdict,
    };
    writeFileSync(path.join(HERE, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex !== -1) {
  const arg = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  serve(process.argv[serveIndex + 1] ?? '', Number(arg('--port')), arg('--data-dir')).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

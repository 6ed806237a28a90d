// `npm run bench:search`: GET /api/artists on a catalogue of 10,000 artists, on PGlite and on
// PostgreSQL, against the very same SQL run directly through the driver in the same run.
// Prints a table, writes bench/search-results.json.
//
//   BENCH_SECONDS      seconds per measurement (default 10)
//   BENCH_CONNECTIONS  concurrent HTTP connections, and concurrent direct queries (default 10)
//   BENCH_WARMUP       warm-up seconds before each measurement (default 2)
//   BENCH_ROUNDS       rounds of API then direct measurements per database; each figure is the
//                      median of its rounds (default 1)
//   BENCH_ARTISTS      catalogue size (default 10000)
//   BENCH_DISTINCT     distinct searches, each asked once (uncached), on a fresh app after the
//                      cached measurements (default 4000; 0 skips them)
//   BENCH_DATABASES    comma-separated: pglite, postgres (default both)
//   BENCH_PG_ADMIN_URL a PostgreSQL server where a temporary database may be created and dropped
//                      (default postgres://postgres@127.0.0.1:5432/postgres)
//
// Per database: a temporary DATA_DIR (and for PostgreSQL a temporary database, dropped at the
// end) is seeded with `npm run seed -- --artists N`; then the app (API only, the logger main.ts
// uses) runs in its own process and autocannon loads each search; then the app stops and another
// process opens the same database with `openDatabase()` (pg Pool of 10 / PGlite in-process) and
// runs the statement `buildArtistSearch()` builds for the same query, with the same concurrency,
// through the raw driver. PGlite allows one process per data dir, hence one after the other.
// Everything listens on 127.0.0.1 only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuTimeMs, freePort, startChild, stopChild, waitExit, waitHealthy, type Child } from './support/processes.ts';
import { latencies, median } from './support/stats.ts';
import { envNumber } from './support/env.ts';
import { distinctSearches, measureDistinct, type DatabaseKind, type DistinctResult } from './support/search-distinct.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';

/** Realistic searches: a two-word style typed in the search box, "near me" in Denver, a style page's filter. */
const QUERIES = [
  { name: 'text: q=fine line', qs: 'q=fine+line' },
  { name: 'near Denver, 50 km', qs: 'near=39.74,-104.99&radiusKm=50' },
  { name: 'style=fine-line&kind=tattoo', qs: 'style=fine-line&kind=tattoo' },
] as const;

const TARGET_P95_MS = 50;
const TARGET_RATIO = 0.5;
/** Distinct (uncached) searches, issue 11: p97.5 per database. */
const DISTINCT_TARGET_P975_MS: Record<'pglite' | 'postgres', number> = { pglite: 50, postgres: 20 };


const arg = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i === -1 ? undefined : process.argv[i + 1];
};

// ---------------------------------------------------------------------------------------------
// Server mode: `--serve --port N --data-dir D [--database-url U]` — the app, API only.
// ---------------------------------------------------------------------------------------------

async function serve(port: number, dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const { parseConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { buildApp } = await import('../src/server/app.ts');
  const { resolveSecret } = await import('../src/server/secret.ts');
  const { DATABASE_URL: _pg, ...env } = process.env;
  const config = parseConfig({ ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), DATA_DIR: dataDir, PORT: String(port), HOST, SEED_DEMO: 'false', PUBLIC_URL: `http://localhost:${port}` });
  // The seed run has migrated the database already; open it as main.ts does (pool of 10 on PostgreSQL).
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
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
// Direct mode: `--direct --data-dir D [--database-url U] --seconds S --warmup W --concurrency C`
// Runs each query's SQL through the raw driver; prints one JSON line per query.
// ---------------------------------------------------------------------------------------------

type DirectResult = { name: string; qps: number; p50: number; p95: number; p99: number; queries: number; rows: number; cpuUsPerQuery: number };

async function direct(dataDir: string, databaseUrl: string | undefined, opts: { seconds: number; warmup: number; concurrency: number }): Promise<void> {
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { buildArtistSearch } = await import('../src/server/features/artists/search.ts');
  const { ZArtistSearchQuery } = await import('../src/shared/contracts/artists.ts');
  // openDatabase() so the driver is configured exactly as the app's (pool size, session settings);
  // then the raw client underneath drizzle, so only the driver is between us and the database.
  const database = await openDatabase({ databaseUrl, dataDir });
  const client = (database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } }).$client;
  const dialect = new PgDialect();
  try {
    for (const q of QUERIES) {
      const parsed = ZArtistSearchQuery.parse(Object.fromEntries(new URLSearchParams(q.qs)));
      const { sql: text, params } = dialect.sqlToQuery(buildArtistSearch(parsed).sql);
      const { rows } = await client.query(text, params);
      if (rows.length === 0) throw new Error(`${q.name}: the statement found no artists`);
      const run = async (seconds: number) => {
        const times: number[] = [];
        const deadline = performance.now() + seconds * 1000;
        const started = performance.now();
        const cpu = process.cpuUsage();
        await Promise.all(
          Array.from({ length: opts.concurrency }, async () => {
            while (performance.now() < deadline) {
              const t0 = performance.now();
              await client.query(text, params);
              times.push(performance.now() - t0);
            }
          }),
        );
        const used = process.cpuUsage(cpu);
        return { times, elapsed: (performance.now() - started) / 1000, cpuUs: used.user + used.system };
      };
      if (opts.warmup > 0) await run(opts.warmup);
      const { times, elapsed, cpuUs } = await run(opts.seconds);
      const result: DirectResult = { name: q.name, qps: times.length / elapsed, ...latencies(times), queries: times.length, rows: rows.length, cpuUsPerQuery: cpuUs / times.length };
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Orchestrator
// ---------------------------------------------------------------------------------------------

type HttpResult = { name: string; rps: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number; items: number; cpuUsPerRequest: number | null };

async function measureHttp(name: string, url: string, server: Child, opts: { seconds: number; connections: number; warmup: number }): Promise<HttpResult> {
  const { default: autocannon } = await import('autocannon');
  const check = await fetch(url);
  const body = (await check.json()) as { items?: unknown[] };
  if (check.status !== 200 || !body.items?.length) throw new Error(`${name}: GET ${url} answered ${check.status} with ${body.items?.length ?? 'no'} items`);
  if (opts.warmup > 0) await autocannon({ url, connections: opts.connections, duration: opts.warmup });
  const times: number[] = [];
  const cpuBefore = cpuTimeMs(server.process.pid);
  const instance = autocannon({ url, connections: opts.connections, duration: opts.seconds, timeout: 10 });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const r = await instance;
  const cpuAfter = cpuTimeMs(server.process.pid);
  return {
    name,
    rps: r.requests.total / r.duration,
    ...latencies(times),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    items: body.items.length,
    cpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total : null,
  };
}

// Distinct searches (bench/support/search-distinct.ts): every URL asked once, so no answer comes from the page cache.
type Row = {
  database: DatabaseKind;
  query: string;
  url: string;
  http: HttpResult;
  direct: DirectResult;
  ratio: number;
  p95Met: boolean;
  ratioMet: boolean;
  rounds: Array<{ rps: number; p95: number; directQps: number }>;
};

async function benchDatabase(kind: DatabaseKind, opts: { seconds: number; connections: number; warmup: number; rounds: number; artists: number; adminUrl: string; distinct: number }, cleanups: Array<() => Promise<void>>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `inkhaven-bench-search-${kind}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const pg = await import('pg');
    const name = `inkhaven_bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.default.Client({ connectionString: opts.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(opts.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(async () => {
      const drop = new pg.default.Client({ connectionString: opts.adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    });
  }
  const { DATABASE_URL: _pg, STORAGE_DIR: _storage, ...parentEnv } = process.env;
  const env: NodeJS.ProcessEnv = { ...parentEnv, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

  process.stderr.write(`${kind}: seeding ${opts.artists} artists…\n`);
  const seedStarted = performance.now();
  const seed = startChild(['--import', 'tsx', 'src/server/db/seed/cli.ts', '--artists', String(opts.artists)], env);
  cleanups.push(() => stopChild(seed));
  await waitExit(seed, 30 * 60_000);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const httpRounds: HttpResult[][] = [];
  const distinctRounds: DistinctResult[][] = [];
  const directRounds: DirectResult[][] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const port = await freePort(HOST);
    const serverArgs = ['--import', 'tsx', path.join(HERE, 'search.ts'), '--serve', '--port', String(port), '--data-dir', dataDir, ...(databaseUrl ? ['--database-url', databaseUrl] : [])];
    const app = startChild(serverArgs, env, true);
    cleanups.push(() => stopChild(app));
    const base = `http://${HOST}:${port}`;
    await waitHealthy(`${base}/api/health`, app, 120_000);
    const http: HttpResult[] = [];
    for (const q of QUERIES) {
      process.stderr.write(`${kind}, round ${round}/${opts.rounds}: GET /api/artists?${q.qs} (${opts.connections} connections, ${opts.seconds} s)…\n`);
      http.push(await measureHttp(q.name, `${base}/api/artists?${q.qs}`, app, opts));
    }
    if (opts.distinct > 0) {
      // A fresh app: the cached measurements above must not have warmed any of these answers.
      await stopChild(app);
      const fresh = startChild(serverArgs, env, true);
      cleanups.push(() => stopChild(fresh));
      await waitHealthy(`${base}/api/health`, fresh, 120_000);
      const searches = await distinctSearches(base, opts.distinct + 100);
      // The first 100 warm the process (JIT, the catalogue's words); they are not counted.
      await measureDistinct(base, searches.slice(0, 100), opts.connections);
      process.stderr.write(`${kind}, round ${round}/${opts.rounds}: ${opts.distinct} distinct searches (${opts.connections} at a time)…\n`);
      distinctRounds.push((await measureDistinct(base, searches.slice(100), opts.connections, fresh.process.pid)).map((r) => ({ ...r, database: kind })));
      await stopChild(fresh);
    }
    await stopChild(app);
    httpRounds.push(http);

    process.stderr.write(`${kind}, round ${round}/${opts.rounds}: the same SQL through the driver (${opts.connections} concurrent, ${opts.seconds} s each)…\n`);
    const directArgs = [
      '--import', 'tsx', path.join(HERE, 'search.ts'), '--direct', '--data-dir', dataDir, ...(databaseUrl ? ['--database-url', databaseUrl] : []),
      '--seconds', String(opts.seconds), '--warmup', String(opts.warmup), '--concurrency', String(opts.connections),
    ];
    const runner = startChild(directArgs, env);
    cleanups.push(() => stopChild(runner));
    await waitExit(runner, 10 * 60_000);
    const direct = runner.stdout().trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as DirectResult);
    for (const q of QUERIES) if (!direct.some((r) => r.name === q.name)) throw new Error(`${kind}: no direct result for ${q.name}:\n${runner.output().slice(-2000)}`);
    directRounds.push(direct);
  }

  // With several rounds, each figure is the median of its rounds (the machine's other work comes and goes).
  const rows: Row[] = QUERIES.map((q, i) => {
    const hs = httpRounds.map((r) => r[i]!);
    const ds = directRounds.map((r) => r.find((d) => d.name === q.name)!);
    const h: HttpResult = {
      ...hs[0]!,
      rps: median(hs.map((x) => x.rps)),
      p50: median(hs.map((x) => x.p50)),
      p95: median(hs.map((x) => x.p95)),
      p99: median(hs.map((x) => x.p99)),
      requests: hs.reduce((n, x) => n + x.requests, 0),
      non2xx: hs.reduce((n, x) => n + x.non2xx, 0),
      errors: hs.reduce((n, x) => n + x.errors, 0),
      cpuUsPerRequest: hs.every((x) => x.cpuUsPerRequest !== null) ? median(hs.map((x) => x.cpuUsPerRequest!)) : null,
    };
    const d: DirectResult = {
      ...ds[0]!,
      qps: median(ds.map((x) => x.qps)),
      p50: median(ds.map((x) => x.p50)),
      p95: median(ds.map((x) => x.p95)),
      p99: median(ds.map((x) => x.p99)),
      queries: ds.reduce((n, x) => n + x.queries, 0),
      cpuUsPerQuery: median(ds.map((x) => x.cpuUsPerQuery)),
    };
    const ratio = h.rps / d.qps;
    return {
      database: kind, query: q.name, url: `/api/artists?${q.qs}`, http: h, direct: d, ratio, p95Met: h.p95 <= TARGET_P95_MS, ratioMet: ratio >= TARGET_RATIO,
      rounds: hs.map((x, r) => ({ rps: x.rps, p95: x.p95, directQps: ds[r]!.qps })),
    };
  });
  const distinct = (distinctRounds[0] ?? []).map((first, i): DistinctResult => {
    const rs = distinctRounds.map((r) => r[i]!);
    return { ...first, rps: median(rs.map((x) => x.rps)), p50: median(rs.map((x) => x.p50)), p95: median(rs.map((x) => x.p95)), p975: median(rs.map((x) => x.p975)), p99: median(rs.map((x) => x.p99)), non2xx: rs.reduce((n, x) => n + x.non2xx, 0),
      ...(first.cpuUsPerRequest !== undefined ? { cpuUsPerRequest: rs.every((x) => typeof x.cpuUsPerRequest === 'number') ? median(rs.map((x) => x.cpuUsPerRequest!)) : null } : {}) };
  });
  return { rows, seedSeconds, distinct };
}

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10);
  const connections = envNumber('BENCH_CONNECTIONS', 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  const rounds = envNumber('BENCH_ROUNDS', 1);
  const artists = envNumber('BENCH_ARTISTS', 10_000);
  const distinctCount = Number(process.env.BENCH_DISTINCT ?? 4_000);
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
  for (const d of databases) if (d !== 'pglite' && d !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database ${d}`);
  const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const rows: Row[] = [];
    const distinct: DistinctResult[] = [];
    const seedSeconds: Record<string, number> = {};
    for (const kind of databases as DatabaseKind[]) {
      const result = await benchDatabase(kind, { seconds, connections, warmup, rounds, artists, adminUrl, distinct: distinctCount }, cleanups);
      rows.push(...result.rows);
      distinct.push(...result.distinct);
      seedSeconds[kind] = Number(result.seedSeconds.toFixed(1));
      await cleanup();
    }

    const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
    const table = [
      ['database', 'query', 'API req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'direct q/s', 'direct p95', 'API/direct', 'API CPU µs/req', 'direct CPU µs/q', 'non-2xx', 'errors'],
      ...rows.map((r) => [
        r.database,
        r.query,
        r.http.rps.toFixed(0),
        ms(r.http.p50),
        ms(r.http.p95) + (r.p95Met ? '' : ' ✗'),
        ms(r.http.p99),
        r.direct.qps.toFixed(0),
        ms(r.direct.p95),
        `${(r.ratio * 100).toFixed(0)}%${r.ratioMet ? '' : ' ✗'}`,
        r.http.cpuUsPerRequest === null ? 'n/a' : r.http.cpuUsPerRequest.toFixed(0),
        r.direct.cpuUsPerQuery.toFixed(0),
        String(r.http.non2xx),
        String(r.http.errors),
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const line = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    console.log(line(table[0]!));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of table.slice(1)) console.log(line(row));
    if (distinct.length) {
      const distinctTable = [
        ['database', 'distinct searches', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p97.5 ms', 'p99 ms', 'CPU µs/req', 'non-2xx'],
        ...distinct.map((d) => [
          d.database!,
          d.category,
          String(d.requests),
          d.rps.toFixed(0),
          ms(d.p50),
          ms(d.p95),
          ms(d.p975) + (d.category === 'all' && d.p975 > DISTINCT_TARGET_P975_MS[d.database!] ? ' ✗' : ''),
          ms(d.p99),
          typeof d.cpuUsPerRequest === 'number' ? d.cpuUsPerRequest.toFixed(0) : '',
          String(d.non2xx),
        ]),
      ];
      const dw = distinctTable[0]!.map((_, i) => Math.max(...distinctTable.map((row) => row[i]!.length)));
      const dline = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(dw[i]!) : cell.padStart(dw[i]!))).join('  ');
      console.log(`\n${dline(distinctTable[0]!)}`);
      console.log(dw.map((w) => '-'.repeat(w)).join('  '));
      for (const row of distinctTable.slice(1)) console.log(dline(row));
    }
    const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    console.log(`\nload average (1/5/15 min) before: ${loadBefore.join(' / ')}, after: ${loadAfter.join(' / ')} on ${os.cpus().length} CPUs`);
    const verdict = {
      latencyTarget: `p95 ≤ ${TARGET_P95_MS} ms at ${connections} connections`,
      latencyMet: rows.every((r) => r.p95Met),
      throughputTarget: `≥ ${TARGET_RATIO * 100}% of the same SQL through the driver`,
      throughputMet: rows.every((r) => r.ratioMet),
      distinctTarget: `distinct (uncached) searches: p97.5 ≤ ${DISTINCT_TARGET_P975_MS.pglite} ms on PGlite, ≤ ${DISTINCT_TARGET_P975_MS.postgres} ms on PostgreSQL`,
      distinctMet: distinct.filter((d) => d.category === 'all').every((d) => d.p975 <= DISTINCT_TARGET_P975_MS[d.database!]),
    };
    console.log(`targets: p95 ${verdict.latencyMet ? 'met' : 'NOT met'}, throughput ${verdict.throughputMet ? 'met' : 'NOT met'}${distinct.length ? `, distinct p97.5 ${verdict.distinctMet ? 'met' : 'NOT met'}` : ''}`);
    if (rows.some((r) => r.http.non2xx > 0 || r.http.errors > 0) || distinct.some((d) => d.non2xx > 0)) process.exitCode = 1;

    const report = {
      date: new Date().toISOString(),
      command: 'npm run bench:search',
      settings: { seconds, connections, warmupSeconds: warmup, rounds, artists, distinctSearches: distinctCount, databases, logLevel: process.env.LOG_LEVEL ?? 'info' },
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
      seedSeconds,
      results: rows,
      distinct,
      verdict,
    };
    writeFileSync(path.join(HERE, 'search-results.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

const fail = (error: unknown) => {
  console.error(error);
  process.exit(1);
};
if (process.argv.includes('--serve')) {
  serve(Number(arg('--port')), arg('--data-dir') ?? '', arg('--database-url')).catch(fail);
} else if (process.argv.includes('--direct')) {
  direct(arg('--data-dir') ?? '', arg('--database-url'), { seconds: Number(arg('--seconds')), warmup: Number(arg('--warmup')), concurrency: Number(arg('--concurrency')) }).catch(fail);
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

// `npm run bench:pages`: Lighthouse (mobile, the default config) on the public pages issue 3
// names, and the initial JavaScript of each. Prints a table, writes bench/pages-results.json.
//
//   BENCH_RUNS   Lighthouse runs per page; the run with the median performance score counts (default 3)
//   CHROME_PATH  the browser (default /usr/bin/chromium)
//   BENCH_PAGES  only these pages, comma-separated: artists, profile, styles (default all three)
//
// Starts the app as `npm start` does (`node scripts/start.mjs`, which builds first when the build
// is missing or older than its sources) on a free port on 127.0.0.1, with a temporary DATA_DIR
// seeded with the demo data, and stops it at the end.
//
// Initial JavaScript: the scripts a page's HTML makes the browser load before it runs — its
// module entry and every <link rel="modulepreload"> (Vite lists the entry's whole static import
// graph there) — each fetched and gzipped here (zlib, level 6), summed. Chunks imported later
// (after the first paint, on interaction) are not initial; the JSON also lists every script the
// page fetched during the Lighthouse load, for comparison.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, startChild, stopChild, waitHealthy } from './support/processes.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const TARGET_INITIAL_JS_KB = 120;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const gzipBytes = (body: Uint8Array) => gzipSync(body, { level: 6 }).length;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

type Script = { url: string; bytes: number; gzipBytes: number };

/** The module entry and modulepreloads of a page's HTML, as fetched by a browser before the page runs. */
async function initialScripts(pageUrl: string): Promise<Script[]> {
  const html = await (await fetch(pageUrl)).text();
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) urls.add(new URL(src, pageUrl).href);
    else if (src) urls.add(new URL(src, pageUrl).href);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(new URL(href, pageUrl).href);
  }
  return Promise.all([...urls].map(async (url) => {
    const body = await fetchBytes(url);
    return { url: new URL(url).pathname, bytes: body.length, gzipBytes: gzipBytes(body) };
  }));
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };
type Failing = { id: string; title: string; score: number | null; displayValue?: string };
type LhrLike = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: { items?: unknown[] } }>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
};

/** Audits that cost the category points (weighted, below full score), or that failed outright. */
function failing(lhr: LhrLike, category: Category): Failing[] {
  return lhr.categories[category]!.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ ref, audit }) => audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'informative' && (ref.weight > 0 || audit.scoreDisplayMode === 'binary') && audit.score !== null && audit.score < 1)
    .map(({ audit }) => ({ id: audit.id, title: audit.title, score: audit.score, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) }));
}

async function runLighthouse(url: string, port: number): Promise<LhrLike> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr as unknown as LhrLike;
}

/**
 * One run in brief: its score, blocking time and Lighthouse's CPU benchmark of the machine at
 * that moment (higher is faster), and why it scored nothing when it did — a run without a
 * performance score is an error to show, not a zero to fold into the median quietly.
 */
function describeRun(lhr: LhrLike) {
  const score = lhr.categories.performance!.score;
  const erroredAudits = Object.values(lhr.audits)
    .filter((a) => a.scoreDisplayMode === 'error')
    .map((a) => `${a.id}: ${(a as { errorMessage?: string }).errorMessage ?? 'error'}`);
  return {
    performance: score === null ? null : Math.round(score * 100),
    totalBlockingTimeMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError } : {}),
    ...(erroredAudits.length ? { erroredAudits } : {}),
    ...(lhr.runWarnings.length ? { runWarnings: lhr.runWarnings } : {}),
  };
}

/** Whether Lighthouse recorded the load; one that did not (NO_NAVSTART: the trace lost the navigation) has no score. */
const recorded = (run: ReturnType<typeof describeRun>) => run.performance !== null && !run.runtimeError;

async function main() {
  const runs = Math.max(1, Math.round(Number(process.env.BENCH_RUNS ?? 3)));
  const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-bench-pages-'));
  const port = await freePort(HOST);
  const base = `http://${HOST}:${port}`;
  const { DATABASE_URL: _pg, STORAGE_DIR: _storage, ...parentEnv } = process.env;
  // PUBLIC_URL on the address Lighthouse loads, so canonical URLs and the sitemap point at the same origin.
  const app = startChild(['scripts/start.mjs'], { ...parentEnv, PORT: String(port), HOST, DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const cleanup = async () => {
    await chrome?.kill();
    await stopChild(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    process.stderr.write('Starting the app (building first if the build is stale)…\n');
    // Building can take minutes: no need to ask often.
    await waitHealthy(`${base}/api/health`, app, 15 * 60_000, { pollMs: 200, name: 'the app' });
    const list = (await (await fetch(`${base}/api/artists?limit=1&sort=rating`)).json()) as { items: Array<{ slug: string }> };
    const slug = list.items[0]?.slug;
    if (!slug) throw new Error('The demo data has no artists to open a profile of.');
    const wanted = (process.env.BENCH_PAGES ?? 'artists,profile,styles').split(',').map((s) => s.trim());
    const pages = [
      { key: 'artists', name: '/artists', path: '/artists' },
      { key: 'profile', name: 'an artist profile', path: `/artists/${slug}` },
      { key: 'styles', name: '/tattoo-styles', path: '/tattoo-styles' },
    ].filter((page) => wanted.includes(page.key));
    if (pages.length === 0) throw new Error(`BENCH_PAGES names no page: use artists, profile or styles`);

    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const results = [];
    for (const page of pages) {
      const url = `${base}${page.path}`;
      // One unmeasured load first: the server's first render of a page and the browser's first
      // compile are not what a visitor meets.
      await runLighthouse(url, chrome.port);
      const measured: Array<{ lhr: LhrLike; run: ReturnType<typeof describeRun> }> = [];
      for (let i = 1; i <= runs; i++) {
        process.stderr.write(`Lighthouse ${page.path} (${i}/${runs})…`);
        const lhr = await runLighthouse(url, chrome.port);
        const run = describeRun(lhr);
        process.stderr.write(` ${run.performance ?? 'no score'}, TBT ${Math.round(run.totalBlockingTimeMs ?? 0)} ms, benchmark index ${run.benchmarkIndex ?? '?'}\n`);
        if (!recorded(run) || run.erroredAudits) {
          // In brief: the whole error, with every audit it broke, goes to the JSON.
          const why = run.runtimeError ? run.runtimeError.message : run.erroredAudits!.slice(0, 3).join('; ');
          process.stderr.write(`  ${recorded(run) ? 'audits failed' : 'this run failed'}: ${why} (${run.erroredAudits?.length ?? 0} audits errored)\n`);
        }
        measured.push({ lhr, run });
      }
      // A run Lighthouse could not record is listed in the results and left out of the median
      // rather than counted as 0.
      const scored = measured.filter((m) => recorded(m.run));
      if (scored.length === 0) throw new Error(`Every Lighthouse run of ${page.path} failed; see the messages above.`);
      const { lhr } = [...scored].sort((a, b) => a.run.performance! - b.run.performance!)[Math.floor(scored.length / 2)]!;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]!.score ?? 0) * 100)])) as Record<Category, number>;
      const initial = await initialScripts(url);
      const initialGzip = initial.reduce((n, s) => n + s.gzipBytes, 0);
      const loaded = ((lhr.audits['network-requests']?.details?.items ?? []) as NetworkItem[]).filter((r) => r.resourceType === 'Script');
      const loadedScripts = await Promise.all(loaded.map(async (r) => {
        const body = await fetchBytes(r.url);
        return { url: new URL(r.url).pathname, bytes: body.length, gzipBytes: gzipBytes(body), transferSize: r.transferSize ?? null };
      }));
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
      results.push({
        page: page.name,
        url: page.path,
        scores,
        failedRuns: measured.length - scored.length,
        runs: measured.map((m) => m.run),
        metrics: {
          firstContentfulPaintMs: metric('first-contentful-paint'),
          largestContentfulPaintMs: metric('largest-contentful-paint'),
          totalBlockingTimeMs: metric('total-blocking-time'),
          cumulativeLayoutShift: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
        },
        initialJs: { gzipBytes: initialGzip, scripts: initial },
        loadedJs: { gzipBytes: loadedScripts.reduce((n, s) => n + s.gzipBytes, 0), scripts: loadedScripts },
        failing: Object.fromEntries(CATEGORIES.map((c) => [c, failing(lhr, c)])) as Record<Category, Failing[]>,
        runWarnings: lhr.runWarnings,
      });
    }

    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const table = [
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'initial JS (gzip KB)', 'all JS loaded (gzip KB)'],
      ...results.map((r) => [
        r.page,
        `${r.scores.performance}${r.scores.performance >= TARGETS.performance ? '' : ' ✗'}`,
        `${r.scores.accessibility}${r.scores.accessibility >= TARGETS.accessibility ? '' : ' ✗'}`,
        `${r.scores['best-practices']}${r.scores['best-practices'] >= TARGETS['best-practices'] ? '' : ' ✗'}`,
        `${r.scores.seo}${r.scores.seo >= TARGETS.seo ? '' : ' ✗'}`,
        `${kb(r.initialJs.gzipBytes)}${r.initialJs.gzipBytes <= TARGET_INITIAL_JS_KB * 1024 ? '' : ' ✗'}`,
        kb(r.loadedJs.gzipBytes),
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    console.log(line(table[0]!));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of table.slice(1)) console.log(line(row));
    for (const r of results) {
      const lost = CATEGORIES.flatMap((c) => r.failing[c].map((f) => `  ${c}: ${f.id} (${f.score === null ? 'n/a' : Math.round(f.score * 100)}${f.displayValue ? `, ${f.displayValue}` : ''})`));
      if (lost.length) console.log(`\n${r.page} loses points on:\n${lost.join('\n')}`);
      if (r.failedRuns > 0) console.log(`${r.page}: ${r.failedRuns} of ${runs} runs failed to record and are not in the median`);
    }
    const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    console.log(`\nload average (1/5/15 min) before: ${loadBefore.join(' / ')}, after: ${loadAfter.join(' / ')} on ${os.cpus().length} CPUs`);
    const verdict = {
      scoresTarget: 'performance ≥ 95, accessibility, best practices and SEO 100',
      scoresMet: results.every((r) => CATEGORIES.every((c) => r.scores[c] >= TARGETS[c])),
      initialJsTarget: `≤ ${TARGET_INITIAL_JS_KB} KB gzip`,
      initialJsMet: results.every((r) => r.initialJs.gzipBytes <= TARGET_INITIAL_JS_KB * 1024),
    };
    console.log(`targets: scores ${verdict.scoresMet ? 'met' : 'NOT met'}, initial JS ${verdict.initialJsMet ? 'met' : 'NOT met'}`);
    const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
    writeFileSync(
      path.join(HERE, 'pages-results.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          command: 'npm run bench:pages',
          settings: { runs, lighthouse: lighthouseVersion, formFactor: 'mobile (default config, simulated throttling)', chromeFlags: CHROME_FLAGS },
          machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
          results,
          verdict,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Video call set-up time on loopback (issue 12 §4): join → the first decoded frame of the other
 * person's video, p50/p95 over BENCH_CALLS calls (default 10), two Chromium pages with the fake
 * camera and microphone (the e2e launch arguments), headless.
 *
 * Starts the app as `npm start` does (scripts/start.mjs, building first when stale) on a free port
 * with a temporary DATA_DIR and the demo data, on 127.0.0.1 only. A new artist offers a 10-minute
 * video consultation and a new client books it (inside its join window, as the e2e test does); then
 * each call: the client opens the room (join), then the artist; each page notes when its remote
 * <video> had its first frame (the room's `call-first-frame` marker, set on the video's `loadeddata`:
 * the first frame of the other's video decoded and ready to show). Both leave, and the next call starts
 * in fresh pages. Timed per call:
 *   - set-up: from the second person's join (the moment a call can start) to the later of the two
 *     first frames — both people see each other;
 *   - from the first person's join to their first remote frame (includes waiting for the second).
 *
 *   npx tsx bench/call-setup.ts        # BENCH_CALLS=10; writes bench/call-setup-results.json
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { consultationInsideJoinWindow } from '../tests/e2e/video-consultation.ts';
import { envInt } from './support/env.ts';
import { freePort, startChild, stopChild, waitHealthy } from './support/processes.ts';
import { latencies } from './support/stats.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
const CALLS = envInt('BENCH_CALLS', 10);
const FIRST_FRAME_TIMEOUT_MS = 30_000;

/** When the page's remote video showed its first frame (epoch ms, the room's marker). */
async function firstFrameAt(page: Page): Promise<number> {
  const marker = page.getByTestId('call-first-frame');
  await marker.waitFor({ state: 'attached', timeout: FIRST_FRAME_TIMEOUT_MS });
  return Number(await marker.getAttribute('data-at'));
}

const uptime = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-bench-call-'));
const port = await freePort(HOST);
const base = `http://localhost:${port}`;
const { DATABASE_URL: _pg, STORAGE_DIR: _storage, ...parentEnv } = process.env;
// The demo accounts are not used, and every call opens two sockets for the same two people.
const app = startChild(['scripts/start.mjs'], { ...parentEnv, PORT: String(port), HOST, DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: 'true', LOG_LEVEL: 'warn', WS_CONNECTS_PER_MINUTE: '1000' });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  await waitHealthy(`${base}/api/health`, app, 15 * 60_000, { pollMs: 200, name: 'the app' });
  const loadBefore = uptime();
  const clientContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const artistContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const { bookingId } = await consultationInsideJoinWindow(await artistContext.newPage(), await clientContext.newPage());
  const room = `/consultations/${bookingId}`;
  const calls: Array<{ setupMs: number; clientMs: number; artistMs: number; firstJoinerMs: number }> = [];
  for (let i = 0; i < CALLS; i++) {
    const [client, artist] = [await clientContext.newPage(), await artistContext.newPage()];
    const clientJoined = Date.now();
    await client.goto(room);
    await client.getByTestId('call-phase').waitFor();
    const artistJoined = Date.now();
    await artist.goto(room);
    const [clientSaw, artistSaw] = await Promise.all([firstFrameAt(client), firstFrameAt(artist)]);
    const call = { setupMs: Math.max(clientSaw, artistSaw) - artistJoined, clientMs: clientSaw - artistJoined, artistMs: artistSaw - artistJoined, firstJoinerMs: clientSaw - clientJoined };
    calls.push(call);
    console.error(`call ${i + 1}/${CALLS}: both see each other ${call.setupMs} ms after the second join (client ${call.clientMs}, artist ${call.artistMs}); first joiner waited ${call.firstJoinerMs} ms`);
    await artist.getByRole('button', { name: 'Leave' }).click();
    await client.getByRole('button', { name: 'Leave' }).click();
    await Promise.all([artist.close(), client.close()]);
  }
  const setup = latencies(calls.map((c) => c.setupMs));
  const firstJoiner = latencies(calls.map((c) => c.firstJoinerMs));
  const results = {
    date: new Date().toISOString(),
    calls: CALLS,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadBefore, loadAfter: uptime() },
    browser: browser.version(),
    setupMs: setup,
    firstJoinerMs: firstJoiner,
    perCall: calls,
  };
  writeFileSync(path.join(HERE, 'call-setup-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`${CALLS} calls, Chromium ${browser.version()} headless, fake devices, loopback; ${loadBefore} before, ${results.machine.loadAfter} after`);
  console.log(`second join → both see each other: p50 ${setup.p50} ms, p95 ${setup.p95} ms, max ${Math.max(...calls.map((c) => c.setupMs))} ms`);
  console.log(`first join → first remote frame (includes waiting for the second): p50 ${firstJoiner.p50} ms, p95 ${firstJoiner.p95} ms`);
} finally {
  await browser.close();
  await stopChild(app);
  rmSync(dataDir, { recursive: true, force: true });
}

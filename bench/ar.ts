/**
 * AR preview frame rate (issue 15 §5): /ar-test with a flash design placed on Chromium's fake
 * camera (--use-fake-device-for-media-stream), headless, as the e2e tests run it. Aim: ≥ 30 fps.
 *
 * Starts the app as `npm start` does (scripts/start.mjs, building first when stale) on a free port
 * with a temporary DATA_DIR and the demo data, opens the page in Playwright's Chromium
 * (CHROME_PATH, default /usr/bin/chromium), turns the camera on and counts, for BENCH_AR_SECONDS
 * per scenario, the frames the page composites: calls of drawImage with the camera's <video>
 * (counted by a wrapper installed before the page's scripts; the page itself is unchanged).
 * Scenarios: the design flat; the design warped (four-corner mesh); and warped while it moves on
 * every frame (the mesh redrawn each time: the worst case, as during a drag or pinch).
 * Also reports the browser's own animation-frame rate and the camera's frame rate, the ceilings.
 *
 *   npx tsx bench/ar.ts            # writes bench/ar-results.json
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { envInt } from './support/env.ts';
import { freePort, startChild, stopChild, waitHealthy } from './support/processes.ts';
import { latencies } from './support/stats.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
const SECONDS = envInt('BENCH_AR_SECONDS', 10);
const AIM_FPS = 30;

type Sample = { fps: number; frames: number; seconds: number; intervalP50Ms: number; intervalP95Ms: number; rafFps: number; cameraFps: number };

/** Counts composited frames (drawImage of the camera's video), animation frames and camera frames for `seconds`. */
async function measure(page: Page, seconds: number, moveEachFrame: boolean): Promise<Sample> {
  const raw = await page.evaluate(
    async ({ seconds, moveEachFrame }) => {
      const w = window as unknown as { __arFrames: number[] };
      const video = document.querySelector('video')!;
      const stage = document.querySelector<HTMLElement>('[aria-roledescription="preview"]')!;
      w.__arFrames = [];
      let raf = 0;
      let rafRunning = true;
      const tick = () => {
        raf++;
        if (moveEachFrame) stage.dispatchEvent(new KeyboardEvent('keydown', { key: raf % 2 ? ']' : '[', bubbles: true }));
        if (rafRunning) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const q0 = video.getVideoPlaybackQuality().totalVideoFrames;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      rafRunning = false;
      const elapsed = (performance.now() - t0) / 1000;
      const q1 = video.getVideoPlaybackQuality().totalVideoFrames;
      return { frames: w.__arFrames.filter((t) => t >= t0), elapsed, raf, cameraFrames: q1 - q0 };
    },
    { seconds, moveEachFrame },
  );
  const intervals = raw.frames.slice(1).map((t, i) => t - raw.frames[i]!);
  const { p50, p95 } = latencies(intervals);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    fps: round(raw.frames.length / raw.elapsed),
    frames: raw.frames.length,
    seconds: round(raw.elapsed),
    intervalP50Ms: round(p50),
    intervalP95Ms: round(p95),
    rafFps: round(raw.raf / raw.elapsed),
    cameraFps: round(raw.cameraFrames / raw.elapsed),
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-bench-ar-'));
const port = await freePort(HOST);
const base = `http://localhost:${port}`;
const { DATABASE_URL: _pg, STORAGE_DIR: _storage, ...parentEnv } = process.env;
const app = startChild(['scripts/start.mjs'], { ...parentEnv, PORT: String(port), HOST, DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  await waitHealthy(`${base}/api/health`, app, 15 * 60_000, { pollMs: 200, name: 'the app' });
  const flash = (await (await fetch(`${base}/api/flash?limit=1`)).json()) as { items: { id: string }[] };
  if (!flash.items[0]) throw new Error('the demo data has no flash design');

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx (esbuild) names functions with a __name helper that the page does not have.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await context.addInitScript(() => {
    const w = window as unknown as { __arFrames: number[] };
    w.__arFrames = [];
    const original = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (args[0] instanceof HTMLVideoElement) w.__arFrames.push(performance.now());
      return (original as (...a: unknown[]) => void).apply(this, args);
    } as typeof original;
  });
  const page = await context.newPage();
  await page.goto(`${base}/ar-test?flash=${flash.items[0].id}`);
  await page.getByText(/^Placed:/).waitFor();
  await page.getByRole('button', { name: 'Use the camera' }).click();
  await page.getByRole('button', { name: 'Camera on' }).waitFor();
  const camera = await page.locator('video').evaluate((v: HTMLVideoElement) => `${v.videoWidth}×${v.videoHeight}`);
  await page.waitForTimeout(1000);

  const flat = await measure(page, SECONDS, false);
  await page.getByLabel('Warp corners (curved spots)').check();
  for (const [name, key] of [
    ['Top-left', 'Shift+ArrowRight'],
    ['Top-right', 'Shift+ArrowUp'],
    ['Bottom-right', 'Shift+ArrowLeft'],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`^${name} corner`) }).press(key);
  }
  await page.waitForTimeout(500);
  const warped = await measure(page, SECONDS, false);
  const warpedMoving = await measure(page, SECONDS, true);

  const results = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    camera,
    aimFps: AIM_FPS,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
    browser: browser.version(),
    scenarios: { flat, warped, warpedMoving },
  };
  writeFileSync(path.join(HERE, 'ar-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`camera ${camera}, ${SECONDS} s per scenario, Chromium ${browser.version()} headless`);
  console.log('scenario                      fps    frame interval p50 / p95 (ms)   animation frames/s   camera frames/s');
  for (const [name, s] of Object.entries(results.scenarios)) {
    console.log(`${name.padEnd(28)} ${String(s.fps).padStart(5)}    ${`${s.intervalP50Ms} / ${s.intervalP95Ms}`.padEnd(30)}  ${String(s.rafFps).padStart(6)}               ${s.cameraFps}`);
  }
  const worst = Math.min(flat.fps, warped.fps, warpedMoving.fps);
  console.log(`lowest: ${worst} fps (aim ≥ ${AIM_FPS}: ${worst >= AIM_FPS ? 'met' : 'NOT met'}); load average ${results.machine.loadAverage.join(' ')}`);
} finally {
  await browser.close();
  await stopChild(app);
  rmSync(dataDir, { recursive: true, force: true });
}

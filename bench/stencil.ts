/**
 * Stencil generation speed (issue 15 §5): how long the embedded generator takes to draw one design,
 * per style, and the p95 over all of them. Two figures per design: drawing the SVG (what the page
 * shows and the job does) and drawing plus rasterising it to the 1024 px PNG download (sharp).
 * Writes bench/stencil-results.json. Aim: p95 ≤ 150 ms per design.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { DESIGN_COLOURS, DESIGN_SIZES, DESIGN_STYLES } from '../src/shared/contracts/designs.ts';
import { designSeed, generateStencil } from '../src/server/features/designs/stencil.ts';
import { envInt } from './support/env.ts';
import { latencies } from './support/stats.ts';

const DESIGNS_PER_STYLE = envInt('BENCH_STENCIL_DESIGNS', 200);
const PNG_PER_STYLE = envInt('BENCH_STENCIL_PNG', 20);
const AIM_MS = 150;
const PROMPTS = ['a rose with a swallow', 'a koi fish under a crescent moon', 'a geometric wolf', 'a dagger through a heart with "mum"', 'something abstract', 'a snake and peonies'];

const summary = (times: number[]) => {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const { p50, p95 } = latencies(times);
  return { n: times.length, p50: round(p50), p95: round(p95), max: round(Math.max(...times)) };
};

const perStyle: Record<string, { svg: ReturnType<typeof summary>; svgAndPng: ReturnType<typeof summary> }> = {};
const allSvg: number[] = [];
const allPng: number[] = [];
// Warm-up: the first calls pay for JIT compilation and sharp's start.
for (let i = 0; i < 50; i++) generateStencil({ prompt: PROMPTS[i % PROMPTS.length]!, style: DESIGN_STYLES[i % 9]!, colour: 'colour', placement: 'forearm', size: 'medium', seed: i });
await sharp(Buffer.from(generateStencil({ prompt: 'a rose', style: 'traditional', colour: 'colour', placement: 'forearm', size: 'medium', seed: 1 }).svg)).png().toBuffer();

for (const style of DESIGN_STYLES) {
  const svgTimes: number[] = [];
  const pngTimes: number[] = [];
  for (let i = 0; i < DESIGNS_PER_STYLE; i++) {
    const input = { prompt: PROMPTS[i % PROMPTS.length]!, style, colour: DESIGN_COLOURS[i % 2]!, placement: 'forearm' as const, size: DESIGN_SIZES[i % 3]!, seed: designSeed(i, i % 4) };
    const t0 = performance.now();
    const { svg } = generateStencil(input);
    const t1 = performance.now();
    svgTimes.push(t1 - t0);
    if (i < PNG_PER_STYLE) {
      await sharp(Buffer.from(svg), { density: 144 }).resize(1024, 1024).png().toBuffer();
      pngTimes.push(performance.now() - t0);
    }
  }
  allSvg.push(...svgTimes);
  allPng.push(...pngTimes);
  perStyle[style] = { svg: summary(svgTimes), svgAndPng: summary(pngTimes) };
}

const overall = { svg: summary(allSvg), svgAndPng: summary(allPng) };
console.log('style            SVG p50 / p95 (ms)    SVG + 1024 px PNG p50 / p95 (ms)');
for (const [style, s] of Object.entries(perStyle)) {
  console.log(`${style.padEnd(16)} ${`${s.svg.p50} / ${s.svg.p95}`.padEnd(21)} ${s.svgAndPng.p50} / ${s.svgAndPng.p95}`);
}
console.log(`${'all'.padEnd(16)} ${`${overall.svg.p50} / ${overall.svg.p95}`.padEnd(21)} ${overall.svgAndPng.p50} / ${overall.svgAndPng.p95}`);
console.log(`p95 per design: ${overall.svg.p95} ms to draw (aim ≤ ${AIM_MS} ms: ${overall.svg.p95 <= AIM_MS ? 'met' : 'NOT met'}); ${overall.svgAndPng.p95} ms with the PNG download (${overall.svgAndPng.p95 <= AIM_MS ? 'within' : 'over'} the aim)`);
console.log(`load average while running: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
writeFileSync(
  new URL('./stencil-results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg(), settings: { DESIGNS_PER_STYLE, PNG_PER_STYLE }, aimMs: AIM_MS, overall, perStyle }, null, 2)}\n`,
);

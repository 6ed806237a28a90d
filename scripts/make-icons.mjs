#!/usr/bin/env node
// Draws the Inkhaven mark and writes the PWA icons into public/icons/. Run by hand when the mark
// changes (`node scripts/make-icons.mjs`); the PNGs are committed so a build never needs sharp here.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'public', 'icons');

const INK = '#1c1917';
const DROP = '#fbbf24'; // amber-400, as in the navigation bar's mark (src/web/app/shell/logo.tsx)
const STEEL = '#e7e5e4';

/** The mark (an ink drop pierced by a needle) on a 512 × 512 grid, without background. */
const mark = `
  <path d="M256 104 C 256 104 148 232 148 318 A 108 108 0 0 0 364 318 C 364 232 256 104 256 104 Z" fill="${DROP}"/>
  <path d="M206 318 A 52 52 0 0 0 246 372" fill="none" stroke="${INK}" stroke-width="16" stroke-linecap="round"/>
  <g transform="rotate(38 256 256)">
    <rect x="248" y="18" width="16" height="150" rx="8" fill="${STEEL}"/>
    <path d="M248 160 L264 160 L256 212 Z" fill="${STEEL}"/>
    <rect x="242" y="40" width="28" height="10" rx="5" fill="#a8a29e"/>
  </g>`;

/** Rounded tile for favicons and "any" icons; full-bleed square with a smaller mark for maskable ones. */
function iconSvg({ maskable = false } = {}) {
  const background = maskable
    ? `<rect width="512" height="512" fill="${INK}"/>`
    : `<rect width="512" height="512" rx="112" fill="${INK}"/>`;
  // The maskable safe zone is the centred circle of radius 40%: shrink the mark to sit inside it.
  const body = maskable ? `<g transform="translate(256 256) scale(0.72) translate(-256 -256)">${mark}</g>` : mark;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${background}${body}</svg>`;
}

function ogSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
  <rect width="1200" height="630" fill="${INK}"/>
  <g transform="translate(96 151) scale(0.64)"><rect width="512" height="512" rx="112" fill="#292524"/>${mark}</g>
  <text x="480" y="300" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="104" font-weight="bold" fill="#fafaf9">Inkhaven</text>
  <text x="484" y="376" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="36" fill="#d6d3d1">Find and book tattoo and</text>
  <text x="484" y="424" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="36" fill="#d6d3d1">piercing artists you can trust.</text>
</svg>`;
}

async function png(svg, size, file, { width = size, height = size } = {}) {
  await sharp(Buffer.from(svg), { density: 144 })
    .resize(width, height)
    .png({ compressionLevel: 9, palette: width * height <= 512 * 512 })
    .toFile(path.join(outDir, file));
  console.log(`wrote public/icons/${file}`);
}

mkdirSync(outDir, { recursive: true });
const favicon = iconSvg();
writeFileSync(path.join(outDir, 'favicon.svg'), `${favicon}\n`);
console.log('wrote public/icons/favicon.svg');
await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
await png(iconSvg({ maskable: true }), 512, 'icon-maskable-512.png');
// iOS rounds the corners itself and shows transparency as black: give it the full-bleed tile.
await png(iconSvg({ maskable: true }), 180, 'apple-touch-icon.png');
await png(ogSvg(), 0, 'og-default.png', { width: 1200, height: 630 });

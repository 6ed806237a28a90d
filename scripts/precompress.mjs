#!/usr/bin/env node
// Last step of `npm run build`: a Brotli (.br) and a gzip (.gz) copy next to every text file of the
// web build, which the server sends to browsers that accept them (@fastify/static preCompressed).
// Compressing once here, at the highest levels, costs the server nothing per request; the main
// script shrinks to about a third, which is most of a phone's first load on a slow network.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.join(root, 'dist', 'client');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// Below this a compressed copy saves less than the headers around it.
const MIN_BYTES = 1024;

function* files(d) {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dir)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(`precompress: ${count} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with Brotli`);

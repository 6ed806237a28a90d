#!/usr/bin/env node
// `npm start`: build (web app, SSR bundle, server bundle) when the build is missing or older than its
// sources, then run the bundled server — no TypeScript compiling at start-up.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', 'server', 'main.js');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'vite.server.config.ts', 'package-lock.json'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const isStale = () => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0) < Math.max(...sources.map(newestMtime));

/**
 * Two starts at once (the browser tests start two servers) must not build into the same folder at
 * the same time: one would serve pages naming the other's asset files. The first to create the
 * lock folder builds; the others wait for it, then find the build fresh. A lock left by a build
 * that was killed is taken over after BUILD_LOCK_STALE_MS.
 */
const lock = path.join(root, 'dist', '.build-lock');
const BUILD_LOCK_STALE_MS = 10 * 60_000;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function takeBuildLock() {
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > BUILD_LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(250);
    }
  }
}

if (isStale()) {
  takeBuildLock();
  let status = 0;
  try {
    if (isStale()) {
      console.log(existsSync(stamp) ? 'Sources changed since the last build: rebuilding…' : 'Building the app (first start)…');
      status = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status ?? 1;
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (status !== 0) process.exit(status);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

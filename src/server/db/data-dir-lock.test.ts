import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LOCK_FILE = 'inkhaven.lock';
const cleanups: Array<() => void | Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inkhaven-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Resolves with the first stdout/stderr text matching `pattern`, or rejects when the process exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited (${code}) before ${pattern}; output:\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

describe('lockDataDir', () => {
  it('refuses a directory locked by another live process, naming the directory and its PID', async () => {
    const dir = tempDir();
    // Another process takes the lock and holds it until we stop it.
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))};
lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    cleanups.push(() => stop(holder));
    await waitForOutput(holder, /locked/, 20_000);

    let caught: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    expect((caught as Error).message).toContain(path.resolve(dir));
    expect((caught as Error).message).toContain(`PID ${holder.pid}`);
    // The holder's lock is left alone.
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(holder.pid));
  });

  it('takes over a stale lock left by a dead process, and releases it', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    expect(dead.pid).toBeGreaterThan(0);
    writeFileSync(path.join(dir, LOCK_FILE), String(dead.pid));

    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock file with garbage in it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE), 'not a pid');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('two servers on one DATA_DIR', () => {
  it('the second exits non-zero at once, naming the directory and the PID that holds it', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    // Start from the already-migrated test template when there is one: creating PGlite costs seconds.
    const testDb = inject('testDb');
    if (testDb.kind === 'pglite') cpSync(testDb.template, path.join(dataDir, 'pglite'), { recursive: true });

    const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
    const serverEnv = (port: number) => ({
      ...parentEnv,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'lock-test-secret-lock-test-secret-0123456',
    });
    const start = (port: number) =>
      spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--api-only'], { cwd: ROOT, env: serverEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });

    const port = await freePort();
    const first = start(port);
    cleanups.push(() => stop(first));
    let firstOutput = '';
    first.stdout?.on('data', (c: Buffer) => (firstOutput += c.toString()));
    first.stderr?.on('data', (c: Buffer) => (firstOutput += c.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (first.exitCode !== null) throw new Error(`first server exited (${first.exitCode}):\n${firstOutput}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`first server never became healthy:\n${firstOutput}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const startedAt = Date.now();
    const second = start(await freePort());
    cleanups.push(() => stop(second));
    let secondOutput = '';
    second.stdout?.on('data', (c: Buffer) => (secondOutput += c.toString()));
    second.stderr?.on('data', (c: Buffer) => (secondOutput += c.toString()));
    // A second server that starts anyway would never exit: give up after 20 s rather than hang.
    const code = await new Promise<number | null | 'still running'>((resolve) => {
      const timer = setTimeout(() => resolve('still running'), 20_000);
      second.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    const elapsed = Date.now() - startedAt;

    expect(code, `second server: ${secondOutput}`).toBeTypeOf('number');
    expect(code).not.toBe(0);
    expect(secondOutput).toContain(path.resolve(dataDir));
    expect(secondOutput).toContain(`PID ${first.pid}`);
    // "At once": no database was opened, so only process start-up and module loading count.
    expect(elapsed).toBeLessThan(15_000);
    // The first server is unharmed.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});

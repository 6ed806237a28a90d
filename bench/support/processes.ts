// Child processes of the benchmarks. Servers under test, seeds and direct runs each get a process of
// their own, so the load generator never shares an event loop with what it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Children run from the repository root, as `npm run …` runs them: their arguments are relative to it.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port free on `host` at this moment (the OS picks it); the benches listen on 127.0.0.1 only. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export type Child = {
  process: ChildProcess;
  /** The tail of stdout and stderr together, for error messages. */
  output: () => string;
  /** All of stdout, where a run in another mode prints its results (empty with `quietStdout`). */
  stdout: () => string;
  /** Settles once the child has exited and its output pipes are drained ('close', which follows 'exit'). */
  closed: Promise<void>;
};

/**
 * `node …args` from the repository root.
 *
 * `quietStdout`: send stdout to /dev/null, as a server's log would leave the process, instead of
 * through this one. Piped stdout is kept whole for `stdout()`, so a server that logs every request
 * must be started quiet.
 */
export function startChild(args: string[], env: NodeJS.ProcessEnv, quietStdout = false): Child {
  let output = '';
  let stdout = '';
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', quietStdout ? 'ignore' : 'pipe', 'pipe'] });
  // Only the tail: a long run's logs would otherwise pile up in memory.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    keep(chunk);
  });
  child.stderr?.on('data', keep);
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { process: child, output: () => output, stdout: () => stdout, closed };
}

/**
 * Polls `url` until it answers 200 and returns the ms that took; throws, with the child's last
 * output, when the child exits first or `timeoutMs` passes. `name` is the child in that message.
 */
export async function waitHealthy(url: string, child: Child, timeoutMs: number, opts: { pollMs?: number; name?: string } = {}): Promise<number> {
  const { pollMs = 50, name = 'server' } = opts;
  const started = performance.now();
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`${name} exited (${child.process.exitCode}) before ${url} answered:\n${child.output().slice(-3000)}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status === 200, () => false);
    if (ok) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${child.output().slice(-3000)}`);
    await sleep(pollMs);
  }
}

/** SIGTERM, so the child can shut down as it would in production; SIGKILL if it has not within 15 s. */
export async function stopChild(child: Child): Promise<void> {
  const p = child.process;
  if (p.exitCode !== null || p.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => p.kill('SIGKILL'), 15_000);
    p.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    p.kill('SIGTERM');
  });
}

/**
 * Waits for a child that should finish by itself, and throws unless it exits with 0. `timeoutMs`
 * may be Infinity; `label` names it in errors (by default its first arguments after node).
 */
export async function waitExit(child: Child, timeoutMs: number, label = child.process.spawnargs.slice(1, 4).join(' ')): Promise<void> {
  const p = child.process;
  // 'close', not 'exit': results printed last may still be in the pipe when the process exits.
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    // setTimeout would fire at once on Infinity (it clamps what it cannot hold).
    if (Number.isFinite(timeoutMs)) timer = setTimeout(() => reject(new Error(`${label} did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  await Promise.race([child.closed, timedOut]).finally(() => clearTimeout(timer));
  if (p.exitCode !== 0) throw new Error(`${label} exited with ${p.exitCode ?? p.signalCode}:\n${child.output().slice(-3000)}`);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuTimeMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

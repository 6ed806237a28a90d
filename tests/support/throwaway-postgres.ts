import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Every cluster command is bounded: a hung initdb or pg_ctl fails the test instead of stalling it. */
const COMMAND_TIMEOUT_MS = 60_000;
const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * The directory holding initdb and pg_ctl: the newest Debian install under /usr/lib/postgresql/<version>/bin,
 * else what pg_config names. Null when there is none (the caller skips and says why).
 */
export function postgresServerBinDir(): string | null {
  const hasServer = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  if (existsSync(DEBIAN_POSTGRES_ROOT)) {
    const versions = readdirSync(DEBIAN_POSTGRES_ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = path.join(DEBIAN_POSTGRES_ROOT, version, 'bin');
      if (hasServer(dir)) return dir;
    }
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS }).trim();
    return hasServer(dir) ? dir : null;
  } catch {
    // No pg_config on PATH: there is no server install to find.
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port assigned'))));
    });
  });
}

export type ThrowawayPostgres = {
  port: number;
  /** A URL for a database of this cluster (superuser `postgres`, trust authentication on 127.0.0.1). */
  url: (database: string) => string;
  /** pg_ctl stop -m fast: clients are disconnected, committed work is flushed, and it waits until the server is down. */
  stop: () => Promise<void>;
  /** pg_ctl start, waiting until the server accepts connections. */
  start: () => Promise<void>;
  /** Stop (immediately) if running and delete every file of the cluster. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free port, that it may stop
 * and start at will without touching the machine's shared server. initdb and postgres refuse to run
 * as root: as root, the directory goes to the `postgres` user and the commands run as it.
 */
export async function startThrowawayPostgres(binDir: string): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const pgCommand = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, command), ...args], { timeout: COMMAND_TIMEOUT_MS }) : run(path.join(binDir, command), args, { timeout: COMMAND_TIMEOUT_MS });

  const root = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-pg-'));
  if (asRoot) await run('chown', ['postgres:postgres', root], { timeout: COMMAND_TIMEOUT_MS });
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  let running = false;
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    await pgCommand('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'server.log'), '-o', serverOptions, '-w', '-t', '30', 'start']);
    running = true;
  };
  const stopWith = async (mode: 'fast' | 'immediate') => {
    await pgCommand('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
    running = false;
  };
  const destroy = async () => {
    if (running) await stopWith('immediate');
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await pgCommand('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return { port, url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`, start, stop: () => stopWith('fast'), destroy };
}

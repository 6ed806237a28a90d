import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, lt, max, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Failed sign-ins slow down whoever is failing, not the account's owner:
 * - per account and network: the first failures are free, then each further attempt waits a
 *   delay that doubles per failure (a typo never locks anyone out; guessing gets slow);
 * - per network across accounts: a ceiling against credential stuffing, which only that network feels;
 * - per account across networks: a high ceiling against a botnet, which stops only networks that
 *   have failed recently, so the owner signing in from elsewhere is never stopped by it.
 * The failures live in the database, so the limits hold across restarts and servers.
 */
export const PAIR_FREE_FAILURES = 5;
const PAIR_FIRST_DELAY_MS = 30_000;
const PAIR_MAX_DELAY_MS = 15 * 60_000;
/** A pair's failures count this long (or until a successful sign-in); older rows are deleted. */
const PAIR_MEMORY_MS = 24 * 60 * 60_000;
const CEILING_WINDOW_MS = 60 * 60_000;
export const NETWORK_CEILING = 50;
export const ACCOUNT_CEILING = 100;

/** Wait after the n-th failure of a pair: none for the free ones, then 30 s, 1 min, 2 min, … capped at 15 min. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_FIRST_DELAY_MS * 2 ** (failures - PAIR_FREE_FAILURES), PAIR_MAX_DELAY_MS);
}

function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function tooMany(what: string, waitMs: number): AppError {
  return new AppError('RATE_LIMITED', `${what} Please wait ${describeWait(waitMs)} and try again.`, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
}

/** The time of the n-th most recent failure matching `where` in the ceiling window, if there are n. */
async function nthRecentFailure(db: Db, where: SQL, n: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: signInFailures.createdAt })
    .from(signInFailures)
    .where(and(where, gt(signInFailures.createdAt, new Date(now.getTime() - CEILING_WINDOW_MS))))
    .orderBy(desc(signInFailures.createdAt))
    .limit(1)
    .offset(n - 1);
  return row?.at ?? null;
}

/** Throws RATE_LIMITED (429, saying how long to wait) when this attempt must not be checked at all. */
export async function assertSignInAllowed(db: Db, email: string, network: string, now = new Date()): Promise<void> {
  const [pair] = await db
    .select({ failures: count(), last: max(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), eq(signInFailures.ip, network), gt(signInFailures.createdAt, new Date(now.getTime() - PAIR_MEMORY_MS))));
  if (pair?.last) {
    const waitMs = new Date(pair.last).getTime() + pairDelayMs(pair.failures) - now.getTime();
    if (waitMs > 0) throw tooMany('Too many failed attempts to sign in to this account from your network.', waitMs);
  }

  const networkCeilingAt = await nthRecentFailure(db, eq(signInFailures.ip, network), NETWORK_CEILING, now);
  if (networkCeilingAt) throw tooMany('Too many failed sign-in attempts from your network.', networkCeilingAt.getTime() + CEILING_WINDOW_MS - now.getTime());

  const networkHasFailed = (await nthRecentFailure(db, eq(signInFailures.ip, network), 1, now)) !== null;
  if (!networkHasFailed) return;
  const accountCeilingAt = await nthRecentFailure(db, eq(signInFailures.email, email), ACCOUNT_CEILING, now);
  if (accountCeilingAt) {
    throw tooMany('This account has had too many failed sign-in attempts.', accountCeilingAt.getTime() + CEILING_WINDOW_MS - now.getTime());
  }
}

export async function recordSignInFailure(db: Db, email: string, network: string, now = new Date()): Promise<void> {
  await db.insert(signInFailures).values({ id: randomUUID(), email, ip: network, createdAt: now });
  // Keeps the table to the last day's failures of the accounts and networks still being tried.
  const forgottenBefore = new Date(now.getTime() - PAIR_MEMORY_MS);
  await db
    .delete(signInFailures)
    .where(and(or(eq(signInFailures.email, email), eq(signInFailures.ip, network)), lt(signInFailures.createdAt, forgottenBefore)));
}

/** A correct password from this network: its earlier failures on this account no longer count. */
export async function clearSignInFailures(db: Db, email: string, network: string): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ip, network)));
}

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestClient } from '../../../tests/support/db-utils.ts';
import { SESSION_CACHE_MS } from './session.ts';

let t: TestApp;
let clients: TestClient[];
/** When they all signed in, as the session cache's clock saw it. */
let signedIn: number;

beforeAll(async () => {
  t = await createTestApp();
  // Signed in one after another (under the 30 sign-ins a minute a network may make): each
  // session's lookup is cached as it signs in. The cache's clock stands still meanwhile — on a busy
  // machine 28 sign-ins take tens of seconds, which would otherwise spread their expiries apart.
  signedIn = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(signedIn);
  clients = [];
  for (let i = 0; i < 28; i++) clients.push((await createUser(t.app)).client);
  clock.mockRestore();
}, 180_000);
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

/** Every client asks once at `at`; how many of them needed a database lookup of their session. */
async function lookupsAt(at: number): Promise<number> {
  vi.spyOn(Date, 'now').mockReturnValue(at);
  const getSession = vi.spyOn(t.app.ctx.auth.api, 'getSession');
  for (const client of clients) expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  const calls = getSession.mock.calls.length;
  vi.restoreAllMocks();
  return calls;
}

describe('the session cache', () => {
  it('trusts a lookup for at most 30 s, and sessions first seen together are not all read again together', async () => {
    expect(await lookupsAt(signedIn + SESSION_CACHE_MS / 2 - 5_000)).toBe(0);
    // Each entry lives between 15 and 30 s, at random: at 22.5 s, some have been read again, not all.
    const midway = await lookupsAt(signedIn + 22_500);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(clients.length);
    // Past 30 s every entry not read again at 22.5 s has expired: each session was read again exactly once.
    const rest = await lookupsAt(signedIn + SESSION_CACHE_MS + 1_000);
    expect(midway + rest).toBe(clients.length);
  });
});

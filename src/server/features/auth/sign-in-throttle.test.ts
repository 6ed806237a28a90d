import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../../db/schema/index.ts';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { ACCOUNT_CEILING, NETWORK_CEILING, PAIR_FREE_FAILURES, pairDelayMs, recordSignInFailure } from './sign-in-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  // fastify.inject connects from 127.0.0.1: X-Forwarded-For then says which client is asking.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => t.close());

type Account = { email: string; password: string };

const signInFrom = (ip: string, email: string, password: string) =>
  new TestClient(t.app).post('/api/auth/sign-in', { email, password }, { 'x-forwarded-for': ip });

async function failFrom(ip: string, account: Account, times: number) {
  for (let i = 0; i < times; i++) expect((await signInFrom(ip, account.email, `wrong-guess-${i}`)).statusCode).toBe(401);
}

/** Moves every recorded failure into the past, as waiting would. */
async function waitSeconds(seconds: number) {
  await t.app.ctx.database.db.update(signInFailures).set({ createdAt: sql`${signInFailures.createdAt} - make_interval(secs => ${seconds})` });
}

describe('sign-in failures', () => {
  it('grows the delay per failure for one account and network, and a correct password clears it', async () => {
    const owner = await createUser(t.app);
    await failFrom('10.1.0.1', owner, PAIR_FREE_FAILURES);

    const delayed = await signInFrom('10.1.0.1', owner.email, owner.password);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Please wait 30 seconds/) as unknown });

    await waitSeconds(31);
    await failFrom('10.1.0.1', owner, 1);
    expect(pairDelayMs(PAIR_FREE_FAILURES + 1)).toBe(60_000);
    expect((await signInFrom('10.1.0.1', owner.email, owner.password)).json().message).toMatch(/Please wait 1 minute\b/);

    await waitSeconds(61);
    expect((await signInFrom('10.1.0.1', owner.email, owner.password)).statusCode).toBe(200);
    // The success cleared this network's failures: the next typo is free again.
    await failFrom('10.1.0.1', owner, PAIR_FREE_FAILURES);
  });

  it('never lets an attacker on another network lock the owner out', async () => {
    const owner = await createUser(t.app);
    await failFrom('10.2.0.1', owner, PAIR_FREE_FAILURES);
    for (let i = 0; i < 5; i++) expect((await signInFrom('10.2.0.1', owner.email, `wrong-again-${i}`)).statusCode).toBe(429);
    expect((await signInFrom('10.2.0.1', owner.email, owner.password)).statusCode).toBe(429);
    expect((await signInFrom('10.2.0.2', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, not by each address in it', async () => {
    const owner = await createUser(t.app);
    for (let i = 1; i <= PAIR_FREE_FAILURES; i++) expect((await signInFrom(`2001:db8:7:7::${i}`, owner.email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await signInFrom('2001:db8:7:7:ffff::99', owner.email, owner.password)).statusCode).toBe(429);
    expect((await signInFrom('2001:db8:7:8::1', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('stops a network that fails across many accounts, and no other network', async () => {
    const owner = await createUser(t.app);
    const { db } = t.app.ctx.database;
    for (let i = 0; i < NETWORK_CEILING; i++) await recordSignInFailure(db, `stuffed-${i}@example.test`, '10.3.0.1');
    const stopped = await signInFrom('10.3.0.1', owner.email, owner.password);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/from your network\. Please wait 60 minutes/);
    expect((await signInFrom('10.3.0.2', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('stops networks that failed on a much-attacked account, not the owner from a clean one', async () => {
    const owner = await createUser(t.app);
    const { db } = t.app.ctx.database;
    for (let i = 0; i < ACCOUNT_CEILING; i++) await recordSignInFailure(db, owner.email, `10.4.${i >> 8}.${i & 255}`);
    const stopped = await signInFrom('10.4.0.7', owner.email, owner.password);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/This account has had too many failed sign-in attempts\. Please wait 60 minutes/);
    expect((await signInFrom('10.5.0.1', owner.email, owner.password)).statusCode).toBe(200);
    // A clean network may still try; once it has failed, the ceiling applies to it too.
    await failFrom('10.5.0.2', owner, 1);
    expect((await signInFrom('10.5.0.2', owner.email, owner.password)).statusCode).toBe(429);
  });

  it('keeps the delays across a restart', async () => {
    const owner = await createUser(t.app);
    await failFrom('10.6.0.1', owner, PAIR_FREE_FAILURES);
    await t.restart();
    expect((await signInFrom('10.6.0.1', owner.email, owner.password)).statusCode).toBe(429);
    expect((await signInFrom('10.6.0.2', owner.email, owner.password)).statusCode).toBe(200);
  });
});

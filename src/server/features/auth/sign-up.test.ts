import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const strongPassword = 'velvet-harbor-2931-quill';
const newEmail = () => `signup-${randomUUID().slice(0, 8)}@example.test`;

async function signUpFrom(app: TestApp['app'], forwardedFor: string, password = strongPassword, email = newEmail()) {
  return new TestClient(app).post('/api/auth/sign-up', { firstName: 'Mara', email, password }, { 'x-forwarded-for': forwardedFor });
}

describe('sign-up', () => {
  it('refuses guessable passwords, saying why', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const email = `mara.k-${randomUUID().slice(0, 8)}@example.test`;
    const cases = ['        ', 'aaaaaaaa', 'abcdefgh', 'inkhaven', 'inkhaven-demo', 'password1', email];
    for (const [i, password] of cases.entries()) {
      const res = await signUpFrom(t.app, `10.20.0.${i}`, password, email);
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      const body = res.json() as { code: string; message: string };
      expect(body.code).toBe('WEAK_PASSWORD');
      // zxcvbn's warning or suggestion follows the verdict.
      expect(body.message).toMatch(/^That password is too easy to guess\. \S+/);
    }
    expect((await signUpFrom(t.app, '10.20.1.1', strongPassword, email)).statusCode).toBe(201);
  });

  it('counts every sign-up from one connection together when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://inkhaven.example' });
    for (let i = 0; i < 10; i++) expect((await signUpFrom(t.app, `10.30.0.${i}`)).statusCode).toBe(201);
    const limited = await signUpFrom(t.app, '10.30.0.200');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts sign-ups by the forwarded address when the proxy is trusted', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://inkhaven.example', TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 10; i++) expect((await signUpFrom(t.app, '10.40.0.1')).statusCode).toBe(201);
    expect((await signUpFrom(t.app, '10.40.0.1')).statusCode).toBe(429);
    expect((await signUpFrom(t.app, '10.40.0.2')).statusCode).toBe(201);
  });
});

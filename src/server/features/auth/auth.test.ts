import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('accounts and sessions', () => {
  it('answers 401 to a visitor and the user after sign-up', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/auth/user')).statusCode).toBe(401);
    const u = await createUser(t.app, { firstName: 'Mara' });
    const me = await u.client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ firstName: 'Mara', email: u.email, isAdmin: false, isArtist: false });
  });

  it('refuses mutations without a CSRF token with a 403 that mentions CSRF', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request('POST', '/api/auth/sign-in', { email: 'a@b.test', password: 'x' }, { 'x-csrf-token': 'forged' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatch(/CSRF/);
  });

  it('refuses common passwords and short ones', async () => {
    const c = new TestClient(t.app);
    const common = await c.post('/api/auth/sign-up', { firstName: 'A', email: 'common@example.test', password: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('WEAK_PASSWORD');
    const short = await c.post('/api/auth/sign-up', { firstName: 'A', email: 'short@example.test', password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('gives a new session at each sign-in and ends it on sign-out', async () => {
    const u = await createUser(t.app);
    const first = u.client.cookieHeader();
    const again = new TestClient(t.app);
    expect((await again.post('/api/auth/sign-in', { email: u.email, password: u.password })).statusCode).toBe(200);
    expect(again.cookieHeader()).not.toBe(first);
    const out = await again.get('/api/logout');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await again.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('limits failed sign-ins per account to 10 per 15 minutes', async () => {
    const u = await createUser(t.app);
    const attacker = new TestClient(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post('/api/auth/sign-in', { email: u.email, password: `wrong-${i}` }, { 'x-forwarded-for': `10.0.0.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await attacker.post('/api/auth/sign-in', { email: u.email, password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('keeps /api/admin/* for admins: 401 visitor, 403 client, 200 admin', async () => {
    expect((await new TestClient(t.app).get('/api/admin/error-reports')).statusCode).toBe(401);
    const client = await createUser(t.app);
    expect((await client.client.get('/api/admin/error-reports')).statusCode).toBe(403);
    const admin = await createUser(t.app, { isAdmin: true });
    expect((await admin.client.get('/api/admin/error-reports')).statusCode).toBe(200);
  });

  it('sends /api/login to the sign-in page with a safe returnTo', async () => {
    const c = new TestClient(t.app);
    expect((await c.get('/api/login?returnTo=/messages')).headers.location).toBe('/login?returnTo=%2Fmessages');
    expect((await c.get('/api/login?returnTo=//evil.example')).headers.location).toBe('/login?returnTo=%2Fhome');
  });

  it('ends a session on every server sharing the database, despite their caches', async () => {
    const other = await buildApp({ config: t.config, database: t.app.ctx.database, secret: t.app.ctx.secret });
    try {
      const u = await createUser(t.app);
      const onOther = () => other.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: u.client.cookieHeader() } });
      expect((await onOther()).statusCode).toBe(200); // now cached on the other server
      const cookie = u.client.cookieHeader();
      await u.client.get('/api/logout');
      await expect.poll(async () => (await other.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode, { timeout: 5000 }).toBe(401);
    } finally {
      await other.close();
    }
  });
});

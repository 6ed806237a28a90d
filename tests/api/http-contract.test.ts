import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../support/db-utils.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('HTTP contract', () => {
  it('reports health with the database kind', async () => {
    const res = await new TestClient(t.app).get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('demands a CSRF token on every mutating route', async () => {
    const mutating = t.app.routeTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.csrf !== 'skip');
    expect(mutating.length).toBeGreaterThan(10);
    const c = new TestClient(t.app);
    await c.csrfToken(); // has the cookie, but sends no header below
    for (const route of mutating) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await c.request(route.method, url, {}, { 'x-csrf-token': '' });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('CSRF_FAILED');
      expect(res.body).toMatch(/CSRF/);
    }
  });

  it('rejects a token minted for another browser', async () => {
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    await b.csrfToken();
    const res = await b.request('POST', '/api/auth/sign-in', { email: 'x@y.test', password: 'z' }, { 'x-csrf-token': await a.csrfToken() });
    expect(res.statusCode).toBe(403);
  });

  it('answers bad input with 400, a code and a readable message, never a stack', async () => {
    const c = new TestClient(t.app);
    const cases: Array<[unknown, string]> = [
      ['{"email": "a@b.test",', 'INVALID_JSON'],
      [{ email: 'a@b.test', password: 'x', admin: true }, 'UNKNOWN_FIELD'],
      [{ email: 42, password: 'x' }, 'VALIDATION_FAILED'],
      [{ email: 'not-an-email', password: 'x' }, 'VALIDATION_FAILED'],
      [JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) }), 'BODY_TOO_LARGE'],
    ];
    for (const [body, code] of cases) {
      const res = await c.post('/api/auth/sign-in', body);
      expect(res.statusCode, code).toBe(400);
      const json = res.json();
      expect(json.code).toBe(code);
      expect(typeof json.message).toBe('string');
      expect(json.message.length).toBeGreaterThan(5);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new TestClient(t.app).get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers /api/artists/profile/me with 401, then 404 for a user without a profile', async () => {
    expect((await new TestClient(t.app).get('/api/artists/profile/me')).statusCode).toBe(401);
    const u = await createUser(t.app);
    const res = await u.client.get('/api/artists/profile/me');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('keeps every /api/admin/* route for admins: 401 to visitors, 403 to signed-in non-admins', async () => {
    const adminRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThan(0);
    const visitor = new TestClient(t.app);
    const member = await createUser(t.app);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const body = route.method === 'GET' ? undefined : {};
      if (url.endsWith('/form')) {
        // A browser's own form post (vouched same-origin) is refused the browser's way: 303 to sign-in, or back with the error.
        const headers = { 'sec-fetch-site': 'same-origin' };
        const asVisitor = await visitor.request(route.method, url, body, headers);
        expect([asVisitor.statusCode, asVisitor.headers.location], `${route.method} ${url}`).toEqual([303, expect.stringMatching(/^\/api\/login\?/)]);
        const asMember = await member.client.request(route.method, url, body, headers);
        expect([asMember.statusCode, asMember.headers.location], `${route.method} ${url}`).toEqual([303, expect.stringContaining('error=')]);
        continue;
      }
      expect((await visitor.request(route.method, url, body)).statusCode, `${route.method} ${url}`).toBe(401);
      expect((await member.client.request(route.method, url, body)).statusCode, `${route.method} ${url}`).toBe(403);
    }
  });
});

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

  it('refuses short passwords before scoring them', async () => {
    const short = await new TestClient(t.app).post('/api/auth/sign-up', { firstName: 'A', email: 'short@example.test', password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('gives a new session at each sign-in and ends it on sign-out', async () => {
    const u = await createUser(t.app);
    const first = u.client.cookieHeader();
    const again = new TestClient(t.app);
    expect((await again.post('/api/auth/sign-in', { email: u.email, password: u.password })).statusCode).toBe(200);
    expect(again.cookieHeader()).not.toBe(first);
    const out = await again.get('/api/logout', { 'sec-fetch-site': 'same-origin' });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await again.get('/api/auth/user')).statusCode).toBe(401);
  });

  it.each([
    ['without Sec-Fetch-Site', {}],
    ['from a sibling site', { 'sec-fetch-site': 'same-site' }],
  ])('asks before signing out a GET /api/logout %s, and signs out when the form is posted', async (_case, headers: Record<string, string>) => {
    const u = await createUser(t.app);
    const page = await u.client.get('/api/logout', headers);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
    expect(action).toMatch(/^\/api\/logout\?csrf=/);
    expect((await u.client.get('/api/auth/user')).statusCode).toBe(200);
    const out = await u.client.request('POST', action ?? '', undefined, { 'x-csrf-token': undefined });
    expect(out.statusCode).toBe(303);
    expect((await u.client.get('/api/auth/user')).statusCode).toBe(401);
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
    expect((await c.get('/api/login?returnTo=%2Fartists%3Fstyle%3Dfine-line%23results')).headers.location).toBe('/login?returnTo=%2Fartists%3Fstyle%3Dfine-line%23results');
  });

  it.each(['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example', '%2F.%2F%2Fevil.example'])(
    'does not return to another site from /api/login?returnTo=%s (the browser strips what the check saw)',
    async (returnTo) => {
      const res = await new TestClient(t.app).get(`/api/login?returnTo=${returnTo}`);
      expect(res.headers.location).toBe('/login?returnTo=%2Fhome');
    },
  );

  it('ends a session on every server sharing the database, despite their caches', async () => {
    const other = await buildApp({ config: t.config, database: t.app.ctx.database, secret: t.app.ctx.secret });
    try {
      const u = await createUser(t.app);
      const onOther = () => other.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: u.client.cookieHeader() } });
      expect((await onOther()).statusCode).toBe(200); // now cached on the other server
      const cookie = u.client.cookieHeader();
      await u.client.get('/api/logout', { 'sec-fetch-site': 'same-origin' });
      await expect.poll(async () => (await other.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode, { timeout: 5000 }).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in page forms posted without JavaScript', () => {
  // One account for the whole block: sign-ups are limited to 10 a minute per address.
  let member: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    member = await createUser(t.app);
  });
  const FROM_OUR_PAGE = { 'sec-fetch-site': 'same-origin', 'x-csrf-token': undefined };
  const postForm = (client: TestClient, path: string, fields: Record<string, string>, headers: Record<string, string | undefined> = FROM_OUR_PAGE) =>
    client.request('POST', path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });

  it('signs up, sets the session cookie and answers 303 to returnTo', async () => {
    const c = new TestClient(t.app);
    const email = `form-${Date.now()}@example.test`;
    const res = await postForm(c, '/api/auth/sign-up/form', { firstName: 'Ines', email, password: 'a-long-form-passphrase', returnTo: '/artists?style=dotwork#top' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/artists?style=dotwork#top');
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ firstName: 'Ines', email });
  });

  it('signs in and answers 303 to /home when returnTo leaves the site', async () => {
    const c = new TestClient(t.app);
    const res = await postForm(c, '/api/auth/sign-in/form', { email: member.email, password: member.password, returnTo: '/\t/evil.example' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/home');
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('sends a refusal back to the sign-in page with its code and the email, never the password', async () => {
    const c = new TestClient(t.app);
    const wrong = await postForm(c, '/api/auth/sign-in/form', { email: member.email, password: 'not-the-password-123', returnTo: '/reviews' });
    expect(wrong.statusCode).toBe(303);
    const location = new URL(String(wrong.headers.location), 'http://localhost');
    expect(location.pathname).toBe('/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({ returnTo: '/reviews', form: 'sign-in', error: 'INVALID_CREDENTIALS', email: member.email });
    expect(String(wrong.headers.location)).not.toContain('not-the-password');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);

    const invalid = await postForm(c, '/api/auth/sign-up/form', { firstName: '', email: 'not-an-email', password: 'short' });
    expect(new URL(String(invalid.headers.location), 'http://localhost').searchParams.get('error')).toBe('VALIDATION_FAILED');
    expect(String(invalid.headers.location)).not.toContain('short');
  });

  it.each([
    ['posted from another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['posted from a sibling site', { 'sec-fetch-site': 'same-site', origin: 'https://evil.localhost:5000' }],
    ['from another origin, by a browser without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['with an opaque origin', { origin: 'null' }],
    ['by a client that says neither where it comes from', {}],
  ])('refuses a form %s (CSRF)', async (_case, headers) => {
    const c = new TestClient(t.app);
    const res = await postForm(c, '/api/auth/sign-in/form', { email: member.email, password: member.password }, { 'x-csrf-token': undefined, ...headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_FAILED');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('accepts a form from this origin by a browser that sends Origin but not Sec-Fetch-Site', async () => {
    const res = await postForm(new TestClient(t.app), '/api/auth/sign-in/form', { email: member.email, password: member.password }, { 'x-csrf-token': undefined, origin: 'http://localhost:5000', host: 'localhost:5000' });
    expect(res.statusCode).toBe(303);
  });
});

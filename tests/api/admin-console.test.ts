import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/db-utils.ts';
import { bookingConversation, messagingActor, messagingArtist, type MessagingActor, type MessagingArtist } from '../support/messaging.ts';
import { TestSocket } from '../support/ws-client.ts';
import { adminAudit, bookings, errorReports, ledgerEntries, sessions, users } from '../../src/server/db/schema/index.ts';
import type { TAdminAuditPage, TAdminKpis, TAdminLookup, TAdminUsersPage, TErrorGroups } from '../../src/shared/contracts/admin.ts';

let t: TestApp;
let url: string;
let visitor: TestClient;
let admin: MessagingActor;
let artist: MessagingArtist;
let client: MessagingActor;
let booking: { bookingId: string };
const sockets: TestSocket[] = [];
const db = () => t.app.ctx.database.db;
const auditFor = (targetId: string) => db().select().from(adminAudit).where(eq(adminAudit.targetId, targetId));

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
  visitor = new TestClient(t.app);
  admin = await messagingActor(t.app, 'Ada Admin', { isAdmin: true });
  artist = await messagingArtist(t.app, 'Olive');
  t.app.ctx.sessions.evictUser(artist.id);
  client = await messagingActor(t.app, 'Cora');
  booking = await bookingConversation(t.app, client.id, artist);
  await db().update(bookings).set({ checkoutSessionId: 'cs_test_lookup_123' }).where(eq(bookings.id, booking.bookingId));
  await db().insert(ledgerEntries).values({ bookingId: booking.bookingId, artistId: artist.artistId, kind: 'deposit_paid', method: 'stripe', amountCents: 15000, currency: 'USD', externalId: 'pi_test_lookup_456' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

describe('every console route: visitor 401, client and artist 403, admin allowed', () => {
  const reads = ['/api/admin/kpis', '/api/admin/users', '/api/admin/lookup?q=someone@example.test', '/api/admin/error-groups', '/api/admin/audit'];
  it.each(reads)('GET %s', async (path) => {
    expect((await visitor.get(path)).statusCode).toBe(401);
    expect((await client.client.get(path)).statusCode).toBe(403);
    expect((await artist.client.get(path)).statusCode).toBe(403);
    const ok = await admin.client.get(path);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
  });

  it('POST actions refuse non-admins and change nothing', async () => {
    const target = await messagingActor(t.app, 'Tess');
    const group = 'a'.repeat(32);
    const posts: Array<[string, unknown]> = [
      [`/api/admin/users/${target.id}/suspend`, { reason: 'spam' }],
      [`/api/admin/users/${target.id}/reinstate`, {}],
      [`/api/admin/users/${target.id}/role`, { admin: true }],
      [`/api/admin/error-groups/${group}/status`, { status: 'ignored' }],
    ];
    for (const [path, body] of posts) {
      expect((await visitor.post(path, body)).statusCode, path).toBe(401);
      expect((await client.client.post(path, body)).statusCode, path).toBe(403);
      expect((await artist.client.post(path, body)).statusCode, path).toBe(403);
      // Without the CSRF token even an admin is refused.
      expect((await admin.client.request('POST', path, body, { 'x-csrf-token': undefined })).statusCode, path).toBe(403);
    }
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ suspendedAt: null, isAdmin: false });
    expect(await auditFor(target.id)).toHaveLength(0);
  });

  it('bad input is a 400 with a code, unknown targets 404, own account 409', async () => {
    expect((await admin.client.get('/api/admin/kpis?days=12')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await admin.client.get('/api/admin/users?role=wizard')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/users?cursor=nonsense')).json()).toMatchObject({ code: 'INVALID_CURSOR' });
    expect((await admin.client.get('/api/admin/lookup?q=ab')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/error-groups?status=gone')).statusCode).toBe(400);
    expect((await admin.client.post(`/api/admin/users/${client.id}/suspend`, { reason: '' })).statusCode).toBe(400);
    expect((await admin.client.post(`/api/admin/users/${randomUUID()}/suspend`, { reason: 'spam' })).statusCode).toBe(404);
    expect((await admin.client.post(`/api/admin/users/${admin.id}/suspend`, { reason: 'oops' })).statusCode).toBe(409);
    expect((await admin.client.post(`/api/admin/users/${admin.id}/role`, { admin: false })).statusCode).toBe(409);
    expect((await admin.client.post(`/api/admin/error-groups/${'b'.repeat(32)}/status`, { status: 'resolved' })).statusCode).toBe(404);
    expect((await admin.client.post('/api/admin/error-groups/not-a-key/status', { status: 'resolved' })).statusCode).toBe(400);
  });
});

describe('users: search, roles, suspend and reinstate', () => {
  it('finds people by name or e-mail and by role', async () => {
    const byName = (await admin.client.get('/api/admin/users?q=Oliv')).json() as TAdminUsersPage;
    expect(byName.items.map((u) => u.id)).toEqual([artist.id]);
    expect(byName.items[0]?.artist?.id).toBe(artist.artistId);
    const byEmail = (await admin.client.get(`/api/admin/users?q=${encodeURIComponent(client.email)}`)).json() as TAdminUsersPage;
    expect(byEmail.items).toEqual([expect.objectContaining({ id: client.id, bookings: 1, isAdmin: false, artist: null })]);
    const admins = (await admin.client.get('/api/admin/users?role=admin')).json() as TAdminUsersPage;
    expect(admins.items.map((u) => u.id)).toEqual([admin.id]);
    const artists = (await admin.client.get('/api/admin/users?role=artist')).json() as TAdminUsersPage;
    expect(artists.items.map((u) => u.id)).toContain(artist.id);
    expect(artists.items.map((u) => u.id)).not.toContain(client.id);
    // A "%" is a character to find, not a wildcard.
    expect(((await admin.client.get('/api/admin/users?q=%25')).json() as TAdminUsersPage).items).toEqual([]);
  });

  it('suspending signs the person out everywhere at once, and they cannot sign in until reinstated', async () => {
    const target = await messagingActor(t.app, 'Sam');
    const secondDevice = new TestClient(t.app);
    expect((await secondDevice.post('/api/auth/sign-in', { email: target.email, password: target.password })).statusCode).toBe(200);
    const socket = await TestSocket.connect(url, { cookie: target.client.cookieHeader() });
    sockets.push(socket);
    await socket.resume(null);
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(2);

    const res = await admin.client.post(`/api/admin/users/${target.id}/suspend`, { reason: 'Harassing artists' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Signed out.' });
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    expect((await target.client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await secondDevice.get('/api/auth/user')).statusCode).toBe(401);
    const again = await new TestClient(t.app).post('/api/auth/sign-in', { email: target.email, password: target.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/suspended: Harassing artists/);
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    expect((await admin.client.post(`/api/admin/users/${target.id}/suspend`, { reason: 'twice' })).statusCode).toBe(409);
    const listed = (await admin.client.get('/api/admin/users?role=suspended')).json() as TAdminUsersPage;
    expect(listed.items).toEqual([expect.objectContaining({ id: target.id, suspendedReason: 'Harassing artists' })]);

    expect((await admin.client.post(`/api/admin/users/${target.id}/reinstate`)).statusCode).toBe(204);
    expect((await new TestClient(t.app).post('/api/auth/sign-in', { email: target.email, password: target.password })).statusCode).toBe(200);
    const trail = await auditFor(target.id);
    expect(trail.map((a) => [a.action, a.adminId]).sort()).toEqual([
      ['user.reinstate', admin.id],
      ['user.suspend', admin.id],
    ]);
    expect(trail.find((a) => a.action === 'user.suspend')).toMatchObject({ note: 'Harassing artists', data: { sessionsEnded: 2 } });
  });

  it('grants and takes the admin role, audited; the form posts 303 back', async () => {
    const target = await messagingActor(t.app, 'Rita');
    expect((await admin.client.post(`/api/admin/users/${target.id}/role`, { admin: true })).statusCode).toBe(204);
    expect((await target.client.get('/api/admin/kpis')).statusCode).toBe(200);
    const form = await admin.client.request('POST', '/api/admin/users/form', new URLSearchParams({ id: target.id, action: 'remove-admin', returnTo: '/admin/users?q=Rita' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    });
    expect([form.statusCode, form.headers.location]).toEqual([303, '/admin/users?q=Rita&done=user-not-admin']);
    expect((await target.client.get('/api/admin/kpis')).statusCode).toBe(403);
    const noReason = await admin.client.request('POST', '/api/admin/users/form', new URLSearchParams({ id: target.id, action: 'suspend', returnTo: '/admin/users' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    });
    expect(noReason.statusCode).toBe(303);
    expect(noReason.headers.location).toMatch(/^\/admin\/users\?error=/);
    expect((await auditFor(target.id)).map((a) => a.action).sort()).toEqual(['user.grant_admin', 'user.revoke_admin']);
  });
});

describe('lookup, KPIs, error groups and the audit log', () => {
  it('finds bookings and payments by id, e-mail and payment reference', async () => {
    const find = async (q: string) => (await admin.client.get(`/api/admin/lookup?q=${encodeURIComponent(q)}`)).json() as TAdminLookup;
    for (const q of [booking.bookingId, client.email.toUpperCase(), artist.email, 'cs_test_lookup_123', 'pi_test_lookup_456']) {
      const found = await find(q);
      expect(found.bookings.map((b) => b.id), q).toEqual([booking.bookingId]);
      expect(found.payments.map((p) => p.externalId), q).toEqual(['pi_test_lookup_456']);
    }
    expect(await find('nobody@example.test')).toEqual({ bookings: [], payments: [] });
  });

  it('counts the marketplace', async () => {
    const k = (await admin.client.get('/api/admin/kpis?days=7')).json() as TAdminKpis;
    expect(k.days).toBe(7);
    expect(k.signUps.total).toBeGreaterThanOrEqual(3);
    expect(k.artists.total).toBeGreaterThanOrEqual(1);
    expect(k.bookingsByState.requested).toBeGreaterThanOrEqual(1);
    expect(k.deposits).toEqual([{ currency: 'USD', paidCents: 15000, refundedCents: 0, forfeitedCents: 0 }]);
    expect(k.conversion.requests).toBeGreaterThanOrEqual(1);
  });

  it('groups client errors by message and top frame; resolved groups reopen when they happen again', async () => {
    const stack = (fn: string) => `TypeError: x is undefined\n    at ${fn} (https://app.test/assets/a.js:1:2)\n    at render (https://app.test/assets/b.js:3:4)`;
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
    const report = (fn: string, ua: string, page: string) =>
      visitor.post('/api/analytics/error', { message: 'x is undefined', stack: stack(fn), url: `https://app.test${page}?secret=1`, userAgent: ua, timestamp: new Date().toISOString(), type: 'react_error_boundary' });
    for (const [fn, ua, page] of [['Gallery', chrome, '/artists/a'], ['Gallery', firefox, '/artists/b'], ['Gallery', chrome, '/artists/a'], ['Checkout', chrome, '/payment']] as const) {
      expect((await report(fn, ua, page)).statusCode).toBe(204);
    }
    const groups = ((await admin.client.get('/api/admin/error-groups')).json() as TErrorGroups).items;
    expect(groups).toHaveLength(2);
    const gallery = groups.find((g) => g.topFrame?.includes('Gallery'))!;
    expect(gallery).toMatchObject({ message: 'x is undefined', count: 3, status: 'open', topFrame: 'at Gallery (https://app.test/assets/a.js:1:2)' });
    expect(gallery.pages).toEqual([
      { url: 'https://app.test/artists/a', count: 2 },
      { url: 'https://app.test/artists/b', count: 1 },
    ]);
    expect(gallery.browsers).toEqual([
      { name: 'Chrome', count: 2 },
      { name: 'Firefox', count: 1 },
    ]);
    expect(gallery.sampleStack).toContain('at render');

    expect((await admin.client.post(`/api/admin/error-groups/${gallery.key}/status`, { status: 'resolved' })).statusCode).toBe(204);
    const checkout = groups.find((g) => g.topFrame?.includes('Checkout'))!;
    expect((await admin.client.post(`/api/admin/error-groups/${checkout.key}/status`, { status: 'ignored' })).statusCode).toBe(204);
    expect(((await admin.client.get('/api/admin/error-groups')).json() as TErrorGroups).items).toEqual([]);
    expect(((await admin.client.get('/api/admin/error-groups?status=ignored')).json() as TErrorGroups).items.map((g) => g.key)).toEqual([checkout.key]);
    // It happens again after being resolved: open again.
    await db().update(errorReports).set({ createdAt: new Date(Date.now() + 1000) }).where(eq(errorReports.groupKey, gallery.key));
    expect(((await admin.client.get('/api/admin/error-groups')).json() as TErrorGroups).items.map((g) => g.key)).toEqual([gallery.key]);
    expect((await auditFor(gallery.key)).map((a) => a.action)).toEqual(['error_group.resolve']);
  });

  it('lists the audit rows newest first, by action prefix, in pages', async () => {
    const all = (await admin.client.get('/api/admin/audit')).json() as TAdminAuditPage;
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    expect(all.items[0]!.admin).toEqual({ id: admin.id, name: 'Ada Admin' });
    const times = all.items.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const users_ = (await admin.client.get('/api/admin/audit?action=user.')).json() as TAdminAuditPage;
    expect(users_.items.length).toBeGreaterThan(0);
    expect(users_.items.every((a) => a.action.startsWith('user.'))).toBe(true);
    const exact = (await admin.client.get('/api/admin/audit?action=error_group.ignore')).json() as TAdminAuditPage;
    expect(exact.items.map((a) => a.action)).toEqual(['error_group.ignore']);
  });
});

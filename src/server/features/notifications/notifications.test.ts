import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createNotification } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function notify(userId: string, title: string) {
  return createNotification(t.app.ctx.database.db, { userId, type: 'booking', title, message: `${title} message` });
}

describe('notifications', () => {
  it('lists only my notifications, newest first, with the unread count', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    await notify(me.id, 'First');
    await notify(me.id, 'Second');
    await notify(other.id, 'Not yours');
    const res = await me.client.get('/api/notifications');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unreadCount).toBe(2);
    expect(body.items.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(body.items[0]).toMatchObject({ type: 'booking', read: false, actionUrl: null });
  });

  it('marks read, marks all read, deletes and clears — and never touches another user', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const mine = await notify(me.id, 'Mine');
    const theirs = await notify(other.id, 'Theirs');
    expect((await me.client.post(`/api/notifications/${theirs.id}/read`)).statusCode).toBe(404);
    expect((await me.client.delete(`/api/notifications/${theirs.id}`)).statusCode).toBe(404);
    expect((await me.client.post(`/api/notifications/${mine.id}/read`)).statusCode).toBe(204);
    expect((await me.client.get('/api/notifications')).json().unreadCount).toBe(0);
    await notify(me.id, 'Another');
    expect((await me.client.post('/api/notifications/read-all')).statusCode).toBe(204);
    expect((await me.client.get('/api/notifications')).json().unreadCount).toBe(0);
    expect((await me.client.delete(`/api/notifications/${mine.id}`)).statusCode).toBe(204);
    expect((await me.client.delete('/api/notifications')).statusCode).toBe(204);
    expect((await me.client.get('/api/notifications')).json().items).toEqual([]);
    expect((await other.client.get('/api/notifications')).json().items).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    expect((await new TestClient(t.app).get('/api/notifications')).statusCode).toBe(401);
  });
});

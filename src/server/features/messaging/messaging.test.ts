import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { jpegWithGps, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import type { TBooking } from '../../../shared/contracts/bookings.ts';
import type { TNotificationList } from '../../../shared/contracts/notifications.ts';
import {
  INQUIRIES_PER_DAY,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_SIZE,
  type TAdminMessageReports,
  type TConversationList,
  type TInquiryResult,
  type TMessage,
  type TMessageImage,
  type TMessagePage,
} from '../../../shared/contracts/messaging.ts';
import { bookings, conversationParticipants, conversations, jobs, mailOutbox, reports, messages, userEvents } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';

const HOUR = 3_600_000;
const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]])) as Record<string, Array<[string, string]>>;

let t: TestApp;
type Actor = { client: TestClient; id: string; name: string; email: string };
type ArtistActor = Actor & { artistId: string; slug: string; serviceId: string };
let artist: ArtistActor;
let otherArtist: ArtistActor;
let client: Actor;
let otherClient: Actor;
let admin: Actor;
let visitor: TestClient;
let conversationId: string;

const db = () => t.app.ctx.database.db;

async function actor(name: string, isAdmin = false): Promise<Actor> {
  const u = await createUser(t.app, { firstName: name, isAdmin });
  return { client: u.client, id: u.id, name, email: u.email };
}

async function artistActor(name: string, overrides: Parameters<typeof createArtist>[1] = {}): Promise<ArtistActor> {
  const u = await actor(name);
  const a = await createArtist(t.app, {
    userId: u.id,
    displayName: `${name} Ink`,
    timezone: 'UTC',
    workingHours: ALL_WEEK,
    minNoticeHours: 0,
    bufferMinutes: 0,
    services: [{ name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 }],
    ...overrides,
  });
  return { ...u, artistId: a.id, slug: a.slug, serviceId: a.services[0]!.id };
}

/** A booking row as a request leaves it; the database opens its conversation (trigger). */
async function bookingBetween(c: Actor, a: ArtistActor): Promise<{ bookingId: string; conversationId: string }> {
  const startsAt = new Date(Date.now() + 30 * 24 * HOUR + Math.floor(Math.random() * 1000) * HOUR);
  const [b] = await db()
    .insert(bookings)
    .values({ artistId: a.artistId, clientId: c.id, serviceId: a.serviceId, startsAt, endsAt: new Date(startsAt.getTime() + HOUR / 2), depositCents: 0, idea: 'A fern' })
    .returning();
  const [conv] = await db().select().from(conversations).where(eq(conversations.bookingId, b!.id));
  return { bookingId: b!.id, conversationId: conv!.id };
}

const send = (by: Actor, convId: string, body: Record<string, unknown>) => by.client.post(`/api/conversations/${convId}/messages`, { clientMessageId: randomUUID(), ...body });
async function sent(by: Actor, convId: string, text: string): Promise<TMessage> {
  const res = await send(by, convId, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TMessage;
}
const messageCount = async (convId: string) => Number((await db().select({ n: count() }).from(messages).where(eq(messages.conversationId, convId)))[0]!.n);
const listOf = async (by: Actor, query = '') => {
  const res = await by.client.get(`/api/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TConversationList;
};

beforeAll(async () => {
  t = await createTestApp();
  [artist, otherArtist, client, otherClient, admin] = await Promise.all([artistActor('Mara'), artistActor('Otto'), actor('Cleo'), actor('Olive'), actor('Ada', true)]);
  visitor = new TestClient(t.app);
  ({ conversationId } = await bookingBetween(client, artist));
});
afterAll(async () => t?.close());

describe('conversations of bookings', () => {
  it('a booking request through the API opens its conversation with both people in the same transaction', async () => {
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 10 * 24 * HOUR).toISOString().slice(0, 10);
    const slots = (await visitor.get(`/api/artists/${artist.artistId}/availability?serviceId=${artist.serviceId}&from=${from}&to=${to}`)).json() as TAvailability;
    const slot = slots.slots.find((s) => Date.parse(s.startsAt) > Date.now() + 48 * HOUR)!;
    const res = await client.client.post('/api/bookings', { artistId: artist.artistId, serviceId: artist.serviceId, startsAt: slot.startsAt, idea: 'A small fern', acceptPolicy: true });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as TBooking;
    const [conv] = await db().select().from(conversations).where(eq(conversations.bookingId, booking.id));
    expect(conv).toBeDefined();
    const people = await db().select({ userId: conversationParticipants.userId }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, conv!.id));
    expect(people.map((p) => p.userId).sort()).toEqual([client.id, artist.id].sort());
    // Both see it, with the booking and the other person.
    const mine = (await listOf(client)).items.find((c) => c.id === conv!.id)!;
    expect(mine.bookingId).toBe(booking.id);
    expect(mine.booking).toMatchObject({ id: booking.id, serviceName: 'Consultation', status: 'requested' });
    expect(mine.other).toMatchObject({ userId: artist.id, name: 'Mara Ink', artistSlug: artist.slug });
    const theirs = (await listOf(artist)).items.find((c) => c.id === conv!.id)!;
    expect(theirs.other).toMatchObject({ userId: client.id, name: 'Cleo', artistSlug: null });
  });

  it('only the two people see a conversation: visitor 401; other client, other artist and admin 404', async () => {
    const m = await sent(client, conversationId, 'Hello from the matrix');
    const urls = {
      conversation: `/api/conversations/${conversationId}`,
      messages: `/api/conversations/${conversationId}/messages`,
    };
    expect((await visitor.get(urls.messages)).statusCode).toBe(401);
    for (const outsider of [otherClient, otherArtist, admin]) {
      for (const url of Object.values(urls)) expect((await outsider.client.get(url)).statusCode, `${outsider.name} ${url}`).toBe(404);
      expect((await send(outsider, conversationId, { text: 'sneaky' })).statusCode).toBe(404);
      expect((await outsider.client.post(`/api/conversations/${conversationId}/read`)).statusCode).toBe(404);
      expect((await outsider.client.post(`/api/conversations/${conversationId}/block`)).statusCode).toBe(404);
      expect((await outsider.client.delete(`/api/conversations/${conversationId}/block`)).statusCode).toBe(404);
      expect((await outsider.client.post(`/api/messages/${m.id}/report`, { reason: 'spam' })).statusCode).toBe(404);
      expect((await uploadAs(outsider.client, `/api/conversations/${conversationId}/photos`, {}, { data: await jpegWithGps() })).statusCode).toBe(404);
      expect((await outsider.client.get(`/api/conversations`)).json()).toMatchObject({ items: expect.not.arrayContaining([expect.objectContaining({ id: conversationId })]) });
    }
    expect((await visitor.post(`/api/conversations/${conversationId}/read`)).statusCode).toBe(401);
    expect((await visitor.get(`/api/conversations/${randomUUID()}/messages`)).statusCode).toBe(401);
    expect((await client.client.get(`/api/conversations/${randomUUID()}/messages`)).statusCode).toBe(404);
    expect((await client.client.get(`/api/conversations/not-a-uuid/messages`)).statusCode).toBe(404);
    for (const p of [client, artist]) {
      expect((await p.client.get(urls.conversation)).statusCode).toBe(200);
      expect((await p.client.get(urls.messages)).json()).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ id: m.id })]) });
    }
  });

  it('every mutation needs the CSRF token', async () => {
    const res = await client.client.request('POST', `/api/conversations/${conversationId}/messages`, { text: 'hi', clientMessageId: randomUUID() }, { 'x-csrf-token': undefined });
    expect(res.statusCode).toBe(403);
    for (const [method, url] of [
      ['POST', `/api/conversations/${conversationId}/read`],
      ['POST', `/api/conversations/${conversationId}/block`],
      ['DELETE', `/api/conversations/${conversationId}/block`],
      ['POST', `/api/artists/${artist.slug}/inquiries`],
      ['POST', `/api/messages/${randomUUID()}/report`],
      ['POST', `/api/conversations/${conversationId}/photos`],
    ] as const) {
      expect((await client.client.request(method, url, undefined, { 'x-csrf-token': 'nope' })).statusCode, url).toBe(403);
    }
  });
});

describe('messages', () => {
  it('the same clientMessageId stores one message and answers the same one', async () => {
    const clientMessageId = randomUUID();
    const before = await messageCount(conversationId);
    const first = await send(client, conversationId, { text: 'Is Tuesday fine?', clientMessageId });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(client, conversationId, { text: 'Is Tuesday fine?', clientMessageId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Racing twins too.
    const racing = randomUUID();
    const both = await Promise.all([send(client, conversationId, { text: 'race', clientMessageId: racing }), send(client, conversationId, { text: 'race', clientMessageId: racing })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json<TMessage>().id).toBe(both[1]!.json<TMessage>().id);
    expect(await messageCount(conversationId)).toBe(before + 2);
  });

  it('a reply is checked and stored in one statement: unknown conversation 404, an id from another conversation 409, any case of the id', async () => {
    expect((await send(client, randomUUID(), { text: 'Nobody here' })).statusCode).toBe(404);
    const used = await sent(client, conversationId, 'First, here');
    const elsewhere = await bookingBetween(client, otherArtist);
    const reused = await send(client, elsewhere.conversationId, { text: 'First, here', clientMessageId: used.clientMessageId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await messageCount(elsewhere.conversationId)).toBe(0);
    // The id as a person might paste it: the thread link and the unread e-mail check use the stored form.
    const upper = await send(otherArtist, elsewhere.conversationId.toUpperCase(), { text: 'Hi Cleo!' });
    expect(upper.statusCode, upper.body).toBe(201);
    expect(upper.json()).toMatchObject({ conversationId: elsewhere.conversationId, senderId: otherArtist.id });
    const checks = await db().select().from(jobs).where(and(eq(jobs.kind, 'messaging.unread_email'), like(jobs.dedupeKey, `messaging.unread_email:${elsewhere.conversationId}:%`)));
    expect(checks).toHaveLength(1);
    expect(checks[0]!.dedupeKey.startsWith(`messaging.unread_email:${elsewhere.conversationId}:${client.id}:`)).toBe(true);
    expect(checks[0]!.payload).toEqual({ conversationId: elsewhere.conversationId, userId: client.id });
    const notices = (await client.client.get('/api/notifications')).json() as TNotificationList;
    expect(notices.items).toEqual(expect.arrayContaining([expect.objectContaining({ actionUrl: `/messages/${elsewhere.conversationId}`, read: false })]));
  });

  it('refuses empty, whitespace-only and too long text, and more than 6 photos; nothing is stored', async () => {
    const before = await messageCount(conversationId);
    for (const body of [{ text: '' }, { text: '   \n\t ' }, { text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }, { text: 'hi', imageIds: Array.from({ length: 7 }, () => randomUUID()) }, { text: 'hi', clientMessageId: 'nope' }, { text: 'hi', extra: 1 }]) {
      const res = await send(client, conversationId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/\w/);
    }
    // A photo id that is not the sender's upload in this conversation.
    expect((await send(client, conversationId, { text: 'hi', imageIds: [randomUUID()] })).statusCode).toBe(400);
    expect((await send(client, conversationId, { text: 'x'.repeat(MESSAGE_TEXT_MAX) })).statusCode).toBe(201);
    expect(await messageCount(conversationId)).toBe(before + 1);
  });

  it('pages by keyset: newest page, "before" for older, "after" to catch up; each message once', async () => {
    const c = await bookingBetween(client, otherArtist);
    const sentIds: string[] = [];
    for (let i = 0; i < MESSAGES_PAGE_SIZE + 5; i++) sentIds.push((await sent(i % 2 ? otherArtist : client, c.conversationId, `message ${i}`)).id);
    const newest = (await client.client.get(`/api/conversations/${c.conversationId}/messages`)).json() as TMessagePage;
    expect(newest.items.map((m) => m.id)).toEqual(sentIds.slice(5));
    expect(newest.nextCursor).toBe(sentIds[5]);
    const older = (await client.client.get(`/api/conversations/${c.conversationId}/messages?before=${newest.nextCursor}`)).json() as TMessagePage;
    expect(older.items.map((m) => m.id)).toEqual(sentIds.slice(0, 5));
    expect(older.nextCursor).toBeNull();
    const after = (await client.client.get(`/api/conversations/${c.conversationId}/messages?after=${sentIds[30]}`)).json() as TMessagePage;
    expect(after.items.map((m) => m.id)).toEqual(sentIds.slice(31));
    expect(after.nextCursor).toBeNull();
    // A cursor from another conversation, or not an id at all: 400.
    expect((await client.client.get(`/api/conversations/${c.conversationId}/messages?before=${randomUUID()}`)).statusCode).toBe(400);
    expect((await client.client.get(`/api/conversations/${c.conversationId}/messages?after=zzz`)).statusCode).toBe(400);
  });

  it('reading: unread counts, read receipts and a read event for both people', async () => {
    const c = await bookingBetween(otherClient, artist);
    await sent(otherClient, c.conversationId, 'one');
    const last = await sent(otherClient, c.conversationId, 'two');
    const forArtist = (await listOf(artist)).items.find((x) => x.id === c.conversationId)!;
    expect(forArtist.unreadCount).toBe(2);
    expect(forArtist.lastMessage).toMatchObject({ id: last.id, text: 'two', senderId: otherClient.id, imageCount: 0 });
    const read = await artist.client.post(`/api/conversations/${c.conversationId}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ conversationId: c.conversationId, readAt: last.createdAt });
    expect((await listOf(artist)).items.find((x) => x.id === c.conversationId)!.unreadCount).toBe(0);
    expect((await listOf(otherClient)).items.find((x) => x.id === c.conversationId)!.otherLastReadAt).toBe(last.createdAt);
    const reads = await db().select().from(userEvents).where(and(eq(userEvents.kind, 'read'), eq(userEvents.refId, c.conversationId)));
    expect(reads.map((e) => e.userId).sort()).toEqual([artist.id, otherClient.id].sort());
    // Reading again with nothing new records nothing.
    await artist.client.post(`/api/conversations/${c.conversationId}/read`);
    expect(await db().select().from(userEvents).where(and(eq(userEvents.kind, 'read'), eq(userEvents.refId, c.conversationId)))).toHaveLength(2);
  });

  it('the bell hears of new messages at once: one unread notice per conversation, read with the thread', async () => {
    const c = await bookingBetween(otherClient, otherArtist);
    const messageNotices = async () =>
      ((await otherArtist.client.get('/api/notifications')).json() as TNotificationList).items.filter((n) => n.type === 'message' && n.actionUrl === `/messages/${c.conversationId}`);
    await sent(otherClient, c.conversationId, 'Is Friday still good?');
    await sent(otherClient, c.conversationId, 'I can bring the sketch.');
    const notices = await messageNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `New message from ${otherClient.name}`, message: 'Is Friday still good?', read: false });
    // The sender's own bell stays quiet.
    const senderBell = ((await otherClient.client.get('/api/notifications')).json() as TNotificationList).items;
    expect(senderBell.filter((n) => n.actionUrl === `/messages/${c.conversationId}`)).toHaveLength(0);
    // Reading the thread reads its notice; the next message notices again, from the artist's name for the client.
    await otherArtist.client.post(`/api/conversations/${c.conversationId}/read`);
    expect((await messageNotices()).map((n) => n.read)).toEqual([true]);
    await sent(otherClient, c.conversationId, 'See you then.');
    expect((await messageNotices()).map((n) => n.read).sort()).toEqual([false, true]);
    await sent(otherArtist, c.conversationId, 'Great!');
    const clientNotices = ((await otherClient.client.get('/api/notifications')).json() as TNotificationList).items.filter((n) => n.type === 'message');
    expect(clientNotices.map((n) => n.title)).toContain(`New message from ${otherArtist.name} Ink`);
  });

  it('search finds conversations by the other person\'s name or by message text; the list pages by cursor', async () => {
    const c = await bookingBetween(client, otherArtist);
    await sent(client, c.conversationId, 'Could you do a blackwork octopus?');
    expect((await listOf(client, '?q=octopus')).items.map((x) => x.id)).toEqual([c.conversationId]);
    expect((await listOf(client, '?q=Otto')).items.map((x) => x.id)).toContain(c.conversationId);
    expect((await listOf(client, '?q=Otto')).items.map((x) => x.id)).not.toContain(conversationId);
    expect((await listOf(client, '?q=%25')).items).toEqual([]);
    expect((await client.client.get('/api/conversations?cursor=bogus')).statusCode).toBe(400);
    const first = await listOf(client);
    expect(first.items[0]!.id).toBe(c.conversationId);
  });
});

describe('inquiries', () => {
  it('opens an inquiry, reuses it for the pair, and answers the same message for the same clientMessageId', async () => {
    const asker = await actor('Ivy');
    const clientMessageId = randomUUID();
    const res = await asker.client.post(`/api/artists/${artist.slug}/inquiries`, { text: 'Do you do fine line?', clientMessageId });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json() as TInquiryResult;
    const again = await asker.client.post(`/api/artists/${artist.slug}/inquiries`, { text: 'Do you do fine line?', clientMessageId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const second = await asker.client.post(`/api/artists/${artist.artistId}/inquiries`, { text: 'And colour?', clientMessageId: randomUUID() });
    expect(second.statusCode).toBe(201);
    expect(second.json<TInquiryResult>().conversationId).toBe(first.conversationId);
    const seen = (await listOf(artist)).items.find((x) => x.id === first.conversationId)!;
    expect(seen).toMatchObject({ bookingId: null, booking: null, unreadCount: 2, other: { userId: asker.id, name: 'Ivy' } });
  });

  it('an artist cannot message themselves; an artist with inquiries off gets a clear 403; unknown artist 404; visitor 401', async () => {
    const self = await artist.client.post(`/api/artists/${artist.slug}/inquiries`, { text: 'me', clientMessageId: randomUUID() });
    expect(self.statusCode).toBe(403);
    expect(self.json<{ message: string }>().message).toMatch(/yourself/);
    const closed = await artistActor('Quiet', { acceptInquiries: false });
    const off = await client.client.post(`/api/artists/${closed.slug}/inquiries`, { text: 'hello', clientMessageId: randomUUID() });
    expect(off.statusCode).toBe(403);
    expect(off.json<{ message: string }>().message).toMatch(/not taking messages before a booking/);
    expect((await client.client.post(`/api/artists/no-such-artist/inquiries`, { text: 'hello', clientMessageId: randomUUID() })).statusCode).toBe(404);
    expect((await visitor.post(`/api/artists/${artist.slug}/inquiries`, { text: 'hello', clientMessageId: randomUUID() })).statusCode).toBe(401);
    expect((await client.client.post(`/api/artists/${artist.slug}/inquiries`, { text: '  ', clientMessageId: randomUUID() })).statusCode).toBe(400);
    // The switch is in the artist's booking settings.
    const settings = await closed.client.get(`/api/artists/${closed.artistId}/booking-settings`);
    expect(settings.json()).toMatchObject({ acceptInquiries: false });
  });

  it(`the ${INQUIRIES_PER_DAY + 1}th new inquiry in a day is a 429 with a clear message, and stores nothing`, async () => {
    const busy = await actor('Busy');
    const artists = await Promise.all(Array.from({ length: INQUIRIES_PER_DAY + 1 }, (_, i) => artistActor(`Target${i}`)));
    for (const a of artists.slice(0, INQUIRIES_PER_DAY)) expect((await busy.client.post(`/api/artists/${a.slug}/inquiries`, { text: 'hi', clientMessageId: randomUUID() })).statusCode).toBe(201);
    const over = await busy.client.post(`/api/artists/${artists.at(-1)!.slug}/inquiries`, { text: 'hi', clientMessageId: randomUUID() });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/up to 5 new conversations/);
    expect((await db().select({ n: count() }).from(conversations).where(eq(conversations.clientId, busy.id)))[0]!.n).toBe(INQUIRIES_PER_DAY);
    // Writing in an open inquiry still works.
    expect((await busy.client.post(`/api/artists/${artists[0]!.slug}/inquiries`, { text: 'again', clientMessageId: randomUUID() })).statusCode).toBe(201);
  });
});

describe('blocks and reports', () => {
  it('a blocked pair cannot message either way (clear 403), until the blocker unblocks', async () => {
    const c = await bookingBetween(otherClient, otherArtist);
    const blocked = await otherArtist.client.post(`/api/conversations/${c.conversationId}/block`);
    expect(blocked.json()).toEqual({ blockedByMe: true, blockedByOther: false });
    const fromBlocked = await send(otherClient, c.conversationId, { text: 'hello?' });
    expect(fromBlocked.statusCode).toBe(403);
    expect(fromBlocked.json<{ message: string }>().message).toMatch(/not accepting messages from you/);
    const fromBlocker = await send(otherArtist, c.conversationId, { text: 'hello?' });
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json<{ message: string }>().message).toMatch(/You have blocked this person/);
    expect((await uploadAs(otherClient.client, `/api/conversations/${c.conversationId}/photos`, {}, { data: await jpegWithGps() })).statusCode).toBe(403);
    expect((await otherClient.client.post(`/api/artists/${otherArtist.slug}/inquiries`, { text: 'hi', clientMessageId: randomUUID() })).statusCode).toBe(403);
    expect((await listOf(otherClient)).items.find((x) => x.id === c.conversationId)).toMatchObject({ blockedByMe: false, blockedByOther: true });
    // The blocked person cannot lift the other's block.
    expect((await otherClient.client.delete(`/api/conversations/${c.conversationId}/block`)).json()).toEqual({ blockedByMe: false, blockedByOther: true });
    expect((await otherArtist.client.delete(`/api/conversations/${c.conversationId}/block`)).json()).toEqual({ blockedByMe: false, blockedByOther: false });
    expect((await send(otherClient, c.conversationId, { text: 'hello again' })).statusCode).toBe(201);
  });

  it('a participant reports the other person\'s message; admins list reports; others cannot', async () => {
    const m = await sent(artist, conversationId, 'Pay me outside the app please');
    const own = await artist.client.post(`/api/messages/${m.id}/report`, { reason: 'scam' });
    expect(own.statusCode).toBe(400);
    expect((await client.client.post(`/api/messages/${m.id}/report`, { reason: 'nonsense' })).statusCode).toBe(400);
    const res = await client.client.post(`/api/messages/${m.id}/report`, { reason: 'scam', note: 'Asked for cash' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await client.client.post(`/api/messages/${m.id}/report`, { reason: 'scam' })).statusCode).toBe(200);
    expect(await db().select().from(reports).where(eq(reports.messageId, m.id))).toHaveLength(1);
    expect((await client.client.post(`/api/messages/${randomUUID()}/report`, { reason: 'spam' })).statusCode).toBe(404);
    for (const p of [client, artist, otherArtist]) expect((await p.client.get('/api/admin/message-reports')).statusCode).toBe(403);
    expect((await visitor.get('/api/admin/message-reports')).statusCode).toBe(401);
    const list = (await admin.client.get('/api/admin/message-reports')).json() as TAdminMessageReports;
    expect(list.items[0]).toMatchObject({ reason: 'scam', note: 'Asked for cash', reporter: { id: client.id }, message: { id: m.id, text: 'Pay me outside the app please', sender: { id: artist.id } } });
  });
});

describe('photos', () => {
  it('uploads re-encoded without GPS, served only to the two people, attached once', async () => {
    const up = await uploadAs(client.client, `/api/conversations/${conversationId}/photos`, {}, { data: await jpegWithGps() });
    expect(up.statusCode, up.body).toBe(201);
    const image = up.json() as TMessageImage;
    expect(image.url).toBe(`/api/conversations/${conversationId}/photos/${image.id}`);
    // Before it is sent, only its uploader sees it.
    expect((await client.client.get(image.url)).statusCode).toBe(200);
    expect((await artist.client.get(image.url)).statusCode).toBe(404);
    const res = await send(client, conversationId, { imageIds: [image.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TMessage>()).toMatchObject({ text: '', images: [{ id: image.id, url: image.url }] });
    const got = await artist.client.get(image.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await artist.client.get(`${image.url}/thumb`)).statusCode).toBe(200);
    for (const outsider of [otherClient, otherArtist, admin]) expect((await outsider.client.get(image.url)).statusCode).toBe(404);
    expect((await visitor.get(image.url)).statusCode).toBe(401);
    // Used once: a second message cannot take it.
    expect((await send(client, conversationId, { text: 'again', imageIds: [image.id] })).statusCode).toBe(400);
    // Not an image.
    expect((await uploadAs(client.client, `/api/conversations/${conversationId}/photos`, {}, { data: Buffer.from('#!/bin/sh\necho hi\n') })).statusCode).toBe(400);
  });
});

describe('unread message e-mails', () => {
  it('e-mails a recipient about messages unread 15 minutes later, once an hour, unless switched off', async () => {
    const reader = await actor('Rita');
    const open = (await (await reader.client.post(`/api/artists/${otherArtist.slug}/inquiries`, { text: 'Hi! Are you free in May?', clientMessageId: randomUUID() })).json()) as TInquiryResult;
    // Only this conversation's: the artist has unread messages in other tests' conversations too.
    const mailsTo = async (who: Actor) =>
      (await db().select().from(mailOutbox)).filter((m) => m.dedupeKey.startsWith('messaging.unread:') && m.toAddress === who.email && m.textBody.includes(`/messages/${open.conversationId}`));
    const artistMails = () => mailsTo(otherArtist);
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + 10 * 60_000) });
    expect(await artistMails()).toHaveLength(0);
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + 31 * 60_000) });
    const mails = await artistMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Rita sent you a message on Inkhaven');
    expect(mails[0]!.textBody).toContain(`/messages/${open.conversationId}`);
    // The recipient switched it off: no more e-mails.
    const settings = await reader.client.request('PATCH', '/api/account/settings', { emailUnreadMessages: false });
    expect(settings.json()).toEqual({ emailUnreadMessages: false });
    expect((await reader.client.get('/api/account/settings')).json()).toEqual({ emailUnreadMessages: false });
    await sent(otherArtist, open.conversationId, 'Yes, May works.');
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + 3 * HOUR) });
    expect(await mailsTo(reader)).toHaveLength(0);
    // …while the artist, who never read, is not mailed again within the hour about the same conversation.
    expect(await artistMails()).toHaveLength(1);
    expect((await reader.client.request('PATCH', '/api/account/settings', { emailUnreadMessages: 'yes' })).statusCode).toBe(400);
    expect((await visitor.get('/api/account/settings')).statusCode).toBe(401);
  });
});

describe('events for sockets', () => {
  it('notifications and booking changes become user events with gapless per-user numbers', async () => {
    const c = await bookingBetween(otherClient, artist);
    await sent(otherClient, c.conversationId, 'numbering');
    await artist.client.post(`/api/bookings/${c.bookingId}/decline`, { message: 'Fully booked' });
    const rows = await db().select().from(userEvents).where(eq(userEvents.userId, artist.id));
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(rows.some((r) => r.kind === 'booking.updated' && r.refId === c.bookingId)).toBe(true);
    await runDueJobs(t.app.ctx);
    const clientRows = await db().select().from(userEvents).where(eq(userEvents.userId, otherClient.id));
    expect(clientRows.some((r) => r.kind === 'notification')).toBe(true);
  });
});


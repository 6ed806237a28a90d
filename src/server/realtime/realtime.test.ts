import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../tests/support/db-utils.ts';
import { bookingConversation, messagingActor, messagingArtist, type MessagingActor, type MessagingArtist } from '../../../tests/support/messaging.ts';
import { TestSocket } from '../../../tests/support/ws-client.ts';
import { USER_EVENTS_KEEP_DAYS, WS_FRAME_MAX_BYTES, WS_FRAMES_PER_10S, type TServerFrame } from '../../shared/contracts/realtime.ts';
import { queryRows } from '../db/client.ts';
import { runDueJobs } from '../jobs/worker.ts';
import { pruneUserEvents, scheduleUserEventsPrune } from './retention.ts';
import type { TMessage } from '../../shared/contracts/messaging.ts';
import type { TNotificationList } from '../../shared/contracts/notifications.ts';
import { sendMessage } from '../features/messaging/service.ts';

let t: TestApp;
let url: string;
let client: MessagingActor;
let artist: MessagingArtist;
let outsider: MessagingActor;
let booking: { bookingId: string; conversationId: string };
const sockets: TestSocket[] = [];

async function connect(who: { client: TestClient } | null, origin?: string | null): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { ...(who ? { cookie: who.client.cookieHeader() } : {}), ...(origin !== undefined ? { origin } : {}) });
  sockets.push(socket);
  return socket;
}

async function post(who: MessagingActor, conversationId: string, text: string): Promise<TMessage> {
  const res = await who.client.post(`/api/conversations/${conversationId}/messages`, { text, clientMessageId: randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TMessage;
}

beforeAll(async () => {
  // The chaos test reconnects hundreds of times a minute; the connect limit has its own app below.
  t = await createTestApp({ WS_CONNECTS_PER_MINUTE: '100000' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
  [client, artist, outsider] = await Promise.all([messagingActor(t.app, 'Cleo'), messagingArtist(t.app, 'Mara'), messagingActor(t.app, 'Olive')]);
  booking = await bookingConversation(t.app, client.id, artist);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

describe('/ws connection rules', () => {
  it('closes with 1008 for a signed-out visitor, a foreign Origin or none', async () => {
    expect(await (await connect(null)).closed).toMatchObject({ code: 1008, reason: 'Sign in to connect.' });
    expect((await (await connect(client, 'https://evil.example')).closed).code).toBe(1008);
    expect((await (await connect(client, null)).closed).code).toBe(1008);
  });

  it('signing out closes the session\'s sockets with 1008, and close listeners hear of it', async () => {
    const leaving = await messagingActor(t.app, 'Lea');
    const closedFor: string[] = [];
    const stop = t.app.realtime.onSocketClose((socket) => closedFor.push(socket.user.id));
    const s = await connect(leaving);
    await s.resume(null);
    const out = await leaving.client.request('POST', `/api/logout?csrf=${encodeURIComponent(await leaving.client.csrfToken())}`);
    expect(out.statusCode).toBe(303);
    expect(await s.closed).toEqual({ code: 1008, reason: 'Signed out.' });
    await expect.poll(() => closedFor).toEqual([leaving.id]);
    stop();
  });

  it('a malformed or unknown frame gets an error frame and the socket stays open; ping answers pong', async () => {
    const s = await connect(client);
    s.send('{not json');
    expect(await s.next('error')).toMatchObject({ code: 'INVALID_JSON' });
    s.send({ type: 'teleport' });
    expect(await s.next('error', (f) => f.code === 'INVALID_FRAME')).toBeDefined();
    s.send({ type: 'typing', conversationId: 'nope' });
    expect((await s.next('error', (f) => f.message.startsWith('conversationId'))).code).toBe('INVALID_FRAME');
    s.send({ type: 'ping' });
    expect(await s.next('pong')).toEqual({ type: 'pong' });
    s.close();
  });

  it(`a frame over ${WS_FRAME_MAX_BYTES} bytes closes the socket with 1009`, async () => {
    const s = await connect(client);
    s.send({ type: 'ping', pad: 'x'.repeat(WS_FRAME_MAX_BYTES) });
    expect((await s.closed).code).toBe(1009);
  });

  it('too many frames get rate-limited error frames; the socket stays open', async () => {
    const s = await connect(client);
    for (let i = 0; i <= WS_FRAMES_PER_10S; i++) s.send({ type: 'ping' });
    expect(await s.next('error', (f) => f.code === 'RATE_LIMITED')).toBeDefined();
    expect(s.frames.filter((f) => f.type === 'pong')).toHaveLength(WS_FRAMES_PER_10S);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    s.close();
  });
});

describe('conversation frames', () => {
  it('only participants may join a conversation, by booking or conversation id', async () => {
    const mine = await connect(client);
    mine.send({ type: 'join_conversation', bookingId: booking.bookingId });
    expect(await mine.next('joined')).toEqual({ type: 'joined', conversationId: booking.conversationId });
    const theirs = await connect(outsider);
    theirs.send({ type: 'join_conversation', bookingId: booking.bookingId });
    expect(await theirs.next('error')).toMatchObject({ code: 'NOT_FOUND' });
    theirs.send({ type: 'join_conversation', conversationId: booking.conversationId });
    expect((await theirs.next('error', (f) => f !== theirs.frames.find((x) => x.type === 'error'))).code).toBe('NOT_FOUND');
    expect(theirs.frames.some((f) => f.type === 'joined')).toBe(false);
    mine.close();
    theirs.close();
  });

  it('typing reaches only the other participant; an outsider\'s typing reaches no one', async () => {
    const [c, a, o] = await Promise.all([connect(client), connect(artist), connect(outsider)]);
    o.send({ type: 'typing', conversationId: booking.conversationId });
    expect(await o.next('error')).toMatchObject({ code: 'NOT_FOUND' });
    c.send({ type: 'typing', conversationId: booking.conversationId });
    expect(await a.next('typing')).toEqual({ type: 'typing', conversationId: booking.conversationId, userId: client.id });
    // A round trip on each socket after the typing frame: nothing else arrived meanwhile.
    for (const s of [c, o]) {
      s.send({ type: 'ping' });
      await s.next('pong');
    }
    expect(c.frames.some((f) => f.type === 'typing')).toBe(false);
    expect(o.frames.some((f) => f.type === 'typing')).toBe(false);
    expect(a.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
    for (const s of [c, a, o]) s.close();
  });

  it('a read frame marks the conversation read and both people get the read event', async () => {
    const [c, a] = await Promise.all([connect(client), connect(artist)]);
    await Promise.all([c.resume(null), a.resume(null)]);
    const m = await post(client, booking.conversationId, 'Read me');
    await a.next('message', (f) => f.message.id === m.id);
    a.send({ type: 'read', conversationId: booking.conversationId });
    const receipt = { conversationId: booking.conversationId, userId: artist.id, readAt: m.createdAt };
    expect((await c.next('read')).receipt).toEqual(receipt);
    expect((await a.next('read')).receipt).toEqual(receipt);
    c.close();
    a.close();
  });
});

describe('sequenced events', () => {
  it('an event stored without its wake-up reaches the socket at the next catch-up, once', async () => {
    const behind = await connect(outsider);
    const upToDate = await connect(client);
    await behind.resume(null);
    await upToDate.resume(null);
    // A process that died between a commit and its NOTIFY: the row is stored, nobody was woken.
    const receipt = { conversationId: booking.conversationId, userId: artist.id, readAt: new Date().toISOString() };
    await t.app.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('inkhaven.announce_later', 'on', true)`);
      await tx.execute(sql`SELECT append_user_event(${outsider.id}, 'read', NULL, ${JSON.stringify(receipt)}::jsonb)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(behind.frames.filter((f) => f.type === 'read')).toHaveLength(0);
    const framesBefore = { behind: behind.frames.length, upToDate: upToDate.frames.length };
    // The beat (CATCH_UP_MS on PostgreSQL; also when LISTEN comes back or a NOTIFY fails).
    (t.app.realtime as unknown as { catchUpAll(): void }).catchUpAll();
    expect((await behind.next('read', () => true, 5_000, framesBefore.behind)).receipt).toEqual(receipt);
    (t.app.realtime as unknown as { catchUpAll(): void }).catchUpAll();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(behind.frames.slice(framesBefore.behind).filter((f) => f.type === 'read')).toHaveLength(1);
    expect(upToDate.frames.length).toBe(framesBefore.upToDate);
    behind.close();
    upToDate.close();
  });

  it('replays what a socket missed after reconnecting, then goes live: nothing lost, nothing twice', async () => {
    // Messages share the artist's sequence with other events (the bell's notice of a new message),
    // so the numbers of message frames rise but need not be consecutive.
    const messageFrames = (frames: TServerFrame[]) => frames.filter((f): f is Extract<TServerFrame, { type: 'message' }> => f.type === 'message');
    const first = await connect(artist);
    const start = await first.resume(null);
    const live = [await post(client, booking.conversationId, 'one'), await post(client, booking.conversationId, 'two')];
    const seen = await Promise.all(live.map((m) => first.next('message', (f) => f.message.id === m.id)));
    expect(seen[0]!.seq).toBeGreaterThan(start);
    expect(seen[1]!.seq).toBeGreaterThan(seen[0]!.seq);
    first.ws.terminate();
    await first.closed;
    const missed = [await post(client, booking.conversationId, 'three'), await post(artist, booking.conversationId, 'four (from another device)')];
    const second = await connect(artist);
    const lastSeq = await second.resume(seen[1]!.seq);
    const replayed = messageFrames(second.frames);
    expect(replayed.map((f) => f.message.id)).toEqual(missed.map((m) => m.id));
    expect(replayed[0]!.seq).toBeGreaterThan(seen[1]!.seq);
    expect(replayed[1]!.seq).toBeGreaterThan(replayed[0]!.seq);
    expect(lastSeq).toBeGreaterThanOrEqual(replayed[1]!.seq);
    // Everything replayed came after the number the socket resumed from, each number once.
    const replayedSeqs = second.frames.flatMap((f) => ('seq' in f ? [f.seq] : []));
    expect(replayedSeqs.every((n) => n > seen[1]!.seq)).toBe(true);
    expect(new Set(replayedSeqs).size).toBe(replayedSeqs.length);
    const after = await post(client, booking.conversationId, 'five');
    expect((await second.next('message', (f) => f.message.id === after.id)).seq).toBeGreaterThan(lastSeq);
    expect(messageFrames(second.frames)).toHaveLength(3);
    second.close();
  });

  it('the bell\'s list says which event number it reflects: a first socket resuming from it gets what came after, nothing twice', async () => {
    const reader = await messagingActor(t.app, 'Bella');
    const thread = await bookingConversation(t.app, reader.id, artist);
    const bell = async () => {
      const res = await reader.client.get('/api/notifications');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TNotificationList;
    };
    // Before any message: the number is the reader's current one (0 when nothing happened yet).
    const [counter] = await queryRows<{ last_seq: string | number }>(t.app.ctx.database.db, sql`SELECT COALESCE((SELECT last_seq FROM user_event_counters WHERE user_id = ${reader.id}), 0) AS last_seq`);
    expect((await bell()).lastSeq).toBe(Number(counter!.last_seq));
    const before = await post(artist, thread.conversationId, 'Seen in the bell');
    const list = await bell();
    const listed = list.items.find((n) => n.actionUrl === `/messages/${thread.conversationId}`);
    expect(listed).toBeDefined();
    // Between the page's read and its socket going live: marked read, and a new message with its notice.
    await reader.client.post(`/api/conversations/${thread.conversationId}/read`, {});
    const between = await post(artist, thread.conversationId, 'Sent while the page was loading');
    const socket = await connect(reader);
    const ready = await socket.resume(list.lastSeq);
    const seqs = socket.frames.flatMap((f) => ('seq' in f ? [f.seq] : []));
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs.every((n) => n > list.lastSeq)).toBe(true);
    expect(ready).toBe(Math.max(...seqs));
    // Nothing the list already had is sent again; what came after it is, in order.
    const messages = socket.frames.flatMap((f) => (f.type === 'message' ? [f.message.id] : []));
    expect(messages).toEqual([between.id]);
    expect(messages).not.toContain(before.id);
    expect(socket.frames.filter((f) => f.type === 'notification').map((f) => (f.type === 'notification' ? f.notification.id : null))).not.toContain(listed!.id);
    // The read mark, the message and its new notice (the first notice was read with the thread), then ready.
    expect(socket.frames.map((f) => f.type)).toEqual(['read', 'message', 'notification', 'ready']);
    socket.close();
  });

  it('a tab whose missed events were pruned (or that names a number the server never gave) gets resync, then goes on live', async () => {
    const reader = await messagingActor(t.app, 'Rhea');
    const thread = await bookingConversation(t.app, reader.id, artist);
    const first = await connect(reader);
    await first.resume(null);
    const early = await post(artist, thread.conversationId, 'before the holidays');
    const seen = (await first.next('message', (f) => f.message.id === early.id)).seq;
    first.ws.terminate();
    await first.closed;
    // Away for more than the keeping time: what came after `seen` is old enough to be pruned.
    await post(artist, thread.conversationId, 'while you were away');
    await t.app.ctx.database.db.execute(sql`UPDATE user_events SET created_at = now() - interval '8 days' WHERE user_id = ${reader.id}`);
    expect(await pruneUserEvents(t.app.ctx.database.db)).toBeGreaterThanOrEqual(2);
    const back = await connect(reader);
    const lastSeq = await back.resume(seen);
    expect(back.frames[0]).toEqual({ type: 'resync', reason: `Events older than ${USER_EVENTS_KEEP_DAYS} days are not kept.` });
    expect(back.frames.filter((f) => f.type === 'message')).toEqual([]);
    expect(lastSeq).toBeGreaterThan(seen);
    const live = await post(artist, thread.conversationId, 'welcome back');
    expect((await back.next('message', (f) => f.message.id === live.id)).seq).toBeGreaterThan(lastSeq);
    // Up to date: no resync. A number from another database: resync.
    const current = await connect(reader);
    await current.resume(lastSeq + 100_000);
    expect(current.frames[0]).toMatchObject({ type: 'resync', reason: 'The server does not know that event number.' });
    const fresh = await connect(reader);
    await fresh.resume(null);
    expect(fresh.frames.map((f) => f.type)).toEqual(['ready']);
    for (const socket of [back, current, fresh]) socket.close();
  });

  it('the replay log is pruned by a durable daily job that queues the next day', async () => {
    const now = new Date('2031-06-10T12:00:00Z');
    await scheduleUserEventsPrune(t.app.ctx.database.db, now);
    await scheduleUserEventsPrune(t.app.ctx.database.db, now);
    const queued = await queryRows(t.app.ctx.database.db, sql`SELECT run_at FROM jobs WHERE dedupe_key = 'realtime.prune_events:2031-06-11'`);
    expect(queued).toHaveLength(1);
    expect(await runDueJobs(t.app.ctx, { now: new Date('2031-06-11T03:46:00Z') })).toBeGreaterThanOrEqual(1);
    expect(await queryRows(t.app.ctx.database.db, sql`SELECT status FROM jobs WHERE dedupe_key = 'realtime.prune_events:2031-06-12'`)).toEqual([{ status: 'pending' }]);
  });

  it('notifications and booking changes arrive as sequenced frames', async () => {
    const s = await connect(client);
    await s.resume(null);
    const res = await artist.client.post(`/api/bookings/${booking.bookingId}/decline`, { message: 'Fully booked, sorry' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.next('booking.updated')).booking).toMatchObject({ bookingId: booking.bookingId, status: 'declined' });
    const { runDueJobs } = await import('../jobs/worker.ts');
    await runDueJobs(t.app.ctx);
    expect((await s.next('notification')).notification).toMatchObject({ type: 'booking' });
    const seqs = s.frames.flatMap((f) => ('seq' in f ? [f.seq] : []));
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    s.close();
  });

  it('chaos: 1,000 messages from two senders while the receiver\'s sockets are killed at random arrive all, once each, in each sender\'s order', async () => {
    const receiver = await messagingArtist(t.app, 'Rex');
    const senders = await Promise.all([messagingActor(t.app, 'Sam'), messagingActor(t.app, 'Sue')]);
    const threads = await Promise.all(senders.map((s) => bookingConversation(t.app, s.id, receiver)));
    const PER_SENDER = 500;
    const received: Array<Extract<TServerFrame, { type: 'message' }>> = [];
    let lastSeq: number | null = null;
    let done = false;
    let reconnects = 0;
    // The receiver: connect, resume from the last number seen, collect; killed at random, it reconnects.
    const receive = async () => {
      while (!done) {
        const s = await connect(receiver);
        // Killed after a random number of frames (mid-replay too) or a random time, whichever comes
        // first: on a slow machine the frames still decide, so every run kills many sockets.
        const killAfterFrames = 10 + Math.floor(Math.random() * 90);
        let framesHere = 0;
        s.ws.on('message', (data: Buffer) => {
          const frame = JSON.parse(data.toString()) as TServerFrame;
          if (frame.type !== 'message') return;
          received.push(frame);
          lastSeq = frame.seq;
          framesHere += 1;
          if (framesHere === killAfterFrames) s.ws.terminate();
        });
        s.send({ type: 'resume', after: lastSeq ?? 0 });
        const killAfter = 20 + Math.random() * 150;
        await Promise.race([s.closed, new Promise((r) => setTimeout(r, killAfter))]);
        s.ws.terminate();
        await s.closed;
        reconnects += 1;
      }
    };
    const receiving = receive();
    const sending = senders.map(async (sender, i) => {
      for (let n = 0; n < PER_SENDER; n++) {
        await sendMessage(t.app.ctx, sender.session, threads[i]!.conversationId, { text: `${sender.name} ${n}`, clientMessageId: randomUUID() });
      }
    });
    await Promise.all(sending);
    // Everything is stored; the receiver catches up within its next few reconnects.
    const deadline = Date.now() + 15_000;
    while (new Set(received.map((f) => f.message.id)).size < 2 * PER_SENDER && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    done = true;
    await receiving;
    expect(reconnects).toBeGreaterThan(3);
    const ids = received.map((f) => f.message.id);
    expect(new Set(ids).size).toBe(2 * PER_SENDER);
    expect(ids).toHaveLength(2 * PER_SENDER);
    // In the order of the receiver's sequence (the bell's notices take numbers between some of them).
    const seqs = received.map((f) => f.seq);
    expect(seqs.every((n, k) => k === 0 || n > seqs[k - 1]!)).toBe(true);
    for (const sender of senders) {
      const texts = received.filter((f) => f.message.senderId === sender.id).map((f) => f.message.text);
      expect(texts).toEqual(Array.from({ length: PER_SENDER }, (_, n) => `${sender.name} ${n}`));
    }
  }, 60_000);
});

describe('/ws limits per account', () => {
  let small: TestApp;
  let smallUrl: string;
  const open = async (who: MessagingActor) => {
    const socket = await TestSocket.connect(smallUrl, { cookie: who.client.cookieHeader() });
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    small = await createTestApp({ WS_MAX_SOCKETS_PER_USER: '2', WS_CONNECTS_PER_MINUTE: '4' });
    smallUrl = `${(await small.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });
  afterAll(async () => small?.close());

  it('past WS_MAX_SOCKETS_PER_USER a new socket is closed with 1008 and a reason; other accounts and the open tabs are unaffected', async () => {
    const tabs = await messagingActor(small.app, 'Tabby');
    const [first, second] = [await open(tabs), await open(tabs)];
    await Promise.all([first.resume(null), second.resume(null)]);
    const third = await open(tabs);
    expect(await third.closed).toEqual({ code: 1008, reason: 'Too many open connections for this account (at most 2). Close a tab; this one keeps working by polling.' });
    const other = await open(await messagingActor(small.app, 'Otto'));
    await other.resume(null);
    // The first two still work; closing one makes room.
    first.send({ type: 'ping' });
    await first.next('pong');
    first.ws.close();
    await first.closed;
    const again = await open(tabs);
    await again.resume(null);
  });

  it('past WS_CONNECTS_PER_MINUTE a connection is refused with 429 before the upgrade', async () => {
    const busy = await messagingActor(small.app, 'Rapid');
    for (let i = 0; i < 4; i++) {
      const s = await open(busy);
      s.ws.close();
      await s.closed;
    }
    await expect(open(busy)).rejects.toThrow(/429/);
    // Keyed on the account: someone else connects at once.
    const calm = await open(await messagingActor(small.app, 'Calm'));
    await calm.resume(null);
  });
});

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/db-utils.ts';
import { withDatabase } from '../../../tests/support/global-setup.ts';
import { bookingConversation, messagingActor, messagingArtist, type MessagingActor, type MessagingArtist } from '../../../tests/support/messaging.ts';
import { TestSocket } from '../../../tests/support/ws-client.ts';
import type { TMessage } from '../../shared/contracts/messaging.ts';
import { buildApp } from '../app.ts';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { sql } from 'drizzle-orm';

const skip = inject('testDb').kind !== 'postgres';

/**
 * Two server processes on one PostgreSQL database (issue 12 §4): events and ephemeral frames cross
 * between them over LISTEN/NOTIFY. Here two apps in one test process, each with its own pool and
 * listening connection, as two processes would have.
 */
describe.skipIf(skip)('two app instances on one PostgreSQL database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;
  let urlA: string;
  let urlB: string;
  let client: MessagingActor;
  let artist: MessagingArtist;
  let conversationId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const [{ name }] = (await queryRows<{ name: string }>(t.app.ctx.database.db, sql`SELECT current_database() AS name`)) as [{ name: string }];
    secondDb = await openDatabase({ databaseUrl: withDatabase(inject('testDb').url, name), dataDir: t.config.DATA_DIR });
    second = await buildApp({ config: t.config, database: secondDb, secret: 'test-secret-test-secret-test-secret-0123' });
    urlA = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    urlB = `${(await second.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    [client, artist] = await Promise.all([messagingActor(t.app, 'Cleo'), messagingArtist(t.app, 'Mara')]);
    ({ conversationId } = await bookingConversation(t.app, client.id, artist));
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await second?.close();
    await secondDb?.close();
    await t?.close();
  });

  const connect = async (url: string, who: MessagingActor) => {
    const s = await TestSocket.connect(url, { cookie: who.client.cookieHeader() });
    sockets.push(s);
    return s;
  };

  it('a message sent through one instance reaches a socket on the other within a second', async () => {
    const onB = await connect(urlB, artist);
    await onB.resume(null);
    const startedAt = Date.now();
    const res = await client.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Across the fleet', clientMessageId: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const frame = await onB.next('message', (f) => f.message.id === res.json<TMessage>().id, 1_000);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(frame.message.text).toBe('Across the fleet');
  });

  it('typing sent to one instance reaches the other participant on the other', async () => {
    const [onA, onB] = await Promise.all([connect(urlA, client), connect(urlB, artist)]);
    onA.send({ type: 'typing', conversationId });
    expect(await onB.next('typing', () => true, 1_000)).toEqual({ type: 'typing', conversationId, userId: client.id });
  });

  it('an ephemeral frame too large for a NOTIFY payload (an SDP offer) crosses too', async () => {
    const onB = await connect(urlB, artist);
    await onB.resume(null);
    const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host\r\n'.repeat(300)}`;
    await t.app.realtime.sendEphemeral(artist.id, { type: 'call.offer', bookingId: randomUUID(), sdp });
    expect((await onB.next('call.offer', () => true, 1_000)).sdp).toBe(sdp);
  });
});

import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { TestSocket } from '../../../../tests/support/ws-client.ts';
import { jpegImage, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { TBookingStatus } from '../../../shared/booking-rules.ts';
import type { TBookingUpload } from '../../../shared/contracts/bookings.ts';
import type { TConsultation, TConsultationArtists, TConsultationList, TIceServers } from '../../../shared/contracts/consultations.ts';
import type { TClientFrame, TServerFrame } from '../../../shared/contracts/realtime.ts';
import type { SessionUser } from '../../auth/session.ts';
import { bookingImages, bookings, notifications } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { relayCallFrame } from './call-relay.ts';
import { iceServersFor, turnCredential } from './turn-credentials.ts';

const MIN = 60_000;
const TURN_SECRET = 'a-turn-secret-for-tests-0123456789';
const ICE_SERVERS = JSON.stringify([{ urls: 'stun:stun.example.test:3478' }, { urls: ['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:5349'] }]);

let t: TestApp;
type Actor = { client: TestClient; id: string; user: SessionUser };
type ArtistActor = Actor & { artistId: string; consultId: string; sessionId: string };
let artist: ArtistActor;
let otherArtist: ArtistActor;
let client: Actor;
let otherClient: Actor;
let admin: Actor;
let visitor: TestClient;
let wsUrl: string;

const sessionUser = (id: string, name: string, isAdmin = false): SessionUser => ({ id, name, email: `${id}@example.test`, isAdmin, isArtist: false, image: null, avatarKey: null });

async function actor(name: string, isAdmin = false): Promise<Actor> {
  const u = await createUser(t.app, { firstName: name, isAdmin });
  return { client: u.client, id: u.id, user: sessionUser(u.id, name, isAdmin) };
}

async function artistActor(name: string): Promise<ArtistActor> {
  const a = await actor(name);
  const profile = await createArtist(t.app, {
    userId: a.id,
    displayName: name,
    timezone: 'UTC',
    services: [
      { name: 'Video consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 },
      { name: 'Half-day session', kind: 'tattoo', durationMinutes: 240, depositCents: 15000 },
    ],
  });
  return { ...a, user: { ...a.user, isArtist: true }, artistId: profile.id, consultId: profile.services[0]!.id, sessionId: profile.services[1]!.id };
}

/**
 * A consultation booking written straight to the table: `startsInMin` from now, 30 minutes long,
 * with a new artist unless `by` says whose (one artist's held times may not overlap).
 */
async function consultation(opts: { startsInMin: number; status?: TBookingStatus; mode?: 'video' | 'in_person'; by?: ArtistActor; clientId?: string }): Promise<{ id: string; by: ArtistActor }> {
  const by = opts.by ?? (await artistActor('Rosa'));
  const startsAt = new Date(Date.now() + opts.startsInMin * MIN);
  const [row] = await t.app.ctx.database.db
    .insert(bookings)
    .values({
      artistId: by.artistId,
      clientId: opts.clientId ?? client.id,
      serviceId: by.consultId,
      status: opts.status ?? 'confirmed',
      mode: opts.mode ?? 'video',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * MIN),
      idea: 'A small botanical piece on the inner forearm.',
      depositCents: 0,
      depositStatus: 'not_required',
    })
    .returning({ id: bookings.id });
  return { id: row!.id, by };
}

/** The call relay as the hub drives it: frames handed to sendEphemeral are recorded per recipient. */
function recordingHub() {
  const sent: Array<{ userId: string; frame: TServerFrame }> = [];
  return { sent, hub: { sendEphemeral: async (userId: string, frame: TServerFrame) => void sent.push({ userId, frame }) } };
}
/** A real `/ws` socket signed in as `who` (the app's own Origin), resumed and ready. */
async function openSocket(who: Actor): Promise<TestSocket> {
  const socket = await TestSocket.connect(wsUrl, { cookie: who.client.cookieHeader() });
  await socket.resume(null);
  return socket;
}

const socketOf = (who: Actor) => ({ user: who.user, ctx: t.app.ctx, send: () => undefined });

beforeAll(async () => {
  t = await createTestApp({ ICE_SERVERS, TURN_SECRET });
  wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  artist = await artistActor('Rosa');
  otherArtist = await artistActor('Jonah');
  client = await actor('Casey');
  otherClient = await actor('Morgan');
  admin = await actor('Ada', true);
  visitor = new TestClient(t.app);
});
afterAll(async () => t?.close());

describe('GET /api/consultations', () => {
  it('lists the video bookings of both sides, upcoming and past, with the join window; nothing of anyone else', async () => {
    const { id: soon } = await consultation({ startsInMin: 5, by: artist });
    const { id: later } = await consultation({ startsInMin: 3 * 24 * 60, by: artist });
    const { id: past } = await consultation({ startsInMin: -3 * 24 * 60, status: 'completed', by: artist });
    const { id: inPerson } = await consultation({ startsInMin: 6 * 24 * 60, mode: 'in_person', by: artist });
    const { id: others } = await consultation({ startsInMin: 6 * 24 * 60 + 120, by: otherArtist, clientId: otherClient.id });

    const mine = (await client.client.get('/api/consultations')).json() as TConsultationList;
    const upcomingIds = mine.upcoming.map((c) => c.id);
    expect(upcomingIds).toEqual(expect.arrayContaining([soon, later]));
    expect(upcomingIds.indexOf(soon)).toBeLessThan(upcomingIds.indexOf(later));
    expect(mine.past.map((c) => c.id)).toContain(past);
    const all = [...mine.upcoming, ...mine.past].map((c) => c.id);
    expect(all).not.toContain(inPerson);
    expect(all).not.toContain(others);
    const soonItem = mine.upcoming.find((c) => c.id === soon)!;
    expect(soonItem).toMatchObject({ viewerRole: 'client', mode: 'video', window: { state: 'open' }, placementRequestedAt: null });
    expect(mine.upcoming.find((c) => c.id === later)!.window.state).toBe('upcoming');
    expect(mine.past.find((c) => c.id === past)!.window.state).toBe('unavailable');

    const artistSide = (await artist.client.get('/api/consultations')).json() as TConsultationList;
    expect(artistSide.upcoming.find((c) => c.id === soon)).toMatchObject({ viewerRole: 'artist', client: { firstName: 'Casey' } });
    const stranger = (await otherClient.client.get('/api/consultations')).json() as TConsultationList;
    expect([...stranger.upcoming, ...stranger.past].map((c) => c.id)).toEqual([others]);

    expect((await visitor.get('/api/consultations')).statusCode).toBe(401);
  });
});

describe('GET /api/consultations/{bookingId}', () => {
  it('answers the two participants only; everyone else (admins too) gets 404', async () => {
    const { id } = await consultation({ startsInMin: 24 * 60, by: artist });
    expect(((await client.client.get(`/api/consultations/${id}`)).json() as TConsultation).viewerRole).toBe('client');
    expect(((await artist.client.get(`/api/consultations/${id}`)).json() as TConsultation).viewerRole).toBe('artist');
    for (const who of [otherClient, otherArtist, admin]) expect((await who.client.get(`/api/consultations/${id}`)).statusCode, who.user.name).toBe(404);
    expect((await visitor.get(`/api/consultations/${id}`)).statusCode).toBe(401);
    expect((await client.client.get(`/api/consultations/${randomUUID()}`)).statusCode).toBe(404);
    expect((await client.client.get('/api/consultations/not-an-id')).statusCode).toBe(404);
    // An in-person booking is not a video consultation.
    const { id: inPerson } = await consultation({ startsInMin: 2 * 24 * 60, mode: 'in_person', by: artist });
    expect((await client.client.get(`/api/consultations/${inPerson}`)).statusCode).toBe(404);
  });
});

describe('GET /api/consultations/{bookingId}/ice-servers', () => {
  it('mints coturn REST credentials for TURN servers inside the join window, for participants only', async () => {
    const { id, by } = await consultation({ startsInMin: -5 });
    const res = await client.client.get(`/api/consultations/${id}/ice-servers`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as TIceServers;
    expect(body.iceServers[0]).toEqual({ urls: 'stun:stun.example.test:3478' });
    const turn = body.iceServers[1]!;
    expect(turn.urls).toEqual(['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:5349']);
    // username = "<unix expiry>:<user id>", credential = base64(HMAC-SHA1(secret, username)).
    const [expiry, userId] = turn.username!.split(':');
    expect(userId).toBe(client.id);
    expect(Number(expiry) * 1000).toBe(Math.floor(Date.parse(body.expiresAt!) / 1000) * 1000);
    expect(Number(expiry) * 1000).toBeGreaterThan(Date.now() + 25 * MIN);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'));

    const artistTurn = ((await by.client.get(`/api/consultations/${id}/ice-servers`)).json() as TIceServers).iceServers[1]!;
    expect(artistTurn.username!.endsWith(`:${by.id}`)).toBe(true);

    for (const who of [otherClient, otherArtist, admin]) expect((await who.client.get(`/api/consultations/${id}/ice-servers`)).statusCode, who.user.name).toBe(404);
    expect((await visitor.get(`/api/consultations/${id}/ice-servers`)).statusCode).toBe(401);
  });

  it('is refused outside the join window and for a booking that is not confirmed', async () => {
    const { id: early } = await consultation({ startsInMin: 11 });
    const res = await client.client.get(`/api/consultations/${early}/ice-servers`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^This call opens at .*, 10 minutes before the consultation starts\.$/) });
    const { id: over } = await consultation({ startsInMin: -31 });
    expect((await client.client.get(`/api/consultations/${over}/ice-servers`)).json()).toMatchObject({ message: 'This consultation has ended, so its call is closed.' });
    const { id: asked } = await consultation({ startsInMin: 1, status: 'requested' });
    expect((await client.client.get(`/api/consultations/${asked}/ice-servers`)).json()).toMatchObject({ message: expect.stringMatching(/not confirmed/) });
  });

  it('passes STUN/TURN through unchanged without a secret, and replaces fixed TURN passwords with one', () => {
    const configured = [{ urls: 'stun:stun.example.test' }, { urls: 'turn:turn.example.test', username: 'static', credential: 'pw' }];
    expect(iceServersFor(configured, undefined, 'user-1', 1_800_000_000_000)).toEqual(configured);
    expect(iceServersFor(configured, 'secret', 'user-1', 1_800_000_000_000)).toEqual([configured[0], { urls: 'turn:turn.example.test', ...turnCredential('secret', 'user-1', 1_800_000_000_000) }]);
  });

  it('formats the coturn credential exactly', () => {
    expect(turnCredential('secret', 'user-1', 1_800_000_000_500)).toEqual({ username: '1800000000:user-1', credential: createHmac('sha1', 'secret').update('1800000000:user-1').digest('base64') });
  });
});

describe('call signalling relay', () => {
  const frames = (bookingId: string): TClientFrame[] => [
    { type: 'call.join', bookingId },
    { type: 'call.offer', bookingId, sdp: 'v=0 offer' },
    { type: 'call.answer', bookingId, sdp: 'v=0 answer' },
    { type: 'call.ice', bookingId, candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    { type: 'call.hangup', bookingId },
  ];

  it('relays every call frame to the other participant only, and says who offers', async () => {
    const { id, by } = await consultation({ startsInMin: -2 });
    const { hub, sent } = recordingHub();
    for (const frame of frames(id)) await relayCallFrame(hub, frame as never, socketOf(client));
    expect(sent.every((s) => s.userId === by.id)).toBe(true);
    expect(sent.map((s) => s.frame)).toEqual([
      { type: 'call.peer', bookingId: id, present: true, initiator: true },
      { type: 'call.offer', bookingId: id, sdp: 'v=0 offer' },
      { type: 'call.answer', bookingId: id, sdp: 'v=0 answer' },
      { type: 'call.ice', bookingId: id, candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      { type: 'call.hangup', bookingId: id },
    ]);
    sent.length = 0;
    await relayCallFrame(hub, { type: 'call.join', bookingId: id }, socketOf(by));
    expect(sent).toEqual([{ userId: client.id, frame: { type: 'call.peer', bookingId: id, present: true, initiator: false } }]);
  });

  it('over /ws: the other participant receives the frames; a third person gets an error frame and keeps the socket', async () => {
    const { id, by } = await consultation({ startsInMin: -1 });
    const [clientWs, artistWs, strangerWs] = await Promise.all([openSocket(client), openSocket(by), openSocket(otherClient)]);
    try {
      clientWs.send({ type: 'call.join', bookingId: id });
      expect(await artistWs.next('call.peer')).toEqual({ type: 'call.peer', bookingId: id, present: true, initiator: true });
      artistWs.send({ type: 'call.offer', bookingId: id, sdp: 'v=0 offer' });
      expect(await clientWs.next('call.offer')).toEqual({ type: 'call.offer', bookingId: id, sdp: 'v=0 offer' });
      strangerWs.send({ type: 'call.offer', bookingId: id, sdp: 'v=0 intruder' });
      expect(await strangerWs.next('error')).toEqual({ type: 'error', code: 'NOT_FOUND', message: 'That booking was not found.' });
      strangerWs.send({ type: 'ping' });
      expect(await strangerWs.next('pong')).toEqual({ type: 'pong' });
      expect(strangerWs.ws.readyState).toBe(strangerWs.ws.OPEN);
      clientWs.send({ type: 'call.hangup', bookingId: id });
      expect(await artistWs.next('call.hangup')).toEqual({ type: 'call.hangup', bookingId: id });
    } finally {
      for (const ws of [clientWs, artistWs, strangerWs]) ws.ws.terminate();
    }
  });

  it('refuses anyone but the two participants (not found) and anything outside the join window', async () => {
    const { id } = await consultation({ startsInMin: 8 });
    const { hub, sent } = recordingHub();
    for (const who of [otherClient, artist, admin]) {
      for (const frame of frames(id)) {
        await expect(relayCallFrame(hub, frame as never, socketOf(who))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'That booking was not found.' });
      }
    }
    const { id: early } = await consultation({ startsInMin: 12 });
    const error = await relayCallFrame(hub, { type: 'call.offer', bookingId: early, sdp: 'v=0' }, socketOf(client)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^This call opens at/) });
    const { id: ended } = await consultation({ startsInMin: -40 });
    await expect(relayCallFrame(hub, { type: 'call.join', bookingId: ended }, socketOf(client))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(sent).toEqual([]);
  });
});

describe('placement photos', () => {
  it('the artist asks (a notification for the client), the client uploads and attaches; nobody else can', async () => {
    const { id, by } = await consultation({ startsInMin: -3 });
    expect((await client.client.post(`/api/consultations/${id}/placement-request`)).statusCode).toBe(403);
    for (const who of [artist, otherClient, admin]) expect((await who.client.post(`/api/consultations/${id}/placement-request`)).statusCode).toBe(404);
    expect((await visitor.post(`/api/consultations/${id}/placement-request`)).statusCode).toBe(401);
    const asked = await by.client.post(`/api/consultations/${id}/placement-request`);
    expect(asked.statusCode, asked.body).toBe(201);
    const [notice] = await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.actionUrl, `/consultations/${id}`));
    expect(notice).toMatchObject({ userId: client.id, title: 'Placement photo requested' });
    expect(((await client.client.get(`/api/consultations/${id}`)).json() as TConsultation).placementRequestedAt).toBe((asked.json() as { requestedAt: string }).requestedAt);

    const upload = await uploadAs(client.client, '/api/bookings/uploads', { kind: 'placement' }, { data: await jpegImage(), filename: 'still.jpg' });
    expect(upload.statusCode, upload.body).toBe(201);
    const imageId = (upload.json() as TBookingUpload).id;
    const strangersUpload = (await uploadAs(otherClient.client, '/api/bookings/uploads', { kind: 'placement' }, { data: await jpegImage(), filename: 'x.jpg' })).json() as TBookingUpload;

    expect((await by.client.post(`/api/consultations/${id}/placement-photos`, { imageId })).statusCode).toBe(403);
    expect((await otherClient.client.post(`/api/consultations/${id}/placement-photos`, { imageId: strangersUpload.id })).statusCode).toBe(404);
    // Someone else's photo cannot be attached, even by a participant.
    expect((await client.client.post(`/api/consultations/${id}/placement-photos`, { imageId: strangersUpload.id })).statusCode).toBe(404);
    expect((await client.client.post(`/api/consultations/${id}/placement-photos`, { imageId: 'nope' })).statusCode).toBe(400);
    const attached = await client.client.post(`/api/consultations/${id}/placement-photos`, { imageId });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json()).toMatchObject({ id: imageId, kind: 'placement' });
    const [row] = await t.app.ctx.database.db.select().from(bookingImages).where(eq(bookingImages.id, imageId));
    expect(row!.bookingId).toBe(id);
    // Once attached it cannot be attached again, and the artist can now see it.
    expect((await client.client.post(`/api/consultations/${id}/placement-photos`, { imageId })).statusCode).toBe(404);
    expect((await by.client.get(`/api/bookings/uploads/${imageId}`)).statusCode).toBe(200);
    expect((await artist.client.get(`/api/bookings/uploads/${imageId}`)).statusCode).toBe(404);
  });
});

describe('turning a consultation into a session request', () => {
  it('the artist sends the client the booking form with the service and idea filled in, once the call has started', async () => {
    const { id: before } = await consultation({ startsInMin: 2 * 24 * 60 + 300, by: artist });
    const idea = 'A fine-line fern, about 12 cm, inner forearm.';
    const tooEarly = await artist.client.post(`/api/consultations/${before}/session-suggestion`, { serviceId: artist.sessionId, idea });
    expect(tooEarly.statusCode).toBe(409);

    const { id: done } = await consultation({ startsInMin: -90, status: 'completed', by: artist });
    expect((await client.client.post(`/api/consultations/${done}/session-suggestion`, { serviceId: artist.sessionId, idea })).statusCode).toBe(403);
    expect((await otherArtist.client.post(`/api/consultations/${done}/session-suggestion`, { serviceId: otherArtist.sessionId, idea })).statusCode).toBe(404);
    expect((await artist.client.post(`/api/consultations/${done}/session-suggestion`, { serviceId: artist.consultId, idea })).statusCode).toBe(400);
    expect((await artist.client.post(`/api/consultations/${done}/session-suggestion`, { serviceId: otherArtist.sessionId, idea })).statusCode).toBe(404);
    expect((await artist.client.post(`/api/consultations/${done}/session-suggestion`, { serviceId: artist.sessionId, idea: 'short' })).statusCode).toBe(400);

    const res = await artist.client.post(`/api/consultations/${done}/session-suggestion`, { serviceId: artist.sessionId, idea });
    expect(res.statusCode, res.body).toBe(201);
    const { bookUrl } = res.json() as { bookUrl: string };
    const url = new URL(bookUrl, 'http://x');
    expect(url.pathname).toBe(`/book/${artist.artistId}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ serviceId: artist.sessionId, idea });
    const [notice] = await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.actionUrl, bookUrl));
    expect(notice).toMatchObject({ userId: client.id, title: 'Ready to book your session' });
  });
});

describe('GET /api/consultations/artists', () => {
  it('lists artists with a consultation service, publicly, filtered by kind', async () => {
    const res = await visitor.get('/api/consultations/artists');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as TConsultationArtists;
    const rosa = items.find((a) => a.id === artist.artistId)!;
    expect(rosa.services).toEqual([{ id: artist.consultId, name: 'Video consultation', durationMinutes: 30, depositCents: 0, currency: 'USD' }]);
    expect(((await visitor.get('/api/consultations/artists?kind=piercing')).json() as TConsultationArtists).items.map((a) => a.id)).not.toContain(artist.artistId);
    expect((await visitor.get('/api/consultations/artists?kind=robots')).statusCode).toBe(400);
  });
});

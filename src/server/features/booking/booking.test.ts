import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { jpegImage, uploadAs } from '../../../../tests/support/image-fixtures.ts';
import type { BookingPolicySnapshot } from '../../../shared/booking-rules.ts';
import type { TBooking, TBookingDetail, TBookingList, TBookingSettings, TBookingUpload } from '../../../shared/contracts/bookings.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import { auditLog, bookingEvents, bookings, conversations, flashDesigns, jobs, ledgerEntries } from '../../db/schema/index.ts';
import { confirmDeposit } from './deposit.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['09:00', '18:00']]])) as Record<string, Array<[string, string]>>;

let t: TestApp;
type Actor = { client: TestClient; id: string; name: string };
type ArtistActor = Actor & { artistId: string; sessionId: string; consultId: string; freeId: string };
let artist: ArtistActor;
let otherArtist: ArtistActor;
let client: Actor;
let otherClient: Actor;
let admin: Actor;
let visitor: Actor;

const db = () => t.app.ctx.database.db;

async function artistActor(name: string, overrides: Parameters<typeof createArtist>[1] = {}): Promise<ArtistActor> {
  const u = await createUser(t.app, { firstName: name });
  const a = await createArtist(t.app, {
    userId: u.id,
    displayName: name,
    timezone: 'UTC',
    workingHours: ALL_WEEK,
    minNoticeHours: 0,
    bufferMinutes: 0,
    depositInstructions: 'Cash or card at the front desk.',
    services: [
      { name: 'Two-hour session', kind: 'tattoo', durationMinutes: 120, depositCents: 15000 },
      { name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 },
      { name: 'Touch-up', kind: 'tattoo', durationMinutes: 60, depositCents: 0 },
    ],
    ...overrides,
  });
  return { client: u.client, id: u.id, name, artistId: a.id, sessionId: a.services[0]!.id, consultId: a.services[1]!.id, freeId: a.services[2]!.id };
}

/** Slots handed out so far per artist: every test takes its own, so nothing collides. */
const taken = new Map<string, Array<[number, number]>>();

/** A free slot of the service from GET /api/artists/{id}/availability, at least `minHoursAhead` away (and under `maxHoursAhead`). */
async function freeSlot(a: ArtistActor, serviceId: string, minHoursAhead = 72, maxHoursAhead = Infinity, thenMovedByMinutes = 0): Promise<{ startsAt: string; endsAt: string }> {
  // Two months of a 09:00–18:00 week: room for every test to take its own non-overlapping times.
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
  const res = await visitor.client.get(`/api/artists/${a.artistId}/availability?serviceId=${serviceId}&from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  const used = taken.get(a.artistId) ?? [];
  const now = Date.now();
  const slots = (res.json() as TAvailability).slots;
  const starts = new Set(slots.map((x) => Date.parse(x.startsAt)));
  const moved = thenMovedByMinutes * 60_000;
  // With `thenMovedByMinutes`, the time that far later must be a slot too, and both are kept for the test.
  const slot = slots.find((s) => {
    const start = Date.parse(s.startsAt);
    const end = Date.parse(s.endsAt) + moved;
    return start >= now + minHoursAhead * HOUR && start < now + maxHoursAhead * HOUR && starts.has(start + moved) && used.every(([a0, b0]) => end <= a0 || start >= b0);
  });
  if (!slot) throw new Error('no free slot left in the test calendar');
  used.push([Date.parse(slot.startsAt), Date.parse(slot.endsAt) + moved]);
  taken.set(a.artistId, used);
  return slot;
}

const IDEA = 'A small swallow on the forearm, traditional style.';

async function request(by: Actor, a: ArtistActor, opts: { serviceId?: string; startsAt?: string; hours?: number; maxHours?: number; extra?: Record<string, unknown>; key?: string } = {}) {
  const serviceId = opts.serviceId ?? a.sessionId;
  const startsAt = opts.startsAt ?? (await freeSlot(a, serviceId, opts.hours ?? 72, opts.maxHours)).startsAt;
  const body = { artistId: a.artistId, serviceId, startsAt, idea: IDEA, acceptPolicy: true, ...opts.extra };
  return by.client.post('/api/bookings', body, opts.key ? { 'idempotency-key': opts.key } : {});
}

async function requested(by: Actor = client, a: ArtistActor = artist, opts: Parameters<typeof request>[2] = {}): Promise<TBooking> {
  const res = await request(by, a, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TBooking;
}

async function acceptAs(who: Actor, id: string) {
  const res = await who.client.post(`/api/bookings/${id}/accept`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TBookingDetail;
}

async function confirmed(opts: Parameters<typeof request>[2] = {}, by: Actor = client): Promise<TBookingDetail> {
  const b = await requested(by, artist, opts);
  await acceptAs(artist, b.id);
  const res = await artist.client.post(`/api/bookings/${b.id}/mark-deposit-paid`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TBookingDetail;
}

let pastDays = 0;
/** A booking whose appointment has already started (the API only books future times); each on its own day, so none overlap. */
async function pastBooking(status: 'confirmed' | 'awaiting_deposit' = 'confirmed', depositPaid = true) {
  pastDays += 1;
  const startsAt = new Date(Date.now() - 3 * HOUR - pastDays * DAY);
  const policy: BookingPolicySnapshot = { depositCents: 15000, currency: 'USD', noticeHours: 48, maxReschedules: 2, depositWindowHours: 48, depositMethod: 'studio', depositInstructions: '' };
  const [row] = await db()
    .insert(bookings)
    .values({
      artistId: artist.artistId,
      clientId: client.id,
      serviceId: artist.sessionId,
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      idea: IDEA,
      depositCents: 15000,
      policy,
      depositStatus: depositPaid ? 'paid' : 'due',
    })
    .returning();
  if (depositPaid)
    await db().insert(ledgerEntries).values({ bookingId: row!.id, artistId: artist.artistId, kind: 'deposit_paid', method: 'studio', amountCents: 15000, currency: 'USD' });
  return row!;
}

const eventsOf = async (id: string) =>
  db()
    .select({ action: bookingEvents.action, from: bookingEvents.fromStatus, to: bookingEvents.toStatus, data: bookingEvents.data })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(asc(bookingEvents.createdAt));
const actionsOf = async (id: string) => (await eventsOf(id)).map((e) => e.action).sort();
const ledgerOf = async (id: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id));
const jobsLike = async (prefix: string) => db().select().from(jobs).where(like(jobs.dedupeKey, `${prefix}%`));
const detail = async (who: Actor, id: string) => {
  const res = await who.client.get(`/api/bookings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TBookingDetail;
};

beforeAll(async () => {
  t = await createTestApp();
  artist = await artistActor('Ana');
  otherArtist = await artistActor('Ben');
  const c = await createUser(t.app, { firstName: 'Cleo' });
  client = { client: c.client, id: c.id, name: 'client' };
  const o = await createUser(t.app, { firstName: 'Otto' });
  otherClient = { client: o.client, id: o.id, name: 'other client' };
  const ad = await createUser(t.app, { firstName: 'Ada', isAdmin: true });
  admin = { client: ad.client, id: ad.id, name: 'admin' };
  visitor = { client: new TestClient(t.app), id: '', name: 'visitor' };
});
afterAll(async () => t?.close());

describe('POST /api/bookings', () => {
  it('creates a request with the policy frozen on it, a created event and its expiry job', async () => {
    const slot = await freeSlot(artist, artist.sessionId);
    const before = Date.now();
    const res = await client.client.post('/api/bookings', {
      artistId: artist.artistId,
      serviceId: artist.sessionId,
      startsAt: slot.startsAt,
      idea: IDEA,
      placement: 'Left forearm',
      size: '3 in',
      colour: 'black_and_grey',
      mode: 'in_person',
      clientTimezone: 'Europe/Berlin',
      acceptPolicy: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json() as TBooking;
    expect(b).toMatchObject({
      status: 'requested',
      artistId: artist.artistId,
      clientId: client.id,
      serviceId: artist.sessionId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      depositCents: 15000,
      currency: 'USD',
      depositStatus: 'pending',
      placement: 'Left forearm',
      colour: 'black_and_grey',
      clientTimezone: 'Europe/Berlin',
      instant: false,
      rescheduleCount: 0,
      policy: { depositCents: 15000, currency: 'USD', noticeHours: 48, maxReschedules: 2, depositWindowHours: 48, depositMethod: 'studio', depositInstructions: 'Cash or card at the front desk.' },
      artist: { id: artist.artistId, displayName: 'Ana', timezone: 'UTC' },
      client: { id: client.id, firstName: 'Cleo' },
      service: { id: artist.sessionId, name: 'Two-hour session', kind: 'tattoo', durationMinutes: 120 },
      viewerRole: 'client',
      allowedActions: ['cancel', 'reschedule'],
    });
    expect(Date.parse(b.policyAcceptedAt!)).toBeGreaterThanOrEqual(before - 1000);
    // Answer within 72 hours, or by the start when that is sooner.
    expect(Math.abs(Date.parse(b.respondBy!) - Math.min(before + 72 * HOUR, Date.parse(slot.startsAt)))).toBeLessThan(5000);
    expect(await eventsOf(b.id)).toEqual([{ action: 'created', from: null, to: 'requested', data: { instant: false } }]);
    const [job] = await jobsLike(`booking.expire_request:${b.id}`);
    expect(job).toMatchObject({ kind: 'booking.expire_request', status: 'pending' });
    expect(job!.runAt.toISOString()).toBe(b.respondBy);
    expect(await jobsLike(`booking.notify:`)).not.toHaveLength(0);
    // A request does not hold the time: the slot is still offered to others.
    const open = (await visitor.client.get(`/api/artists/${artist.artistId}/availability?serviceId=${artist.sessionId}`)).json() as TAvailability;
    expect(open.slots.some((s) => s.startsAt === slot.startsAt)).toBe(true);
  });

  it('refuses bad input with 400 and a field name', async () => {
    const slot = await freeSlot(artist, artist.sessionId);
    const base = { artistId: artist.artistId, serviceId: artist.sessionId, startsAt: slot.startsAt, idea: IDEA, acceptPolicy: true };
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...base, idea: 'short' }, 'VALIDATION_FAILED', /idea/],
      [{ ...base, acceptPolicy: false }, 'VALIDATION_FAILED', /policy/],
      [{ ...base, startsAt: 'tomorrow' }, 'VALIDATION_FAILED', /startsAt/],
      [{ ...base, artistId: 'nope' }, 'VALIDATION_FAILED', /artistId/],
      [{ ...base, mode: 'phone' }, 'VALIDATION_FAILED', /mode/],
      [{ ...base, referenceImageIds: ['x'] }, 'VALIDATION_FAILED', /referenceImageIds/],
      [{ ...base, clientTimezone: 'Mars/Base' }, 'VALIDATION_FAILED', /time zone/],
      [{ ...base, price: 1 }, 'UNKNOWN_FIELD', /price/],
      [{ ...base, startsAt: new Date(Date.now() - DAY).toISOString() }, 'VALIDATION_FAILED', /passed/],
    ];
    for (const [body, code, message] of cases) {
      const res = await client.client.post('/api/bookings', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
    }
    const bad = await client.client.post('/api/bookings', base, { 'idempotency-key': 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
  });

  it('answers 401 to visitors, 404 for unknown artists and services, 403 for booking yourself', async () => {
    const slot = await freeSlot(artist, artist.sessionId);
    const base = { artistId: artist.artistId, serviceId: artist.sessionId, startsAt: slot.startsAt, idea: IDEA, acceptPolicy: true };
    expect((await visitor.client.post('/api/bookings', base)).statusCode).toBe(401);
    const unknownArtist = await client.client.post('/api/bookings', { ...base, artistId: randomUUID() });
    expect(unknownArtist.statusCode).toBe(404);
    const otherService = await client.client.post('/api/bookings', { ...base, serviceId: otherArtist.sessionId });
    expect(otherService.statusCode).toBe(404);
    expect(otherService.json().message).toMatch(/service/);
    const self = await artist.client.post('/api/bookings', base);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toMatch(/yourself/);
  });

  it('answers 409 for a time that is not an open slot', async () => {
    const slot = await freeSlot(artist, artist.sessionId);
    const offGrid = new Date(Date.parse(slot.startsAt) + 7 * 60_000).toISOString();
    const night = new Date(Date.parse(slot.startsAt.slice(0, 10) + 'T02:00:00Z') + DAY).toISOString();
    for (const startsAt of [offGrid, night]) {
      const res = await request(client, artist, { startsAt });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/no longer available/) });
    }
    // Taken by a confirmed booking: gone from the calendar, so 409 too.
    const held = await confirmed();
    const res = await request(otherClient, artist, { startsAt: held.startsAt });
    expect(res.statusCode).toBe(409);
  });

  it('honours Idempotency-Key: a retry answers the first booking, a different body with the key is 409', async () => {
    const slot = await freeSlot(artist, artist.sessionId);
    const key = randomUUID();
    const first = await request(client, artist, { startsAt: slot.startsAt, key });
    expect(first.statusCode).toBe(201);
    const retry = await request(client, artist, { startsAt: slot.startsAt, key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect({ ...retry.json(), allowedActions: null }).toEqual({ ...first.json(), allowedActions: null });
    const [rows] = await db().select({ n: count() }).from(bookings).where(and(eq(bookings.clientId, client.id), eq(bookings.idempotencyKey, key)));
    expect(rows!.n).toBe(1);

    const changed = await request(client, artist, { startsAt: slot.startsAt, key, extra: { idea: 'Something else entirely, a rose.' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/Idempotency-Key/);
    // The key is per client: another client may use the same one.
    const someoneElse = await request(otherClient, artist, { startsAt: slot.startsAt, key });
    expect(someoneElse.statusCode).toBe(201);
    expect(someoneElse.json().id).not.toBe(first.json().id);
  });

  it('concurrent retries with one key create one booking', async () => {
    const slot = await freeSlot(artist, artist.sessionId);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(client, artist, { startsAt: slot.startsAt, key })));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const [rows] = await db().select({ n: count() }).from(bookings).where(eq(bookings.idempotencyKey, key));
    expect(rows!.n).toBe(1);
  });

  it('instant-books consultations when the artist allows it: confirmed with no deposit, the slot taken', async () => {
    const instantArtist = await artistActor('Ivy', { instantBookConsultations: true });
    const slot = await freeSlot(instantArtist, instantArtist.consultId);
    const b = await requested(client, instantArtist, { serviceId: instantArtist.consultId, startsAt: slot.startsAt });
    expect(b).toMatchObject({ status: 'confirmed', instant: true, depositStatus: 'not_required', depositCents: 0, respondBy: null });
    expect(await actionsOf(b.id)).toEqual(['accepted', 'confirmed', 'created']);
    expect(await jobsLike(`booking.reminder:${b.id}`)).toHaveLength(1);
    const open = (await visitor.client.get(`/api/artists/${instantArtist.artistId}/availability?serviceId=${instantArtist.consultId}`)).json() as TAvailability;
    expect(open.slots.some((s) => s.startsAt === slot.startsAt)).toBe(false);
    // Sessions still go through a request.
    const session = await requested(client, instantArtist);
    expect(session.status).toBe('requested');
  });

  it('instant-books flash with a deposit: awaiting the deposit, due within the window; a one-off design only once', async () => {
    // A medium design is booked into the two-hour session (flashSessionService), the one the request names.
    const flashArtist = await artistActor('Fay', { instantBookFlash: true, depositWindowHours: 24 });
    const [design] = await db()
      .insert(flashDesigns)
      .values({ artistId: flashArtist.artistId, title: 'Moth', size: 'medium', priceCents: 20000, storageKey: 'flash/x.webp', thumbKey: 'flash/x_thumb.webp', width: 10, height: 10 })
      .returning();
    const before = Date.now();
    const b = await requested(client, flashArtist, { extra: { flashDesignId: design!.id } });
    expect(b).toMatchObject({ status: 'awaiting_deposit', instant: true, depositStatus: 'due', depositCents: 15000, flashDesign: { id: design!.id, title: 'Moth' } });
    expect(Math.abs(Date.parse(b.depositDueAt!) - (before + 24 * HOUR))).toBeLessThan(5000);
    expect(b.allowedActions).toEqual(['cancel', 'reschedule']);
    expect(await actionsOf(b.id)).toEqual(['accepted', 'created', 'deposit_due']);
    expect(await jobsLike(`booking.expire_deposit:${b.id}`)).toHaveLength(1);
    const [d] = await db().select().from(flashDesigns).where(eq(flashDesigns.id, design!.id));
    expect(d!.status).toBe('reserved');
    const again = await request(otherClient, flashArtist, { extra: { flashDesignId: design!.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been booked/);
    // Another artist's design cannot be booked with this artist.
    const wrong = await request(otherClient, artist, { extra: { flashDesignId: design!.id } });
    expect(wrong.statusCode).toBe(400);
  });

  it('attaches the client’s own unattached photos, and only those', async () => {
    const up = async (who: Actor, kind = 'reference') => {
      const res = await uploadAs(who.client, '/api/bookings/uploads', { kind }, { data: await jpegImage(), filename: 'ref.jpg' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as TBookingUpload;
    };
    const visitorUpload = await uploadAs(visitor.client, '/api/bookings/uploads', { kind: 'reference' }, { data: await jpegImage(), filename: 'ref.jpg' });
    expect(visitorUpload.statusCode).toBe(401);
    const badKind = await uploadAs(client.client, '/api/bookings/uploads', { kind: 'selfie' }, { data: await jpegImage(), filename: 'ref.jpg' });
    expect(badKind.statusCode).toBe(400);
    const ref = await up(client);
    const place = await up(client, 'placement');
    expect(ref).toMatchObject({ kind: 'reference', url: `/api/bookings/uploads/${ref.id}`, thumbUrl: `/api/bookings/uploads/${ref.id}/thumb` });
    const theirs = await up(otherClient);
    // Private photos: the uploader sees them; nobody else does until they are on a booking.
    for (const [who, status] of [
      [client, 200],
      [visitor, 401],
      [otherClient, 404],
      [artist, 404],
      [admin, 200],
    ] as Array<[Actor, number]>) {
      const res = await who.client.get(ref.thumbUrl);
      expect(res.statusCode, who.name).toBe(status);
      if (status === 200) expect(res.headers['content-type']).toBe('image/webp');
    }
    expect((await t.app.inject({ method: 'GET', url: `/uploads/bookings/${client.id}/${ref.id}.webp` })).statusCode).toBe(404);

    const stolen = await request(client, artist, { extra: { referenceImageIds: [ref.id, theirs.id] } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/not yours/);
    const b = await requested(client, artist, { extra: { referenceImageIds: [ref.id, place.id] } });
    expect(b.images.map((i) => i.id).sort()).toEqual([ref.id, place.id].sort());
    expect(b.images.find((i) => i.id === place.id)?.kind).toBe('placement');
    const reused = await request(client, artist, { extra: { referenceImageIds: [ref.id] } });
    expect(reused.statusCode).toBe(400);
    expect((await detail(artist, b.id)).images).toHaveLength(2);
    expect((await artist.client.get(ref.url)).statusCode).toBe(200);
    expect((await otherArtist.client.get(ref.url)).statusCode).toBe(404);
  });
});

describe('booking transitions', () => {
  it('makes the deposit due before the notice period begins, or within a short window when it already has', async () => {
    const own = await artistActor('Dora');
    const early = await requested(client, own, { hours: 100, maxHours: 130 });
    const dueEarly = Date.parse((await acceptAs(own, early.id)).depositDueAt!);
    expect(dueEarly).toBeLessThanOrEqual(Date.parse(early.startsAt) - 48 * HOUR);

    // Inside the 48 hours' notice already (say a day ahead): not "by the start" but within 12 hours
    // (or half the time left), well before it.
    const late = await requested(client, own, { hours: 3, maxHours: 47 });
    const before = Date.now();
    const dueLate = Date.parse((await acceptAs(own, late.id)).depositDueAt!);
    const left = Date.parse(late.startsAt) - before;
    expect(dueLate - before).toBeLessThanOrEqual(12 * HOUR);
    expect(Date.parse(late.startsAt) - dueLate).toBeGreaterThanOrEqual(Math.min(12 * HOUR, left / 2) - 5000);
  });

  it('accept → awaiting deposit → mark received → confirmed, with events, jobs and a studio ledger row', async () => {
    const b = await requested();
    const accepted = await acceptAs(artist, b.id);
    expect(accepted).toMatchObject({ status: 'awaiting_deposit', depositStatus: 'due', respondBy: null, viewerRole: 'artist', allowedActions: ['mark-deposit-paid', 'cancel', 'reschedule'] });
    expect(accepted.events.map((e) => e.action)).toEqual(['created', 'accepted', 'deposit_due']);
    expect(accepted.events[1]!.actor).toEqual({ id: artist.id, name: 'Ana' });
    // The request opened the booking's conversation (issue 12); the detail names it for the page's link.
    const [opened] = await db().select({ id: conversations.id }).from(conversations).where(eq(conversations.bookingId, b.id));
    expect(accepted.conversationId).toBe(opened!.id);
    expect((await jobsLike(`booking.expire_request:${b.id}`))[0]!.status).toBe('cancelled');
    expect((await jobsLike(`booking.expire_deposit:${b.id}`))[0]!.status).toBe('pending');
    const asClient = await detail(client, b.id);
    expect(asClient.allowedActions).toEqual(['cancel', 'reschedule']);

    const byClient = await client.client.post(`/api/bookings/${b.id}/mark-deposit-paid`, {});
    expect(byClient.statusCode).toBe(403);
    const paid = await artist.client.post(`/api/bookings/${b.id}/mark-deposit-paid`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const c = paid.json() as TBookingDetail;
    expect(c).toMatchObject({ status: 'confirmed', depositStatus: 'paid', depositDueAt: null });
    expect(c.events.map((e) => e.action)).toEqual(['created', 'accepted', 'deposit_due', 'deposit_paid', 'confirmed']);
    expect(c.ledger).toEqual([expect.objectContaining({ kind: 'deposit_paid', method: 'studio', amountCents: 15000, currency: 'USD' })]);
    expect((await jobsLike(`booking.expire_deposit:${b.id}`))[0]!.status).toBe('cancelled');
    const [reminder] = await jobsLike(`booking.reminder:${b.id}`);
    expect(reminder!.runAt.getTime()).toBe(Date.parse(b.startsAt) - 24 * HOUR);
    const twice = await artist.client.post(`/api/bookings/${b.id}/mark-deposit-paid`, {});
    expect(twice.statusCode).toBe(409);
    expect(await ledgerOf(b.id)).toHaveLength(1);
  });

  it('accept without a deposit confirms at once, and keeps the artist’s note', async () => {
    const b = await requested(client, artist, { serviceId: artist.freeId });
    const res = await artist.client.post(`/api/bookings/${b.id}/accept`, { message: 'See you then!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', depositStatus: 'not_required', artistMessage: 'See you then!' });
    expect((res.json() as TBookingDetail).events.map((e) => [e.action, e.note])).toEqual([
      ['created', null],
      ['accepted', 'See you then!'],
      ['confirmed', null],
    ]);
  });

  it('decline stores the message and frees a one-off flash design', async () => {
    const [design] = await db()
      .insert(flashDesigns)
      .values({ artistId: artist.artistId, title: 'Dagger', size: 'medium', priceCents: 20000, storageKey: 'flash/d.webp', thumbKey: 'flash/d_thumb.webp', width: 10, height: 10 })
      .returning();
    const b = await requested(client, artist, { extra: { flashDesignId: design!.id } });
    expect((await db().select().from(flashDesigns).where(eq(flashDesigns.id, design!.id)))[0]!.status).toBe('reserved');
    const res = await artist.client.post(`/api/bookings/${b.id}/decline`, { message: 'Fully booked that week, sorry.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', artistMessage: 'Fully booked that week, sorry.', allowedActions: [] });
    expect((await db().select().from(flashDesigns).where(eq(flashDesigns.id, design!.id)))[0]!.status).toBe('available');
    expect((await jobsLike(`booking.expire_request:${b.id}`))[0]!.status).toBe('cancelled');
  });

  it('complete and no-show once the appointment has started; no-shows show on the client’s record for artists only', async () => {
    const future = await confirmed();
    for (const action of ['complete', 'no-show']) {
      const early = await artist.client.post(`/api/bookings/${future.id}/${action}`, {});
      expect(early.statusCode, action).toBe(409);
      expect(early.json().message).toMatch(/started/);
    }
    const done = await pastBooking();
    expect((await client.client.post(`/api/bookings/${done.id}/complete`, {})).statusCode).toBe(403);
    const completed = await artist.client.post(`/api/bookings/${done.id}/complete`, {});
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'completed', allowedActions: [] });
    expect(await ledgerOf(done.id)).toHaveLength(1);

    const before = (await detail(artist, future.id)).clientNoShows!;
    const missed = await pastBooking();
    const noShow = await artist.client.post(`/api/bookings/${missed.id}/no-show`, {});
    expect(noShow.statusCode).toBe(200);
    expect(noShow.json()).toMatchObject({ status: 'no_show', depositStatus: 'forfeited' });
    expect((await ledgerOf(missed.id)).map((l) => l.kind).sort()).toEqual(['deposit_forfeited', 'deposit_paid']);
    expect((await detail(artist, future.id)).clientNoShows).toBe(before + 1);
    expect((await detail(admin, future.id)).clientNoShows).toBe(before + 1);
    expect('clientNoShows' in (await detail(client, future.id))).toBe(false);
  });

  it('refuses every transition the state does not allow with 409 and writes nothing', async () => {
    const req = await requested();
    const awaiting = await requested();
    await acceptAs(artist, awaiting.id);
    const conf = await confirmed();
    const declined = await requested();
    await artist.client.post(`/api/bookings/${declined.id}/decline`, {});
    const cancelled = await requested();
    await client.client.post(`/api/bookings/${cancelled.id}/cancel`, {});
    const done = await pastBooking();
    await artist.client.post(`/api/bookings/${done.id}/complete`, {});

    const cases: Array<[string, string, Actor, Record<string, unknown>?]> = [
      [req.id, 'complete', artist],
      [req.id, 'no-show', artist],
      [req.id, 'mark-deposit-paid', artist],
      [req.id, 'cancel', artist],
      [awaiting.id, 'accept', artist],
      [awaiting.id, 'decline', artist],
      [awaiting.id, 'complete', artist],
      [conf.id, 'accept', artist],
      [conf.id, 'decline', artist],
      [conf.id, 'mark-deposit-paid', artist],
      [declined.id, 'accept', artist],
      [declined.id, 'cancel', client],
      [declined.id, 'reschedule', client],
      [cancelled.id, 'cancel', client],
      [cancelled.id, 'accept', artist],
      [done.id, 'cancel', artist],
      [done.id, 'no-show', artist],
      [done.id, 'complete', artist],
    ];
    for (const [id, action, who] of cases) {
      const eventsBefore = (await eventsOf(id)).length;
      const body = action === 'reschedule' ? { startsAt: (await freeSlot(artist, artist.sessionId)).startsAt } : {};
      const res = await who.client.post(`/api/bookings/${id}/${action}`, body);
      expect(res.statusCode, `${action} on ${(await detail(admin, id)).status}: ${res.body}`).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
      expect((await eventsOf(id)).length).toBe(eventsBefore);
    }
  });
});

describe('cancellation and deposits', () => {
  it('a client cancelling early gets a paid studio deposit back: ledger row and event now, slot announced to the waitlist', async () => {
    const b = await confirmed();
    const res = await client.client.post(`/api/bookings/${b.id}/cancel`, { message: 'Plans changed.' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TBookingDetail;
    expect(d).toMatchObject({ status: 'cancelled_by_client', depositStatus: 'refunded', cancelReason: 'Plans changed.' });
    expect(d.ledger.map((l) => [l.kind, l.method, l.amountCents]).sort()).toEqual([
      ['deposit_paid', 'studio', 15000],
      ['deposit_refunded', 'studio', 15000],
    ]);
    expect(d.events.slice(-2).map((e) => e.action)).toEqual(['cancelled', 'deposit_refunded']);
    const [freed] = await jobsLike(`waitlist.slot_freed:${b.id}:`);
    expect(freed).toMatchObject({ kind: 'waitlist.slot_freed', dedupeKey: `waitlist.slot_freed:${b.id}:${b.startsAt}` });
    expect(freed!.payload).toMatchObject({ bookingId: b.id, artistId: artist.artistId, serviceId: artist.sessionId, startsAt: b.startsAt, endsAt: b.endsAt });
    expect((await jobsLike(`booking.reminder:${b.id}`))[0]!.status).toBe('cancelled');
    const open = (await visitor.client.get(`/api/artists/${artist.artistId}/availability?serviceId=${artist.sessionId}`)).json() as TAvailability;
    expect(open.slots.some((s) => s.startsAt === b.startsAt)).toBe(true);
  });

  it('a client cancelling inside the notice forfeits the deposit; an artist cancelling late refunds it in full', async () => {
    const late = await confirmed({ hours: 2, maxHours: 40 });
    const byClient = await client.client.post(`/api/bookings/${late.id}/cancel`, {});
    expect(byClient.statusCode).toBe(200);
    expect(byClient.json()).toMatchObject({ status: 'cancelled_by_client', depositStatus: 'forfeited' });
    expect((await ledgerOf(late.id)).map((l) => l.kind).sort()).toEqual(['deposit_forfeited', 'deposit_paid']);
    expect(await actionsOf(late.id)).toContain('deposit_forfeited');

    const late2 = await confirmed({ hours: 2, maxHours: 40 });
    const byArtist = await artist.client.post(`/api/bookings/${late2.id}/cancel`, { message: 'I am ill.' });
    expect(byArtist.statusCode).toBe(200);
    expect(byArtist.json()).toMatchObject({ status: 'cancelled_by_artist', depositStatus: 'refunded', cancelReason: 'I am ill.' });
    expect((await ledgerOf(late2.id)).map((l) => l.kind).sort()).toEqual(['deposit_paid', 'deposit_refunded']);
  });

  it('a request or an unpaid booking cancels with no money moving', async () => {
    const req = await requested();
    const res = await client.client.post(`/api/bookings/${req.id}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled_by_client');
    expect(await ledgerOf(req.id)).toHaveLength(0);
    // A request held no time, so there is nothing to announce.
    expect(await jobsLike(`waitlist.slot_freed:${req.id}`)).toHaveLength(0);
    const awaiting = await requested();
    await acceptAs(artist, awaiting.id);
    const res2 = await artist.client.post(`/api/bookings/${awaiting.id}/cancel`, {});
    expect(res2.json()).toMatchObject({ status: 'cancelled_by_artist', depositStatus: 'due' });
    expect(await ledgerOf(awaiting.id)).toHaveLength(0);
    expect((await jobsLike(`booking.expire_deposit:${awaiting.id}`))[0]!.status).toBe('cancelled');
    expect(await jobsLike(`waitlist.slot_freed:${awaiting.id}`)).toHaveLength(1);
  });

  it('Stripe deposits: confirmDeposit confirms once, replays are "already", another amount is "wrong_money", a cancelled booking is "refused"; a refund is a payment.refund job', async () => {
    const b = await requested();
    await db().update(bookings).set({ policy: { ...b.policy, depositMethod: 'stripe' } }).where(eq(bookings.id, b.id));
    const accepted = await acceptAs(artist, b.id);
    expect(accepted.allowedActions).toEqual(['cancel', 'reschedule']);
    expect((await detail(client, b.id)).allowedActions).toEqual(['pay-deposit', 'cancel', 'reschedule']);
    const byHand = await artist.client.post(`/api/bookings/${b.id}/mark-deposit-paid`, {});
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toMatch(/online/);

    const pay = (amountCents = 15000, externalId = `pi_${b.id.slice(0, 8)}`) =>
      db().transaction((tx) => confirmDeposit(tx, b.id, { method: 'stripe', amountCents, currency: 'usd', externalId, actorId: null }));
    expect(await pay(14000)).toBe('wrong_money');
    expect(await pay()).toBe('confirmed');
    expect(await pay()).toBe('already');
    const c = await detail(client, b.id);
    expect(c).toMatchObject({ status: 'confirmed', depositStatus: 'paid' });
    expect(c.events.filter((e) => e.action === 'deposit_paid')).toHaveLength(1);
    expect(c.ledger).toEqual([expect.objectContaining({ kind: 'deposit_paid', method: 'stripe', amountCents: 15000 })]);

    const cancel = await client.client.post(`/api/bookings/${b.id}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled_by_client', depositStatus: 'paid' });
    expect((await ledgerOf(b.id)).map((l) => l.kind)).toEqual(['deposit_paid']);
    const [refund] = await jobsLike(`payment.refund:${b.id}`);
    expect(refund).toMatchObject({ kind: 'payment.refund', status: 'pending', payload: { bookingId: b.id } });

    const expired = await requested();
    await db().update(bookings).set({ policy: { ...expired.policy, depositMethod: 'stripe' } }).where(eq(bookings.id, expired.id));
    await acceptAs(artist, expired.id);
    await artist.client.post(`/api/bookings/${expired.id}/cancel`, {});
    const late = await db().transaction((tx) => confirmDeposit(tx, expired.id, { method: 'stripe', amountCents: 15000, currency: 'USD', externalId: 'pi_late', actorId: null }));
    expect(late).toBe('refused');
    expect(await ledgerOf(expired.id)).toHaveLength(0);
  });
});

describe('reschedule', () => {
  it('moves the time, keeps status and deposit (no new ledger row), counts, announces the old slot and moves the reminder', async () => {
    const b = await confirmed();
    const to = await freeSlot(artist, artist.sessionId);
    const res = await client.client.post(`/api/bookings/${b.id}/reschedule`, { startsAt: to.startsAt, message: 'Can we move it?' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TBookingDetail;
    expect(d).toMatchObject({ status: 'confirmed', depositStatus: 'paid', startsAt: to.startsAt, endsAt: to.endsAt, rescheduleCount: 1 });
    expect(d.ledger).toHaveLength(1);
    const ev = (await eventsOf(b.id)).find((e) => e.action === 'rescheduled');
    expect(ev).toMatchObject({ from: 'confirmed', to: 'confirmed', data: { from: b.startsAt, to: to.startsAt } });
    expect(await jobsLike(`waitlist.slot_freed:${b.id}:${b.startsAt}`)).toHaveLength(1);
    const [reminder] = await jobsLike(`booking.reminder:${b.id}`);
    expect(reminder!.runAt.getTime()).toBe(Date.parse(to.startsAt) - 24 * HOUR);
  });

  it('may move within its own time (the booking does not block itself)', async () => {
    const slot = await freeSlot(artist, artist.sessionId, 72, Infinity, 30);
    const b = await confirmed({ startsAt: slot.startsAt });
    const shifted = new Date(Date.parse(b.startsAt) + 30 * 60_000).toISOString();
    const res = await artist.client.post(`/api/bookings/${b.id}/reschedule`, { startsAt: shifted });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startsAt: shifted, status: 'confirmed' });
  });

  it('refuses beyond the limit, inside the notice, to a taken time or a non-slot — with the reason', async () => {
    const b = await requested();
    for (let i = 0; i < 2; i++) {
      const res = await client.client.post(`/api/bookings/${b.id}/reschedule`, { startsAt: (await freeSlot(artist, artist.sessionId)).startsAt });
      expect(res.statusCode, res.body).toBe(200);
    }
    const third = await client.client.post(`/api/bookings/${b.id}/reschedule`, { startsAt: (await freeSlot(artist, artist.sessionId)).startsAt });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/already been rescheduled 2 times/);
    expect((await detail(client, b.id)).allowedActions).not.toContain('reschedule');

    const soon = await confirmed({ hours: 2, maxHours: 40 });
    const tooLate = await client.client.post(`/api/bookings/${soon.id}/reschedule`, { startsAt: (await freeSlot(artist, artist.sessionId)).startsAt });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toMatch(/48 hours’ notice/);

    // The notice holds at the new time too: a confirmed booking cannot move to ~30 hours away (48 h notice)…
    const far = await confirmed();
    const near = await freeSlot(artist, artist.sessionId, 3, 47);
    const intoNotice = await client.client.post(`/api/bookings/${far.id}/reschedule`, { startsAt: near.startsAt });
    expect(intoNotice.statusCode, intoNotice.body).toBe(409);
    expect(intoNotice.json().message).toMatch(/new time must also be at least 48 hours away/);
    expect((await detail(client, far.id)).startsAt).toBe(far.startsAt);
    // …while a request, which the artist still has to accept, may.
    const pending = await requested();
    const nearForRequest = await freeSlot(artist, artist.sessionId, 3, 47);
    const moved = await client.client.post(`/api/bookings/${pending.id}/reschedule`, { startsAt: nearForRequest.startsAt });
    expect(moved.statusCode, moved.body).toBe(200);

    const mine = await confirmed();
    const other = await confirmed();
    const clash = await client.client.post(`/api/bookings/${mine.id}/reschedule`, { startsAt: other.startsAt });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/no longer available/);
    const offGrid = await client.client.post(`/api/bookings/${mine.id}/reschedule`, { startsAt: new Date(Date.parse(mine.startsAt) + 7 * DAY + 7 * 60_000).toISOString() });
    expect(offGrid.statusCode).toBe(409);
    const same = await client.client.post(`/api/bookings/${mine.id}/reschedule`, { startsAt: mine.startsAt });
    expect(same.statusCode).toBe(409);
    expect((await detail(client, mine.id)).rescheduleCount).toBe(0);
  });
});

describe('authorization matrix', () => {
  type Expect = Array<[Actor, number]>;

  it('GET /api/bookings/:id and its calendar.ics', async () => {
    const b = await requested();
    const matrix: Array<[string, Expect]> = [
      [
        `/api/bookings/${b.id}`,
        [
          [visitor, 401],
          [otherClient, 404],
          [otherArtist, 404],
          [client, 200],
          [artist, 200],
          [admin, 200],
        ],
      ],
      [
        `/api/bookings/${b.id}/calendar.ics`,
        [
          [visitor, 401],
          [otherClient, 404],
          [otherArtist, 404],
          [client, 200],
          [artist, 200],
          [admin, 404],
        ],
      ],
      [`/api/bookings/${randomUUID()}`, [[admin, 404]]],
      [`/api/bookings/not-an-id`, [[client, 404]]],
    ];
    for (const [url, rows] of matrix) for (const [who, status] of rows) expect((await who.client.get(url)).statusCode, `${who.name} ${url}`).toBe(status);
    expect((await detail(admin, b.id)).viewerRole).toBe('admin');
  });

  it('every action: strangers 404, the wrong side 403, the right side (and admins, audited) succeed', async () => {
    type Setup = () => Promise<string>;
    const req: Setup = async () => (await requested()).id;
    const awaiting: Setup = async () => {
      const b = await requested();
      await acceptAs(artist, b.id);
      return b.id;
    };
    const started: Setup = async () => (await pastBooking()).id;
    const cases: Array<[string, Setup, Expect, () => Promise<Record<string, unknown>>]> = [
      ['accept', req, [[client, 403], [artist, 200], [admin, 200]], async () => ({})],
      ['decline', req, [[client, 403], [artist, 200], [admin, 200]], async () => ({})],
      ['cancel', req, [[client, 200]], async () => ({})],
      ['cancel', awaiting, [[client, 200], [artist, 200], [admin, 200]], async () => ({})],
      ['reschedule', awaiting, [[client, 200], [artist, 200], [admin, 200]], async () => ({ startsAt: (await freeSlot(artist, artist.sessionId)).startsAt })],
      ['mark-deposit-paid', awaiting, [[client, 403], [artist, 200], [admin, 200]], async () => ({})],
      ['complete', started, [[client, 403], [artist, 200], [admin, 200]], async () => ({})],
      ['no-show', started, [[client, 403], [artist, 200], [admin, 200]], async () => ({})],
    ];
    for (const [action, setup, allowed, body] of cases) {
      const strangers: Expect = [
        [visitor, 401],
        [otherClient, 404],
        [otherArtist, 404],
      ];
      for (const [who, status] of [...strangers, ...allowed]) {
        const id = await setup();
        const res = await who.client.post(`/api/bookings/${id}/${action}`, await body());
        expect(res.statusCode, `${who.name} ${action}: ${res.body}`).toBe(status);
        const audits = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.subjectType, 'booking')));
        expect(audits.length, `${who.name} ${action} audit`).toBe(who === admin ? 1 : 0);
        if (who === admin) expect(audits[0]).toMatchObject({ actorId: admin.id, action: `booking.${action}` });
      }
    }
  });

  it('GET /api/bookings lists only mine, by side and scope, in pages', async () => {
    expect((await visitor.client.get('/api/bookings')).statusCode).toBe(401);
    const notArtist = await otherClient.client.get('/api/bookings?as=artist');
    expect(notArtist.statusCode).toBe(404);
    const lister = await createUser(t.app, { firstName: 'Lia' });
    const me: Actor = { client: lister.client, id: lister.id, name: 'lister' };
    const a = await requested(me, otherArtist);
    const bReq = await requested(me, otherArtist);
    await acceptAs(otherArtist, bReq.id);
    const mine = (await me.client.get('/api/bookings')).json() as TBookingList;
    expect(mine.items.map((i) => i.id).sort()).toEqual([a.id, bReq.id].sort());
    expect(mine.items.every((i) => i.viewerRole === 'client' && i.clientNoShows === undefined)).toBe(true);
    const page1 = (await me.client.get('/api/bookings?limit=1')).json() as TBookingList;
    expect(page1.items).toHaveLength(1);
    const page2 = (await me.client.get(`/api/bookings?limit=1&cursor=${page1.nextCursor}`)).json() as TBookingList;
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    expect(new Set([page1.items[0]!.id, page2.items[0]!.id]).size).toBe(2);
    expect(((await me.client.get('/api/bookings?scope=past')).json() as TBookingList).items).toHaveLength(0);
    expect(((await me.client.get('/api/bookings?scope=upcoming')).json() as TBookingList).items).toHaveLength(2);

    const requests = (await otherArtist.client.get('/api/bookings?as=artist&scope=requests')).json() as TBookingList;
    expect(requests.items.map((i) => i.id)).toContain(a.id);
    expect(requests.items.every((i) => i.status === 'requested' && i.viewerRole === 'artist' && typeof i.clientNoShows === 'number')).toBe(true);
    const due = (await otherArtist.client.get('/api/bookings?as=artist&scope=deposits_due')).json() as TBookingList;
    expect(due.items.map((i) => i.id)).toEqual([bReq.id]);
    const window = (await otherArtist.client.get(`/api/bookings?as=artist&from=${encodeURIComponent(a.startsAt)}&to=${encodeURIComponent(a.endsAt)}`)).json() as TBookingList;
    expect(window.items.map((i) => i.id)).toEqual([a.id]);
    expect(((await otherClient.client.get('/api/bookings')).json() as TBookingList).items.map((i) => i.id)).not.toContain(a.id);
    expect((await me.client.get('/api/bookings?scope=soon')).statusCode).toBe(400);
    expect((await me.client.get('/api/bookings?cursor=garbage')).statusCode).toBe(400);
  });

  it('booking settings and the calendar token: the artist or an admin', async () => {
    const url = `/api/artists/${artist.artistId}/booking-settings`;
    const input = { instantBookConsultations: true, instantBookFlash: false, depositInstructions: 'Bring cash.', noticeHours: 72, maxReschedules: 1, depositWindowHours: 24 };
    for (const [who, status] of [
      [visitor, 401],
      [client, 403],
      [otherArtist, 403],
      [artist, 200],
      [admin, 200],
    ] as Expect) {
      expect((await who.client.get(url)).statusCode, `${who.name} GET`).toBe(status);
      expect((await who.client.request('PUT', url, input)).statusCode, `${who.name} PUT`).toBe(status);
      expect((await who.client.post(`/api/artists/${artist.artistId}/calendar-token`, {})).statusCode, `${who.name} token`).toBe(status);
    }
    const bad = await artist.client.request('PUT', url, { ...input, noticeHours: 24 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/noticeHours/);
    const saved = (await artist.client.get(url)).json() as TBookingSettings;
    expect(saved).toMatchObject(input);
    expect(saved.calendarFeedUrl).toMatch(/^http:\/\/localhost:5000\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    const audits = await db().select().from(auditLog).where(eq(auditLog.subjectId, artist.artistId));
    expect(audits.map((a) => a.action).sort()).toEqual(['artist.booking_settings', 'artist.calendar_token']);
    // New requests carry the new policy; a booking made before keeps the one it was made under.
    const b = await requested();
    expect(b.policy).toMatchObject({ noticeHours: 72, maxReschedules: 1, depositWindowHours: 24, depositInstructions: 'Bring cash.' });
    await artist.client.request('PUT', url, { ...input, instantBookConsultations: false, noticeHours: 48, maxReschedules: 2, depositWindowHours: 48, depositInstructions: 'Cash or card at the front desk.' });
    expect((await detail(client, b.id)).policy.noticeHours).toBe(72);
  });
});

describe('calendar', () => {
  it('a booking’s .ics: one VEVENT in UTC with the booking’s details', async () => {
    const b = await requested(client, artist, { extra: { placement: 'Ankle, left side' } });
    const res = await client.client.get(`/api/bookings/${b.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="inkhaven-booking-.*\.ics"/);
    const ics = res.body;
    const unfolded = ics.replace(/\r\n /g, '');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(unfolded).toContain(`UID:booking-${b.id}@localhost\r\n`);
    expect(unfolded).toContain(`DTSTART:${stamp(b.startsAt)}\r\n`);
    expect(unfolded).toContain(`DTEND:${stamp(b.endsAt)}\r\n`);
    expect(unfolded).toContain('SUMMARY:Two-hour session with Ana\r\n');
    expect(unfolded).toContain('STATUS:TENTATIVE\r\n');
    expect(unfolded).toContain('Placement: Ankle\\, left side');
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const asArtist = await artist.client.get(`/api/bookings/${b.id}/calendar.ics`);
    expect(asArtist.body.replace(/\r\n /g, '')).toContain('SUMMARY:Two-hour session with Cleo\r\n');
  });

  it('the artist’s private feed: live bookings by token, no session; rotating revokes the old address', async () => {
    const feedArtist = await artistActor('Fen');
    expect(((await feedArtist.client.get(`/api/artists/${feedArtist.artistId}/booking-settings`)).json() as TBookingSettings).calendarFeedUrl).toBeNull();
    const live = await requested(client, feedArtist);
    const gone = await requested(client, feedArtist);
    await feedArtist.client.post(`/api/bookings/${gone.id}/decline`, {});
    const first = (await feedArtist.client.post(`/api/artists/${feedArtist.artistId}/calendar-token`, {})).json() as { calendarFeedUrl: string };
    const path = new URL(first.calendarFeedUrl).pathname;
    const res = await visitor.client.get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain(`UID:booking-${live.id}@localhost`);
    expect(res.body).not.toContain(gone.id);
    expect(res.body.replace(/\r\n /g, '')).toContain('X-WR-CALNAME:Inkhaven — Fen');

    const second = (await feedArtist.client.post(`/api/artists/${feedArtist.artistId}/calendar-token`, {})).json() as { calendarFeedUrl: string };
    expect(second.calendarFeedUrl).not.toBe(first.calendarFeedUrl);
    expect((await visitor.client.get(path)).statusCode).toBe(404);
    expect((await visitor.client.get(new URL(second.calendarFeedUrl).pathname)).statusCode).toBe(200);
    expect((await visitor.client.get('/api/calendar/not-a-real-token-at-all.ics')).statusCode).toBe(404);
    expect((await visitor.client.get('/api/calendar/x.txt')).statusCode).toBe(404);
  });
});

describe('deposit method', () => {
  it('is Stripe when keys are set and the artist can take charges, else pay at the studio', async () => {
    const s = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_booking', STRIPE_WEBHOOK_SECRET: 'whsec_booking' });
    try {
      const c = await createUser(s.app, { firstName: 'Cal' });
      const make = async (stripeChargesEnabled: boolean) => {
        const a = await createArtist(s.app, { timezone: 'UTC', workingHours: ALL_WEEK, minNoticeHours: 0, stripeChargesEnabled, stripeAccountId: stripeChargesEnabled ? `acct_${randomUUID().slice(0, 8)}` : null });
        const slots = (await c.client.get(`/api/artists/${a.id}/availability?serviceId=${a.services[0]!.id}`)).json() as TAvailability;
        const res = await c.client.post('/api/bookings', { artistId: a.id, serviceId: a.services[0]!.id, startsAt: slots.slots[slots.slots.length - 1]!.startsAt, idea: IDEA, acceptPolicy: true });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as TBooking).policy.depositMethod;
      };
      expect(await make(true)).toBe('stripe');
      expect(await make(false)).toBe('studio');
    } finally {
      await s.close();
    }
  });
});

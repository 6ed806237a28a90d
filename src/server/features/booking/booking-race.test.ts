import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestClient } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { SLOT_HOLDING_STATUSES } from '../../../shared/booking-rules.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import type { TBooking } from '../../../shared/contracts/bookings.ts';
import { bookings, users } from '../../db/schema/index.ts';

/**
 * Issue 4 §6: whatever the race, one slot ends up with one live booking. Fifty concurrent answers
 * (accepts of fifty requests for the same time, or fifty instant bookings) → exactly one 200/201,
 * forty-nine 409s, one row holding the time.
 */
const RACERS = 50;
const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['09:00', '18:00']]])) as Record<string, Array<[string, string]>>;
const IDEA = 'A fine-line botanical piece on the shoulder blade.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function newArtist(overrides: Parameters<typeof createArtist>[1] = {}) {
  const u = await createUser(t.app, { firstName: 'Rae' });
  const a = await createArtist(t.app, {
    userId: u.id,
    timezone: 'UTC',
    workingHours: ALL_WEEK,
    minNoticeHours: 0,
    services: [
      { name: 'Session', kind: 'tattoo', durationMinutes: 120, depositCents: 15000 },
      { name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 },
    ],
    ...overrides,
  });
  return { client: u.client, id: a.id, sessionId: a.services[0]!.id, consultId: a.services[1]!.id };
}

async function firstSlot(client: TestClient, artistId: string, serviceId: string): Promise<{ startsAt: string; endsAt: string }> {
  const res = await client.get(`/api/artists/${artistId}/availability?serviceId=${serviceId}`);
  const slot = (res.json() as TAvailability).slots.find((s) => Date.parse(s.startsAt) > Date.now() + 72 * 3_600_000);
  if (!slot) throw new Error('no slot');
  return slot;
}

async function liveRows(artistId: string) {
  return t.app.ctx.database.db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.artistId, artistId), inArray(bookings.status, [...SLOT_HOLDING_STATUSES])));
}

describe('the race for one slot', () => {
  it(`${RACERS} concurrent accepts of ${RACERS} requests for the same time: exactly one wins`, async () => {
    const artist = await newArtist();
    const slot = await firstSlot(artist.client, artist.id, artist.sessionId);
    // The requests come from fifty different clients (rows made directly: only the artist acts here).
    const clientIds = Array.from({ length: RACERS }, () => randomUUID());
    await t.app.ctx.database.db.insert(users).values(clientIds.map((id) => ({ id, name: 'Racer', email: `racer-${id}@example.test` })));
    const requester = await createUser(t.app, { firstName: 'First' });
    const created = await requester.client.post('/api/bookings', { artistId: artist.id, serviceId: artist.sessionId, startsAt: slot.startsAt, idea: IDEA, acceptPolicy: true });
    expect(created.statusCode, created.body).toBe(201);
    const template = await t.app.ctx.database.db.select().from(bookings).where(eq(bookings.id, (created.json() as TBooking).id));
    const { id: _id, clientId: _c, idempotencyKey: _k, createdAt: _a, updatedAt: _u, ...row } = template[0]!;
    const others = await t.app.ctx.database.db
      .insert(bookings)
      .values(clientIds.slice(1).map((clientId) => ({ ...row, clientId })))
      .returning({ id: bookings.id });
    const ids = [(created.json() as TBooking).id, ...others.map((o) => o.id)];
    expect(ids).toHaveLength(RACERS);

    const answers = await Promise.all(ids.map((id) => artist.client.post(`/api/bookings/${id}/accept`, {})));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200), codes.join(',')).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(RACERS - 1);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/no longer available/) });
    const live = await liveRows(artist.id);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ id: ids[codes.indexOf(200)], status: 'awaiting_deposit' });
    // The losers are still requests, untouched (the artist can decline them).
    const rest = await t.app.ctx.database.db.select({ status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
    expect(rest.filter((r) => r.status === 'requested')).toHaveLength(RACERS - 1);
  });

  it(`${RACERS} concurrent instant bookings of one slot: exactly one is created`, async () => {
    // Sign-ups are rate limited: a few clients, each racing itself too.
    const clients = await Promise.all(Array.from({ length: 3 }, (_, i) => createUser(t.app, { firstName: `Quick${i}` })));
    const a = await createArtist(t.app, {
      timezone: 'UTC',
      workingHours: ALL_WEEK,
      minNoticeHours: 0,
      instantBookConsultations: true,
      services: [{ name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 }],
    });
    const artist = { id: a.id, consultId: a.services[0]!.id };
    const slot = await firstSlot(clients[0]!.client, artist.id, artist.consultId);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        clients[i % clients.length]!.client.post('/api/bookings', { artistId: artist.id, serviceId: artist.consultId, startsAt: slot.startsAt, idea: IDEA, acceptPolicy: true }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201), codes.join(',')).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(RACERS - 1);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toMatch(/no longer available/);
    const live = await liveRows(artist.id);
    expect(live).toHaveLength(1);
    expect(live[0]!.status).toBe('confirmed');
    // Losers leave nothing behind: one booking row in all.
    const all = await t.app.ctx.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.artistId, artist.id));
    expect(all).toHaveLength(1);
  });
});

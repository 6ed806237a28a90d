import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestClient } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import type { TBooking } from '../../../shared/contracts/bookings.ts';
import { flashDesigns } from '../../db/schema/index.ts';

/**
 * Issue 11: a flash design decides its session. POST /api/bookings takes the design and works out
 * the session (length and deposit) itself; the client sends no serviceId, or the same one.
 */

const DAY = 86_400_000;
const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['09:00', '18:00']]])) as Record<string, Array<[string, string]>>;

let t: TestApp;
let client: TestClient;
let artistId: string;
let plainArtistId: string;
const ids: Record<'small' | 'halfDay' | 'fullDay', string> = { small: '', halfDay: '', fullDay: '' };
const used: number[] = [];

async function design(owner: string, size: 'small' | 'medium' | 'large') {
  const [row] = await t.app.ctx.database.db
    .insert(flashDesigns)
    .values({ artistId: owner, title: `Design ${size}`, size, priceCents: 25_000, repeatable: true, storageKey: 'flash/x.webp', thumbKey: 'flash/x_thumb.webp', width: 10, height: 10 })
    .returning();
  return row!;
}

/** A start time open for `serviceId`, on a day no other booking of this file uses. */
async function openStart(serviceId: string): Promise<string> {
  const from = new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
  const res = await client.get(`/api/artists/${artistId}/availability?serviceId=${serviceId}&from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  const slot = (res.json() as TAvailability).slots.find((s) => !used.includes(Math.floor(Date.parse(s.startsAt) / DAY)));
  if (!slot) throw new Error('no open time left');
  used.push(Math.floor(Date.parse(slot.startsAt) / DAY));
  return slot.startsAt;
}

const body = (flashDesignId: string, startsAt: string, extra: Record<string, unknown> = {}) => ({
  artistId,
  flashDesignId,
  startsAt,
  idea: 'This design, on my left forearm please.',
  acceptPolicy: true,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  client = (await createUser(t.app, { firstName: 'Flo' })).client;
  const owner = await createUser(t.app, { firstName: 'Ink' });
  const artist = await createArtist(t.app, {
    userId: owner.id,
    timezone: 'UTC',
    workingHours: ALL_WEEK,
    minNoticeHours: 0,
    bufferMinutes: 0,
    services: [
      { name: 'Full day', kind: 'tattoo', durationMinutes: 360, depositCents: 40_000 },
      { name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 },
      { name: 'Small tattoo', kind: 'tattoo', durationMinutes: 90, depositCents: 10_000 },
      { name: 'Half day', kind: 'tattoo', durationMinutes: 180, depositCents: 20_000 },
    ],
  });
  artistId = artist.id;
  ids.fullDay = artist.services[0]!.id;
  ids.small = artist.services[2]!.id;
  ids.halfDay = artist.services[3]!.id;
  const plain = await createArtist(t.app, { services: [{ name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0 }] });
  plainArtistId = plain.id;
});
afterAll(async () => t?.close());

describe('POST /api/bookings with a flash design', () => {
  it('books each size into the session the design decides, without a serviceId', async () => {
    for (const [size, serviceId, minutes, deposit] of [
      ['small', ids.small, 90, 10_000],
      ['medium', ids.halfDay, 180, 20_000],
      ['large', ids.fullDay, 360, 40_000],
    ] as const) {
      const d = await design(artistId, size);
      const res = await client.post('/api/bookings', body(d.id, await openStart(serviceId)));
      expect(res.statusCode, `${size}: ${res.body}`).toBe(201);
      const booking = res.json() as TBooking;
      expect(booking.serviceId, size).toBe(serviceId);
      expect(booking.depositCents, size).toBe(deposit);
      expect(Date.parse(booking.endsAt) - Date.parse(booking.startsAt), size).toBe(minutes * 60_000);
      expect(booking.flashDesign?.id).toBe(d.id);
    }
  });

  it('accepts the same serviceId, and refuses another session length from the client', async () => {
    const d = await design(artistId, 'small');
    const same = await client.post('/api/bookings', body(d.id, await openStart(ids.small), { serviceId: ids.small }));
    expect(same.statusCode, same.body).toBe(201);
    const other = await client.post('/api/bookings', body(d.id, await openStart(ids.fullDay), { serviceId: ids.fullDay }));
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(other.json().message).toMatch(/serviceId: a flash design decides its own session \(Small tattoo, 90 minutes\)/);
  });

  it('still needs a service for anything but flash, and an artist with a tattoo session for flash', async () => {
    const noService = await client.post('/api/bookings', { artistId, startsAt: await openStart(ids.small), idea: 'A small swallow, traditional.', acceptPolicy: true });
    expect(noService.statusCode, noService.body).toBe(400);
    expect(noService.json().message).toMatch(/serviceId/);
    const d = await design(plainArtistId, 'small');
    const res = await client.post('/api/bookings', { ...body(d.id, new Date(Date.now() + 10 * DAY).toISOString()), artistId: plainArtistId });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This artist has no tattoo session to book a flash design into yet.');
    const elsewhere = await client.post('/api/bookings', body(d.id, new Date(Date.now() + 10 * DAY).toISOString()));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/belongs to another artist/);
  });
});

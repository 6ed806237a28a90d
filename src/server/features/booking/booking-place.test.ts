import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestClient } from '../../../../tests/support/db-utils.ts';
import { createArtist, createStudio } from '../../../../tests/support/factories.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import type { TBooking, TBookingDetail } from '../../../shared/contracts/bookings.ts';

/**
 * Issue 11: the booking page says where the appointment is (studio, address, coordinates for the
 * map) and how to reach the artist, from what Inkhaven stores; and a video consultation waits for
 * the artist's answer even under instant booking (the call is a time both keep free).
 */

const DAY = 86_400_000;
const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['09:00', '18:00']]])) as Record<string, Array<[string, string]>>;

let t: TestApp;
let client: TestClient;
const artists: Record<'studio' | 'independent', { id: string; consultId: string }> = { studio: { id: '', consultId: '' }, independent: { id: '', consultId: '' } };
const used: number[] = [];

async function book(who: keyof typeof artists, mode: 'video' | 'in_person'): Promise<TBooking> {
  const a = artists[who];
  const from = new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
  const open = (await client.get(`/api/artists/${a.id}/availability?serviceId=${a.consultId}&from=${from}&to=${to}`)).json() as TAvailability;
  const slot = open.slots.find((s) => !used.includes(Date.parse(s.startsAt)))!;
  used.push(Date.parse(slot.startsAt));
  const res = await client.post('/api/bookings', { artistId: a.id, serviceId: a.consultId, startsAt: slot.startsAt, mode, idea: 'Talk through a forearm piece.', acceptPolicy: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TBooking;
}

beforeAll(async () => {
  t = await createTestApp();
  client = (await createUser(t.app, { firstName: 'Vic' })).client;
  const studio = await createStudio(t.app, { slug: 'harbour-ink', name: 'Harbour Ink', address: '12 Dock Rd', city: 'Portland', country: 'US', lat: 45.5231, lng: -122.6765 });
  for (const [key, extra] of [
    ['studio', { studioId: studio.id, instagram: 'harbour.ink' }],
    ['independent', { city: 'Austin', country: 'US', instagram: null }],
  ] as const) {
    const owner = await createUser(t.app, { firstName: key });
    const artist = await createArtist(t.app, {
      userId: owner.id,
      timezone: 'UTC',
      workingHours: ALL_WEEK,
      minNoticeHours: 0,
      bufferMinutes: 0,
      instantBookConsultations: true,
      services: [{ name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 }],
      ...extra,
    });
    artists[key] = { id: artist.id, consultId: artist.services[0]!.id };
  }
});
afterAll(async () => t?.close());

describe('the booking’s place', () => {
  it('gives the studio’s name, address and coordinates, and the artist’s Instagram', async () => {
    const b = await book('studio', 'in_person');
    const detail = (await client.get(`/api/bookings/${b.id}`)).json() as TBookingDetail;
    expect(detail.place).toEqual({
      studio: { slug: 'harbour-ink', name: 'Harbour Ink', address: '12 Dock Rd', city: 'Portland', country: 'US', lat: 45.5231, lng: -122.6765 },
      city: 'Portland',
      country: 'US',
      instagram: 'harbour.ink',
    });
  });

  it('gives the city of an artist without a studio, and no invented contact', async () => {
    const b = await book('independent', 'in_person');
    const detail = (await client.get(`/api/bookings/${b.id}`)).json() as TBookingDetail;
    expect(detail.place).toEqual({ studio: null, city: 'Austin', country: 'US', instagram: null });
  });

  it('books an in-person consultation instantly but lets a video one wait for the artist’s answer', async () => {
    expect((await book('studio', 'in_person')).status).toBe('confirmed');
    const video = await book('studio', 'video');
    expect(video).toMatchObject({ status: 'requested', mode: 'video', instant: false });
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import type { TAvailability } from '../../../shared/contracts/availability.ts';
import type { TBooking, TWaitlistEntry } from '../../../shared/contracts/bookings.ts';
import { dateKey, localDateOf, addDays } from '../../../shared/zoned-time.ts';
import { waitlistEntries } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';

const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['09:00', '18:00']]])) as Record<string, Array<[string, string]>>;

let t: TestApp;
type Actor = { client: TestClient; id: string; name: string };
let artistUser: Actor;
let artistId: string;
let serviceId: string;
let client: Actor;
let other: Actor;
let visitor: Actor;

const day = (offset: number) => dateKey(addDays(localDateOf(Date.now(), 'UTC'), offset));

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.app, { firstName: 'Wren' });
  const artist = await createArtist(t.app, { userId: a.id, timezone: 'UTC', workingHours: ALL_WEEK, minNoticeHours: 0, services: [{ durationMinutes: 120, depositCents: 0 }] });
  artistUser = { client: a.client, id: a.id, name: 'artist' };
  artistId = artist.id;
  serviceId = artist.services[0]!.id;
  const c = await createUser(t.app, { firstName: 'Wendy' });
  client = { client: c.client, id: c.id, name: 'client' };
  const o = await createUser(t.app, { firstName: 'Walt' });
  other = { client: o.client, id: o.id, name: 'other client' };
  visitor = { client: new TestClient(t.app), id: '', name: 'visitor' };
});
afterAll(async () => t?.close());

describe('waitlist', () => {
  it('joins, lists mine, refuses a duplicate with 409 and leaves', async () => {
    const body = { artistId, serviceId, fromDate: day(3), toDate: day(10), note: 'Any afternoon' };
    expect((await visitor.client.post('/api/waitlist', body)).statusCode).toBe(401);
    const res = await client.client.post('/api/waitlist', body);
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as TWaitlistEntry;
    expect(entry).toMatchObject({ artist: { id: artistId, displayName: expect.any(String) }, serviceId, fromDate: day(3), toDate: day(10), note: 'Any afternoon', notifiedAt: null });
    const dup = await client.client.post('/api/waitlist', body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/already on this artist’s waitlist/);

    expect((await visitor.client.get('/api/waitlist')).statusCode).toBe(401);
    expect(((await client.client.get('/api/waitlist')).json() as { items: TWaitlistEntry[] }).items.map((i) => i.id)).toEqual([entry.id]);
    expect(((await other.client.get('/api/waitlist')).json() as { items: TWaitlistEntry[] }).items).toEqual([]);

    expect((await visitor.client.delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(401);
    expect((await other.client.delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(404);
    expect((await artistUser.client.delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(404);
    expect((await client.client.delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(204);
    expect((await client.client.delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(404);
    expect((await client.client.delete('/api/waitlist/nope')).statusCode).toBe(404);
  });

  it('refuses bad ranges, unknown artists and services, past dates and your own waitlist', async () => {
    const base = { artistId, fromDate: day(1), toDate: day(5) };
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ...base, toDate: day(0) }, 400, /toDate/],
      [{ ...base, toDate: day(200) }, 400, /90 days/],
      [{ ...base, fromDate: '2026-02-30' }, 400, /fromDate/],
      [{ ...base, fromDate: day(-10), toDate: day(-5) }, 400, /already over/],
      [{ ...base, artistId: randomUUID() }, 404, /artist/],
      [{ ...base, serviceId: randomUUID() }, 404, /service/],
      [{ ...base, extra: 1 }, 400, /extra/],
    ];
    for (const [body, status, message] of cases) {
      const res = await client.client.post('/api/waitlist', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const own = await artistUser.client.post('/api/waitlist', base);
    expect(own.statusCode).toBe(403);
  });

  it('a cancelled booking’s time reaches the waitlist of that day through the slot_freed job', async () => {
    const slots = (await client.client.get(`/api/artists/${artistId}/availability?serviceId=${serviceId}`)).json() as TAvailability;
    const slot = slots.slots.find((s) => Date.parse(s.startsAt) > Date.now() + 4 * 86_400_000)!;
    const slotDay = slot.startsAt.slice(0, 10);
    const waiting = (await other.client.post('/api/waitlist', { artistId, fromDate: slotDay, toDate: slotDay })).json() as TWaitlistEntry;
    const elsewhere = (await other.client.post('/api/waitlist', { artistId, fromDate: day(40), toDate: day(41) })).json() as TWaitlistEntry;

    const created = await client.client.post('/api/bookings', { artistId, serviceId, startsAt: slot.startsAt, idea: 'A tiny star behind the ear.', acceptPolicy: true });
    const b = created.json() as TBooking;
    expect((await artistUser.client.post(`/api/bookings/${b.id}/accept`, {})).json().status).toBe('confirmed');
    expect((await client.client.post(`/api/bookings/${b.id}/cancel`, {})).statusCode).toBe(200);
    // Run every job due now (the notices and the waitlist announcement).
    while ((await runDueJobs(t.app.ctx)) > 0);
    const [told] = await t.app.ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, waiting.id));
    expect(told!.notifiedAt).not.toBeNull();
    const [notTold] = await t.app.ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, elsewhere.id));
    expect(notTold!.notifiedAt).toBeNull();
    const mine = (await other.client.get('/api/waitlist')).json() as { items: TWaitlistEntry[] };
    expect(mine.items.find((i) => i.id === waiting.id)?.notifiedAt).not.toBeNull();
  });
});

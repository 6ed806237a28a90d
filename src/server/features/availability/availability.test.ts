import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import type { TAvailability, TAvailabilitySettings, TGuestSpot, TTimeOff } from '../../../shared/contracts/availability.ts';
import { addDays, dateKey, isoWeekday, localDateOf, localParts, offsetMinutes, parseDateKey, zonedTimeToUtc, type LocalDate } from '../../../shared/zoned-time.ts';
import { artistProfiles, artistTimeOff, bookings, services, users } from '../../db/schema/index.ts';
import { getAvailability as computeAvailabilityNow, getPublicAvailability } from './service.ts';

let t: TestApp;
let visitor: TestClient;
type Actor = { client: TestClient; id: string };
let owner: Actor & { artistId: string; slug: string; consultationId: string; sessionId: string };
let otherArtist: Actor & { artistId: string; serviceId: string };
let otherUser: Actor;
let admin: Actor;

const NY = 'America/New_York';
const WEEKDAYS_10_TO_18 = { '1': [['10:00', '18:00']], '2': [['10:00', '18:00']], '3': [['10:00', '18:00']], '4': [['10:00', '18:00']], '5': [['10:00', '18:00']] } as Record<string, Array<[string, string]>>;

/** The first local date on or after `minDaysAhead` days from today (artist's zone) that falls on an ISO weekday. */
function nextWeekday(weekday: string, minDaysAhead: number, zone = NY): LocalDate {
  let d = addDays(localDateOf(Date.now(), zone), minDaysAhead);
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
}
const at = (d: LocalDate, time: string, zone = NY) => zonedTimeToUtc(d, time, zone);
const wall = (iso: string, zone = NY) => {
  const p = localParts(Date.parse(iso), zone);
  return `${dateKey(p)} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};
const halfHours = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); m < Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); m += 30) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
};

async function getAvailability(client: TestClient, artist: string, qs: string) {
  return client.get(`/api/artists/${artist}/availability?${qs}`);
}

beforeAll(async () => {
  t = await createTestApp();
  visitor = new TestClient(t.app);
  const o = await createUser(t.app, { firstName: 'Owner' });
  const artist = await createArtist(t.app, {
    userId: o.id,
    displayName: 'Nadia Brooks',
    slug: 'nadia-brooks',
    city: 'New York',
    country: 'US',
    timezone: NY,
    workingHours: WEEKDAYS_10_TO_18,
    bufferMinutes: 15,
    minNoticeHours: 24,
    maxAdvanceDays: 365,
    services: [
      { name: 'Consultation', kind: 'consultation', durationMinutes: 30, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 },
      { name: 'Half-day session', kind: 'tattoo', durationMinutes: 240 },
    ],
  });
  owner = {
    client: o.client,
    id: o.id,
    artistId: artist.id,
    slug: artist.slug,
    consultationId: artist.services.find((s) => s.kind === 'consultation')!.id,
    sessionId: artist.services.find((s) => s.kind === 'tattoo')!.id,
  };
  const oa = await createUser(t.app, { firstName: 'Other artist' });
  const other = await createArtist(t.app, { userId: oa.id, displayName: 'Other Artist', workingHours: WEEKDAYS_10_TO_18 });
  otherArtist = { client: oa.client, id: oa.id, artistId: other.id, serviceId: other.services[0]!.id };
  const ou = await createUser(t.app, { firstName: 'Client' });
  otherUser = { client: ou.client, id: ou.id };
  const ad = await createUser(t.app, { firstName: 'Admin', isAdmin: true });
  admin = { client: ad.client, id: ad.id };
});
afterAll(async () => t.close());

async function book(artistId: string, serviceId: string, startsAt: Date, minutes: number, status: typeof bookings.$inferInsert.status) {
  const clientId = randomUUID();
  await t.app.ctx.database.db.insert(users).values({ id: clientId, name: 'Booker', email: `booker-${clientId}@example.test` });
  await t.app.ctx.database.db
    .insert(bookings)
    .values({ artistId, clientId, serviceId, status, startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000), depositCents: 0 });
}

describe('GET /api/artists/{id}/availability', () => {
  it('lists open slots around a booking (with its buffer), ignores requests, and skips time off', async () => {
    const monday = nextWeekday('1', 7);
    const tuesday = addDays(monday, 1);
    const wednesday = addDays(monday, 2);
    await book(owner.artistId, owner.sessionId, at(monday, '13:00'), 60, 'confirmed');
    // A request does not hold time until the artist accepts it.
    await book(owner.artistId, owner.sessionId, at(monday, '15:00'), 60, 'requested');
    const off = await owner.client.post(`/api/artists/${owner.artistId}/time-off`, { startsOn: dateKey(tuesday), endsOn: dateKey(tuesday), reason: 'Convention' });
    expect(off.statusCode, off.body).toBe(201);

    // By slug, as the profile page does.
    const res = await getAvailability(visitor, owner.slug, `from=${dateKey(monday)}&to=${dateKey(wednesday)}&serviceId=${owner.consultationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TAvailability;
    expect(body.timezone).toBe(NY);
    expect(body.serviceId).toBe(owner.consultationId);
    expect(body.durationMinutes).toBe(30);
    const expected = [
      // 12:30–13:00 would end inside the 15 minutes kept clear before 13:00; 14:00 starts inside the 15 after 14:00.
      ...[...halfHours('10:00', '12:30'), ...halfHours('14:30', '18:00')].map((h) => `${dateKey(monday)} ${h}`),
      ...halfHours('10:00', '18:00').map((h) => `${dateKey(wednesday)} ${h}`),
    ];
    expect(body.slots.map((s) => wall(s.startsAt))).toEqual(expected);
    for (const s of body.slots) {
      expect(Date.parse(s.endsAt) - Date.parse(s.startsAt)).toBe(30 * 60_000);
      expect(s.location).toBeUndefined();
    }

    // A four-hour session fits neither side of Monday's booking, nor Tuesday (off); Wednesday from 10:00 to 14:00.
    const session = (await getAvailability(visitor, owner.artistId, `from=${dateKey(monday)}&to=${dateKey(wednesday)}&serviceId=${owner.sessionId}`)).json() as TAvailability;
    expect(session.slots.map((s) => wall(s.startsAt))).toEqual(halfHours('10:00', '14:30').map((h) => `${dateKey(wednesday)} ${h}`));
  });

  it('defaults to the consultation service and four weeks from today, honouring minimum notice', async () => {
    const res = await getAvailability(visitor, owner.artistId, '');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TAvailability;
    expect(body.serviceId).toBe(owner.consultationId);
    expect(body.from).toBe(dateKey(localDateOf(Date.now(), NY)));
    expect(body.slots.length).toBeGreaterThan(0);
    expect(Date.parse(body.slots[0]!.startsAt)).toBeGreaterThanOrEqual(Date.now() + 24 * 3_600_000 - 1000);
    const limited = (await getAvailability(visitor, owner.artistId, 'limit=3')).json() as TAvailability;
    expect(limited.slots).toEqual(body.slots.slice(0, 3));
    expect(limited.truncated).toBe(true);
    expect(body.truncated).toBeUndefined();
  });

  it('computes the spring-forward day correctly (02:00–02:59 does not exist in New York)', async () => {
    // The next day on which New York moves its clocks forward (found, not hard-coded).
    let day = addDays(localDateOf(Date.now(), NY), 2);
    while (!(offsetMinutes(at(day, '12:00'), NY) > offsetMinutes(at(day, '00:00'), NY))) day = addDays(day, 1);
    const u = await createUser(t.app, { firstName: 'Night owl' });
    const night = await createArtist(t.app, {
      userId: u.id,
      timezone: NY,
      workingHours: { [isoWeekday(day)]: [['00:00', '04:00']] },
      bufferMinutes: 0,
      minNoticeHours: 0,
      maxAdvanceDays: 365,
      services: [{ name: 'Hour session', kind: 'tattoo', durationMinutes: 60 }],
    });
    const res = await getAvailability(visitor, night.id, `from=${dateKey(day)}&to=${dateKey(day)}`);
    expect(res.statusCode, res.body).toBe(200);
    const slots = (res.json() as TAvailability).slots;
    // Half-hour grid: 00:00, 00:30, 01:00 (ends 03:00 EDT, one real hour later), then 03:00 onwards; 01:30 would end at 03:30 — fine too.
    expect(slots.map((s) => wall(s.startsAt))).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00'].map((h) => `${dateKey(day)} ${h}`));
    for (const s of slots) expect(Date.parse(s.endsAt) - Date.parse(s.startsAt)).toBe(3_600_000);
    expect(slots[2]!.startsAt).toBe(at(day, '01:00').toISOString());
    expect(wall(slots[2]!.endsAt)).toBe(`${dateKey(day)} 03:00`);
  });

  it('answers bad queries with 400, and unknown artists or foreign services with 404', async () => {
    const today = dateKey(localDateOf(Date.now(), NY));
    const far = dateKey(addDays(parseDateKey(today)!, 63));
    for (const qs of ['from=2027-02-30', 'from=yesterday', `from=${today}&to=${far}`, `from=${far}&to=${today}`, 'serviceId=abc', 'limit=0', 'colour=red']) {
      const res = await getAvailability(visitor, owner.artistId, qs);
      expect(res.statusCode, qs).toBe(400);
      expect((res.json() as { message: string }).message.length, qs).toBeGreaterThan(5);
    }
    expect((await getAvailability(visitor, owner.artistId, `from=${today}&to=${dateKey(addDays(parseDateKey(today)!, 62))}`)).statusCode).toBe(200);
    expect((await getAvailability(visitor, owner.artistId, `serviceId=${otherArtist.serviceId}`)).statusCode).toBe(404);
    expect((await getAvailability(visitor, owner.artistId, `serviceId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await getAvailability(visitor, randomUUID(), '')).statusCode).toBe(404);
    expect((await getAvailability(visitor, 'no-such-artist', '')).statusCode).toBe(404);
  });

  it('serves guest-spot days in the guest city zone, labelled with the place', async () => {
    const thursday = nextWeekday('4', 21);
    const res = await owner.client.post(`/api/artists/${owner.artistId}/guest-spots`, { cityId: 'berlin-de', venue: 'Blackout Ink', startsOn: dateKey(thursday), endsOn: dateKey(thursday) });
    expect(res.statusCode, res.body).toBe(201);
    const spot = res.json() as TGuestSpot;
    expect(spot).toMatchObject({ city: 'Berlin', country: 'DE', timezone: 'Europe/Berlin', cityId: 'berlin-de', venue: 'Blackout Ink' });
    const body = (await getAvailability(visitor, owner.artistId, `from=${dateKey(thursday)}&to=${dateKey(addDays(thursday, 1))}&serviceId=${owner.sessionId}`)).json() as TAvailability;
    const berlin = body.slots.filter((s) => s.location);
    expect(berlin.length).toBeGreaterThan(0);
    expect(berlin[0]).toMatchObject({ startsAt: at(thursday, '10:00', 'Europe/Berlin').toISOString(), location: { city: 'Berlin', country: 'DE', venue: 'Blackout Ink', timezone: 'Europe/Berlin' } });
    expect(body.slots.filter((s) => !s.location).every((s) => wall(s.startsAt).startsWith(dateKey(addDays(thursday, 1))))).toBe(true);
    // One city at a time.
    const clash = await owner.client.post(`/api/artists/${owner.artistId}/guest-spots`, { cityId: 'paris-fr', startsOn: dateKey(thursday), endsOn: dateKey(addDays(thursday, 2)) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Berlin');
    expect((await owner.client.delete(`/api/artists/${owner.artistId}/guest-spots/${spot.id}`)).statusCode).toBe(204);
  });
});

describe('availability settings', () => {
  const settingsUrl = () => `/api/artists/${owner.artistId}/availability-settings`;
  const valid = { bufferMinutes: 30, minNoticeHours: 48, maxAdvanceDays: 120, weeklyHours: { '1': [['09:00', '12:00'], ['13:00', '17:00']], '6': [['10:00', '14:00']] } };

  it('lets the owner read and replace buffer, notice, advance and weekly hours, and the slots follow at once', async () => {
    const before = await owner.client.get(settingsUrl());
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ artistId: owner.artistId, timezone: NY, bufferMinutes: 15, minNoticeHours: 24, maxAdvanceDays: 365 });
    const saturday = nextWeekday('6', 7);
    const firstBefore = (await getAvailability(visitor, owner.artistId, `from=${dateKey(saturday)}&to=${dateKey(saturday)}`)).json() as TAvailability;
    expect(firstBefore.slots).toEqual([]);

    const res = await owner.client.request('PUT', settingsUrl(), valid);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TAvailabilitySettings;
    expect(saved).toMatchObject({ bufferMinutes: 30, minNoticeHours: 48, maxAdvanceDays: 120, weeklyHours: valid.weeklyHours });
    const after = (await getAvailability(visitor, owner.artistId, `from=${dateKey(saturday)}&to=${dateKey(saturday)}`)).json() as TAvailability;
    expect(after.slots.map((s) => wall(s.startsAt))).toEqual(halfHours('10:00', '14:00').map((h) => `${dateKey(saturday)} ${h}`));
    // Put the hours back for the other tests.
    await owner.client.request('PUT', settingsUrl(), { bufferMinutes: 15, minNoticeHours: 24, maxAdvanceDays: 365, weeklyHours: WEEKDAYS_10_TO_18 });
  });

  it('refuses values outside the platform bounds with 400', async () => {
    for (const body of [
      { ...valid, bufferMinutes: 121 },
      { ...valid, bufferMinutes: -1 },
      { ...valid, minNoticeHours: 337 },
      { ...valid, maxAdvanceDays: 6 },
      { ...valid, maxAdvanceDays: 366 },
      { ...valid, bufferMinutes: 10.5 },
      { ...valid, weeklyHours: { '1': [['09:00', '12:00'], ['11:00', '13:00']] } },
      { ...valid, weeklyHours: { '1': [['17:00', '09:00']] } },
      { ...valid, weeklyHours: { '8': [['09:00', '12:00']] } },
      { ...valid, weeklyHours: { '1': [['9am', '12:00']] } },
      { bufferMinutes: 15 },
      { ...valid, extra: true },
    ]) {
      const res = await owner.client.request('PUT', settingsUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('adds and removes time off and guest spots, with clear 400s for bad input', async () => {
    const start = nextWeekday('1', 40);
    const created = await owner.client.post(`/api/artists/${owner.artistId}/time-off`, { startsOn: dateKey(start), endsOn: dateKey(addDays(start, 6)), reason: 'Holiday' });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json() as TTimeOff;
    expect(entry).toMatchObject({ startsOn: dateKey(start), endsOn: dateKey(addDays(start, 6)), reason: 'Holiday' });
    const settings = (await owner.client.get(settingsUrl())).json() as TAvailabilitySettings;
    expect(settings.timeOff.map((e) => e.id)).toContain(entry.id);
    const week = (await getAvailability(visitor, owner.artistId, `from=${dateKey(start)}&to=${dateKey(addDays(start, 6))}`)).json() as TAvailability;
    expect(week.slots).toEqual([]);
    expect((await owner.client.delete(`/api/artists/${owner.artistId}/time-off/${entry.id}`)).statusCode).toBe(204);
    expect((await owner.client.delete(`/api/artists/${owner.artistId}/time-off/${entry.id}`)).statusCode).toBe(404);
    const reopened = (await getAvailability(visitor, owner.artistId, `from=${dateKey(start)}&to=${dateKey(addDays(start, 6))}`)).json() as TAvailability;
    expect(reopened.slots.length).toBeGreaterThan(0);

    for (const body of [
      { startsOn: '2027-02-30', endsOn: '2027-03-01' },
      { startsOn: dateKey(addDays(start, 2)), endsOn: dateKey(start) },
      { startsOn: '2020-01-01', endsOn: '2020-01-02' },
      { startsOn: dateKey(start), endsOn: dateKey(addDays(start, 400)) },
      { startsOn: dateKey(start) },
    ]) {
      const res = await owner.client.post(`/api/artists/${owner.artistId}/time-off`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      { cityId: 'atlantis-xx', startsOn: dateKey(start), endsOn: dateKey(start) },
      { cityId: 'berlin-de', startsOn: dateKey(addDays(start, 1)), endsOn: dateKey(start) },
      { cityId: 'berlin-de', startsOn: dateKey(start), endsOn: dateKey(addDays(start, 200)) },
      { cityId: 'berlin-de', timezone: 'Mars/Olympus', startsOn: dateKey(start), endsOn: dateKey(start) },
    ]) {
      const res = await owner.client.post(`/api/artists/${owner.artistId}/guest-spots`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  describe('authorization matrix', () => {
    type Who = 'visitor' | 'other client' | 'other artist' | 'owner' | 'admin';
    const clients = (): Record<Who, TestClient> => ({ visitor, 'other client': otherUser.client, 'other artist': otherArtist.client, owner: owner.client, admin: admin.client });
    const expected: Record<Who, 'ok' | 401 | 403> = { visitor: 401, 'other client': 403, 'other artist': 403, owner: 'ok', admin: 'ok' };
    const later = () => nextWeekday('3', 60);

    for (const who of ['visitor', 'other client', 'other artist', 'owner', 'admin'] as Who[]) {
      it(`${who}: settings, time off and guest spots`, async () => {
        const c = clients()[who];
        const want = expected[who];
        const base = `/api/artists/${owner.artistId}`;
        const check = (status: number, ok: number) => expect(status).toBe(want === 'ok' ? ok : want);

        check((await c.get(`${base}/availability-settings`)).statusCode, 200);
        check((await c.request('PUT', `${base}/availability-settings`, { bufferMinutes: 15, minNoticeHours: 24, maxAdvanceDays: 365, weeklyHours: WEEKDAYS_10_TO_18 })).statusCode, 200);

        // Entries to delete are made by the owner, so every actor tries a real one.
        const off = (await owner.client.post(`${base}/time-off`, { startsOn: dateKey(later()), endsOn: dateKey(later()) })).json() as TTimeOff;
        const madeOff = await c.post(`${base}/time-off`, { startsOn: dateKey(addDays(later(), 1)), endsOn: dateKey(addDays(later(), 1)) });
        check(madeOff.statusCode, 201);
        check((await c.delete(`${base}/time-off/${off.id}`)).statusCode, 204);

        const day = addDays(later(), 7 + ['visitor', 'other client', 'other artist', 'owner', 'admin'].indexOf(who) * 3);
        const spot = (await owner.client.post(`${base}/guest-spots`, { cityId: 'chicago-us', startsOn: dateKey(day), endsOn: dateKey(day) })).json() as TGuestSpot;
        expect(spot.id).toBeTruthy();
        check((await c.post(`${base}/guest-spots`, { cityId: 'austin-us', startsOn: dateKey(addDays(day, 1)), endsOn: dateKey(addDays(day, 1)) })).statusCode, 201);
        check((await c.delete(`${base}/guest-spots/${spot.id}`)).statusCode, 204);

        // Without permission, a bad body is still 401/403 (nothing is revealed); with it, 400.
        check((await c.request('PUT', `${base}/availability-settings`, { bufferMinutes: 999 })).statusCode, 400);
        // An unknown artist is 404 for anyone signed in.
        if (who !== 'visitor') expect((await c.get(`/api/artists/${randomUUID()}/availability-settings`)).statusCode).toBe(404);
        // Another artist's entry id under the owner's path is not found.
        if (want === 'ok') expect((await c.delete(`${base}/time-off/${randomUUID()}`)).statusCode).toBe(404);
      });
    }

    it('the other artist manages their own settings', async () => {
      expect((await otherArtist.client.get(`/api/artists/${otherArtist.artistId}/availability-settings`)).statusCode).toBe(200);
      expect((await owner.client.get(`/api/artists/${otherArtist.artistId}/availability-settings`)).statusCode).toBe(403);
    });

    it('every mutation needs the CSRF token', async () => {
      const res = await owner.client.request('PUT', `/api/artists/${owner.artistId}/availability-settings`, { bufferMinutes: 15, minNoticeHours: 24, maxAdvanceDays: 365, weeklyHours: {} }, { 'x-csrf-token': undefined });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('reused availability answers', () => {
  it('are never served once the schedule changed, whoever changed it (here: plain SQL, as another process would)', async () => {
    const { db } = t.app.ctx.database;
    const day = nextWeekday('3', 28);
    const qs = `from=${dateKey(day)}&to=${dateKey(day)}&serviceId=${owner.consultationId}`;
    const ask = async () => {
      const res = await getAvailability(visitor, owner.artistId, qs);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TAvailability).slots.map((s) => wall(s.startsAt));
    };
    const open = halfHours('10:00', '18:00').map((h) => `${dateKey(day)} ${h}`);
    expect(await ask()).toEqual(open);
    expect(await ask()).toEqual(open);

    await book(owner.artistId, owner.sessionId, at(day, '10:00'), 240, 'confirmed');
    const busy = await ask();
    expect(busy[0]).toBe(`${dateKey(day)} 14:30`);
    await db.update(bookings).set({ status: 'cancelled_by_artist' }).where(and(eq(bookings.artistId, owner.artistId), eq(bookings.startsAt, at(day, '10:00'))));
    expect(await ask()).toEqual(open);

    const [off] = await db.insert(artistTimeOff).values({ artistId: owner.artistId, startsOn: dateKey(day), endsOn: dateKey(day) }).returning();
    expect(await ask()).toEqual([]);
    await db.delete(artistTimeOff).where(eq(artistTimeOff.id, off!.id));
    expect(await ask()).toEqual(open);

    await db.update(artistProfiles).set({ workingHours: { ...WEEKDAYS_10_TO_18, '3': [['12:00', '14:00']] } }).where(eq(artistProfiles.id, owner.artistId));
    expect(await ask()).toEqual(halfHours('12:00', '14:00').map((h) => `${dateKey(day)} ${h}`));
    await db.update(artistProfiles).set({ workingHours: WEEKDAYS_10_TO_18 }).where(eq(artistProfiles.id, owner.artistId));
    expect(await ask()).toEqual(open);

    await db.update(services).set({ active: false }).where(eq(services.id, owner.consultationId));
    expect((await getAvailability(visitor, owner.artistId, qs)).statusCode).toBe(404);
    await db.update(services).set({ active: true }).where(eq(services.id, owner.consultationId));
    expect(await ask()).toEqual(open);
  });

  it('drop slots that pass into the minimum notice while reused, exactly as a fresh answer would', async () => {
    // A Friday: the first test leaves the Tuesday 8–14 days ahead off, which this day would be whenever today is a Tuesday.
    const day = dateKey(nextWeekday('5', 14));
    const query = { from: day, to: day, serviceId: owner.consultationId };
    const slots = ((await getAvailability(visitor, owner.artistId, `from=${day}&to=${day}&serviceId=${owner.consultationId}`)).json() as TAvailability).slots;
    expect(slots.length).toBeGreaterThan(2);
    // "Now" 10 s before the first slot enters the 24 h notice, then just after (the answer is reused),
    // then after the second slot entered it too (half an hour later: computed again).
    const noticeMs = 24 * 3_600_000;
    const start = Date.parse(slots[0]!.startsAt) - noticeMs - 10_000;
    const { ctx } = t.app;
    expect((await getPublicAvailability(ctx, owner.artistId, query, start)).slots.map((s) => s.startsAt)).toEqual(slots.map((s) => s.startsAt));
    for (const later of [start + 10_001, Date.parse(slots[1]!.startsAt) - noticeMs + 1]) {
      const reused = await getPublicAvailability(ctx, owner.artistId, query, later);
      expect(reused).toEqual(await computeAvailabilityNow(ctx, owner.artistId, query, later));
      expect(reused.slots[0]!.startsAt).not.toBe(slots[0]!.startsAt);
    }
  });
});

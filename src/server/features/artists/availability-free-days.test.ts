import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { addDays, dateKey, isoWeekday, localDateOf, zonedTimeToUtc, type LocalDate } from '../../../shared/zoned-time.ts';
import { queryRows } from '../../db/client.ts';
import { artistProfiles, artistTimeOff, bookings, users } from '../../db/schema/index.ts';
import { getAvailability } from '../availability/service.ts';

/**
 * Availability search answers from precomputed free days (artist_free_days, free-days.ts). These
 * tests change the schedule the way any writer does — rows in bookings, artist_time_off and
 * artist_profiles, whose triggers bump the availability version in the same transaction — and check
 * that the very next date search is right (the stale row is not read; the engine answers and the
 * row is recomputed) and that the search after it, answered from the recomputed row, agrees with
 * the slot engine.
 */

const NY = 'America/New_York';
let t: TestApp;
let c: TestClient;
let artist: Awaited<ReturnType<typeof createArtist>>;
let clientId: string;
let day: LocalDate;

type Item = { id: string; firstAvailableAt?: string };
const search = async (qs: string) => {
  const res = await c.get(`/api/artists?${qs}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json() as { items: Item[] }).items;
};
const at = (time: string) => zonedTimeToUtc(day, time, NY).toISOString();
const db = () => t.app.ctx.database.db;

/** The artist's first free start on `day` by a date search (null: not in the results). */
async function searchedFirst(): Promise<string | null> {
  const items = await search(`availableFrom=${dateKey(day)}&availableTo=${dateKey(day)}&city=Free+Falls`);
  const mine = items.find((i) => i.id === artist.id);
  return mine ? new Date(mine.firstAvailableAt!).toISOString() : null;
}

/** The same question put to the slot engine directly. */
async function engineFirst(): Promise<string | null> {
  const answer = await getAvailability(t.app.ctx, artist.id, { from: dateKey(day), to: dateKey(day), serviceId: artist.services[0]!.id });
  return answer.slots[0]?.startsAt ?? null;
}

/** Whether the artist's free-days row is current (computed at the artist's availability version). */
async function rowCurrent(): Promise<boolean> {
  const [row] = await queryRows<{ current: boolean }>(
    db(),
    sql`SELECT fd.version = coalesce(av.version, 0) AS current FROM artist_free_days fd LEFT JOIN availability_versions av ON av.artist_id = fd.artist_id WHERE fd.artist_id = ${artist.id}`,
  );
  return row?.current === true;
}

/** Asks twice: the first search finds the row stale (engine, then recomputed), the second reads the row. Both must agree with the engine. */
async function expectFirst(expected: string | null): Promise<void> {
  expect(await engineFirst()).toBe(expected);
  expect(await searchedFirst()).toBe(expected);
  expect(await rowCurrent()).toBe(true);
  expect(await searchedFirst()).toBe(expected);
}

async function book(from: string, to: string): Promise<string> {
  const [row] = await db()
    .insert(bookings)
    .values({ artistId: artist.id, clientId, serviceId: artist.services[0]!.id, status: 'confirmed', startsAt: new Date(at(from)), endsAt: new Date(at(to)), depositCents: 15000 })
    .returning({ id: bookings.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  c = new TestClient(t.app);
  const everyDay = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['10:00', '14:00']]])) as Record<string, Array<[string, string]>>;
  artist = await createArtist(t.app, { displayName: 'Fern Free', city: 'Free Falls', timezone: NY, workingHours: everyDay, minNoticeHours: 0, bufferMinutes: 0, services: [{ durationMinutes: 120 }] });
  clientId = randomUUID();
  await db().insert(users).values({ id: clientId, name: 'Client', email: `client-${clientId}@example.test` });
  day = addDays(localDateOf(Date.now(), NY), 5);
});
afterAll(async () => t.close());

describe('date search from precomputed free days', () => {
  it('computes the row on the first search and answers from it afterwards', async () => {
    expect(await rowCurrent()).toBe(false);
    await expectFirst(at('10:00'));
  });

  it('reads the row, not the engine, while the row is current', async () => {
    // A row emptied behind the search's back (same version): the search believes it — proof it reads the row.
    await db().execute(sql`UPDATE artist_free_days SET days = '{}', first_starts = '{}', last_starts = '{}' WHERE artist_id = ${artist.id}`);
    expect(await searchedFirst()).toBeNull();
    // Any schedule change moves the version: the row is stale and the search right again.
    await db().update(artistProfiles).set({ bufferMinutes: 5 }).where(eq(artistProfiles.id, artist.id));
    await db().update(artistProfiles).set({ bufferMinutes: 0 }).where(eq(artistProfiles.id, artist.id));
    await expectFirst(at('10:00'));
  });

  it('stays right after a booking, a cancellation and availability changes', async () => {
    // A booking takes the morning: the first free start moves to noon at once.
    await book('10:00', '12:00');
    expect(await searchedFirst()).toBe(at('12:00'));
    await expectFirst(at('12:00'));

    // Another takes the afternoon: the day is full and the artist drops out of the search.
    const afternoon = await book('12:00', '14:00');
    expect(await searchedFirst()).toBeNull();
    await expectFirst(null);

    // The client cancels the afternoon: the artist is back, free at noon.
    await db().update(bookings).set({ status: 'cancelled_by_client' }).where(eq(bookings.id, afternoon));
    expect(await searchedFirst()).toBe(at('12:00'));
    await expectFirst(at('12:00'));

    // Time off that day: gone; taken back: free again.
    const [off] = await db().insert(artistTimeOff).values({ artistId: artist.id, startsOn: dateKey(day), endsOn: dateKey(day) }).returning({ id: artistTimeOff.id });
    expect(await searchedFirst()).toBeNull();
    await expectFirst(null);
    await db().delete(artistTimeOff).where(eq(artistTimeOff.id, off!.id));
    expect(await searchedFirst()).toBe(at('12:00'));
    await expectFirst(at('12:00'));

    // New hours for that weekday: 15:00–18:00 (the morning booking no longer matters).
    const weekday = isoWeekday(day);
    const hours = { ...(artist.workingHours as Record<string, Array<[string, string]>>), [weekday]: [['15:00', '18:00']] };
    await db().update(artistProfiles).set({ workingHours: hours }).where(eq(artistProfiles.id, artist.id));
    expect(await searchedFirst()).toBe(at('15:00'));
    await expectFirst(at('15:00'));
  });

  it('applies the notice at read time: a day whose free time straddles the cut-off goes to the engine', async () => {
    // The row was computed without notice; a notice that cuts into the day's free time must still be honoured.
    // Free starts that day: 15:00, 15:30, 16:00; a cut-off between 15:00 and 16:00 leaves 15:30 or 16:00.
    const noticeHours = Math.floor((Date.parse(at('16:00')) - Date.now()) / 3_600_000);
    await db().update(artistProfiles).set({ minNoticeHours: noticeHours }).where(eq(artistProfiles.id, artist.id));
    const cutoff = Date.now() + noticeHours * 3_600_000;
    const expected = await engineFirst();
    expect(expected).not.toBeNull();
    expect(Date.parse(expected!)).toBeGreaterThanOrEqual(cutoff);
    expect(Date.parse(expected!)).toBeGreaterThan(Date.parse(at('15:00')));
    await expectFirst(expected);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { createArtist } from '../../../../tests/support/factories.ts';
import { jpegImage, multipartBody, uploadAs, type UploadFile } from '../../../../tests/support/image-fixtures.ts';
import type { BookingPolicySnapshot } from '../../../shared/booking-rules.ts';
import type { TAftercare, TCheckIn } from '../../../shared/contracts/aftercare.ts';
import type { TReviewPage } from '../../../shared/contracts/artists.ts';
import type { TBookingUpload } from '../../../shared/contracts/bookings.ts';
import { localParts } from '../../../shared/zoned-time.ts';
import { aftercarePlans, bookings, jobs, ledgerEntries, mailOutbox, notifications } from '../../db/schema/index.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { scheduledBookingJobs } from '../booking/transitions.ts';

let t: TestApp;
type Actor = { client: TestClient; id: string };
let client: Actor;
let otherClient: Actor;
let admin: Actor;
let visitor: Actor;
let artist: Actor & { artistId: string; tattooId: string; consultationId: string };
let piercer: Actor & { artistId: string; helixId: string; plainId: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => t.app.ctx.database.db;
const ctx = () => t.app.ctx;
let slot = 0;

/** A confirmed, paid booking whose appointment ended `hoursAgo` hours ago. */
async function ended(opts: { artistId: string; serviceId: string; clientId?: string; timezone?: string; hoursAgo?: number }) {
  slot += 1;
  // Three hours apart, so bookings of one artist never overlap; recent, so the plan still has messages ahead.
  const startsAt = new Date(Date.now() - (opts.hoursAgo ?? 3) * HOUR - 2 * HOUR - slot * 3 * HOUR);
  const policy: BookingPolicySnapshot = { depositCents: 15000, currency: 'USD', noticeHours: 48, maxReschedules: 2, depositWindowHours: 48, depositMethod: 'studio', depositInstructions: '' };
  const [row] = await db()
    .insert(bookings)
    .values({
      artistId: opts.artistId,
      clientId: opts.clientId ?? client.id,
      serviceId: opts.serviceId,
      status: 'confirmed',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      clientTimezone: opts.timezone ?? 'America/New_York',
      depositCents: 15000,
      policy,
      depositStatus: 'paid',
    })
    .returning();
  await db().insert(ledgerEntries).values({ bookingId: row!.id, artistId: opts.artistId, kind: 'deposit_paid', method: 'studio', amountCents: 15000, currency: 'USD' });
  return row!;
}

const jobsOf = (prefix: string) => db().select().from(jobs).where(like(jobs.dedupeKey, `${prefix}%`));
const stepJobs = async (bookingId: string) => (await jobsOf(`aftercare.step:${bookingId}:`)).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
const localOf = (at: Date, zone: string) => {
  const p = localParts(at, zone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

async function completeByArtist(b: { id: string }, who: Actor = artist) {
  const res = await who.client.post(`/api/bookings/${b.id}/complete`, {});
  expect(res.statusCode, res.body).toBe(200);
}

/** Run what is due now (the plan job), then return the plan's step jobs. */
async function runPlan(bookingId: string) {
  await runDueJobs(ctx(), { now: new Date() });
  return stepJobs(bookingId);
}

beforeAll(async () => {
  t = await createTestApp();
  const u = async (firstName: string, isAdmin = false): Promise<Actor> => {
    const made = await createUser(t.app, { firstName, isAdmin });
    return { client: made.client, id: made.id };
  };
  client = await u('Robin');
  otherClient = await u('Sasha');
  admin = await u('Admin', true);
  visitor = { client: new TestClient(t.app), id: '' };
  const a = await u('Mara');
  const aProfile = await createArtist(t.app, {
    userId: a.id,
    services: [
      { name: 'Half-day session', kind: 'tattoo', healingTime: '2-4 weeks' },
      { name: 'Design consultation', kind: 'consultation', durationMinutes: 30, priceMinCents: 0, priceMaxCents: 0, depositCents: 0, aftercareRequired: false },
    ],
  });
  artist = { ...a, artistId: aProfile.id, tattooId: aProfile.services[0]!.id, consultationId: aProfile.services[1]!.id };
  const p = await u('Pia');
  const pProfile = await createArtist(t.app, {
    userId: p.id,
    kind: 'piercing',
    services: [
      { name: 'Helix piercing', kind: 'piercing', difficulty: 'Intermediate', durationMinutes: 30, priceMinCents: 5000, priceMaxCents: 8000, depositCents: 10000, piercingStyle: 'helix', healingTime: '6-12 months' },
      { name: 'Piercing', kind: 'piercing', difficulty: 'Beginner', durationMinutes: 20, priceMinCents: 4000, priceMaxCents: 6000, depositCents: 10000 },
    ],
  });
  piercer = { ...p, artistId: pProfile.id, helixId: pProfile.services[0]!.id, plainId: pProfile.services[1]!.id };
});
afterAll(async () => t?.close());

describe('the plan a completed session gets', () => {
  it('tattoo: completing enqueues the plan through the booking event; its messages go out at 09:00 in the client zone on days 1, 4, 15 and 29', async () => {
    const b = await ended({ artistId: artist.artistId, serviceId: artist.tattooId, timezone: 'Asia/Tokyo' });
    await completeByArtist(b);
    const [planJob] = await jobsOf(`aftercare.plan:${b.id}`);
    expect(planJob).toMatchObject({ kind: 'aftercare.plan', status: 'pending' });
    const steps = await runPlan(b.id);
    expect(steps.map((j) => (j.payload as { stepId: string }).stepId)).toEqual(['tattoo-days-1-3', 'tattoo-days-4-14', 'tattoo-weeks-2-4', 'healed']);
    // Day 1 had passed by 09:00 Tokyo time or is today: either way it is due no later than its time; the rest wait for 09:00 local.
    const dayOne = Date.UTC(localParts(b.startsAt, 'Asia/Tokyo').year, localParts(b.startsAt, 'Asia/Tokyo').month - 1, localParts(b.startsAt, 'Asia/Tokyo').day);
    for (const [i, day] of [[1, 4], [2, 15], [3, 29]] as const) {
      const at = steps[i]!.runAt;
      expect(localOf(at, 'Asia/Tokyo')).toBe('09:00');
      const p = localParts(at, 'Asia/Tokyo');
      expect((Date.UTC(p.year, p.month - 1, p.day) - dayOne) / DAY + 1).toBe(day);
    }
    const [plan] = await db().select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, b.id));
    expect(plan).toMatchObject({ kind: 'tattoo', timezone: 'Asia/Tokyo', healingMin: 2, healingMax: 4, healingUnit: 'weeks' });
  });

  it('piercing: the style range sets the end, and months-long plans keep 09:00 local across the DST change', async () => {
    const b = await ended({ artistId: piercer.artistId, serviceId: piercer.helixId, timezone: 'America/New_York' });
    await completeByArtist(b, piercer);
    const steps = await runPlan(b.id);
    expect(steps.map((j) => (j.payload as { stepId: string }).stepId)).toEqual(['piercing-routine', 'piercing-day-4', 'piercing-week-2', 'piercing-looks-healed', 'healed']);
    const offsets = new Set<number>();
    for (const j of steps.slice(1)) {
      expect(localOf(j.runAt, 'America/New_York')).toBe('09:00');
      offsets.add(j.runAt.getUTCHours());
    }
    // Six and twelve months on, New York is on summer and winter time: 13:00 and 14:00 UTC.
    expect(offsets.size).toBe(2);
    const [plan] = await db().select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, b.id));
    expect(plan).toMatchObject({ kind: 'piercing', styleName: 'Helix', healingMin: 6, healingMax: 12, healingUnit: 'months' });
    // The routine message states the spec's rules.
    const routineAt = steps[0]!.runAt;
    await runDueJobs(ctx(), { now: new Date(Math.max(routineAt.getTime(), Date.now())) });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `aftercare.step:${b.id}:piercing-routine:${client.id}`));
    expect(mail!.textBody).toContain('1-2 times daily and no more than twice');
    expect(mail!.textBody).toContain('0.9%');
    expect(mail!.textBody).toContain('ten minutes');
    expect(mail!.textBody).toContain('6-12 months');
  });

  it('a piercing without a style uses the service healing time, else 4 weeks to 12 months', async () => {
    const b = await ended({ artistId: piercer.artistId, serviceId: piercer.plainId, timezone: 'Europe/Berlin' });
    await completeByArtist(b, piercer);
    await runPlan(b.id);
    const [plan] = await db().select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, b.id));
    expect(plan).toMatchObject({ healingMin: 4, healingMax: 52, healingUnit: 'weeks', styleName: null });
  });

  it('a session that completes by itself after the grace period gets its plan too', async () => {
    const b = await ended({ artistId: artist.artistId, serviceId: artist.tattooId, hoursAgo: 73 });
    await enqueueJobs(db(), scheduledBookingJobs(b, Date.now()));
    await runDueJobs(ctx(), { now: new Date() });
    expect((await db().select().from(bookings).where(eq(bookings.id, b.id)))[0]!.status).toBe('completed');
    // Three days on, the days 1-3 message is out of date: the plan starts with days 4-14.
    expect((await runPlan(b.id)).map((j) => (j.payload as { stepId: string }).stepId)).toEqual(['tattoo-days-4-14', 'tattoo-weeks-2-4', 'healed']);
  });

  it('consultations, cancelled and missed appointments get none', async () => {
    const consult = await ended({ artistId: artist.artistId, serviceId: artist.consultationId });
    await completeByArtist(consult);
    expect(await runPlan(consult.id)).toEqual([]);
    expect(await db().select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, consult.id))).toEqual([]);
    const missed = await ended({ artistId: artist.artistId, serviceId: artist.tattooId });
    expect((await artist.client.post(`/api/bookings/${missed.id}/no-show`, {})).statusCode).toBe(200);
    expect(await jobsOf(`aftercare.plan:${missed.id}`)).toEqual([]);
    const cancelled = await ended({ artistId: artist.artistId, serviceId: artist.tattooId });
    await db().update(bookings).set({ status: 'cancelled_by_client' }).where(eq(bookings.id, cancelled.id));
    expect(await jobsOf(`aftercare.plan:${cancelled.id}`)).toEqual([]);
  });

  it('is idempotent: the plan job and a message job that run twice make one plan and send once', async () => {
    const b = await ended({ artistId: artist.artistId, serviceId: artist.tattooId, timezone: 'UTC' });
    await completeByArtist(b);
    const first = await runPlan(b.id);
    await db().update(jobs).set({ status: 'pending', runAt: new Date(), finishedAt: null }).where(eq(jobs.dedupeKey, `aftercare.plan:${b.id}`));
    const again = await runPlan(b.id);
    expect(again.map((j) => j.id)).toEqual(first.map((j) => j.id));
    expect(await db().select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, b.id))).toHaveLength(1);

    const step = first[1]!;
    await runDueJobs(ctx(), { now: step.runAt });
    await db().update(jobs).set({ status: 'pending', finishedAt: null }).where(eq(jobs.id, step.id));
    await runDueJobs(ctx(), { now: step.runAt });
    const key = `aftercare.step:${b.id}:tattoo-days-4-14:${client.id}`;
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key))).toHaveLength(1);
    const notices = await db().select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.title, 'Days 4-14: peeling and itching')));
    expect(notices.filter((n) => n.actionUrl === `/bookings/${b.id}/aftercare`)).toHaveLength(1);
  });

  it('invites a healed-result follow-up at the end, which goes on the review once healing is over', async () => {
    const b = await ended({ artistId: artist.artistId, serviceId: artist.tattooId, timezone: 'UTC' });
    await completeByArtist(b);
    const steps = await runPlan(b.id);
    const healed = steps.at(-1)!;
    const early = await client.client.post(`/api/bookings/${b.id}/healed-follow-up`, { note: 'Healed beautifully, lines are crisp.' });
    expect(early.statusCode).toBe(409);
    // Healing is over: the plan is moved back a month (as if the session was then).
    const [plan] = await db().select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, b.id));
    const monthEarlier = new Date(Date.parse(`${plan!.dayOne}T00:00:00Z`) - 40 * DAY).toISOString().slice(0, 10);
    await db().update(aftercarePlans).set({ dayOne: monthEarlier }).where(eq(aftercarePlans.bookingId, b.id));
    await runDueJobs(ctx(), { now: new Date(Math.max(healed.runAt.getTime(), Date.now())) });
    const invite = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `aftercare.step:${b.id}:healed:${client.id}`));
    expect(invite[0]!.subject).toMatch(/healed/i);
    const aftercare = (await client.client.get(`/api/bookings/${b.id}/aftercare`)).json() as TAftercare;
    expect(aftercare.healed).toEqual({ due: true, reviewed: false, followUp: null });
    const noReview = await client.client.post(`/api/bookings/${b.id}/healed-follow-up`, { note: 'Healed beautifully, lines are crisp.' });
    expect(noReview.statusCode).toBe(409);
    expect(noReview.json().message).toMatch(/Review the booking first/);
    const review = await client.client.post('/api/reviews', { bookingId: b.id, ratingValue: 5, headline: 'Great work', reviewBody: 'Careful, clean and kind: the linework is exactly what I asked for.' });
    expect(review.statusCode, review.body).toBe(201);
    expect((await artist.client.post(`/api/bookings/${b.id}/healed-follow-up`, { note: 'Not mine to write here.' })).statusCode).toBe(403);
    expect((await client.client.post(`/api/bookings/${b.id}/healed-follow-up`, { note: 'short' })).statusCode).toBe(400);
    const ok = await client.client.post(`/api/bookings/${b.id}/healed-follow-up`, { note: 'Healed beautifully, lines are crisp.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TAftercare).healed.followUp?.note).toBe('Healed beautifully, lines are crisp.');
    expect((await client.client.post(`/api/bookings/${b.id}/healed-follow-up`, { note: 'Another follow-up note.' })).statusCode).toBe(409);
    const page = (await visitor.client.get(`/api/artists/${artist.artistId}/reviews`)).json() as TReviewPage;
    expect(page.items.find((r) => r.healedFollowUp)?.healedFollowUp?.body).toBe('Healed beautifully, lines are crisp.');
  });
});

describe('healing check-ins', () => {
  let booking: { id: string };
  let otherBookingSameArtist: { id: string };
  let otherArtist: Actor & { artistId: string };

  beforeAll(async () => {
    booking = await ended({ artistId: artist.artistId, serviceId: artist.tattooId, timezone: 'UTC' });
    await completeByArtist(booking);
    await runPlan(booking.id);
    otherBookingSameArtist = await ended({ artistId: artist.artistId, serviceId: artist.tattooId, clientId: otherClient.id });
    await completeByArtist(otherBookingSameArtist);
    await runPlan(otherBookingSameArtist.id);
    const o = await createUser(t.app, { firstName: 'Olek' });
    const oProfile = await createArtist(t.app, { userId: o.id });
    otherArtist = { client: o.client, id: o.id, artistId: oProfile.id };
  });

  const checkIn = (extra: Record<string, unknown> = {}) => ({ clientCheckInId: randomUUID(), feeling: 4, note: 'Peeling a little, itchy but fine.', ...extra });

  it('the client files one with a photo; the artist and admins see it; a retry stores it once', async () => {
    const upload = await uploadAs(client.client, '/api/bookings/uploads', { kind: 'healing' }, { data: await jpegImage(), filename: 'day5.jpg' });
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json() as TBookingUpload;
    const body = checkIn({ photoIds: [photo.id] });
    const res = await client.client.post(`/api/bookings/${booking.id}/check-ins`, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as TCheckIn;
    expect(made).toMatchObject({ feeling: 4, warningSigns: [], photos: [{ id: photo.id, kind: 'healing' }] });
    const retry = await client.client.post(`/api/bookings/${booking.id}/check-ins`, body);
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as TCheckIn).id).toBe(made.id);
    for (const who of [artist, admin, client]) {
      const seen = await who.client.get(`/api/bookings/${booking.id}/aftercare`);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect((seen.json() as TAftercare).checkIns.map((c) => c.id)).toEqual([made.id]);
      expect((await who.client.get(photo.url)).statusCode).toBe(200);
    }
    // The healing photo is not one of the request's reference photos.
    expect(((await artist.client.get(`/api/bookings/${booking.id}`)).json() as { images: unknown[] }).images).toEqual([]);
  });

  it('authorization: visitor 401; other client, other artist and the artist of another booking 404; the artist and admins cannot file one', async () => {
    const get = (who: Actor, id = booking.id) => who.client.get(`/api/bookings/${id}/aftercare`);
    const post = (who: Actor, id = booking.id) => who.client.post(`/api/bookings/${id}/check-ins`, checkIn());
    expect((await get(visitor)).statusCode).toBe(401);
    expect((await post(visitor)).statusCode).toBe(401);
    for (const who of [otherClient, otherArtist]) {
      expect((await get(who)).statusCode).toBe(404);
      expect((await post(who)).statusCode).toBe(404);
    }
    // The other client's booking with the same artist: its artist sees it, this client does not.
    expect((await get(artist, otherBookingSameArtist.id)).statusCode).toBe(200);
    expect((await get(client, otherBookingSameArtist.id)).statusCode).toBe(404);
    expect((await post(client, otherBookingSameArtist.id)).statusCode).toBe(404);
    expect((await get(otherArtist, otherBookingSameArtist.id)).statusCode).toBe(404);
    expect((await post(artist)).statusCode).toBe(403);
    expect((await post(admin)).statusCode).toBe(403);
    const list = ((await get(client)).json() as TAftercare).checkIns;
    for (const p of list.flatMap((c) => c.photos)) {
      expect((await visitor.client.get(p.url)).statusCode).toBe(401);
      expect((await otherClient.client.get(p.url)).statusCode).toBe(404);
      expect((await otherArtist.client.get(p.url)).statusCode).toBe(404);
    }
    expect((await get(client, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx and writes nothing; photos must be the client’s own unused healing uploads', async () => {
    const count = async () => ((await client.client.get(`/api/bookings/${booking.id}/aftercare`)).json() as TAftercare).checkIns.length;
    const before = await count();
    for (const bad of [{ feeling: 9 }, { feeling: 3, symptoms: ['sunburn'] }, { clientCheckInId: 'x' }, { feeling: 3, note: 'a\u0000b' }, { feeling: 3, photoIds: Array.from({ length: 5 }, () => randomUUID()) }]) {
      const res = await client.client.post(`/api/bookings/${booking.id}/check-ins`, { ...checkIn(), ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    const reference = (await uploadAs(client.client, '/api/bookings/uploads', { kind: 'reference' }, { data: await jpegImage(), filename: 'r.jpg' })).json() as TBookingUpload;
    const stranger = (await uploadAs(otherClient.client, '/api/bookings/uploads', { kind: 'healing' }, { data: await jpegImage(), filename: 's.jpg' })).json() as TBookingUpload;
    for (const id of [reference.id, stranger.id]) {
      const res = await client.client.post(`/api/bookings/${booking.id}/check-ins`, checkIn({ photoIds: [id] }));
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toBe(before);
    // A booking that is not completed has no plan yet.
    const upcoming = await ended({ artistId: artist.artistId, serviceId: artist.tattooId });
    expect((await client.client.post(`/api/bookings/${upcoming.id}/check-ins`, checkIn())).statusCode).toBe(409);
  });

  it('flags warning signs and keeps them with the check-in', async () => {
    const res = await client.client.post(`/api/bookings/${booking.id}/check-ins`, checkIn({ feeling: 2, symptoms: ['pus', 'fever'], note: 'Thick yellow stuff since yesterday.' }));
    expect(res.statusCode).toBe(201);
    expect((res.json() as TCheckIn).warningSigns).toEqual(['Pus or thick yellow, green or grey discharge', 'Fever, chills or feeling unwell']);
    const words = await client.client.post(`/api/bookings/${booking.id}/check-ins`, checkIn({ feeling: 2, note: 'I see red streaks going up my arm' }));
    expect((words.json() as TCheckIn).warningSigns).toEqual(['What you described']);
    const seen = ((await artist.client.get(`/api/bookings/${booking.id}/aftercare`)).json() as TAftercare).checkIns;
    expect(seen.filter((c) => c.warningSigns.length > 0)).toHaveLength(2);
  });

  it('the form posted without JavaScript: photos in the same post, 303 back to the page; refusals; only the client, same-origin', async () => {
    const formPost = async (who: Actor, fields: Record<string, string>, files: UploadFile[] = [], site = 'same-origin') => {
      const { payload, contentType } = multipartBody(fields, files);
      return t.app.inject({ method: 'POST', url: `/bookings/${booking.id}/aftercare`, payload, headers: { cookie: who.client.cookieHeader(), 'content-type': contentType, 'sec-fetch-site': site } });
    };
    const photo = async (): Promise<UploadFile> => ({ data: await jpegImage(), filename: 'today.jpg', field: 'photos' });
    const before = ((await client.client.get(`/api/bookings/${booking.id}/aftercare`)).json() as TAftercare).checkIns.length;

    // No feeling chosen: refused (the JSON error here; the server with pages draws the page again).
    const refused = await formPost(client, { note: 'Forgot the feeling', 'symptom.pus': 'on' }, [await photo()]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const res = await formPost(client, { feeling: '2', 'symptom.pus': 'on', note: 'Sent without JavaScript.' }, [await photo(), await photo()]);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/bookings/${booking.id}/aftercare?done=check-in-sent`);
    const after = ((await artist.client.get(`/api/bookings/${booking.id}/aftercare`)).json() as TAftercare).checkIns;
    expect(after).toHaveLength(before + 1);
    const made = after.find((c) => c.note === 'Sent without JavaScript.')!;
    expect(made).toMatchObject({ feeling: 2, symptoms: ['pus'] });
    expect(made.photos).toHaveLength(2);
    expect(made.warningSigns.length).toBeGreaterThan(0);

    // Five photos are one too many; a visitor signs in first; the artist may not; another site may not post it.
    expect((await formPost(client, { feeling: '4' }, await Promise.all([1, 2, 3, 4, 5].map(photo)))).statusCode).toBe(400);
    const anon = await formPost(visitor, { feeling: '4' });
    expect(anon.statusCode).toBe(303);
    expect(anon.headers.location).toBe(`/api/login?returnTo=${encodeURIComponent(`/bookings/${booking.id}/aftercare`)}`);
    expect((await formPost(artist, { feeling: '4' })).statusCode).toBe(403);
    expect((await formPost(otherClient, { feeling: '4' })).statusCode).toBe(404);
    expect((await formPost(client, { feeling: '4' }, [], 'cross-site')).statusCode).toBe(403);
    expect(((await client.client.get(`/api/bookings/${booking.id}/aftercare`)).json() as TAftercare).checkIns).toHaveLength(before + 1);
  });
});

import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../tests/support/db-utils.ts';
import { createArtist } from '../../../tests/support/factories.ts';
import type { TAdminJobs } from '../../shared/contracts/admin.ts';
import type { TBookingStatus } from '../../shared/booking-rules.ts';
import type { BookingPolicySnapshot } from '../../shared/booking-rules.ts';
import { bookingEvents, bookings, flashDesigns, jobs, jobWorkers, mailOutbox, notifications, waitlistEntries } from '../db/schema/index.ts';
import { recordBookingEvent, syncBookingJobs, type BookingRow } from '../features/booking/transitions.ts';
import { formatWhen } from '../mail/templates.ts';
import { jobHandlers, type JobRecord } from './handlers.ts';
import { enqueueJob } from './queue.ts';
import { JOB_LOCK_MS, retryDelayMs, runDueJobs, startJobWorker, WORKER_HEARTBEAT_MS, WORKER_STALE_MS, type JobLog } from './worker.ts';

let t: TestApp;
const ctx = () => t.app.ctx;
const db = () => t.app.ctx.database.db;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const POLICY: BookingPolicySnapshot = {
  depositCents: 15000,
  currency: 'USD',
  noticeHours: 48,
  maxReschedules: 2,
  depositWindowHours: 48,
  depositMethod: 'studio',
  depositInstructions: 'Cash or card at the front desk.',
};

type Person = { id: string; email: string; client: TestClient };
let client: Person;
let artistUser: Person;
let artistId: string;
let serviceId: string;
let admin: Person;

let slots = 0;
/** A fresh two-hour slot `days` ahead; slots never overlap one another. */
function slot(days = 10) {
  slots += 1;
  const startsAt = new Date(Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR + slots * 5 * HOUR);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR) };
}

async function insertBooking(values: Partial<typeof bookings.$inferInsert> & { status: TBookingStatus }): Promise<BookingRow> {
  const [row] = await db()
    .insert(bookings)
    .values({ artistId, clientId: client.id, serviceId, depositCents: 15000, policy: POLICY, clientTimezone: 'Europe/Berlin', ...slot(), ...values })
    .returning();
  return row!;
}

const schedule = (row: BookingRow) => db().transaction((tx) => syncBookingJobs(tx, row));
const jobByKey = async (key: string) => (await db().select().from(jobs).where(eq(jobs.dedupeKey, key)))[0];
const notesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt));
const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const eventsOf = (bookingId: string) => db().select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.createdAt));

/** Run every job due at `now`, including the ones the first jobs enqueue. */
async function drain(now = new Date()): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < 10; pass++) {
    const ran = await runDueJobs(ctx(), { now });
    total += ran;
    if (ran === 0) return total;
  }
  throw new Error('jobs kept enqueueing jobs');
}

async function probe(runAt = new Date(Date.now() - 1000)): Promise<string> {
  const key = `test.probe:${randomUUID()}`;
  await enqueueJob(db(), { kind: 'booking.notify', payload: { probe: true }, runAt, dedupeKey: key });
  return (await jobByKey(key))!.id;
}

function pgCode(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await createUser(t.app, { firstName: 'Robin' });
  client = { id: c.id, email: c.email, client: c.client };
  const a = await createUser(t.app, { firstName: 'Mara' });
  artistUser = { id: a.id, email: a.email, client: a.client };
  const artist = await createArtist(t.app, { userId: a.id, displayName: 'Mara Ink', timezone: 'America/Los_Angeles' });
  artistId = artist.id;
  serviceId = artist.services[0]!.id;
  const ad = await createUser(t.app, { firstName: 'Admin', isAdmin: true });
  admin = { id: ad.id, email: ad.email, client: ad.client };
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('runDueJobs: claiming, retries, crashes', () => {
  let ran: string[];
  beforeEach(async () => {
    await drain();
    ran = [];
  });
  const record = () =>
    vi.spyOn(jobHandlers, 'booking.notify').mockImplementation(async (_ctx, job: JobRecord) => {
      ran.push(job.id);
    });

  it('runs a due job once and marks it done; a job not due yet waits for its time', async () => {
    record();
    const now = new Date();
    const due = await probe(new Date(now.getTime() - 1000));
    const later = await probe(new Date(now.getTime() + HOUR));
    expect(await runDueJobs(ctx(), { now })).toBe(1);
    expect(ran).toEqual([due]);
    const done = await db().select().from(jobs).where(eq(jobs.id, due));
    expect(done[0]).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(done[0]!.finishedAt).toBeInstanceOf(Date);
    expect(await runDueJobs(ctx(), { now })).toBe(0);
    expect((await db().select().from(jobs).where(eq(jobs.id, later)))[0]!.status).toBe('pending');
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + HOUR) })).toBe(1);
    expect(ran).toEqual([due, later]);
  });

  it('retries a failing job with exponential backoff, then marks it failed; logs carry ids, not the error text', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(HOUR);
    vi.spyOn(jobHandlers, 'booking.notify').mockRejectedValue(new Error('SMTP refused robin@example.test'));
    const logs: Array<{ level: string; obj: object; msg: string }> = [];
    const log: JobLog = {
      info: (obj, msg) => logs.push({ level: 'info', obj, msg }),
      warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
      error: (obj, msg) => logs.push({ level: 'error', obj, msg }),
    };
    const now = new Date();
    const id = await probe(now);
    await db().update(jobs).set({ maxAttempts: 3 }).where(eq(jobs.id, id));
    const row = async () => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;

    expect(await runDueJobs(ctx(), { now, log })).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, runAt: new Date(now.getTime() + 30_000), lockedUntil: null });
    expect((await row()).lastError).toContain('SMTP refused');
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + 29_000), log })).toBe(0);
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + 30_000), log })).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2, runAt: new Date(now.getTime() + 90_000) });
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + 90_000), log })).toBe(1);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null });
    expect((await row()).finishedAt).toBeInstanceOf(Date);
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + DAY), log })).toBe(0);

    expect(logs.map((l) => [l.level, l.obj])).toEqual([
      ['warn', expect.objectContaining({ jobId: id, kind: 'booking.notify', attempts: 1 })],
      ['warn', expect.objectContaining({ jobId: id, kind: 'booking.notify', attempts: 2 })],
      ['error', { jobId: id, kind: 'booking.notify', attempts: 3 }],
    ]);
    expect(JSON.stringify(logs)).not.toContain('robin@example.test');

    // Admins see it in the queue overview; nobody else does.
    expect((await new TestClient(t.app).get('/api/admin/jobs')).statusCode).toBe(401);
    expect((await client.client.get('/api/admin/jobs')).statusCode).toBe(403);
    const res = await admin.client.get('/api/admin/jobs');
    expect(res.statusCode).toBe(200);
    const overview = res.json() as TAdminJobs;
    expect(overview.counts.failed).toBeGreaterThanOrEqual(1);
    expect(overview.failed.find((j) => j.id === id)).toMatchObject({ kind: 'booking.notify', attempts: 3, maxAttempts: 3, lastError: expect.stringContaining('SMTP refused') });
  });

  it("takes over a job whose worker died once its lock runs out, and gives up on one that died in its last attempt", async () => {
    record();
    const now = new Date();
    const held = await probe(now);
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(now.getTime() + 5 * MINUTE) })
      .where(eq(jobs.id, held));
    const last = await probe(now);
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 5, maxAttempts: 5, lockedUntil: new Date(now.getTime() - MINUTE) })
      .where(eq(jobs.id, last));

    expect(await runDueJobs(ctx(), { now })).toBe(0);
    expect((await db().select().from(jobs).where(eq(jobs.id, last)))[0]).toMatchObject({ status: 'failed', lastError: 'The worker stopped during the last allowed attempt.' });
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + 5 * MINUTE) })).toBe(1);
    expect(ran).toEqual([held]);
    expect((await db().select().from(jobs).where(eq(jobs.id, held)))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('takes over a job whose worker stopped beating within the heartbeat window, not after the ten-minute lock', async () => {
    record();
    const now = new Date();
    const beatAt = (msAgo: number) => new Date(now.getTime() - msAgo);
    const deadWorker = randomUUID();
    const liveWorker = randomUUID();
    await db()
      .insert(jobWorkers)
      .values([
        { id: deadWorker, heartbeatAt: beatAt(WORKER_STALE_MS + 1000) },
        { id: liveWorker, heartbeatAt: beatAt(WORKER_HEARTBEAT_MS) },
      ]);
    const lockedFor10Minutes = { status: 'running' as const, attempts: 1, lockedUntil: new Date(now.getTime() + JOB_LOCK_MS) };
    const ofDead = await probe(now);
    const ofLive = await probe(now);
    const ofVanished = await probe(now);
    await db().update(jobs).set({ ...lockedFor10Minutes, workerId: deadWorker }).where(eq(jobs.id, ofDead));
    await db().update(jobs).set({ ...lockedFor10Minutes, workerId: liveWorker }).where(eq(jobs.id, ofLive));
    // A worker whose row was already forgotten counts as gone too.
    await db().update(jobs).set({ ...lockedFor10Minutes, workerId: randomUUID() }).where(eq(jobs.id, ofVanished));

    const claimer = randomUUID();
    expect(await runDueJobs(ctx(), { now, workerId: claimer })).toBe(2);
    expect(ran.sort()).toEqual([ofDead, ofVanished].sort());
    expect((await db().select().from(jobs).where(eq(jobs.id, ofDead)))[0]).toMatchObject({ status: 'done', attempts: 2, workerId: claimer });
    expect((await db().select().from(jobs).where(eq(jobs.id, ofLive)))[0]).toMatchObject({ status: 'running', attempts: 1, workerId: liveWorker });
    await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, ofLive));
    await db().delete(jobWorkers).where(inArray(jobWorkers.id, [deadWorker, liveWorker]));
  });

  it('the process worker beats under its own id while it runs and removes its row when stopped', async () => {
    const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
    const before = new Date(Date.now() - 1000);
    const stop = await startJobWorker(ctx(), quiet, { pollMs: 10 * MINUTE });
    const rows = await db().select().from(jobWorkers).where(gte(jobWorkers.heartbeatAt, before));
    expect(rows).toHaveLength(1);
    await stop();
    expect(await db().select().from(jobWorkers).where(eq(jobWorkers.id, rows[0]!.id))).toEqual([]);
  });

  it('runs each job once when two workers claim at the same time (FOR UPDATE SKIP LOCKED)', async () => {
    const counts = new Map<string, number>();
    vi.spyOn(jobHandlers, 'booking.notify').mockImplementation(async (_ctx, job: JobRecord) => {
      counts.set(job.id, (counts.get(job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await probe());
    const now = new Date();
    const [a, b] = await Promise.all([runDueJobs(ctx(), { now }), runDueJobs(ctx(), { now })]);
    expect(a + b).toBe(30);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const statuses = await db().select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(inArray(jobs.id, ids));
    expect(statuses.every((s) => s.status === 'done' && s.attempts === 1)).toBe(true);
  });

  it('runs jobs of different bookings side by side, and one booking’s jobs one after another, oldest first', async () => {
    const log: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    vi.spyOn(jobHandlers, 'booking.notify').mockImplementation(async (_ctx, job: JobRecord) => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      log.push(`start ${String(job.payload.bookingId)} ${String(job.payload.n)}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${String(job.payload.bookingId)} ${String(job.payload.n)}`);
      inFlight -= 1;
    });
    const base = Date.now() - 60_000;
    const bookingIds = ['b1', 'b2', 'b3', 'b4'].map((b) => `${b}-${randomUUID()}`);
    // Three jobs per booking, due one second apart, enqueued in shuffled order.
    const order = bookingIds.flatMap((bookingId) => [0, 1, 2].map((n) => ({ bookingId, n }))).sort(() => Math.random() - 0.5);
    for (const { bookingId, n } of order)
      await enqueueJob(db(), { kind: 'booking.notify', payload: { bookingId, n }, runAt: new Date(base + n * 1000), dedupeKey: `test.lanes:${bookingId}:${n}` });

    expect(await runDueJobs(ctx(), { now: new Date(), concurrency: 3 })).toBe(12);
    expect(mostAtOnce).toBe(3);
    for (const bookingId of bookingIds) {
      const mine = log.filter((line) => line.includes(bookingId));
      expect(mine).toEqual([0, 1, 2].flatMap((n) => [`start ${bookingId} ${n}`, `end ${bookingId} ${n}`]));
    }
  });

  it('hands claimed jobs back untouched when stopped before starting them', async () => {
    record();
    const id = await probe();
    const abort = new AbortController();
    abort.abort();
    expect(await runDueJobs(ctx(), { signal: abort.signal })).toBe(0);
    expect((await db().select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(ran).toEqual([]);
  });

  it('the process worker wakes on NOTIFY for a job due now, and stops cleanly', async () => {
    record();
    const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
    // A poll far away: only the NOTIFY from enqueueJob can start the job in time.
    const stop = await startJobWorker(ctx(), quiet, { pollMs: 10 * MINUTE });
    try {
      const key = `test.probe:${randomUUID()}`;
      await db().transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'booking.notify', payload: { probe: true }, dedupeKey: key });
      });
      await vi.waitFor(async () => expect((await jobByKey(key))?.status).toBe('done'), { timeout: 10_000, interval: 25 });
    } finally {
      await stop();
    }
    const after = await probe();
    await new Promise((r) => setTimeout(r, 300));
    expect((await db().select().from(jobs).where(eq(jobs.id, after)))[0]!.status).toBe('pending');
    expect(ran).toHaveLength(1);
    await drain();
  });
});

describe('booking expiry', () => {
  async function flash(status: 'available' | 'reserved') {
    const id = randomUUID();
    const [row] = await db()
      .insert(flashDesigns)
      .values({ id, artistId, title: 'Swallow', size: 'small', priceCents: 15000, status, storageKey: `flash/${id}.webp`, thumbKey: `flash/${id}_t.webp`, width: 800, height: 800 })
      .returning();
    return row!;
  }

  it('expires an unanswered request at its respond-by time (not before) and tells both people', async () => {
    const design = await flash('reserved');
    const now = new Date();
    const respondBy = new Date(now.getTime() + 2 * HOUR);
    const booking = await insertBooking({ status: 'requested', respondBy, flashDesignId: design.id });
    await schedule(booking);
    expect((await jobByKey(`booking.expire_request:${booking.id}`))?.runAt).toEqual(respondBy);

    await drain(new Date(respondBy.getTime() - MINUTE));
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('requested');

    const clientNotesBefore = (await notesOf(client.id)).length;
    const artistNotesBefore = (await notesOf(artistUser.id)).length;
    await drain(new Date(respondBy.getTime() + MINUTE));
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('expired');
    const events = await eventsOf(booking.id);
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorId])).toEqual([['expired', 'requested', 'expired', null]]);
    expect((await db().select().from(flashDesigns).where(eq(flashDesigns.id, design.id)))[0]!.status).toBe('available');
    const clientNotes = (await notesOf(client.id)).slice(clientNotesBefore);
    const artistNotes = (await notesOf(artistUser.id)).slice(artistNotesBefore);
    expect(clientNotes.map((n) => [n.title, n.actionUrl])).toEqual([['Booking expired', `/bookings/${booking.id}`]]);
    expect(artistNotes.map((n) => [n.title, n.actionUrl])).toEqual([['Booking expired', `/bookings/${booking.id}`]]);
    // No SMTP_URL: the mails wait in the outbox.
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `booking.notify:${events[0]!.id}:${client.id}`));
    expect(mail).toMatchObject({ status: 'outbox', toAddress: client.email });
    expect(mail!.textBody).toContain('The request was not answered in time');
  });

  it('expires an unpaid deposit, frees the slot for a new booking and tells the waitlist for that day', async () => {
    const design = await flash('reserved');
    const now = new Date();
    const depositDueAt = new Date(now.getTime() + 48 * HOUR);
    const booking = await insertBooking({ status: 'awaiting_deposit', depositStatus: 'due', depositDueAt, flashDesignId: design.id });
    await schedule(booking);
    const rival = { artistId, clientId: admin.id, serviceId, status: 'accepted' as const, startsAt: booking.startsAt, endsAt: booking.endsAt, depositCents: 15000 };
    const taken = await db()
      .insert(bookings)
      .values(rival)
      .then(
        () => null,
        (e: unknown) => pgCode(e),
      );
    expect(taken).toBe('23P01');

    // The waitlist: the booking's day in the artist's zone (America/Los_Angeles).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(booking.startsAt);
    const shift = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    const w1 = await createUser(t.app, { firstName: 'Wanda' });
    const w2 = await createUser(t.app, { firstName: 'Wes' });
    const w3 = await createUser(t.app, { firstName: 'Wil' });
    await db().insert(waitlistEntries).values({ artistId, clientId: w1.id, fromDate: shift(day, -3), toDate: shift(day, 2), createdAt: new Date(now.getTime() - 3 * DAY) });
    await db().insert(waitlistEntries).values({ artistId, clientId: w2.id, fromDate: shift(day, 1), toDate: shift(day, 9), createdAt: new Date(now.getTime() - 2 * DAY) });
    await db().insert(waitlistEntries).values({ artistId, clientId: w3.id, fromDate: day, toDate: day, createdAt: new Date(now.getTime() - DAY) });
    await db().insert(waitlistEntries).values({ artistId, clientId: client.id, fromDate: day, toDate: day });

    const at = new Date(depositDueAt.getTime() + MINUTE);
    await drain(at);
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('expired');
    expect((await eventsOf(booking.id)).map((e) => e.action)).toEqual(['expired']);
    expect((await db().select().from(flashDesigns).where(eq(flashDesigns.id, design.id)))[0]!.status).toBe('available');
    expect(await jobByKey(`waitlist.slot_freed:${booking.id}:${booking.startsAt.toISOString()}`)).toMatchObject({ status: 'done', attempts: 1 });

    // The time is free again: a new booking for exactly that slot goes in.
    const [fresh] = await db().insert(bookings).values(rival).returning();
    expect(fresh!.status).toBe('accepted');

    const told = async (userId: string) => (await notesOf(userId)).filter((n) => n.title === 'A time opened up');
    expect((await told(w1.id)).map((n) => n.actionUrl)).toEqual([`/book/${artistId}`]);
    expect(await told(w2.id)).toEqual([]);
    expect(await told(w3.id)).toHaveLength(1);
    expect(await told(client.id)).toEqual([]); // the client who let it go
    const entries = await db().select().from(waitlistEntries).where(inArray(waitlistEntries.clientId, [w1.id, w2.id, w3.id]));
    expect(Object.fromEntries(entries.map((e) => [e.clientId, e.notifiedAt?.getTime() ?? null]))).toEqual({ [w1.id]: at.getTime(), [w2.id]: null, [w3.id]: at.getTime() });

    // The same slot is announced once, however often the job runs.
    await db()
      .update(jobs)
      .set({ status: 'pending' })
      .where(eq(jobs.dedupeKey, `waitlist.slot_freed:${booking.id}:${booking.startsAt.toISOString()}`));
    await drain(at);
    expect(await told(w1.id)).toHaveLength(1);
    expect(await mailsTo(w1.email)).toHaveLength(1);
  });

  it('lets a deposit that arrives first win: the expiry finds the booking confirmed and leaves it', async () => {
    const depositDueAt = new Date(Date.now() + 24 * HOUR);
    const booking = await insertBooking({ status: 'awaiting_deposit', depositStatus: 'due', depositDueAt });
    await schedule(booking);
    // The payment committed just before the job (which is still pending) ran.
    await db().update(bookings).set({ status: 'confirmed', depositStatus: 'paid' }).where(eq(bookings.id, booking.id));
    await drain(new Date(depositDueAt.getTime() + MINUTE));
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('confirmed');
    expect(await eventsOf(booking.id)).toEqual([]);
  });

  it('settles a payment racing the expiry one way or the other, never both', async () => {
    const depositDueAt = new Date(Date.now() + 24 * HOUR);
    const booking = await insertBooking({ status: 'awaiting_deposit', depositStatus: 'due', depositDueAt });
    await schedule(booking);
    const pay = () =>
      db().transaction(async (tx) => {
        const [b] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update');
        if (b?.status !== 'awaiting_deposit') return 'refused';
        await tx.update(bookings).set({ status: 'confirmed', depositStatus: 'paid' }).where(eq(bookings.id, booking.id));
        return 'confirmed';
      });
    const [, paid] = await Promise.all([runDueJobs(ctx(), { now: new Date(depositDueAt.getTime() + MINUTE) }), pay()]);
    const [final] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    const expired = (await eventsOf(booking.id)).filter((e) => e.action === 'expired');
    if (paid === 'confirmed') {
      expect(final!.status).toBe('confirmed');
      expect(expired).toEqual([]);
    } else {
      expect(final!.status).toBe('expired');
      expect(expired).toHaveLength(1);
    }
  });
});

describe('after the appointment', () => {
  it('asks the artist to mark it when it ends, and completes it by itself after the grace period', async () => {
    const when = slot(2);
    const booking = await insertBooking({ status: 'confirmed', depositStatus: 'paid', ...when });
    await schedule(booking);
    expect((await jobByKey(`booking.completion_due:${booking.id}`))?.runAt).toEqual(when.endsAt);
    expect((await jobByKey(`booking.auto_complete:${booking.id}`))?.runAt).toEqual(new Date(when.endsAt.getTime() + 72 * HOUR));

    const prompts = async () => (await notesOf(artistUser.id)).filter((n) => n.title === 'Mark the appointment completed' && n.actionUrl === `/bookings/${booking.id}`);
    await drain(new Date(when.endsAt.getTime() + MINUTE));
    expect(await prompts()).toHaveLength(1);
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('confirmed');

    await drain(new Date(when.endsAt.getTime() + 72 * HOUR + MINUTE));
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('completed');
    const completed = (await eventsOf(booking.id)).find((e) => e.action === 'completed');
    expect(completed).toMatchObject({ actorId: null, fromStatus: 'confirmed', toStatus: 'completed', data: { automatic: true } });
    expect(await prompts()).toHaveLength(1);
  });

  it('leaves a booking the artist marked a no-show, or moved, as it is', async () => {
    const when = slot(2);
    const noShow = await insertBooking({ status: 'confirmed', depositStatus: 'paid', ...when });
    await schedule(noShow);
    const [marked] = await db().update(bookings).set({ status: 'no_show' }).where(eq(bookings.id, noShow.id)).returning();
    await schedule(marked!);
    expect((await jobByKey(`booking.auto_complete:${noShow.id}`))?.status).toBe('cancelled');
    // Even a job that ran anyway changes nothing.
    await jobHandlers['booking.auto_complete'](ctx(), { id: randomUUID(), kind: 'booking.auto_complete', payload: { bookingId: noShow.id, startsAt: when.startsAt.toISOString() }, runAt: new Date() }, { now: new Date(when.endsAt.getTime() + 100 * HOUR) });
    expect((await db().select().from(bookings).where(eq(bookings.id, noShow.id)))[0]!.status).toBe('no_show');

    const moved = await insertBooking({ status: 'confirmed', depositStatus: 'paid', ...slot(2) });
    const stale = { bookingId: moved.id, startsAt: new Date(moved.startsAt.getTime() - DAY).toISOString() };
    await jobHandlers['booking.auto_complete'](ctx(), { id: randomUUID(), kind: 'booking.auto_complete', payload: stale, runAt: new Date() }, { now: new Date(moved.endsAt.getTime() + 100 * HOUR) });
    expect((await db().select().from(bookings).where(eq(bookings.id, moved.id)))[0]!.status).toBe('confirmed');
  });
});

describe('reminders', () => {
  it('sends the reminder 24 h before the new time after a reschedule, and nothing for the old time', async () => {
    const first = slot(5);
    const booking = await insertBooking({ status: 'confirmed', depositStatus: 'paid', ...first });
    await schedule(booking);
    const key = `booking.reminder:${booking.id}`;
    expect((await jobByKey(key))?.runAt).toEqual(new Date(first.startsAt.getTime() - 24 * HOUR));

    const moved = { startsAt: new Date(first.startsAt.getTime() + 3 * DAY), endsAt: new Date(first.endsAt.getTime() + 3 * DAY) };
    const [row] = await db().update(bookings).set(moved).where(eq(bookings.id, booking.id)).returning();
    await schedule(row!);
    expect(await jobByKey(key)).toMatchObject({ runAt: new Date(moved.startsAt.getTime() - 24 * HOUR), payload: { bookingId: booking.id, startsAt: moved.startsAt.toISOString() } });

    // This booking's reminders (aftercare messages of other, completed bookings are reminders too).
    const reminders = async (userId: string) => (await notesOf(userId)).filter((n) => n.type === 'reminder' && n.actionUrl === `/bookings/${booking.id}`);
    await drain(new Date(first.startsAt.getTime() - 24 * HOUR + MINUTE));
    expect(await reminders(client.id)).toEqual([]);
    // Even a reminder job still carrying the old time sends nothing.
    await jobHandlers['booking.reminder'](ctx(), { id: randomUUID(), kind: 'booking.reminder', payload: { bookingId: booking.id, startsAt: first.startsAt.toISOString() }, runAt: new Date() }, { now: new Date() });
    expect(await reminders(client.id)).toEqual([]);

    await drain(new Date(moved.startsAt.getTime() - 24 * HOUR + MINUTE));
    expect((await reminders(client.id)).map((n) => n.actionUrl)).toEqual([`/bookings/${booking.id}`]);
    expect(await reminders(artistUser.id)).toHaveLength(1);
    const purpose = `booking.reminder:${booking.id}:${moved.startsAt.toISOString()}`;
    const mails = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `${purpose}:%`));
    expect(Object.fromEntries(mails.map((m) => [m.toAddress, m.subject]))).toEqual({
      [client.email]: `Reminder: Half-day session with Mara Ink, ${formatWhen(moved.startsAt, 'Europe/Berlin')}`,
      [artistUser.email]: `Reminder: Half-day session for Robin, ${formatWhen(moved.startsAt, 'America/Los_Angeles')}`,
    });
    expect(mails[0]!.subject).toMatch(/\((Berlin|Los Angeles) time\)$/);

    await drain(new Date(moved.startsAt.getTime() - 23 * HOUR));
    expect(await reminders(client.id)).toHaveLength(1);
    // A cancelled booking's reminder is withdrawn.
    const other = await insertBooking({ status: 'confirmed', depositStatus: 'paid', ...slot(6) });
    await schedule(other);
    const [cancelled] = await db().update(bookings).set({ status: 'cancelled_by_client' }).where(eq(bookings.id, other.id)).returning();
    await schedule(cancelled!);
    expect((await jobByKey(`booking.reminder:${other.id}`))?.status).toBe('cancelled');
  });
});

describe('booking notices', () => {
  async function event(booking: BookingRow, action: string, opts: { actorId?: string | null; note?: string; toStatus?: TBookingStatus } = {}) {
    return db().transaction((tx) =>
      recordBookingEvent(tx, { bookingId: booking.id, actorId: opts.actorId ?? null, fromStatus: booking.status, toStatus: opts.toStatus ?? booking.status, action, note: opts.note ?? null }),
    );
  }
  const since = async () => ({ client: (await notesOf(client.id)).length, artist: (await notesOf(artistUser.id)).length });
  async function newNotes(before: { client: number; artist: number }) {
    return { client: (await notesOf(client.id)).slice(before.client).map((n) => n.title), artist: (await notesOf(artistUser.id)).slice(before.artist).map((n) => n.title) };
  }

  it('tells the right people about each event, once', async () => {
    const requested = await insertBooking({ status: 'requested', respondBy: new Date(Date.now() + 72 * HOUR) });
    let before = await since();
    await event(requested, 'created', { actorId: client.id });
    await drain();
    expect(await newNotes(before)).toEqual({ client: [], artist: ['New booking request'] });

    // An instant booking is created, accepted and asks for its deposit in one transaction: one message each.
    const instant = await insertBooking({ status: 'awaiting_deposit', instant: true, depositStatus: 'due', depositDueAt: new Date(Date.now() + 48 * HOUR) });
    before = await since();
    await db().transaction(async (tx) => {
      await recordBookingEvent(tx, { bookingId: instant.id, actorId: client.id, fromStatus: null, toStatus: 'requested', action: 'created' });
      await recordBookingEvent(tx, { bookingId: instant.id, actorId: client.id, fromStatus: 'requested', toStatus: 'accepted', action: 'accepted' });
      await recordBookingEvent(tx, { bookingId: instant.id, actorId: client.id, fromStatus: 'accepted', toStatus: 'awaiting_deposit', action: 'deposit_due' });
    });
    await drain();
    expect(await newNotes(before)).toEqual({ client: ['Booking made'], artist: ['New booking'] });
    const madeMail = (await mailsTo(client.email)).find((m) => m.subject.startsWith('Booked: Half-day session with Mara Ink'));
    expect(madeMail?.textBody).toContain('Please pay the $150.00 deposit by');

    // accepted + deposit_due in one transaction: one message to the client, not two.
    before = await since();
    const [accepted] = await db()
      .update(bookings)
      .set({ status: 'awaiting_deposit', depositStatus: 'due', depositDueAt: new Date(Date.now() + 48 * HOUR) })
      .where(eq(bookings.id, requested.id))
      .returning();
    await db().transaction(async (tx) => {
      await recordBookingEvent(tx, { bookingId: requested.id, actorId: artistUser.id, fromStatus: 'requested', toStatus: 'accepted', action: 'accepted', note: 'Looking forward to it!' });
      await recordBookingEvent(tx, { bookingId: requested.id, actorId: artistUser.id, fromStatus: 'accepted', toStatus: 'awaiting_deposit', action: 'deposit_due' });
    });
    await drain();
    expect(await newNotes(before)).toEqual({ client: ['Booking accepted'], artist: [] });
    const acceptMail = (await mailsTo(client.email)).find((m) => m.subject.startsWith('Your booking was accepted — pay the deposit by'));
    expect(acceptMail?.textBody).toContain('Looking forward to it!');
    expect(acceptMail?.textBody).toContain('$150.00');
    expect(acceptMail?.textBody).toContain('Cash or card at the front desk.');

    before = await since();
    const declined = await insertBooking({ status: 'declined', artistMessage: 'I do not do portraits, sorry.' });
    await event(declined, 'declined', { actorId: artistUser.id, note: 'I do not do portraits, sorry.' });
    await drain();
    expect(await newNotes(before)).toEqual({ client: ['Request declined'], artist: [] });

    before = await since();
    await event(accepted!, 'cancelled', { actorId: client.id, note: 'Moving abroad' });
    await drain();
    expect(await newNotes(before)).toEqual({ client: [], artist: ['Booking cancelled'] });
    // Its deposit was asked for and never paid: the notice says nothing was charged.
    expect((await notesOf(artistUser.id)).at(-1)?.message).toContain('The $150.00 deposit was never paid, so nothing was charged.');

    before = await since();
    await event(instant, 'cancelled', { actorId: artistUser.id });
    await event(instant, 'rescheduled', { actorId: admin.id });
    await drain();
    expect(await newNotes(before)).toEqual({ client: ['Booking cancelled', 'Booking moved'], artist: ['Booking moved'] });

    // The artist cancels a paid booking: the cancellation notice carries the refund, no second message.
    const paidByStudio = await insertBooking({ status: 'cancelled_by_artist', depositStatus: 'refunded' });
    before = await since();
    await db().transaction(async (tx) => {
      await recordBookingEvent(tx, { bookingId: paidByStudio.id, actorId: artistUser.id, fromStatus: 'confirmed', toStatus: 'cancelled_by_artist', action: 'cancelled' });
      await recordBookingEvent(tx, { bookingId: paidByStudio.id, actorId: artistUser.id, fromStatus: 'cancelled_by_artist', toStatus: 'cancelled_by_artist', action: 'deposit_refunded' });
    });
    await drain();
    expect(await newNotes(before)).toEqual({ client: ['Booking cancelled'], artist: [] });
    expect((await notesOf(client.id)).at(-1)?.message).toContain('Your $150.00 deposit is refunded in full; it was paid at the studio, so the artist returns it in person.');
    // The client cancels late: the artist hears of the cancellation, the client of the kept deposit.
    const late = await insertBooking({ status: 'cancelled_by_client', depositStatus: 'forfeited' });
    before = await since();
    await db().transaction(async (tx) => {
      await recordBookingEvent(tx, { bookingId: late.id, actorId: client.id, fromStatus: 'confirmed', toStatus: 'cancelled_by_client', action: 'cancelled' });
      await recordBookingEvent(tx, { bookingId: late.id, actorId: client.id, fromStatus: 'cancelled_by_client', toStatus: 'cancelled_by_client', action: 'deposit_forfeited' });
    });
    await drain();
    expect(await newNotes(before)).toEqual({ client: ['Deposit kept'], artist: ['Booking cancelled'] });

    before = await since();
    const completed = await insertBooking({ status: 'completed', ...slot(-5) });
    const eventId = await event(completed, 'completed', { actorId: artistUser.id });
    await drain();
    // Completion also starts the aftercare plan: its first message is due at once for a session already past.
    expect(await newNotes(before)).toEqual({ client: ['Leave a review', 'Days 1-3: fresh wound'], artist: [] });
    expect((await notesOf(client.id)).find((n) => n.title === 'Leave a review')?.actionUrl).toBe('/reviews');

    // The same event's job running again (a retry after a crash) repeats nothing.
    const notesNow = await since();
    const mailsNow = (await mailsTo(client.email)).length;
    await db().update(jobs).set({ status: 'pending' }).where(eq(jobs.dedupeKey, `booking.notify:${eventId}`));
    expect(await drain()).toBe(1);
    expect(await since()).toEqual(notesNow);
    expect(await mailsTo(client.email)).toHaveLength(mailsNow);
  });
});

describe('across a restart', () => {
  it('runs jobs enqueued before the restart once each afterwards, including one a dead worker held', async () => {
    const respondBy = new Date(Date.now() + HOUR);
    const booking = await insertBooking({ status: 'requested', respondBy });
    await schedule(booking);
    const held = await probe();
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 5 * MINUTE) })
      .where(eq(jobs.id, held));

    const oldCtx = ctx();
    await t.restart();
    expect(ctx()).not.toBe(oldCtx);

    const probes: string[] = [];
    const original = jobHandlers['booking.notify'];
    vi.spyOn(jobHandlers, 'booking.notify').mockImplementation(async (c, job, run) => {
      if (job.payload.probe) probes.push(job.id);
      else await original(c, job, run);
    });
    const at = new Date(respondBy.getTime() + 10 * MINUTE);
    await drain(at);
    await drain(at);
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('expired');
    const events = await eventsOf(booking.id);
    expect(events.map((e) => e.action)).toEqual(['expired']);
    expect(await jobByKey(`booking.expire_request:${booking.id}`)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await jobByKey(`booking.notify:${events[0]!.id}`)).toMatchObject({ status: 'done', attempts: 1 });
    expect(probes).toEqual([held]);
    expect((await db().select().from(jobs).where(eq(jobs.id, held)))[0]).toMatchObject({ status: 'done', attempts: 2 });
    const expiredNotes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.title, 'Booking expired'), eq(notifications.actionUrl, `/bookings/${booking.id}`)));
    expect(expiredNotes.map((n) => n.userId).sort()).toEqual([client.id, artistUser.id].sort());
  });
});

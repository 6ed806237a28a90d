import { createServer, type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from '../../../tests/support/db-utils.ts';
import { createArtist } from '../../../tests/support/factories.ts';
import type { TAdminOutboxPage } from '../../shared/contracts/admin.ts';
import type { AppContext } from '../context.ts';
import { bookings, jobs, mailOutbox, notifications, users, waitlistEntries } from '../db/schema/index.ts';
import { recordBookingEvent } from '../features/booking/transitions.ts';
import { enqueueSlotFreed } from '../jobs/queue.ts';
import { runDueJobs } from '../jobs/worker.ts';
import { deliverMail, messageIdFor, queueMail, sendMail } from './mailer.ts';
import { formatWhen } from './templates.ts';

/** A real SMTP server on a free local port that keeps every message it accepts, parsed. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { received, refuse, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const toText = (to: AddressObject | AddressObject[] | undefined) => [to ?? []].flat().map((a) => a.text).join(', ');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
const ctx = () => t.app.ctx;
const db = () => t.app.ctx.database.db;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Inkhaven <bookings@inkhaven.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('sendMail over SMTP', () => {
  it('delivers a mail once, with a Message-ID derived from its purpose; the same purpose again sends nothing', async () => {
    const key = `test.welcome:${randomUUID()}`;
    const message = { dedupeKey: key, to: 'robin@example.test', subject: 'Your booking with Mara Ink', text: 'See you on Tuesday.', html: '<p>See you on <b>Tuesday</b>.</p>' };
    const before = smtp.received.length;
    expect(await sendMail(ctx(), message)).toBe('sent');
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(1);
    const [mail] = arrived;
    expect(mail!.subject).toBe('Your booking with Mara Ink');
    expect(toText(mail!.to)).toBe('robin@example.test');
    expect(mail!.from?.value).toEqual([{ name: 'Inkhaven', address: 'bookings@inkhaven.test' }]);
    expect(mail!.text?.trim()).toBe('See you on Tuesday.');
    expect(mail!.html).toContain('<b>Tuesday</b>');
    expect(mail!.messageId).toBe(messageIdFor(ctx(), key));
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(row).toMatchObject({ status: 'sent', messageId: messageIdFor(ctx(), key), error: null, toAddress: 'robin@example.test' });
    expect(row!.sentAt).toBeInstanceOf(Date);

    expect(await sendMail(ctx(), { ...message, subject: 'A second try' })).toBe('duplicate');
    expect(smtp.received.length).toBe(before + 1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key))).toHaveLength(1);
  });

  it('records a refused mail as failed with the reason, and sends it once on the next attempt', async () => {
    const key = `test.refused:${randomUUID()}`;
    smtp.refuse.add('bounce@example.test');
    const before = smtp.received.length;
    expect(await sendMail(ctx(), { dedupeKey: key, to: 'bounce@example.test', subject: 'Hello', text: 'Hi' })).toBe('failed');
    const [failed] = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(failed).toMatchObject({ status: 'failed', messageId: null });
    expect(failed!.error).toContain('550');
    expect(smtp.received.length).toBe(before);

    smtp.refuse.delete('bounce@example.test');
    expect(await sendMail(ctx(), { dedupeKey: key, to: 'bounce@example.test', subject: 'Hello', text: 'Hi' })).toBe('sent');
    expect(await sendMail(ctx(), { dedupeKey: key, to: 'bounce@example.test', subject: 'Hello', text: 'Hi' })).toBe('duplicate');
    expect(smtp.received.slice(before).map((m) => toText(m.to))).toEqual(['bounce@example.test']);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key)))[0]).toMatchObject({ status: 'sent', error: null });
  });

  it('sends a mail again, with the same Message-ID, when its sender died mid-send; leaves one being sent right now alone', async () => {
    const stale = `test.stale:${randomUUID()}`;
    const live = `test.live:${randomUUID()}`;
    await queueMail(db(), { dedupeKey: stale, to: 'crash@example.test', subject: 'After a crash', text: 'x' });
    await queueMail(db(), { dedupeKey: live, to: 'busy@example.test', subject: 'In flight', text: 'x' });
    await db()
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(mailOutbox.dedupeKey, stale));
    const before = smtp.received.length;
    expect(await deliverMail(ctx(), live, { fresh: false })).toBe('duplicate');
    expect(await deliverMail(ctx(), stale, { fresh: false })).toBe('sent');
    const arrived = smtp.received.slice(before);
    expect(arrived.map((m) => [toText(m.to), m.messageId])).toEqual([['crash@example.test', messageIdFor(ctx(), stale)]]);
  });
});

describe('booking mail through the job queue', () => {
  let client: Awaited<ReturnType<typeof createUser>>;
  let artistUserId: string;
  let artistId: string;
  let serviceId: string;

  beforeAll(async () => {
    client = await createUser(t.app, { firstName: 'Robin' });
    const a = await createUser(t.app, { firstName: 'Mara' });
    artistUserId = a.id;
    const artist = await createArtist(t.app, { userId: a.id, displayName: 'Mara Ink', timezone: 'America/Los_Angeles' });
    artistId = artist.id;
    serviceId = artist.services[0]!.id;
  });

  async function booking(daysAhead: number, status: 'declined' | 'confirmed') {
    const startsAt = new Date(Math.ceil((Date.now() + daysAhead * 86_400_000) / 3_600_000) * 3_600_000);
    const [row] = await db()
      .insert(bookings)
      .values({ artistId, clientId: client.id, serviceId, status, startsAt, endsAt: new Date(startsAt.getTime() + 7_200_000), depositCents: 15000, clientTimezone: 'Europe/Berlin' })
      .returning();
    return row!;
  }

  it('mails the decline to the client in their own zone, with the artist’s words escaped in HTML, once', async () => {
    const b = await booking(9, 'declined');
    const note = 'Sorry — I only do <fine line> work.';
    const eventId = await db().transaction((tx) =>
      recordBookingEvent(tx, { bookingId: b.id, actorId: artistUserId, fromStatus: 'requested', toStatus: 'declined', action: 'declined', note }),
    );
    const before = smtp.received.length;
    await runDueJobs(ctx());
    const arrived = smtp.received.slice(before);
    expect(arrived.map((m) => [toText(m.to), m.subject])).toEqual([[client.email, 'Mara Ink declined your request']]);
    const mail = arrived[0]!;
    expect(mail.text).toContain(formatWhen(b.startsAt, 'Europe/Berlin'));
    expect(mail.text).toContain('(Berlin time)');
    expect(mail.text).toContain(`> ${note}`);
    expect(mail.text).toContain(`http://localhost:5000/bookings/${b.id}`);
    expect(mail.html).toContain('Sorry — I only do &lt;fine line&gt; work.');
    expect(mail.messageId).toBe(messageIdFor(ctx(), `booking.notify:${eventId}:${client.id}`));

    await db().update(jobs).set({ status: 'pending' }).where(eq(jobs.dedupeKey, `booking.notify:${eventId}`));
    expect(await runDueJobs(ctx())).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('keeps the job for later when the SMTP server is down, then sends each mail once with one in-app notice', async () => {
    const b = await booking(12, 'confirmed');
    const eventId = await db().transaction((tx) =>
      recordBookingEvent(tx, { bookingId: b.id, actorId: null, fromStatus: 'awaiting_deposit', toStatus: 'confirmed', action: 'confirmed' }),
    );
    const down: AppContext = { ...ctx(), config: { ...ctx().config, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } };
    const now = new Date();
    expect(await runDueJobs(down, { now })).toBe(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.dedupeKey, `booking.notify:${eventId}`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('2 of 2 e-mails could not be handed to the SMTP server');
    const rows = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `booking.notify:${eventId}:%`));
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    const notices = async () => (await db().select().from(notifications).where(eq(notifications.title, 'Booking confirmed'))).filter((n) => n.actionUrl === `/bookings/${b.id}`);
    expect(await notices()).toHaveLength(2);

    const before = smtp.received.length;
    expect(await runDueJobs(ctx(), { now: new Date(now.getTime() + 30_000) })).toBe(1);
    expect(smtp.received.slice(before).map((m) => toText(m.to)).sort()).toEqual([client.email, (await userEmail(artistUserId))!].sort());
    expect((await db().select().from(jobs).where(eq(jobs.dedupeKey, `booking.notify:${eventId}`)))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(await notices()).toHaveLength(2);
  });

  it('mails a freed slot to the waitlist oldest entry first', async () => {
    const b = await booking(20, 'confirmed');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(b.startsAt);
    const newer = await createUser(t.app, { firstName: 'Newer' });
    const older = await createUser(t.app, { firstName: 'Older' });
    await db().insert(waitlistEntries).values({ artistId, clientId: newer.id, fromDate: day, toDate: day, createdAt: new Date(Date.now() - 60_000) });
    await db().insert(waitlistEntries).values({ artistId, clientId: older.id, fromDate: day, toDate: day, createdAt: new Date(Date.now() - 3_600_000) });
    await db().transaction((tx) => enqueueSlotFreed(tx, b));
    const before = smtp.received.length;
    await runDueJobs(ctx());
    const arrived = smtp.received.slice(before);
    expect(arrived.map((m) => toText(m.to))).toEqual([older.email, newer.email]);
    expect(arrived[0]!.subject).toMatch(/^A time opened with Mara Ink on /);
    expect(arrived[0]!.text).toContain(`http://localhost:5000/book/${artistId}`);
  });

  async function userEmail(id: string) {
    return (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
  }
});

describe('without SMTP_URL: the outbox', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => plain?.close());

  it('keeps mail in the outbox, readable by admins only, newest first in pages', async () => {
    const pctx = plain.app.ctx;
    const keys: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const key = `test.outbox:${i}:${randomUUID()}`;
      keys.push(key);
      expect(await sendMail(pctx, { dedupeKey: key, to: `reader${i}@example.test`, subject: `Message ${i}`, text: `Body ${i}` })).toBe('outbox');
      // Distinct creation times, so "newest first" has one answer.
      await pctx.database.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) }).where(eq(mailOutbox.dedupeKey, key));
    }
    expect(await sendMail(pctx, { dedupeKey: keys[0]!, to: 'reader1@example.test', subject: 'Again', text: 'Again' })).toBe('duplicate');
    const rows = await pctx.database.db.select().from(mailOutbox);
    expect(rows.map((r) => r.status)).toEqual(['outbox', 'outbox', 'outbox']);

    expect((await new TestClient(plain.app).get('/api/admin/outbox')).statusCode).toBe(401);
    const member = await createUser(plain.app);
    expect((await member.client.get('/api/admin/outbox')).statusCode).toBe(403);
    const admin = await createUser(plain.app, { isAdmin: true });
    const first = await admin.client.get('/api/admin/outbox?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as TAdminOutboxPage;
    expect(page1.items.map((m) => [m.subject, m.to, m.status, m.text])).toEqual([
      ['Message 3', 'reader3@example.test', 'outbox', 'Body 3'],
      ['Message 2', 'reader2@example.test', 'outbox', 'Body 2'],
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await admin.client.get(`/api/admin/outbox?limit=2&cursor=${page1.nextCursor}`)).json() as TAdminOutboxPage;
    expect(page2).toEqual({ items: [expect.objectContaining({ subject: 'Message 1', dedupeKey: keys[0] })], nextCursor: null });
    expect(((await admin.client.get('/api/admin/outbox?status=sent')).json() as TAdminOutboxPage).items).toEqual([]);
    expect((await admin.client.get('/api/admin/outbox?cursor=bogus')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/outbox?limit=500')).statusCode).toBe(400);
  });
});

describe('formatWhen', () => {
  const at = new Date('2026-11-25T21:00:00Z');
  it('names a place zone by its city, once', () => {
    expect(formatWhen(at, 'America/New_York')).toBe('Wed, Nov 25, 2026, 4:00 PM EST (New York time)');
  });
  it('does not repeat UTC ("4:00 PM UTC (UTC)")', () => {
    expect(formatWhen(at, 'UTC')).toBe('Wed, Nov 25, 2026, 9:00 PM UTC');
  });
});

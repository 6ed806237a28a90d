import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/db-utils.ts';
import { elfExecutable, multipartBody, pngImage, uploadAs } from '../support/image-fixtures.ts';
import { bookingConversation, messagingActor, messagingArtist, type MessagingActor, type MessagingArtist } from '../support/messaging.ts';
import { runDueJobs } from '../../src/server/jobs/worker.ts';
import { adminAudit, artistLicences, artistProfiles, bookings, jobs, mailOutbox, notifications, reports, reviews, sessions, users } from '../../src/server/db/schema/index.ts';
import type { TAdminArtists, TAdminLicences, TAdminReports, TLicence, TMyLicences } from '../../src/shared/contracts/identity.ts';
import type { TArtistProfile } from '../../src/shared/contracts/artists.ts';

const DAY = 86_400_000;
let t: TestApp;
let visitor: TestClient;
let admin: MessagingActor;
let owner: MessagingArtist;
let otherArtist: MessagingArtist;
let client: MessagingActor;
let otherClient: MessagingActor;
let booking: { bookingId: string; conversationId: string };

const db = () => t.app.ctx.database.db;
const dateIn = (days: number, from = Date.now()) => new Date(from + days * DAY).toISOString().slice(0, 10);
const upload = (who: TestClient, fields: Record<string, string>, data?: Buffer) => uploadAs(who, '/api/licences', fields, data ? { data } : undefined);
const validLicence = async (who: TestClient, expiresOn = dateIn(60)) => {
  const res = await upload(who, { kind: 'licence', issuingPlace: 'City of Portland, OR', expiresOn }, await pngImage(900, 600));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TLicence;
};
const verifiedOf = async (artistId: string) => ((await visitor.get(`/api/artists/${artistId}`)).json() as TArtistProfile).verified;
const auditFor = (targetId: string) => db().select().from(adminAudit).where(eq(adminAudit.targetId, targetId));
/** The upload form as the browser posts it itself: multipart, no CSRF header, same-origin. */
const uploadForm = (c: TestClient, fields: Record<string, string>, data: Buffer) => {
  const { payload, contentType } = multipartBody(fields, { data });
  return c.app.inject({ method: 'POST', url: '/api/licences/form', payload, headers: { cookie: c.cookieHeader(), 'content-type': contentType, 'sec-fetch-site': 'same-origin' } });
};
const postForm = (c: TestClient, url: string, fields: Record<string, string>) =>
  c.request('POST', url, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' });

beforeAll(async () => {
  t = await createTestApp();
  visitor = new TestClient(t.app);
  admin = await messagingActor(t.app, 'Ada Admin', { isAdmin: true });
  owner = await messagingArtist(t.app, 'Olive');
  otherArtist = await messagingArtist(t.app, 'Otto');
  t.app.ctx.sessions.evictUser(owner.id);
  t.app.ctx.sessions.evictUser(otherArtist.id);
  client = await messagingActor(t.app, 'Cora');
  otherClient = await messagingActor(t.app, 'Dana');
  booking = await bookingConversation(t.app, client.id, owner);
});
afterAll(async () => t?.close());

describe('licences: who may do what', () => {
  it('only an artist uploads, only an image, with a real expiry', async () => {
    const fields = { kind: 'licence', issuingPlace: 'Multnomah County', expiresOn: dateIn(90) };
    expect((await upload(visitor, fields, await pngImage())).statusCode).toBe(401);
    expect((await upload(client.client, fields, await pngImage())).statusCode).toBe(403);
    const notImage = await upload(owner.client, fields, elfExecutable());
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    const expired = await upload(owner.client, { ...fields, expiresOn: dateIn(-1) }, await pngImage());
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/already expired/);
    const badKind = await upload(owner.client, { ...fields, kind: 'passport' }, await pngImage());
    expect(badKind.statusCode).toBe(400);
    const noFile = await upload(owner.client, fields);
    expect(noFile.statusCode).toBe(400);
    expect(await db().select().from(artistLicences)).toHaveLength(0);
  });

  it('the image is for its artist and admins only, never cached', async () => {
    const licence = await validLicence(owner.client);
    const url = licence.imageUrl;
    expect((await visitor.get(url)).statusCode).toBe(401);
    expect((await otherClient.client.get(url)).statusCode).toBe(404);
    expect((await otherArtist.client.get(url)).statusCode).toBe(404);
    expect((await client.client.get(`${url}/thumb`)).statusCode).toBe(404);
    const mine = await owner.client.get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^image\//);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await admin.client.get(`${url}/thumb`)).statusCode).toBe(200);
    // The list is the artist's own.
    expect(((await owner.client.get('/api/licences')).json() as TMyLicences).items.map((l) => l.id)).toContain(licence.id);
    expect((await otherArtist.client.get('/api/licences')).json()).toEqual({ verified: false, items: [] });
    expect((await client.client.get('/api/licences')).statusCode).toBe(403);
    await db().delete(artistLicences).where(eq(artistLicences.id, licence.id));
  });

  it('the admin queue and decisions refuse everyone but admins', async () => {
    const licence = await validLicence(owner.client);
    for (const who of [client, otherClient, otherArtist, owner]) {
      expect((await who.client.get('/api/admin/licences')).statusCode).toBe(403);
      expect((await who.client.get('/api/admin/artists')).statusCode).toBe(403);
      expect((await who.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'approve' })).statusCode).toBe(403);
    }
    expect((await visitor.get('/api/admin/licences')).statusCode).toBe(401);
    expect((await visitor.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'approve' })).statusCode).toBe(401);
    const queue = (await admin.client.get('/api/admin/licences')).json() as TAdminLicences;
    expect(queue.items.find((l) => l.id === licence.id)).toMatchObject({ status: 'pending', artist: { id: owner.artistId, verified: false } });
    expect(await auditFor(licence.id)).toHaveLength(0);
    expect(await verifiedOf(owner.artistId)).toBe(false);
    await db().delete(artistLicences).where(eq(artistLicences.id, licence.id));
  });

  it('the admin artist list searches by name and e-mail', async () => {
    const byName = (await admin.client.get('/api/admin/artists?q=olive')).json() as TAdminArtists;
    expect(byName.items.map((a) => a.id)).toEqual([owner.artistId]);
    const byEmail = (await admin.client.get(`/api/admin/artists?q=${encodeURIComponent(otherArtist.email)}`)).json() as TAdminArtists;
    expect(byEmail.items.map((a) => a.id)).toEqual([otherArtist.artistId]);
    expect(((await admin.client.get('/api/admin/artists?q=%25')).json() as TAdminArtists).items).toEqual([]);
  });
});

describe('licence lifecycle', () => {
  it('upload → approve → badge → reminders at 30 and 7 days → expiry removes the badge', async () => {
    const start = Date.now();
    const licence = await validLicence(owner.client, dateIn(40, start));
    expect(licence.status).toBe('pending');

    const approved = await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'approve', note: 'Checked with the county register.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decisionNote: 'Checked with the county register.' });
    expect(await verifiedOf(owner.artistId)).toBe(true);
    expect((await visitor.get('/api/artists?verified=true')).json().items.map((a: { id: string }) => a.id)).toContain(owner.artistId);
    const [audit] = await auditFor(licence.id);
    expect(audit).toMatchObject({ adminId: admin.id, action: 'licence.approve', targetType: 'licence', note: 'Checked with the county register.' });
    // Approving again is a conflict and writes nothing.
    expect((await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'approve' })).statusCode).toBe(409);
    expect(await auditFor(licence.id)).toHaveLength(1);

    const scheduled = await db().select().from(jobs).where(and(like(jobs.dedupeKey, `licence.%${licence.id}%`), ne(jobs.kind, 'licence.decided')));
    const expiresAt = Date.parse(`${licence.expiresOn}T00:00:00Z`);
    expect(Object.fromEntries(scheduled.map((j) => [j.dedupeKey.split(':')[0] + (j.payload.days ? `:${j.payload.days}` : ''), j.runAt.getTime()]))).toEqual({
      'licence.reminder:30': expiresAt - 30 * DAY,
      'licence.reminder:7': expiresAt - 7 * DAY,
      'licence.expire': expiresAt + DAY,
    });

    const notices = async () => (await db().select().from(notifications).where(eq(notifications.userId, owner.id))).map((n) => n.title);
    const mails = async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email))).map((m) => m.subject);
    // The artist hears of the approval at once, with the team's note.
    expect(await runDueJobs(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await notices()).toEqual(['Artist licence approved']);
    expect(await mails()).toEqual(['Your artist licence is approved: you are verified']);
    const [approvalMail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email));
    expect(approvalMail!.textBody).toContain('Note from the team: Checked with the county register.');
    expect(await runDueJobs(t.app.ctx, { now: new Date(expiresAt - 30 * DAY + 1000) })).toBeGreaterThanOrEqual(1);
    expect((await notices()).slice(1)).toEqual([expect.stringMatching(/^Artist licence expires /)]);
    expect((await mails()).slice(1)).toEqual([expect.stringMatching(/^Your artist licence expires on /)]);
    await runDueJobs(t.app.ctx, { now: new Date(expiresAt - 7 * DAY + 1000) });
    expect(await notices()).toHaveLength(3);
    expect(await verifiedOf(owner.artistId)).toBe(true);

    await runDueJobs(t.app.ctx, { now: new Date(expiresAt + DAY + 1000) });
    const [row] = await db().select().from(artistLicences).where(eq(artistLicences.id, licence.id));
    expect(row!.status).toBe('expired');
    expect(await verifiedOf(owner.artistId)).toBe(false);
    expect(await mails()).toContain('Your artist licence has expired');
    // Run again: nothing new is sent.
    await runDueJobs(t.app.ctx, { now: new Date(expiresAt + 2 * DAY) });
    expect(await notices()).toHaveLength(4);
  });

  it('approved close to expiry: the latest reminder goes out at once', async () => {
    const since = new Date();
    const licence = await validLicence(owner.client, dateIn(10));
    await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'approve' });
    const due = await db().select().from(jobs).where(like(jobs.dedupeKey, `licence.reminder:${licence.id}:%`));
    const runAt = Object.fromEntries(due.map((j) => [j.payload.days as number, j.runAt.getTime()]));
    expect(runAt[30]).toBeLessThanOrEqual(Date.now());
    expect(runAt[7]).toBe(Date.parse(`${licence.expiresOn}T00:00:00Z`) - 7 * DAY);
    // Revoking it cancels what is pending and takes the badge away again.
    const revoked = await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'reject', note: 'Registry says it was withdrawn.' });
    expect(revoked.json()).toMatchObject({ status: 'rejected' });
    expect(await verifiedOf(owner.artistId)).toBe(false);
    const left = await db().select().from(jobs).where(and(like(jobs.dedupeKey, `licence.%${licence.id}%`), eq(jobs.status, 'pending'), ne(jobs.kind, 'licence.decided')));
    expect(left).toHaveLength(0);
    // The approval was overtaken before it was sent: the artist hears only of the rejection.
    await runDueJobs(t.app.ctx);
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, owner.id), like(notifications.title, 'Artist licence%'), gte(notifications.createdAt, since)));
    expect(told.map((n) => [n.title, n.message])).toContainEqual(['Artist licence not approved', 'Reason: Registry says it was withdrawn.']);
    expect(told.map((n) => n.title)).not.toContain('Artist licence approved');
  });

  it('reject needs a reason, leaves no badge, and is audited', async () => {
    const licence = await validLicence(otherArtist.client);
    const noReason = await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(await auditFor(licence.id)).toHaveLength(0);
    const res = await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'reject', note: 'The photo is too blurry to read.' });
    expect(res.json()).toMatchObject({ status: 'rejected', decisionNote: 'The photo is too blurry to read.' });
    expect(await verifiedOf(otherArtist.artistId)).toBe(false);
    expect(await auditFor(licence.id)).toEqual([expect.objectContaining({ action: 'licence.reject', note: 'The photo is too blurry to read.' })]);
    // The artist reads the reason on their own list.
    const mine = (await otherArtist.client.get('/api/licences')).json() as TMyLicences;
    expect(mine.items.find((l) => l.id === licence.id)?.decisionNote).toBe('The photo is too blurry to read.');
  });

  it('the audit row is written in the same transaction as the decision', async () => {
    const licence = await validLicence(otherArtist.client);
    await db().execute(sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await db().execute(sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    try {
      const res = await admin.client.post(`/api/admin/licences/${licence.id}/decision`, { decision: 'approve' });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER refuse_audit ON admin_audit`);
      await db().execute(sql`DROP FUNCTION refuse_audit()`);
    }
    const [row] = await db().select().from(artistLicences).where(eq(artistLicences.id, licence.id));
    expect(row!.status).toBe('pending');
    expect(await verifiedOf(otherArtist.artistId)).toBe(false);
    expect(await db().select().from(jobs).where(like(jobs.dedupeKey, `licence.%${licence.id}%`))).toHaveLength(0);
    await db().delete(artistLicences).where(eq(artistLicences.id, licence.id));
  });

  it('the upload form works without JavaScript and answers 303 back to the page', async () => {
    const before = (await db().select().from(artistLicences).where(eq(artistLicences.artistId, otherArtist.artistId))).length;
    const res = await uploadForm(otherArtist.client, { kind: 'health_permit', issuingPlace: 'Oregon Health Authority', expiresOn: dateIn(200), returnTo: '/elsewhere' }, await pngImage());
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/verification?done=licence-uploaded');
    expect(await db().select().from(artistLicences).where(eq(artistLicences.artistId, otherArtist.artistId))).toHaveLength(before + 1);
    const bad = await uploadForm(otherArtist.client, { kind: 'health_permit', issuingPlace: 'x', expiresOn: dateIn(200) }, await pngImage());
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toMatch(/^\/dashboard\/verification\?error=/);
  });
});

describe('reports', () => {
  let reviewId: string;
  beforeAll(async () => {
    const [b] = await db().select().from(bookings).where(eq(bookings.id, booking.bookingId));
    const [r] = await db()
      .insert(reviews)
      .values({ bookingId: b!.id, artistId: owner.artistId, authorId: client.id, ratingValue: 2, headline: 'Not great', reviewBody: 'The studio was not clean and the line work wandered.' })
      .returning();
    reviewId = r!.id;
  });

  it('of a profile, a review and a booking, once per reporter', async () => {
    const profile = { targetType: 'profile', targetId: owner.slug, reason: 'impersonation', details: 'Uses photos from another studio.' };
    expect((await visitor.post('/api/reports', profile)).statusCode).toBe(401);
    expect((await owner.client.post('/api/reports', { ...profile, targetId: owner.artistId })).statusCode).toBe(400);
    const first = await otherClient.client.post('/api/reports', profile);
    expect(first.statusCode, first.body).toBe(201);
    const again = await otherClient.client.post('/api/reports', { ...profile, targetId: owner.artistId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await otherClient.client.post('/api/reports', { ...profile, targetId: 'nobody-here' })).statusCode).toBe(404);

    const review = { targetType: 'review', targetId: reviewId, reason: 'harassment' };
    expect((await client.client.post('/api/reports', review)).statusCode).toBe(400);
    expect((await owner.client.post('/api/reports', review)).statusCode).toBe(201);

    const bookingReport = { targetType: 'booking', targetId: booking.bookingId, reason: 'unsafe_practice', details: 'No gloves.' };
    expect((await otherClient.client.post('/api/reports', bookingReport)).statusCode).toBe(404);
    expect((await otherArtist.client.post('/api/reports', bookingReport)).statusCode).toBe(404);
    expect((await client.client.post('/api/reports', bookingReport)).statusCode).toBe(201);
    expect((await client.client.post('/api/reports', { ...bookingReport, reason: 'nonsense' })).statusCode).toBe(400);
    expect((await client.client.post('/api/reports', { ...bookingReport, extra: 1 })).statusCode).toBe(400);
  });

  it('land in the admin queue with messages, and are resolved or dismissed with an audited note', async () => {
    const sent = await owner.client.post(`/api/conversations/${booking.conversationId}/messages`, { clientMessageId: randomUUID(), text: 'Pay me outside the app.' });
    expect(sent.statusCode).toBe(201);
    expect((await client.client.post(`/api/messages/${sent.json().id}/report`, { reason: 'scam' })).statusCode).toBe(201);

    for (const who of [client, otherClient, owner, otherArtist]) expect((await who.client.get('/api/admin/reports')).statusCode).toBe(403);
    expect((await visitor.get('/api/admin/reports')).statusCode).toBe(401);
    const queue = (await admin.client.get('/api/admin/reports')).json() as TAdminReports;
    expect(queue.items.map((r) => r.targetType).sort()).toEqual(['booking', 'message', 'profile', 'review']);
    const byType = Object.fromEntries(queue.items.map((r) => [r.targetType, r]));
    expect(byType.profile).toMatchObject({ reason: 'impersonation', subject: { id: owner.id }, reporter: { id: otherClient.id }, target: { href: `/artists/${owner.slug}` } });
    expect(byType.review!.subject?.id).toBe(client.id);
    expect(byType.booking!.subject?.id).toBe(owner.id);
    expect(byType.message).toMatchObject({ subject: { id: owner.id }, target: { label: 'Message: Pay me outside the app.' } });

    const id = byType.profile!.id;
    for (const who of [client, owner]) expect((await who.client.post(`/api/admin/reports/${id}/resolution`, { outcome: 'resolved', note: 'x' })).statusCode).toBe(403);
    expect((await admin.client.post(`/api/admin/reports/${id}/resolution`, { outcome: 'resolved' })).statusCode).toBe(400);
    const done = await admin.client.post(`/api/admin/reports/${id}/resolution`, { outcome: 'resolved', note: 'Photos removed; artist warned.' });
    expect(done.json()).toEqual({ id, status: 'resolved' });
    expect((await admin.client.post(`/api/admin/reports/${id}/resolution`, { outcome: 'dismissed', note: 'again' })).statusCode).toBe(409);
    expect(await auditFor(id)).toEqual([expect.objectContaining({ action: 'report.resolve', adminId: admin.id, note: 'Photos removed; artist warned.' })]);

    // The admin form: dismissed, back on the queue page.
    const form = await postForm(admin.client, '/api/admin/reports/form', { id: byType.review!.id, outcome: 'dismissed', note: 'Honest opinion.', returnTo: '/admin/reports' });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/admin/reports?done=report-dismissed');
    const refused = await postForm(client.client, '/api/admin/reports/form', { id: byType.booking!.id, outcome: 'dismissed', note: 'no', returnTo: '/admin/reports' });
    expect(refused.headers.location).toMatch(/^\/admin\/reports\?error=/);
    const [still] = await db().select().from(reports).where(eq(reports.id, byType.booking!.id));
    expect(still!.status).toBe('open');
    const resolved = (await admin.client.get('/api/admin/reports?status=resolved')).json() as TAdminReports;
    expect(resolved.items.map((r) => r.id)).toEqual([id]);
  });

  it('the report form posts before hydration', async () => {
    const res = await postForm(otherArtist.client, '/api/reports/form', { targetType: 'profile', targetId: owner.slug, reason: 'spam', details: '', returnTo: `/artists/${owner.slug}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/artists/${owner.slug}?done=reported`);
    const signedOut = await postForm(visitor, '/api/reports/form', { targetType: 'profile', targetId: owner.slug, reason: 'spam', returnTo: `/artists/${owner.slug}` });
    expect(signedOut.headers.location).toBe(`/api/login?returnTo=${encodeURIComponent(`/artists/${owner.slug}`)}`);
  });
});

describe('blocks', () => {
  const send = (who: MessagingActor, text: string) => who.client.post(`/api/conversations/${booking.conversationId}/messages`, { clientMessageId: randomUUID(), text });

  it('a block from the profile stops messages both ways until lifted', async () => {
    expect((await visitor.post('/api/blocks', { artistId: owner.artistId })).statusCode).toBe(401);
    expect((await send(client, 'Hello before')).statusCode).toBe(201);
    const blocked = await client.client.post('/api/blocks', { artistId: owner.slug });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().items).toEqual([expect.objectContaining({ userId: owner.id, name: owner.name + ' Ink' })]);
    expect((await client.client.get(`/api/artists/${owner.slug}/block`)).json()).toEqual({ blocked: true });
    expect((await otherClient.client.get(`/api/artists/${owner.slug}/block`)).json()).toEqual({ blocked: false });
    const mine = await send(client, 'After my block');
    expect(mine.statusCode).toBe(403);
    const theirs = await send(owner, 'After their block');
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toMatch(/not accepting messages/);
    // Someone else cannot lift it.
    expect((await owner.client.delete(`/api/blocks/${owner.id}`)).json()).toEqual({ items: [] });
    expect((await send(owner, 'Still blocked')).statusCode).toBe(403);
    const lifted = await client.client.delete(`/api/blocks/${owner.id}`);
    expect(lifted.json()).toEqual({ items: [] });
    expect((await send(owner, 'Back again')).statusCode).toBe(201);
  });

  it('from a booking only by its people; the form posts before hydration', async () => {
    expect((await otherClient.client.post('/api/blocks', { bookingId: booking.bookingId })).statusCode).toBe(404);
    expect((await owner.client.post('/api/blocks', { bookingId: booking.bookingId })).json().items[0].userId).toBe(client.id);
    expect((await send(client, 'Blocked by the artist')).statusCode).toBe(403);
    const form = await postForm(owner.client, '/api/blocks/form', { intent: 'unblock', userId: client.id, returnTo: '/account' });
    expect(form.headers.location).toBe('/account?done=unblocked');
    expect((await send(client, 'Unblocked')).statusCode).toBe(201);
    const self = await owner.client.post('/api/blocks', { artistId: owner.artistId });
    expect(self.statusCode).toBe(400);
  });
});

describe('account data', () => {
  it('the export holds my data and files, and nobody else’s', async () => {
    expect((await visitor.get('/api/account/export')).statusCode).toBe(401);
    const photo = await uploadAs(client.client, '/api/account/avatar', {}, { data: await pngImage(300, 300) }, 'PUT');
    expect(photo.statusCode).toBe(200);
    const res = await client.client.get('/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inkhaven-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data).toMatchObject({ format: 'inkhaven-account-export', account: { id: client.id, email: client.email } });
    expect(data.bookingsAsClient.map((b: { id: string }) => b.id)).toEqual([booking.bookingId]);
    expect(data.reviewsWritten).toHaveLength(1);
    expect(data.conversations[0].messages.length).toBeGreaterThan(0);
    expect(data.reports.length).toBeGreaterThan(0);
    expect(data.files).toEqual([expect.objectContaining({ kind: 'avatar', contentType: 'image/webp' })]);
    expect(Buffer.from(data.files[0].base64, 'base64').subarray(8, 12).toString()).toBe('WEBP');
    // Nobody else: not the other client, not the artist's e-mail, no secrets.
    expect(res.body).not.toContain(otherClient.id);
    expect(res.body).not.toContain(otherClient.email);
    expect(res.body).not.toContain(owner.email);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, client.id));
    expect(res.body).not.toContain(session!.token);
    // An artist's export has their profile, licences and their image files.
    const artistData = (await owner.client.get('/api/account/export')).json();
    expect(artistData.artistProfile.id).toBe(owner.artistId);
    expect(artistData.artistProfile.calendarToken).toBeUndefined();
    expect(artistData.licences.length).toBeGreaterThan(0);
    expect(artistData.files.filter((f: { kind: string }) => f.kind === 'licence').length).toBe(artistData.licences.length);
    expect(artistData.bookingsAsArtist.map((b: { id: string }) => b.id)).toEqual([booking.bookingId]);
  });

  it('deletion takes the password, anonymises, signs out everywhere and keeps the booking for the artist', async () => {
    expect((await visitor.post('/api/account/delete', { password: 'x' })).statusCode).toBe(401);
    const wrong = await client.client.post('/api/account/delete', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const [before] = await db().select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, client.id));
    const avatarFile = path.join(t.config.STORAGE_DIR, before!.avatarKey!);
    expect(existsSync(avatarFile)).toBe(true);
    const secondDevice = new TestClient(t.app);
    expect((await secondDevice.post('/api/auth/sign-in', { email: client.email, password: client.password })).statusCode).toBe(200);

    const res = await client.client.post('/api/account/delete', { password: client.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await secondDevice.get('/api/auth/user')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/auth/sign-in', { email: client.email, password: client.password })).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, client.id))).toHaveLength(0);
    const [row] = await db().select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted-${client.id}@deleted.invalid`, avatarKey: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(existsSync(avatarFile)).toBe(false);

    // The artist keeps the booking and the conversation, with the client anonymised.
    const seen = await owner.client.get(`/api/bookings/${booking.bookingId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().client).toMatchObject({ id: client.id, firstName: 'Deleted', avatarUrl: null });
    expect(seen.body).not.toContain(client.email);
    expect(seen.body).not.toContain(client.firstName);
    const thread = await owner.client.get(`/api/conversations/${booking.conversationId}/messages`);
    expect(thread.json().items.length).toBeGreaterThan(0);
    // The review stays for the artist's rating, under the anonymous name.
    const shown = (await visitor.get(`/api/artists/${owner.artistId}/reviews`)).json();
    expect(shown.items[0].author.name).toBe('Deleted u.');
    // The same e-mail can open a new account.
    expect(await db().select().from(users).where(eq(users.email, client.email))).toHaveLength(0);
  });

  it('an artist with bookings leaves search and profiles; the client keeps the booking', async () => {
    const form = await postForm(owner.client, '/api/account/delete/form', { password: 'wrong-password', returnTo: '/account' });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toMatch(/^\/account\?error=/);
    const ok = await postForm(owner.client, '/api/account/delete/form', { password: owner.password, returnTo: '/account' });
    expect(ok.headers.location).toBe('/?done=account-deleted');
    expect((await visitor.get(`/api/artists/${owner.artistId}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/artists/${owner.slug}`)).statusCode).toBe(404);
    const [profile] = await db().select().from(artistProfiles).where(eq(artistProfiles.id, owner.artistId));
    expect(profile).toMatchObject({ displayName: 'Deleted user', verified: false });
    expect(await db().select().from(artistLicences).where(eq(artistLicences.artistId, owner.artistId))).toHaveLength(0);
    const search = (await visitor.get('/api/artists?q=Olive')).json();
    expect(search.items.map((a: { id: string }) => a.id)).not.toContain(owner.artistId);
    expect(await db().select().from(bookings).where(eq(bookings.id, booking.bookingId))).toHaveLength(1);
  });
});

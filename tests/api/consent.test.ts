import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBooking, TBookingDetail } from '../../src/shared/contracts/bookings.ts';
import type { TArtistConsentTemplates, TBookingConsent, TConsentSign, TConsentSigned, TConsentTemplateVersion, TConsentTemplateVersions, TConsentVerify, TSignedConsentForm } from '../../src/shared/contracts/consent.ts';
import { DEFAULT_CONSENT_QUESTIONS } from '../../src/shared/contracts/consent.ts';
import { parseConfig } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import { bookings, consentAudit, consentForms, consentRequests, jobs, mailOutbox, notifications } from '../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../src/server/jobs/worker.ts';
import { createUser, openTestDatabase, TestClient } from '../support/db-utils.ts';
import { createArtist } from '../support/factories.ts';
import { jpegWithGps, multipartBody, uploadAs, type UploadFile } from '../support/image-fixtures.ts';

/**
 * Consent forms (issue 13 §1, §4): authorization matrix on every route and file, signing rules,
 * versioning, immutability and verify, reminders, encryption at rest, and a canary that no health
 * answer, date of birth or guardian name reaches the logs, the analytics tables or any other table.
 */

const HOUR = 3_600_000;
const ALL_WEEK = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]])) as Record<string, Array<[string, string]>>;
const CANARY = `canary-${Date.now().toString(36)}`;

type Closer = () => Promise<void>;
let close: Closer;
let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;
const logLines: string[] = [];

type Actor = { client: TestClient; id: string };
type ArtistActor = Actor & { artistId: string; tattooId: string; piercingId: string; consultId: string };
let tattooist: ArtistActor;
let otherArtist: ArtistActor;
let client: Actor;
let otherClient: Actor;
let admin: Actor;
let visitor: TestClient;

const db = () => app.ctx.database.db;

async function artistActor(name: string): Promise<ArtistActor> {
  const u = await createUser(app, { firstName: name });
  const a = await createArtist(app, {
    userId: u.id,
    displayName: name,
    kind: 'both',
    timezone: 'UTC',
    workingHours: ALL_WEEK,
    minNoticeHours: 0,
    bufferMinutes: 0,
    services: [
      { name: 'Tattoo session', kind: 'tattoo', durationMinutes: 60, depositCents: 0 },
      { name: 'Lobe piercing', kind: 'piercing', durationMinutes: 30, depositCents: 0 },
      { name: 'Consultation', kind: 'consultation', durationMinutes: 30, depositCents: 0, priceMinCents: 0, priceMaxCents: 0 },
    ],
  });
  return { client: u.client, id: u.id, artistId: a.id, tattooId: a.services[0]!.id, piercingId: a.services[1]!.id, consultId: a.services[2]!.id };
}

type BookingOptions = { kind?: 'tattoo' | 'piercing' | 'consultation'; by?: Actor; artist?: ArtistActor; hoursAhead?: number };

/** A requested booking through the API, at the artist's first open time at least `hoursAhead` (72) away. */
async function requestedBooking(opts: BookingOptions = {}): Promise<TBooking> {
  const artist = opts.artist ?? tattooist;
  const by = opts.by ?? client;
  const serviceId = { tattoo: artist.tattooId, piercing: artist.piercingId, consultation: artist.consultId }[opts.kind ?? 'tattoo'];
  // The first open time from the artist's own availability: a fixed offset from now falls outside
  // working hours at some times of day (a 60-minute session at 23:00 ends past 23:59).
  const from = new Date(Date.now() + (opts.hoursAhead ?? 72) * HOUR);
  const to = new Date(from.getTime() + 21 * 24 * HOUR);
  const open = await by.client.get(`/api/artists/${artist.artistId}/availability?serviceId=${serviceId}&from=${from.toISOString()}&to=${to.toISOString()}`);
  expect(open.statusCode, open.body).toBe(200);
  const startsAt = (open.json() as { slots: Array<{ startsAt: string }> }).slots[0]?.startsAt;
  expect(startsAt, 'an open time in the next three weeks').toBeDefined();
  const res = await by.client.post('/api/bookings', { artistId: artist.artistId, serviceId, startsAt, idea: 'A small swallow on the forearm, please.', acceptPolicy: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TBooking;
}

/** A confirmed booking through the API (request, then accept; no deposit): the path the consent trigger follows. */
async function confirmedBooking(opts: BookingOptions = {}): Promise<TBooking> {
  const artist = opts.artist ?? tattooist;
  const id = (await requestedBooking(opts)).id;
  const accepted = await artist.client.post(`/api/bookings/${id}/accept`, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((accepted.json() as TBookingDetail).status).toBe('confirmed');
  return accepted.json() as TBooking;
}

async function signaturePng(): Promise<string> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 120 110, 180 40 S 300 100, 390 30" stroke="#111" stroke-width="4" fill="none"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

function answersFor(kind: 'tattoo' | 'piercing', extra: Record<string, boolean | string> = {}): Record<string, boolean | string> {
  const answers: Record<string, boolean | string> = {};
  for (const q of DEFAULT_CONSENT_QUESTIONS[kind]) {
    if (q.type === 'acknowledge') answers[q.id] = true;
    else if (q.type === 'yes_no' && q.required) answers[q.id] = false;
  }
  return { ...answers, ...extra };
}

const ADULT_DOB = '1990-04-12';

function signBody(kind: 'tattoo' | 'piercing', overrides: Partial<TConsentSign> = {}): TConsentSign {
  return { answers: answersFor(kind), dateOfBirth: ADULT_DOB, signature: { kind: 'typed', name: 'Casey Client' }, ...overrides };
}

async function sign(bookingId: string, body: TConsentSign, by: Actor = client) {
  return by.client.post(`/api/bookings/${bookingId}/consent`, body, { 'user-agent': 'ConsentTest/1.0' });
}

async function signed(kind: 'tattoo' | 'piercing' = 'tattoo', overrides: Partial<TConsentSign> = {}): Promise<{ booking: TBooking; form: TConsentSigned }> {
  const booking = await confirmedBooking({ kind });
  const res = await sign(booking.id, signBody(kind, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return { booking, form: res.json() as TConsentSigned };
}

async function uploadId(by: Actor = client): Promise<string> {
  const res = await uploadAs(by.client, '/api/consent-forms/uploads', {}, { data: await jpegWithGps(), filename: 'id.jpg', type: 'image/jpeg' });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { id: string }).id;
}

/** A date of birth that makes the client `years` old (minus a day) on the booking's day. */
function dobForAge(startsAt: string, years: number, dayOffset = 1): string {
  const d = new Date(startsAt);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + dayOffset);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  const opened = await openTestDatabase();
  dataDir = opened.dataDir;
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:5000', LOG_LEVEL: 'trace' });
  // Every log line the server writes, at the most talkative level, for the canary search.
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp({ config, database: opened.database, secret: 'test-secret-test-secret-test-secret-0123', logger: { level: 'trace', stream } });
  await app.ready();
  close = async () => {
    await app.close();
    await opened.drop();
  };
  tattooist = await artistActor('Ink Artist');
  otherArtist = await artistActor('Other Artist');
  const c = await createUser(app, { firstName: 'Casey' });
  client = { client: c.client, id: c.id };
  const o = await createUser(app, { firstName: 'Olive' });
  otherClient = { client: o.client, id: o.id };
  const ad = await createUser(app, { firstName: 'Ada', isAdmin: true });
  admin = { client: ad.client, id: ad.id };
  visitor = new TestClient(app);
}, 120_000);

afterAll(async () => close?.());

describe('booking consent status', () => {
  it('is pending for a confirmed session, not_required for a consultation, signed once signed; on the booking responses too', async () => {
    const consult = await confirmedBooking({ kind: 'consultation' });
    expect(consult.consentStatus).toBe('not_required');
    const c = (await client.client.get(`/api/bookings/${consult.id}/consent`)).json() as TBookingConsent;
    expect(c).toMatchObject({ status: 'not_required', template: null, canSign: false, blocker: 'not_required' });
    expect((await sign(consult.id, signBody('tattoo'))).json()).toMatchObject({ code: 'CONSENT_NOT_REQUIRED' });

    const booking = await confirmedBooking();
    expect(booking.consentStatus).toBe('pending');
    const res = await client.client.get(`/api/bookings/${booking.id}/consent`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const consent = res.json() as TBookingConsent;
    expect(consent).toMatchObject({ status: 'pending', canSign: true, blocker: null, kind: 'tattoo' });
    expect(consent.template!.questions.map((q) => q.id)).toEqual(DEFAULT_CONSENT_QUESTIONS.tattoo.map((q) => q.id));
    expect(consent.template!.isDefault).toBe(true);

    const done = await sign(booking.id, signBody('tattoo'));
    expect(done.statusCode, done.body).toBe(201);
    const { id, sha256 } = done.json() as TConsentSigned;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const after = (await client.client.get(`/api/bookings/${booking.id}/consent`)).json() as TBookingConsent;
    expect(after).toMatchObject({ status: 'signed', signedFormId: id, canSign: false, blocker: 'signed' });
    expect(((await client.client.get(`/api/bookings/${booking.id}`)).json() as TBooking).consentStatus).toBe('signed');
    const list = (await tattooist.client.get('/api/bookings?as=artist')).json() as { items: TBooking[] };
    expect(list.items.find((b) => b.id === booking.id)?.consentStatus).toBe('signed');
  });

  it('the confirmation records the template version and the audit trail’s "created"; the first open is "opened"', async () => {
    const booking = await confirmedBooking();
    const [request] = await db().select().from(consentRequests).where(eq(consentRequests.bookingId, booking.id));
    expect(request).toBeDefined();
    await client.client.get(`/api/bookings/${booking.id}/consent`);
    await client.client.get(`/api/bookings/${booking.id}/consent`);
    const events = await db().select({ event: consentAudit.event }).from(consentAudit).where(eq(consentAudit.bookingId, booking.id));
    expect(events.map((e) => e.event).sort()).toEqual(['created', 'opened']);
  });
});

describe('authorization matrix', () => {
  let bookingId: string;
  let formId: string;
  let elsewhere: string;
  beforeAll(async () => {
    const idImageId = await uploadId();
    const { booking, form } = await signed('tattoo', { idImageId });
    bookingId = booking.id;
    formId = form.id;
    // The same artist's booking with someone else: their access there says nothing about this one.
    elsewhere = (await confirmedBooking({ by: otherClient })).id;
  });

  const routes = () => [
    `/api/bookings/${bookingId}/consent`,
    `/api/consent-forms/${formId}.pdf`,
    `/api/consent-forms/${formId}/verify`,
    `/api/consent-forms/${formId}`,
    `/api/consent-forms/${formId}/id-images/client`,
  ];

  it('a visitor gets 401 everywhere', async () => {
    for (const url of routes()) expect((await visitor.get(url)).statusCode, url).toBe(401);
    expect((await visitor.post(`/api/bookings/${bookingId}/consent`, signBody('tattoo'))).statusCode).toBe(401);
    expect((await visitor.post('/api/consent-forms/uploads', {})).statusCode).toBe(401);
    expect((await visitor.get('/api/artist/consent-templates')).statusCode).toBe(401);
  });

  it('another client and another artist get 404 everywhere, without learning that the booking or form exists', async () => {
    for (const who of [otherClient, otherArtist]) {
      for (const url of routes()) {
        const res = await who.client.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('the same artist on another booking reads only that booking; the other client cannot reach this form through theirs', async () => {
    expect((await tattooist.client.get(`/api/bookings/${elsewhere}/consent`)).statusCode).toBe(200);
    expect((await otherClient.client.get(`/api/bookings/${elsewhere}/consent`)).statusCode).toBe(200);
    for (const url of routes()) expect((await otherClient.client.get(url)).statusCode, url).toBe(404);
  });

  it('the client, the booked artist and an admin read every route; only admins leave an audit row for it', async () => {
    for (const who of [client, tattooist, admin]) {
      for (const url of routes()) {
        const res = await who.client.get(url);
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
    const pdf = await tattooist.client.get(`/api/consent-forms/${formId}.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const image = await client.client.get(`/api/consent-forms/${formId}/id-images/client`);
    expect(image.headers['content-type']).toBe('image/webp');
    // Re-encoded: the GPS position and camera data of the upload are gone.
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    const adminReads = await db().select({ actorId: consentAudit.actorId, detail: consentAudit.detail }).from(consentAudit).where(and(eq(consentAudit.bookingId, bookingId), eq(consentAudit.event, 'admin_read')));
    expect(adminReads.map((r) => r.detail).sort()).toEqual(['answers', 'id-image:client', 'pdf']);
    expect(adminReads.every((r) => r.actorId === admin.id)).toBe(true);
  });

  it('only the client signs: the artist and an admin get 403, others 404', async () => {
    const booking = await confirmedBooking();
    expect((await sign(booking.id, signBody('tattoo'), tattooist)).statusCode).toBe(403);
    expect((await sign(booking.id, signBody('tattoo'), admin)).statusCode).toBe(403);
    expect((await sign(booking.id, signBody('tattoo'), otherClient)).statusCode).toBe(404);
    expect((await sign(booking.id, signBody('tattoo'), otherArtist)).statusCode).toBe(404);
  });

  it("an ID photo can only go on its uploader's form, once", async () => {
    const theirs = await uploadId(otherClient);
    const booking = await confirmedBooking();
    const res = await sign(booking.id, signBody('tattoo', { idImageId: theirs }));
    expect(res.statusCode).toBe(400);
    const mine = await uploadId();
    expect((await sign(booking.id, signBody('tattoo', { idImageId: mine }))).statusCode).toBe(201);
    const again = await confirmedBooking();
    expect((await sign(again.id, signBody('tattoo', { idImageId: mine }))).statusCode).toBe(400);
  });

  it('artist templates are for artists only', async () => {
    expect((await client.client.get('/api/artist/consent-templates')).statusCode).toBe(404);
    expect((await client.client.request('PUT', '/api/artist/consent-templates/tattoo', { questions: DEFAULT_CONSENT_QUESTIONS.tattoo })).statusCode).toBe(404);
  });
});

describe('signing rules', () => {
  it('409 on a second signing, and the stored form stays the first', async () => {
    const { booking, form } = await signed();
    const again = await sign(booking.id, signBody('tattoo'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONSENT_ALREADY_SIGNED' });
    const rows = await db().select({ id: consentForms.id }).from(consentForms).where(eq(consentForms.bookingId, booking.id));
    expect(rows).toEqual([{ id: form.id }]);
  });

  it('two signings at once store one form', async () => {
    const booking = await confirmedBooking();
    const results = await Promise.all([sign(booking.id, signBody('tattoo')), sign(booking.id, signBody('tattoo'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('opens only once the booking is confirmed, and closes when it is cancelled or over', async () => {
    const requested = await requestedBooking({ hoursAhead: 400 });
    expect((await sign(requested.id, signBody('tattoo'))).json()).toMatchObject({ code: 'CONSENT_NOT_OPEN' });
    expect((await client.client.get(`/api/bookings/${requested.id}/consent`)).json()).toMatchObject({ status: 'pending', blocker: 'not_confirmed' });

    const cancelled = await confirmedBooking();
    expect((await client.client.post(`/api/bookings/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
    const res = await sign(cancelled.id, signBody('tattoo'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONSENT_CLOSED' });

    const over = await confirmedBooking();
    await db().update(bookings).set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - 2 * HOUR) }).where(eq(bookings.id, over.id));
    expect((await sign(over.id, signBody('tattoo'))).json()).toMatchObject({ code: 'CONSENT_CLOSED' });
  });

  it('required answers, answer types and unknown questions', async () => {
    const booking = await confirmedBooking();
    const { risks: _risks, ...withoutRisks } = answersFor('tattoo');
    const missing = await sign(booking.id, signBody('tattoo', { answers: withoutRisks }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'CONSENT_ANSWERS_INCOMPLETE', details: ['risks'] });
    expect((await sign(booking.id, signBody('tattoo', { answers: answersFor('tattoo', { risks: false }) }))).statusCode).toBe(422);
    expect((await sign(booking.id, signBody('tattoo', { answers: answersFor('tattoo', { diabetes: 'maybe' }) }))).statusCode).toBe(400);
    expect((await sign(booking.id, signBody('tattoo', { answers: answersFor('tattoo', { no_such_question: true }) }))).statusCode).toBe(400);
    expect((await sign(booking.id, { ...signBody('tattoo'), extra: 1 } as TConsentSign)).statusCode).toBe(400);
  });

  it('dates of birth are bounded; tattoo clients are 18+ on the appointment day', async () => {
    const booking = await confirmedBooking();
    for (const dateOfBirth of ['2999-01-01', '1850-01-01', '1990-02-30', 'yesterday', dobForAge(booking.startsAt, 0, 10)]) {
      const res = await sign(booking.id, signBody('tattoo', { dateOfBirth }));
      expect(res.statusCode, dateOfBirth).toBe(400);
    }
    const seventeen = await sign(booking.id, signBody('tattoo', { dateOfBirth: dobForAge(booking.startsAt, 18, 1) }));
    expect(seventeen.statusCode).toBe(422);
    expect(seventeen.json()).toMatchObject({ code: 'CONSENT_AGE_RESTRICTED' });
    // Eighteen on the day itself is old enough.
    expect((await sign(booking.id, signBody('tattoo', { dateOfBirth: dobForAge(booking.startsAt, 18, 0) }))).statusCode).toBe(201);
  });

  it('a piercing client under 18 signs with a guardian (name, relationship, ID photo, signature); an adult without one', async () => {
    const booking = await confirmedBooking({ kind: 'piercing' });
    const dateOfBirth = dobForAge(booking.startsAt, 16);
    const alone = await sign(booking.id, signBody('piercing', { dateOfBirth }));
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toMatchObject({ code: 'CONSENT_GUARDIAN_REQUIRED' });
    const guardian = { name: 'Gail Guardian', relationship: 'Mother', idImageId: await uploadId(), signature: { kind: 'drawn' as const, png: await signaturePng() } };
    const res = await sign(booking.id, signBody('piercing', { dateOfBirth, guardian }));
    expect(res.statusCode, res.body).toBe(201);
    const form = (await tattooist.client.get(`/api/consent-forms/${(res.json() as TConsentSigned).id}`)).json() as TSignedConsentForm;
    expect(form.guardian).toEqual({ name: 'Gail Guardian', relationship: 'Mother', signatureKind: 'drawn' });
    expect(form.idImages).toEqual(['guardian']);
    expect(form.dateOfBirth).toBe(dateOfBirth);

    const adult = await confirmedBooking({ kind: 'piercing' });
    expect((await sign(adult.id, signBody('piercing', { guardian: { ...guardian, idImageId: await uploadId() } }))).statusCode).toBe(400);
  });

  it('drawn signatures: a real PNG is re-encoded into the PDF; other bytes, empty drawings and oversize data are refused', async () => {
    const booking = await confirmedBooking();
    const jpeg = `data:image/png;base64,${(await sharp({ create: { width: 300, height: 100, channels: 3, background: '#fff' } }).jpeg().toBuffer()).toString('base64')}`;
    const blank = `data:image/png;base64,${(await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer()).toString('base64')}`;
    const truncated = (await signaturePng()).slice(0, 200);
    for (const png of [jpeg, blank, truncated]) {
      const res = await sign(booking.id, signBody('tattoo', { signature: { kind: 'drawn', png } }));
      expect(res.statusCode, png.slice(0, 40)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    }
    expect((await sign(booking.id, signBody('tattoo', { signature: { kind: 'drawn', png: `data:image/png;base64,${'A'.repeat(300_000)}` } }))).statusCode).toBe(400);
    expect((await sign(booking.id, signBody('tattoo', { signature: { kind: 'drawn', png: 'javascript:alert(1)' } }))).statusCode).toBe(400);
    const ok = await sign(booking.id, signBody('tattoo', { signature: { kind: 'drawn', png: await signaturePng() } }));
    expect(ok.statusCode, ok.body).toBe(201);
    const pdf = await client.client.get(`/api/consent-forms/${(ok.json() as TConsentSigned).id}.pdf`);
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });
});

describe('templates and versions', () => {
  it('the artist starts from the defaults, saves new versions, and a confirmed booking keeps its version', async () => {
    const before = (await otherArtist.client.get('/api/artist/consent-templates')).json() as TArtistConsentTemplates;
    expect(before.items.map((t) => [t.kind, t.isDefault])).toEqual([
      ['tattoo', true],
      ['piercing', true],
    ]);
    const kept = await confirmedBooking({ artist: otherArtist });

    const questions = [...DEFAULT_CONSENT_QUESTIONS.tattoo, { id: 'numbing_cream', label: 'Did you use numbing cream today?', type: 'yes_no' as const, required: true }];
    const saved = await otherArtist.client.request('PUT', '/api/artist/consent-templates/tattoo', { questions });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ version: 1, isDefault: false });
    // Saving the same questions again makes no new version.
    expect((await otherArtist.client.request('PUT', '/api/artist/consent-templates/tattoo', { questions })).statusCode).toBe(200);
    const v2 = await otherArtist.client.request('PUT', '/api/artist/consent-templates/tattoo', { questions: questions.filter((q) => q.id !== 'other_health') });
    expect(v2.json()).toMatchObject({ version: 2 });
    expect((await otherArtist.client.request('PUT', '/api/artist/consent-templates/tattoo', { questions: [{ id: 'a', label: 'x', type: 'choice', required: true }] })).statusCode).toBe(400);
    expect((await otherArtist.client.request('PUT', '/api/artist/consent-templates/henna', { questions })).statusCode).toBe(400);

    // The booking confirmed earlier keeps the default questions; a new one gets version 2.
    const old = (await client.client.get(`/api/bookings/${kept.id}/consent`)).json() as TBookingConsent;
    expect(old.template!.isDefault).toBe(true);
    expect(old.template!.questions.some((q) => q.id === 'numbing_cream')).toBe(false);
    const fresh = await confirmedBooking({ artist: otherArtist });
    const now = (await client.client.get(`/api/bookings/${fresh.id}/consent`)).json() as TBookingConsent;
    expect(now.template).toMatchObject({ version: 2, isDefault: false });
    const missing = await sign(fresh.id, signBody('tattoo'));
    expect(missing.json()).toMatchObject({ code: 'CONSENT_ANSWERS_INCOMPLETE', details: ['numbing_cream'] });
    expect((await sign(fresh.id, signBody('tattoo', { answers: answersFor('tattoo', { other_health: 'none' }) }))).statusCode).toBe(400);
    expect((await sign(fresh.id, signBody('tattoo', { answers: answersFor('tattoo', { numbing_cream: false }) }))).statusCode).toBe(201);
    expect((await sign(kept.id, signBody('tattoo'))).statusCode).toBe(201);
  });

  it('stored templates and forms refuse UPDATE', async () => {
    await expect(db().execute(sql`UPDATE consent_templates SET version = version + 100`)).rejects.toThrow();
    await expect(db().execute(sql`UPDATE consent_forms SET sha256 = 'x'`)).rejects.toThrow();
  });
});

describe('immutability and verify', () => {
  it('verify recomputes the SHA-256 from the stored bytes and detects a changed byte', async () => {
    const { form } = await signed();
    const pdf = await client.client.get(`/api/consent-forms/${form.id}.pdf`);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(form.sha256);
    const ok = (await client.client.get(`/api/consent-forms/${form.id}/verify`)).json() as TConsentVerify;
    expect(ok).toMatchObject({ valid: true, sha256: form.sha256, recordedSha256: form.sha256 });
    // The PDF names its content hash and its audit trail.
    const text = pdf.rawPayload.toString('latin1');
    expect(text.length).toBeGreaterThan(1000);

    // Someone with database access flips one stored byte (bypassing the UPDATE trigger).
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE consent_forms SET pdf = overlay(pdf placing '\\x00'::bytea from 200 for 1) WHERE id = ${form.id}`);
    });
    const bad = (await client.client.get(`/api/consent-forms/${form.id}/verify`)).json() as TConsentVerify;
    expect(bad.valid).toBe(false);
    expect(bad.sha256).not.toBe(form.sha256);
    expect((await client.client.get(`/api/consent-forms/${form.id}.pdf`)).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('48 h and 2 h jobs are scheduled for a confirmed session; they remind while unsigned and skip once signed or cancelled', async () => {
    const unsigned = await confirmedBooking({ hoursAhead: 100 });
    const signedOne = await confirmedBooking({ hoursAhead: 100 });
    const cancelled = await confirmedBooking({ hoursAhead: 100 });
    const consult = await confirmedBooking({ kind: 'consultation', hoursAhead: 100 });
    const keys = await db().select({ key: jobs.dedupeKey, status: jobs.status }).from(jobs).where(like(jobs.dedupeKey, `consent.reminder:%${unsigned.id}`));
    expect(keys.map((k) => k.key).sort()).toEqual([`consent.reminder:2h:${unsigned.id}`, `consent.reminder:48h:${unsigned.id}`]);

    expect((await sign(signedOne.id, signBody('tattoo'))).statusCode).toBe(201);
    expect((await client.client.post(`/api/bookings/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
    const cancelledJobs = await db().select({ status: jobs.status }).from(jobs).where(like(jobs.dedupeKey, `consent.reminder:%${cancelled.id}`));
    expect(cancelledJobs.every((j) => j.status === 'cancelled')).toBe(true);

    const reminded = async (bookingId: string) =>
      (await db().select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(like(mailOutbox.dedupeKey, `consent.reminder:%${bookingId}%`))).length;
    // 48 h before: the unsigned client is reminded, the others are not.
    const startsAt = Date.parse(unsigned.startsAt);
    await runDueJobs(app.ctx, { now: new Date(startsAt - 47 * HOUR), limit: 500 });
    expect(await reminded(unsigned.id)).toBe(1);
    expect(await reminded(signedOne.id)).toBe(0);
    expect(await reminded(cancelled.id)).toBe(0);
    expect(await reminded(consult.id)).toBe(0);
    const [notice] = await db().select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.actionUrl, `/consent-form?booking=${unsigned.id}`)));
    expect(notice?.title).toBe('Consent form not signed');
    await runDueJobs(app.ctx, { now: new Date(startsAt - 1.5 * HOUR), limit: 500 });
    expect(await reminded(unsigned.id)).toBe(2);
    expect(await reminded(signedOne.id)).toBe(0);
  });
});

describe('health data at rest and in transit', () => {
  it('the raw rows hold no answer text, date of birth or guardian name; ID photos are sealed on disk', async () => {
    const booking = await confirmedBooking({ kind: 'piercing' });
    const idImageId = await uploadId();
    const secretAnswer = `${CANARY}-allergic-to-red-pigment`;
    const res = await sign(
      booking.id,
      signBody('piercing', {
        answers: answersFor('piercing', { allergies: true, allergies_details: secretAnswer, other_health: `${CANARY}-diabetes-type-1` }),
        dateOfBirth: dobForAge(booking.startsAt, 15),
        idImageId,
        guardian: { name: `${CANARY}-guardian-name`, relationship: 'Father', idImageId: await uploadId(), signature: { kind: 'typed', name: `${CANARY}-guardian-signs` } },
        signature: { kind: 'typed', name: `${CANARY}-client-signs` },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const form = (await client.client.get(`/api/consent-forms/${(res.json() as TConsentSigned).id}`)).json() as TSignedConsentForm;
    expect(form.answers.allergies_details).toBe(secretAnswer);

    const [raw] = await db().select().from(consentForms).where(eq(consentForms.id, form.id));
    for (const bytes of [raw!.sealedData, raw!.pdf]) {
      expect(bytes.includes(Buffer.from(CANARY))).toBe(false);
      expect(bytes.includes(Buffer.from(form.dateOfBirth))).toBe(false);
    }
    // The ID photo on disk is no image: sealed bytes only.
    const files = walk(path.join(dataDir, 'uploads', 'consent'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect([0xff, 0x52, 0x89].includes(readFileSync(file)[0]!)).toBe(false);
  });

  it('canary: after the flows, no log line and no table (analytics included) holds a canary string', async () => {
    // Everything above ran with canary strings in answers, names and the date-of-birth flows; run the reads once more.
    const [form] = await db().select({ id: consentForms.id, bookingId: consentForms.bookingId }).from(consentForms).orderBy(sql`signed_at DESC`).limit(1);
    for (const who of [client, admin]) {
      await who.client.get(`/api/consent-forms/${form!.id}`);
      await who.client.get(`/api/consent-forms/${form!.id}.pdf`);
    }
    const logs = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    expect(logs.includes(CANARY)).toBe(false);
    expect(logs.includes('allergic-to-red-pigment')).toBe(false);

    // Every table's rows as text (bytea as hex): the canary is in none, plain or hex-encoded.
    const tables = (await db().execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)) as unknown as { rows: Array<{ table_name: string }> };
    expect(tables.rows.some((t) => t.table_name === 'analytics_events')).toBe(true);
    const hex = Buffer.from(CANARY).toString('hex');
    for (const { table_name } of tables.rows) {
      const hits = (await db().execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} t WHERE position(${CANARY} in t::text) > 0 OR position(${hex} in t::text) > 0`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(hits.rows[0]!.n, table_name).toBe(0);
    }
  });
});

function walk(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  } catch {
    return [];
  }
}

describe('the form as the browser posts it without JavaScript', () => {
  /** What the page's form sends: `answer.<id>` fields (yes/no, `on` for a tick), the typed name, photos as files. */
  function formFields(kind: 'tattoo' | 'piercing', extra: Record<string, string> = {}): Record<string, string> {
    const fields: Record<string, string> = { dateOfBirth: ADULT_DOB, signatureName: 'Casey Typed' };
    for (const q of DEFAULT_CONSENT_QUESTIONS[kind]) {
      if (q.type === 'acknowledge') fields[`answer.${q.id}`] = 'on';
      else if (q.type === 'yes_no' && q.required) fields[`answer.${q.id}`] = 'no';
    }
    return { ...fields, ...extra };
  }
  async function postForm(bookingId: string, fields: Record<string, string>, files: UploadFile[] = [], by: TestClient = client.client, site = 'same-origin') {
    const { payload, contentType } = multipartBody(fields, files);
    return app.inject({ method: 'POST', url: `/consent-form?booking=${bookingId}`, payload, headers: { cookie: by.cookieHeader(), 'content-type': contentType, 'sec-fetch-site': site, 'user-agent': 'NoScript/1.0' } });
  }
  const idPhoto = async (field: string): Promise<UploadFile> => ({ data: await jpegWithGps(), filename: 'id.jpg', type: 'image/jpeg', field });

  it('signs with the typed name and the ID photo in the same post, then answers 303 to the booking', async () => {
    const booking = await confirmedBooking();
    const res = await postForm(booking.id, formFields('tattoo', { 'answer.other_health': `${CANARY} form post` }), [await idPhoto('idImage')]);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/bookings/${booking.id}?done=consent-signed`);
    const consent = (await client.client.get(`/api/bookings/${booking.id}/consent`)).json() as TBookingConsent;
    expect(consent.status).toBe('signed');
    const form = (await client.client.get(`/api/consent-forms/${consent.signedFormId}`)).json() as TSignedConsentForm;
    expect(form.signature).toEqual({ kind: 'typed', name: 'Casey Typed' });
    expect(form.answers).toMatchObject({ other_health: `${CANARY} form post`, allergies: false, risks: true });
    expect(form.idImages).toEqual(['client']);
    const [signedRow] = await db().select().from(consentAudit).where(and(eq(consentAudit.bookingId, booking.id), eq(consentAudit.event, 'signed')));
    expect(signedRow!.userAgent).toBe('NoScript/1.0');
    // Posting it again is the 409 of a second signing.
    const again = await postForm(booking.id, formFields('tattoo'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONSENT_ALREADY_SIGNED' });
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('a piercing client under 18 signs with the guardian’s photo and typed signature in the same post', async () => {
    const booking = await confirmedBooking({ kind: 'piercing' });
    const fields = formFields('piercing', {
      dateOfBirth: dobForAge(booking.startsAt, 16),
      guardianName: 'Glen Guardian',
      guardianRelationship: 'Parent',
      guardianSignatureName: 'Glen Guardian',
    });
    const refused = await postForm(booking.id, { ...fields, guardianSignatureName: '' }, [await idPhoto('guardianIdImage')]);
    expect(refused.statusCode, refused.body).toBe(400);
    const res = await postForm(booking.id, fields, [await idPhoto('idImage'), await idPhoto('guardianIdImage')]);
    expect(res.statusCode, res.body).toBe(303);
    const consent = (await client.client.get(`/api/bookings/${booking.id}/consent`)).json() as TBookingConsent;
    const form = (await client.client.get(`/api/consent-forms/${consent.signedFormId}`)).json() as TSignedConsentForm;
    expect(form.guardian).toEqual({ name: 'Glen Guardian', relationship: 'Parent', signatureKind: 'typed' });
    expect(form.idImages.sort()).toEqual(['client', 'guardian']);
  });

  it('refusals: a missing answer or signature, a tattoo client under 18, an image that is not one; nothing is signed', async () => {
    const booking = await confirmedBooking();
    const { 'answer.risks': _risks, ...withoutRisks } = formFields('tattoo');
    const incomplete = await postForm(booking.id, withoutRisks);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({ code: 'CONSENT_ANSWERS_INCOMPLETE', details: ['risks'] });
    expect((await postForm(booking.id, formFields('tattoo', { signatureName: '' }))).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await postForm(booking.id, formFields('tattoo', { dateOfBirth: dobForAge(booking.startsAt, 17) }))).json()).toMatchObject({ code: 'CONSENT_AGE_RESTRICTED' });
    const notImage = await postForm(booking.id, formFields('tattoo'), [{ data: Buffer.from('%PDF-1.7 not an image'), filename: 'id.pdf', type: 'application/pdf', field: 'idImage' }]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    expect(((await client.client.get(`/api/bookings/${booking.id}/consent`)).json() as TBookingConsent).status).toBe('pending');
  });

  it('authorization and CSRF: a visitor goes to sign in; another client and the artist cannot sign; a cross-site post is refused', async () => {
    const booking = await confirmedBooking();
    const anon = await postForm(booking.id, formFields('tattoo'), [], visitor);
    expect(anon.statusCode).toBe(303);
    expect(anon.headers.location).toBe(`/api/login?returnTo=${encodeURIComponent(`/consent-form?booking=${booking.id}`)}`);
    expect((await postForm(booking.id, formFields('tattoo'), [], otherClient.client)).statusCode).toBe(404);
    expect((await postForm(booking.id, formFields('tattoo'), [], otherArtist.client)).statusCode).toBe(404);
    expect((await postForm(booking.id, formFields('tattoo'), [], tattooist.client)).statusCode).toBe(403);
    const crossSite = await postForm(booking.id, formFields('tattoo'), [], client.client, 'cross-site');
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CSRF_FAILED' });
    expect(((await client.client.get(`/api/bookings/${booking.id}/consent`)).json() as TBookingConsent).status).toBe('pending');
  });
});

describe('template versions', () => {
  it('the artist lists every version of a kind, newest first, and reads each one’s questions; nobody else can', async () => {
    const versioned = await artistActor('Versioned Artist');
    const first = [...DEFAULT_CONSENT_QUESTIONS.piercing, { id: 'jewellery_metal', label: 'Do you react to nickel?', type: 'yes_no' as const, required: true }];
    expect((await versioned.client.request('PUT', '/api/artist/consent-templates/piercing', { questions: first })).statusCode).toBe(201);
    expect((await versioned.client.request('PUT', '/api/artist/consent-templates/piercing', { questions: first.slice(1) })).statusCode).toBe(201);

    const list = await versioned.client.get('/api/artist/consent-templates/piercing/versions');
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json() as TConsentTemplateVersions;
    const own = items.filter((v) => !v.isDefault);
    expect(own.map((v) => [v.version, v.inForce, v.questionCount])).toEqual([
      [2, true, first.length - 1],
      [1, false, first.length],
    ]);
    // The defaults follow (bookings confirmed before the first save keep one of them); never in force now.
    expect(items.slice(own.length).every((v) => v.isDefault && !v.inForce)).toBe(true);
    expect(items.slice(own.length).length).toBeGreaterThan(0);
    expect(own.every((v) => !Number.isNaN(Date.parse(v.createdAt)))).toBe(true);

    const v1 = own[1]!;
    const read = await versioned.client.get(`/api/artist/consent-templates/piercing/versions/${v1.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as TConsentTemplateVersion).questions.map((q) => q.id)).toEqual(first.map((q) => q.id));
    // Another kind's address does not reach it; the tattoo list holds no piercing version.
    expect((await versioned.client.get(`/api/artist/consent-templates/tattoo/versions/${v1.id}`)).statusCode).toBe(404);
    expect(((await versioned.client.get('/api/artist/consent-templates/tattoo/versions')).json() as TConsentTemplateVersions).items.every((v) => v.kind === 'tattoo' && v.isDefault)).toBe(true);

    // The matrix: another artist 404 (and their own list does not show it), a client 404, a visitor 401, bad input 400.
    const url = `/api/artist/consent-templates/piercing/versions/${v1.id}`;
    expect((await otherArtist.client.get(url)).statusCode).toBe(404);
    expect(((await otherArtist.client.get('/api/artist/consent-templates/piercing/versions')).json() as TConsentTemplateVersions).items.some((v) => v.id === v1.id)).toBe(false);
    expect((await client.client.get(url)).statusCode).toBe(404);
    expect((await client.client.get('/api/artist/consent-templates/piercing/versions')).statusCode).toBe(404);
    expect((await visitor.get(url)).statusCode).toBe(401);
    expect((await visitor.get('/api/artist/consent-templates/piercing/versions')).statusCode).toBe(401);
    expect((await versioned.client.get('/api/artist/consent-templates/henna/versions')).statusCode).toBe(400);
    expect((await versioned.client.get('/api/artist/consent-templates/piercing/versions/not-an-id')).statusCode).toBe(400);
  });
});

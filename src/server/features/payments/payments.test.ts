import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import type { FakeStripe } from '../../../../tests/support/fake-stripe-server.ts';
import {
  artistPerson,
  bookingRow,
  createStripeTestApp,
  deliverEvent,
  eventsOf,
  insertBooking,
  ledgerOf,
  person,
  type ArtistPerson,
  type Person,
} from '../../../../tests/support/payment-fixtures.ts';
import type { TDepositAnswer, TDepositSummary, TPaymentSetup } from '../../../shared/contracts/bookings.ts';
import type { TConnectLink, TLedgerPage } from '../../../shared/contracts/payments.ts';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../../../shared/payments.ts';
import { artistProfiles, jobs } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { recordLedgerEntry } from '../../payments/ledger.ts';
import { enqueueDepositRefund, refundDepositJob } from '../../payments/refund-job.ts';
import { confirmDeposit } from '../booking/deposit.ts';

let t: TestApp;
let fake: FakeStripe;
let artist: ArtistPerson;
let otherArtist: ArtistPerson;
let client: Person;
let otherClient: Person;
let admin: Person;
let visitor: { client: TestClient; name: string };

const depositUrl = (id: string) => `/api/bookings/${id}/deposit`;

beforeAll(async () => {
  ({ t, fake } = await createStripeTestApp());
  artist = await artistPerson(t.app, 'Rosa', { stripeAccountId: 'acct_ROSA0000000001', stripeChargesEnabled: true, depositInstructions: 'Cash or card at the front desk.' });
  otherArtist = await artistPerson(t.app, 'Theo', { city: 'Austin' });
  client = await person(t.app, 'Casey');
  otherClient = await person(t.app, 'Olive');
  admin = await person(t.app, 'Ada', { isAdmin: true });
  visitor = { client: new TestClient(t.app), name: 'visitor' };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST /api/bookings/:id/deposit', () => {
  it('answers only the booking’s client: the authorization matrix', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id });
    for (const [who, status] of [
      [visitor, 401],
      [otherClient, 404],
      [otherArtist, 404],
      [artist, 403],
      [admin, 403],
      [client, 200],
    ] as Array<[{ client: TestClient; name: string }, number]>) {
      const res = await who.client.post(depositUrl(booking.id));
      expect(res.statusCode, `${who.name}: ${res.body}`).toBe(status);
      if (status !== 200) expect(typeof res.json().message).toBe('string');
    }
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
    expect((await client.client.post(depositUrl('not-a-booking'))).statusCode).toBe(404);
  });

  it('refuses with words when no deposit is due', async () => {
    const cases: Array<[Parameters<typeof insertBooking>[1], RegExp]> = [
      [{ artist, clientId: client.id, status: 'requested', depositStatus: 'pending', depositDueAt: null }, /not accepted this request yet/],
      [{ artist, clientId: client.id, status: 'confirmed', depositStatus: 'paid', depositDueAt: null }, /already paid/],
      [{ artist, clientId: client.id, status: 'expired' }, /expired; there is no deposit to pay/],
      [{ artist, clientId: client.id, status: 'cancelled_by_artist', depositStatus: 'not_required' }, /cancelled by artist; there is no deposit/],
      [{ artist, clientId: client.id, depositDueAt: new Date(Date.now() - 60_000) }, /run out/],
    ];
    const before = fake.requests.length;
    for (const [setup, message] of cases) {
      const booking = await insertBooking(t.app, setup);
      const res = await client.client.post(depositUrl(booking.id));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT' });
      expect(res.json().message).toMatch(message);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('answers the amount and the artist’s instructions for pay-at-studio bookings', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id, method: 'studio', depositCents: 20_000 });
    const res = await client.client.post(depositUrl(booking.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ method: 'studio', amountCents: 20_000, currency: 'USD', instructions: 'Cash or card at the front desk.' } satisfies TDepositAnswer);
    expect((await bookingRow(t.app, booking.id)).status).toBe('awaiting_deposit');
  });

  it('creates one Checkout Session with the booking, fee and destination, keyed before the call', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id, depositCents: 30_000 });
    const res = await client.client.post(depositUrl(booking.id));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Extract<TDepositAnswer, { method: 'stripe' }>;
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    const row = await bookingRow(t.app, booking.id);
    expect(row.checkoutIdempotencyKey).toBeTruthy();
    expect(sent.idempotencyKey).toBe(row.checkoutIdempotencyKey);
    expect(sent.stripeAccount).toBeNull();
    const session = fake.checkoutSessions.get(row.checkoutSessionId!)!;
    expect(answer).toEqual({ method: 'stripe', checkoutUrl: session.url });
    expect(sent.form).toMatchObject({
      mode: 'payment',
      'metadata[bookingId]': booking.id,
      client_reference_id: booking.id,
      customer_email: client.email,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '30000',
      'line_items[0][price_data][product_data][name]': `Deposit for ${artist.serviceName} with Rosa`,
      success_url: `http://localhost:5000/bookings/${booking.id}?deposit=success`,
      cancel_url: `http://localhost:5000/bookings/${booking.id}?deposit=cancelled`,
      'payment_intent_data[application_fee_amount]': '2500',
      'payment_intent_data[transfer_data][destination]': 'acct_ROSA0000000001',
      'payment_intent_data[metadata][bookingId]': booking.id,
    });
    // Not after the deposit deadline (48 h away is beyond Stripe's 24 h limit, so the session lives 23.5 h).
    const expiresAt = Number(sent.form.expires_at) * 1000;
    expect(expiresAt).toBeLessThanOrEqual(row.depositDueAt!.getTime());
    expect(expiresAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('expires the session at the deposit deadline when that is sooner than a day', async () => {
    const due = new Date(Date.now() + 5 * 3_600_000);
    const booking = await insertBooking(t.app, { artist, clientId: client.id, depositDueAt: due });
    expect((await client.client.post(depositUrl(booking.id))).statusCode).toBe(200);
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(Number(sent.form.expires_at)).toBe(Math.floor(due.getTime() / 1000));
  });

  it('reuses the stored key after a failed call, and a double click makes one session', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id });
    const before = fake.requestsTo('POST', '/v1/checkout/sessions').length;
    // Stripe answers 503 to the first try and both of the library's own retries.
    fake.failures.set('/v1/checkout/sessions', { status: 503, type: 'api_error', message: 'Stripe is having a moment.', times: 3 });
    const failed = await client.client.post(depositUrl(booking.id));
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).toMatch(/did not answer/);
    const key = (await bookingRow(t.app, booking.id)).checkoutIdempotencyKey;
    expect(key).toMatch(new RegExp(`^checkout:${booking.id}:\\d+:[0-9a-f]{8}$`));

    const [a, b] = await Promise.all([client.client.post(depositUrl(booking.id)), client.client.post(depositUrl(booking.id))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const calls = fake.requestsTo('POST', '/v1/checkout/sessions').slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([key]));
    const sessions = [...fake.checkoutSessions.values()].filter((s) => (s.metadata as Record<string, string>).bookingId === booking.id);
    expect(sessions).toHaveLength(1);
    expect((await bookingRow(t.app, booking.id)).checkoutSessionId).toBe(sessions[0]!.id);

    // Asked again later: the open session is read back, not created again.
    const creates = fake.requestsTo('POST', '/v1/checkout/sessions').length;
    const again = await client.client.post(depositUrl(booking.id));
    expect(again.json()).toEqual(a.json());
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(creates);
    expect(fake.requestsTo('GET', `/v1/checkout/sessions/${sessions[0]!.id}`).length).toBeGreaterThan(0);
  });

  it('starts a new session once the old one expired, and says so once it is paid', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id });
    const first = (await client.client.post(depositUrl(booking.id))).json() as { checkoutUrl: string };
    const firstRow = await bookingRow(t.app, booking.id);
    fake.expireCheckoutSession(firstRow.checkoutSessionId!);
    const second = await client.client.post(depositUrl(booking.id));
    expect(second.statusCode, second.body).toBe(200);
    const secondRow = await bookingRow(t.app, booking.id);
    expect(second.json().checkoutUrl).not.toBe(first.checkoutUrl);
    expect(secondRow.checkoutSessionId).not.toBe(firstRow.checkoutSessionId);
    expect(secondRow.checkoutIdempotencyKey).not.toBe(firstRow.checkoutIdempotencyKey);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.idempotencyKey).toBe(secondRow.checkoutIdempotencyKey);

    fake.payCheckoutSession(secondRow.checkoutSessionId!);
    const paid = await client.client.post(depositUrl(booking.id));
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/being confirmed/);
  });

  it('refuses card payment when the artist cannot take charges', async () => {
    const booking = await insertBooking(t.app, { artist: otherArtist, clientId: client.id });
    const res = await client.client.post(depositUrl(booking.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot take card payments/);
  });
});

describe('Stripe Connect for artists', () => {
  let newcomer: ArtistPerson;
  beforeAll(async () => {
    newcomer = await artistPerson(t.app, 'Nia', { depositInstructions: 'Bank transfer, details by message.' });
  });

  it('says which mode is on, to anyone', async () => {
    expect((await visitor.client.get('/api/payments/setup')).json()).toEqual({ mode: 'stripe', stripe: null, depositInstructions: '' } satisfies TPaymentSetup);
    expect((await client.client.get('/api/payments/setup')).json()).toEqual({ mode: 'stripe', stripe: null, depositInstructions: '' });
    expect((await newcomer.client.get('/api/payments/setup')).json()).toEqual({
      mode: 'stripe',
      stripe: { accountId: null, chargesEnabled: false },
      depositInstructions: 'Bank transfer, details by message.',
    });
  });

  it('lets only artists connect', async () => {
    expect((await visitor.client.post('/api/payments/connect')).statusCode).toBe(401);
    const res = await client.client.post('/api/payments/connect');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Only artists/);
    expect((await client.client.post('/api/payments/connect/sync')).statusCode).toBe(403);
  });

  it('creates the Express account once and hands out onboarding links; return, refresh and sync', async () => {
    expect((await newcomer.client.post('/api/payments/connect/refresh')).statusCode).toBe(409);
    const start = await newcomer.client.post('/api/payments/connect');
    expect(start.statusCode, start.body).toBe(200);
    const link = start.json() as TConnectLink;
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    const [created] = fake.requestsTo('POST', '/v1/accounts');
    expect(created!.idempotencyKey).toBe(`connect-account:${newcomer.artistId}`);
    expect(created!.form).toMatchObject({
      type: 'express',
      email: newcomer.email,
      country: 'US',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[artistId]': newcomer.artistId,
    });
    const [profile] = await t.app.ctx.database.db.select().from(artistProfiles).where(eq(artistProfiles.id, newcomer.artistId));
    expect(profile!.stripeAccountId).toBe(link.accountId);
    expect(fake.accounts.has(link.accountId)).toBe(true);
    const linkCall = fake.requestsTo('POST', '/v1/account_links').at(-1)!;
    expect(linkCall.form).toEqual({
      account: link.accountId,
      type: 'account_onboarding',
      refresh_url: 'http://localhost:5000/artist/payment-setup/refresh',
      return_url: 'http://localhost:5000/artist/payment-setup/return',
    });

    // Connecting again (or two tabs) never makes a second account.
    const again = (await newcomer.client.post('/api/payments/connect')).json() as TConnectLink;
    expect(again.accountId).toBe(link.accountId);
    expect(fake.requestsTo('POST', '/v1/accounts')).toHaveLength(1);

    // Stripe sends the artist to the refresh link when the old one expired: a new link for the same account.
    const refreshed = await newcomer.client.post('/api/payments/connect/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().accountId).toBe(link.accountId);
    expect(refreshed.json().url).not.toBe(link.url);

    // Back on the return page before finishing: still no charges.
    let synced = (await newcomer.client.post('/api/payments/connect/sync')).json() as TPaymentSetup;
    expect(synced.stripe).toEqual({ accountId: link.accountId, chargesEnabled: false });
    fake.updateAccount(link.accountId, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
    synced = (await newcomer.client.post('/api/payments/connect/sync')).json() as TPaymentSetup;
    expect(synced.stripe).toEqual({ accountId: link.accountId, chargesEnabled: true });
    expect(fake.requestsTo('GET', `/v1/accounts/${link.accountId}`)).toHaveLength(2);
    expect((await newcomer.client.get('/api/payments/setup')).json().stripe).toEqual({ accountId: link.accountId, chargesEnabled: true });
  });
});

describe('the deposit ledger', () => {
  let ledgerArtist: ArtistPerson;
  beforeAll(async () => {
    ledgerArtist = await artistPerson(t.app, 'Lena');
    const db = t.app.ctx.database.db;
    const paid = async (b: { id: string }, method: 'stripe' | 'studio' = 'studio') =>
      db.transaction((tx) => confirmDeposit(tx, b.id, { method, amountCents: 15_000, currency: 'USD', externalId: method === 'stripe' ? `pi_${b.id}` : null, actorId: null }));
    // Held: confirmed and paid.
    const held = await insertBooking(t.app, { artist: ledgerArtist, clientId: client.id, method: 'studio' });
    expect(await paid(held)).toBe('confirmed');
    // Paid then refunded.
    const refunded = await insertBooking(t.app, { artist: ledgerArtist, clientId: client.id, method: 'studio' });
    await paid(refunded);
    await db.transaction(async (tx) => {
      await recordLedgerEntry(tx, { bookingId: refunded.id, artistId: ledgerArtist.artistId, kind: 'deposit_refunded', method: 'studio', amountCents: 15_000, currency: 'USD' });
    });
    // Paid then forfeited by a late cancellation.
    const forfeited = await insertBooking(t.app, { artist: ledgerArtist, clientId: otherClient.id, method: 'studio' });
    await paid(forfeited);
    await db.transaction(async (tx) => {
      await recordLedgerEntry(tx, { bookingId: forfeited.id, artistId: ledgerArtist.artistId, kind: 'deposit_forfeited', method: 'studio', amountCents: 15_000, currency: 'USD' });
    });
    // Two waiting for their deposit, one of another artist.
    await insertBooking(t.app, { artist: ledgerArtist, clientId: client.id });
    await insertBooking(t.app, { artist: ledgerArtist, clientId: otherClient.id });
    await insertBooking(t.app, { artist: otherArtist, clientId: client.id });
  });

  it('sums held, received, refunded and forfeited deposits for the artist, each deposit once', async () => {
    const res = await ledgerArtist.client.get('/api/payments/summary');
    expect(res.statusCode, res.body).toBe(200);
    // Three deposits paid in: one held, one refunded, one forfeited (none received: no appointment took place).
    expect(res.json()).toEqual({
      currency: 'USD',
      heldCents: 15_000,
      receivedCents: 0,
      forfeitedCents: 15_000,
      refundedCents: 15_000,
      awaitingRefundCents: 0,
      outstandingCents: 30_000,
      dueCount: 2,
    } satisfies TDepositSummary);
  });

  it('guards the summary: artists see their own, admins name one', async () => {
    expect((await visitor.client.get('/api/payments/summary')).statusCode).toBe(401);
    expect((await client.client.get('/api/payments/summary')).statusCode).toBe(403);
    expect((await otherArtist.client.get(`/api/payments/summary?artistId=${ledgerArtist.artistId}`)).statusCode).toBe(403);
    expect((await otherArtist.client.get('/api/payments/summary')).json()).toMatchObject({ receivedCents: 0, heldCents: 0, refundedCents: 0 });
    expect((await admin.client.get('/api/payments/summary')).statusCode).toBe(400);
    const forAdmin = await admin.client.get(`/api/payments/summary?artistId=${ledgerArtist.artistId}`);
    expect(forAdmin.json()).toMatchObject({ heldCents: 15_000, forfeitedCents: 15_000, dueCount: 2 });
  });

  it('lists the artist’s rows newest first in pages; admins see everyone’s', async () => {
    const first = await ledgerArtist.client.get('/api/payments/ledger?limit=4');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as TLedgerPage;
    expect(page1.items).toHaveLength(4);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (await ledgerArtist.client.get(`/api/payments/ledger?limit=4&cursor=${page1.nextCursor}`)).json() as TLedgerPage;
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const rows = [...page1.items, ...page2.items];
    expect(rows.map((r) => r.kind).sort()).toEqual(['deposit_forfeited', 'deposit_paid', 'deposit_paid', 'deposit_paid', 'deposit_refunded']);
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(rows.map((r) => r.artist.id))).toEqual(new Set([ledgerArtist.artistId]));
    expect(rows[0]).toMatchObject({ booking: { serviceName: ledgerArtist.serviceName }, method: 'studio', externalId: null });

    expect((await visitor.client.get('/api/payments/ledger')).statusCode).toBe(401);
    expect((await client.client.get('/api/payments/ledger')).statusCode).toBe(403);
    expect((await otherArtist.client.get(`/api/payments/ledger?artistId=${ledgerArtist.artistId}`)).statusCode).toBe(403);
    expect(((await otherArtist.client.get('/api/payments/ledger')).json() as TLedgerPage).items).toHaveLength(0);
    const all = (await admin.client.get('/api/payments/ledger?limit=100')).json() as TLedgerPage;
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    const one = (await admin.client.get(`/api/payments/ledger?artistId=${ledgerArtist.artistId}`)).json() as TLedgerPage;
    expect(one.items).toHaveLength(5);
    expect((await ledgerArtist.client.get('/api/payments/ledger?cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('payment.refund job', () => {
  it('refunds through Stripe once, with the key per booking, and writes one ledger row even if run twice', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id });
    await client.client.post(depositUrl(booking.id));
    const sessionId = (await bookingRow(t.app, booking.id)).checkoutSessionId!;
    const paid = fake.payCheckoutSession(sessionId);
    expect((await deliverEvent(t.app, { id: `evt_paid_${booking.id.replace(/-/g, '')}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: paid } })).statusCode).toBe(200);
    expect((await bookingRow(t.app, booking.id)).status).toBe('confirmed');

    // The booking core decides on a refund when the artist cancels; it enqueues this job in that transaction.
    await t.app.ctx.database.db.transaction((tx) => enqueueDepositRefund(tx, booking.id));
    await runDueJobs(t.app.ctx);
    const [job] = await t.app.ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `payment.refund:${booking.id}`));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });

    const calls = fake.requestsTo('POST', '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`refund-${booking.id}`);
    expect(calls[0]!.form).toMatchObject({ payment_intent: paid.payment_intent as string, reverse_transfer: 'true', refund_application_fee: 'true', 'metadata[bookingId]': booking.id });
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === paid.payment_intent)!;

    // A second run (a retry after a crash, a duplicate job) changes nothing.
    await refundDepositJob(t.app.ctx, { id: job!.id, kind: 'payment.refund', payload: { bookingId: booking.id }, runAt: new Date() });
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(1);
    const ledger = await ledgerOf(t.app, booking.id);
    expect(ledger.map((l) => [l.kind, l.method, l.amountCents, l.externalId])).toEqual([
      ['deposit_paid', 'stripe', 15_000, paid.payment_intent],
      ['deposit_refunded', 'stripe', 15_000, refund.id],
    ]);
    expect(await eventsOf(t.app, booking.id, 'deposit_refunded')).toHaveLength(1);
    expect((await bookingRow(t.app, booking.id)).depositStatus).toBe('refunded');
  });

  it('does nothing when no card deposit was paid', async () => {
    const booking = await insertBooking(t.app, { artist, clientId: client.id, status: 'cancelled_by_artist' });
    const before = fake.requests.length;
    await refundDepositJob(t.app.ctx, { id: crypto.randomUUID(), kind: 'payment.refund', payload: { bookingId: booking.id }, runAt: new Date() });
    expect(fake.requests.length).toBe(before);
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(0);
  });
});

describe('without Stripe keys', () => {
  let plain: TestApp;
  let plainArtist: ArtistPerson;
  let plainClient: Person;
  beforeAll(async () => {
    plain = await createTestApp();
    plainArtist = await artistPerson(plain.app, 'Sol', { depositInstructions: 'Venmo @sol-ink' });
    plainClient = await person(plain.app, 'Pat');
  });
  afterAll(async () => plain?.close());

  it('runs in pay-at-studio mode and says card payments are off', async () => {
    expect((await plainArtist.client.get('/api/payments/setup')).json()).toEqual({ mode: 'studio', stripe: null, depositInstructions: 'Venmo @sol-ink' });
    for (const path of ['/api/payments/connect', '/api/payments/connect/refresh', '/api/payments/connect/sync']) {
      const res = await plainArtist.client.post(path);
      expect(res.statusCode, path).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: CARD_PAYMENTS_OFF_MESSAGE });
    }
    const webhook = await deliverEvent(plain.app, { id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } });
    expect(webhook.statusCode).toBe(409);

    const booking = await insertBooking(plain.app, { artist: plainArtist, clientId: plainClient.id, method: 'studio' });
    const res = await plainClient.client.post(depositUrl(booking.id));
    expect(res.json()).toEqual({ method: 'studio', amountCents: 15_000, currency: 'USD', instructions: 'Venmo @sol-ink' });
    // A booking frozen with card payment while keys were set cannot be paid by card now.
    const card = await insertBooking(plain.app, { artist: plainArtist, clientId: plainClient.id, method: 'stripe' });
    const refused = await plainClient.client.post(depositUrl(card.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_PAYMENTS_OFF_MESSAGE);
  });
});

import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/db-utils.ts';
import { stripeEvent, type FakeStripe } from '../../../../tests/support/fake-stripe-server.ts';
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
import type { TAdminPaymentIssues } from '../../../shared/contracts/admin.ts';
import type { TConnectLink } from '../../../shared/contracts/payments.ts';
import { jobs, mailOutbox, paymentIssues, stripeEvents } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';

let t: TestApp;
let fake: FakeStripe;
let artist: ArtistPerson;
let client: Person;
let admin: Person;

const DEPOSIT = 10_000;

/** A booking awaiting its 100 USD card deposit, with the Checkout Session the client opened for it. */
async function bookingWithSession() {
  const booking = await insertBooking(t.app, { artist, clientId: client.id, depositCents: DEPOSIT });
  const sessionId = await openCheckout(booking.id);
  return { booking, sessionId };
}

async function openCheckout(bookingId: string): Promise<string> {
  const res = await client.client.post(`/api/bookings/${bookingId}/deposit`);
  expect(res.statusCode, res.body).toBe(200);
  return (await bookingRow(t.app, bookingId)).checkoutSessionId!;
}

async function issuesOf(bookingId: string) {
  return t.app.ctx.database.db.select().from(paymentIssues).where(eq(paymentIssues.bookingId, bookingId));
}

async function adminIssues(): Promise<TAdminPaymentIssues> {
  const res = await admin.client.get('/api/admin/payment-issues');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stripeEventCount(): Promise<number> {
  const [row] = await t.app.ctx.database.db.select({ n: count() }).from(stripeEvents);
  return row?.n ?? 0;
}

beforeAll(async () => {
  ({ t, fake } = await createStripeTestApp());
  artist = await artistPerson(t.app, 'Rosa');
  client = await person(t.app, 'Casey');
  admin = await person(t.app, 'Ada', { isAdmin: true });
  const accountId = ((await artist.client.post('/api/payments/connect')).json() as TConnectLink).accountId;
  fake.updateAccount(accountId, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
  expect((await artist.client.post('/api/payments/connect/sync')).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('a deposit paid with the wrong amount or currency', () => {
  it.each([
    { what: 'underpayment (1 cent)', amount: 1, currency: 'usd', reason: 'amount_mismatch' },
    { what: 'overpayment', amount: 25_000, currency: 'usd', reason: 'amount_mismatch' },
    { what: 'wrong currency', amount: DEPOSIT, currency: 'eur', reason: 'currency_mismatch' },
  ])('$what: confirms nothing, is recorded, refunded and shown to admins; the right payment then confirms', async ({ amount, currency, reason }) => {
    const { booking, sessionId } = await bookingWithSession();
    const wrong = fake.payCheckoutSession(sessionId, { amount, currency });
    const res = await deliverEvent(t.app, stripeEvent('checkout.session.completed', wrong));
    expect(res.statusCode, res.body).toBe(200);

    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'awaiting_deposit', depositStatus: 'due', checkoutSessionId: null });
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(0);
    const [issue] = await issuesOf(booking.id);
    expect(issue).toMatchObject({
      reason,
      status: 'refund_pending',
      expectedCents: DEPOSIT,
      expectedCurrency: 'USD',
      receivedCents: amount,
      receivedCurrency: currency.toUpperCase(),
      checkoutSessionId: sessionId,
      paymentIntentId: wrong.payment_intent,
    });

    // The refund job asks Stripe to give the whole payment back, once, keyed per issue.
    await runDueJobs(t.app.ctx);
    const refundCalls = fake.requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === wrong.payment_intent);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]).toMatchObject({ idempotencyKey: `refund-issue-${issue!.id}`, form: { reverse_transfer: 'true', refund_application_fee: 'true' } });
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === wrong.payment_intent)!;
    expect(refund.amount).toBe(amount);
    const [refunded] = await issuesOf(booking.id);
    expect(refunded).toMatchObject({ status: 'refunded', refundId: refund.id });
    const mails = await t.app.ctx.database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `payment.issue:${issue!.id}:%`));
    expect(mails.map((m) => m.toAddress)).toEqual([admin.email]);
    expect(mails[0]!.subject).toMatch(/wrong (amount|currency)/);
    expect((await adminIssues()).items.find((i) => i.id === issue!.id)).toMatchObject({ bookingId: booking.id, status: 'refunded', reason, receivedCents: amount });

    // Stripe's own refund event for it is acknowledged (not refused until a payment that never comes).
    expect((await deliverEvent(t.app, stripeEvent('refund.created', refund))).statusCode).toBe(200);
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(0);

    // The client pays again, the right amount this time: the booking is confirmed and the payment recorded once.
    const retrySession = await openCheckout(booking.id);
    expect(retrySession).not.toBe(sessionId);
    const right = fake.payCheckoutSession(retrySession);
    const confirmed = stripeEvent('checkout.session.completed', right);
    expect((await deliverEvent(t.app, confirmed)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliverEvent(t.app, confirmed)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.async_payment_succeeded', right))).statusCode).toBe(200);
    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'confirmed', depositStatus: 'paid' });
    expect((await ledgerOf(t.app, booking.id)).map((l) => [l.kind, l.amountCents, l.currency, l.externalId])).toEqual([['deposit_paid', DEPOSIT, 'USD', right.payment_intent]]);
    expect((await eventsOf(t.app, booking.id)).map((e) => e.action)).toEqual(['deposit_paid', 'confirmed']);
  });

  it('records and refunds one wrong payment however often and by whichever event it is reported', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const wrong = fake.payCheckoutSession(sessionId, { amount: 1 });
    const completed = stripeEvent('checkout.session.completed', wrong);
    const answers = await Promise.all([deliverEvent(t.app, completed), deliverEvent(t.app, completed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    // The same payment again under another event id (Stripe sends both for a session paid later).
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.async_payment_succeeded', wrong))).json()).toEqual({ received: true, duplicate: false });
    const issues = await issuesOf(booking.id);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.stripeEventId).toBe(completed.id);
    expect(await t.app.ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `payment.refund_issue:${issues[0]!.id}`))).toHaveLength(1);
    await runDueJobs(t.app.ctx);
    await runDueJobs(t.app.ctx);
    expect(fake.requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === wrong.payment_intent)).toHaveLength(1);
    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'awaiting_deposit', depositStatus: 'due' });
  });

  it('leaves a payment Stripe refuses to refund for reconciliation, and tells the admins', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const wrong = fake.payCheckoutSession(sessionId, { amount: 5_000 });
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.completed', wrong))).statusCode).toBe(200);
    fake.failures.set('/v1/refunds', { status: 400, type: 'invalid_request_error', message: 'This charge is disputed and cannot be refunded.', times: 1 });
    await runDueJobs(t.app.ctx);
    const [issue] = await issuesOf(booking.id);
    expect(issue).toMatchObject({ status: 'needs_reconciliation', refundId: null, detail: 'Stripe refused the refund: This charge is disputed and cannot be refunded.' });
    const [job] = await t.app.ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `payment.refund_issue:${issue!.id}`));
    expect(job).toMatchObject({ status: 'done', lastError: null });
    const listed = await adminIssues();
    expect(listed.needsAttention).toBeGreaterThanOrEqual(1);
    expect(listed.items.find((i) => i.id === issue!.id)).toMatchObject({ status: 'needs_reconciliation', expectedCents: DEPOSIT, receivedCents: 5_000 });
    const [mail] = await t.app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `payment.issue:${issue!.id}:${admin.id}`));
    expect(mail!.textBody).toMatch(/could not refund it: Stripe refused the refund/);
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(0);
  });

  it('shows payment issues to admins only', async () => {
    expect((await client.client.get('/api/admin/payment-issues')).statusCode).toBe(403);
    expect((await artist.client.get('/api/admin/payment-issues')).statusCode).toBe(403);
  });
});

describe('signed events the webhook cannot use', () => {
  it('answers 400 with STRIPE_EVENT_INVALID to each malformed event, never 5xx, and records nothing', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const session = fake.payCheckoutSession(sessionId);
    const good = stripeEvent('checkout.session.completed', session);
    const withObject = (object: unknown, type = 'checkout.session.completed') => JSON.stringify({ ...good, id: `evt_test_${crypto.randomUUID().replace(/-/g, '')}`, type, data: { object } });
    const sessionWith = (patch: Record<string, unknown>) => withObject({ ...session, ...patch });
    const corpus: Array<[string, string]> = [
      ['a body that is not JSON', 'not json at all'],
      ['JSON null', 'null'],
      ['a JSON array', '[]'],
      ['a JSON number', '42'],
      ['a thin v2 event notification', JSON.stringify({ id: 'evt_test_thin', object: 'v2.core.event', type: 'v1.billing.meter.error_report_triggered' })],
      ['no id', JSON.stringify({ ...good, id: undefined })],
      ['a numeric id', JSON.stringify({ ...good, id: 12345 })],
      ['an empty id', JSON.stringify({ ...good, id: '' })],
      ['an id that is not an event id', JSON.stringify({ ...good, id: 'cus_test_123' })],
      ['an id with a path in it', JSON.stringify({ ...good, id: 'evt_../../etc/passwd' })],
      ['an id with spaces and quotes', JSON.stringify({ ...good, id: "evt_1' OR '1'='1" })],
      ['an overlong id', JSON.stringify({ ...good, id: `evt_${'a'.repeat(300)}` })],
      ['no type', JSON.stringify({ ...good, type: undefined })],
      ['a type that is not a string', JSON.stringify({ ...good, type: ['checkout.session.completed'] })],
      ['no data', JSON.stringify({ ...good, data: undefined })],
      ['data null', JSON.stringify({ ...good, data: null })],
      ['data without object', JSON.stringify({ ...good, data: {} })],
      ['data.object a string', withObject('cs_test_123')],
      ['data.object an array', withObject([session])],
      ['a session without an id', sessionWith({ id: undefined })],
      ['a session with a customer id', sessionWith({ id: 'cus_test_1' })],
      ['no metadata', sessionWith({ metadata: undefined })],
      ['metadata null', sessionWith({ metadata: null })],
      ['metadata without bookingId', sessionWith({ metadata: {} })],
      ['a garbage bookingId', sessionWith({ metadata: { bookingId: 'garbage' } })],
      ['a bookingId that is a number', sessionWith({ metadata: { bookingId: 42 } })],
      ['a bookingId with SQL in it', sessionWith({ metadata: { bookingId: `${booking.id}'; DROP TABLE bookings;--` } })],
      ['an amount that is a string', sessionWith({ amount_total: '10000' })],
      ['a negative amount', sessionWith({ amount_total: -10_000 })],
      ['a fractional amount', sessionWith({ amount_total: 99.5 })],
      ['a paid session without an amount', sessionWith({ amount_total: null })],
      ['a currency that is not ISO', sessionWith({ currency: 'dollars' })],
      ['a paid session without a payment intent', sessionWith({ payment_intent: null })],
      ['a payment intent that is a number', sessionWith({ payment_intent: 7 })],
      ['an expired session without metadata', withObject({ ...session, metadata: {} }, 'checkout.session.expired')],
      ['a refund with a string amount', withObject({ id: 're_test_1', object: 'refund', amount: '100', currency: 'usd', payment_intent: session.payment_intent, status: 'succeeded' }, 'refund.created')],
      ['a charge whose refunds are not a list', withObject({ id: 'ch_test_1', object: 'charge', amount_refunded: 100, currency: 'usd', refunded: true, payment_intent: session.payment_intent, refunds: { data: 'none' } }, 'charge.refunded')],
      ['an account without an id', withObject({ object: 'account', charges_enabled: true }, 'account.updated')],
    ];
    const before = await stripeEventCount();
    for (const [what, body] of corpus) {
      const res = await deliverEvent(t.app, {}, { body });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().code, what).toBe('STRIPE_EVENT_INVALID');
      expect(res.json().message, what).toMatch(/^This Stripe event cannot be used: /);
    }
    expect(await stripeEventCount()).toBe(before);
    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'awaiting_deposit', depositStatus: 'due' });
    // The message names what is wrong, for Stripe's delivery log.
    const garbage = await deliverEvent(t.app, {}, { body: sessionWith({ metadata: { bookingId: 'garbage' } }) });
    expect(garbage.json().message).toBe('This Stripe event cannot be used: data.object.metadata.bookingId must be the booking id (a UUID).');
    // The well-formed event is still taken.
    expect((await deliverEvent(t.app, good)).statusCode).toBe(200);
    expect((await bookingRow(t.app, booking.id)).status).toBe('confirmed');
  });

  it('acknowledges a well-formed payment for a booking it does not have (so Stripe stops sending it) and refunds nothing', async () => {
    const before = fake.requestsTo('POST', '/v1/refunds').length;
    const stranger = stripeEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere2',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      amount_total: 1,
      currency: 'usd',
      payment_intent: 'pi_test_elsewhere2',
      metadata: { bookingId: crypto.randomUUID() },
      client_reference_id: null,
    });
    expect((await deliverEvent(t.app, stranger)).json()).toEqual({ received: true, duplicate: false });
    expect(await t.app.ctx.database.db.select().from(paymentIssues).where(eq(paymentIssues.paymentIntentId, 'pi_test_elsewhere2'))).toHaveLength(0);
    await runDueJobs(t.app.ctx);
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(before);
  });
});

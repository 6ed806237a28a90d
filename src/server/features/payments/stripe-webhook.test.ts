import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/db-utils.ts';
import { signStripePayload, stripeEvent, type FakeStripe } from '../../../../tests/support/fake-stripe-server.ts';
import {
  artistPerson,
  bookingRow,
  createStripeTestApp,
  deliverEvent,
  eventsOf,
  insertBooking,
  ledgerOf,
  person,
  STRIPE_TEST_ENV,
  type ArtistPerson,
  type Person,
} from '../../../../tests/support/payment-fixtures.ts';
import type { TConnectLink } from '../../../shared/contracts/payments.ts';
import { artistProfiles, bookings, jobs, stripeEvents } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { enqueueDepositRefund } from '../../payments/refund-job.ts';
import { stripeFor } from '../../payments/stripe.ts';

let t: TestApp;
let fake: FakeStripe;
let artist: ArtistPerson;
let accountId: string;
let client: Person;

type Json = Record<string, unknown>;

async function stripeEventCount(): Promise<number> {
  const [row] = await t.app.ctx.database.db.select({ n: count() }).from(stripeEvents);
  return row?.n ?? 0;
}

/** A booking awaiting its card deposit, with the Checkout Session the client opened for it. */
async function bookingWithSession() {
  const booking = await insertBooking(t.app, { artist, clientId: client.id });
  const res = await client.client.post(`/api/bookings/${booking.id}/deposit`);
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = (await bookingRow(t.app, booking.id)).checkoutSessionId!;
  return { booking, sessionId };
}

async function artistChargesEnabled(): Promise<boolean> {
  const [row] = await t.app.ctx.database.db.select({ on: artistProfiles.stripeChargesEnabled }).from(artistProfiles).where(eq(artistProfiles.id, artist.artistId));
  return row!.on;
}

beforeAll(async () => {
  ({ t, fake } = await createStripeTestApp());
  artist = await artistPerson(t.app, 'Rosa');
  client = await person(t.app, 'Casey');
  // The artist connects through the real endpoints and finishes onboarding on "Stripe".
  accountId = ((await artist.client.post('/api/payments/connect')).json() as TConnectLink).accountId;
  fake.updateAccount(accountId, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
  expect((await artist.client.post('/api/payments/connect/sync')).json()).toMatchObject({ stripe: { chargesEnabled: true } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST /api/payments/stripe/webhook', () => {
  it('confirms the booking from a signed checkout.session.completed and writes one ledger row', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const session = fake.payCheckoutSession(sessionId);
    // Stripe's webhook carries no cookies and no CSRF token: the signature is its authentication.
    const res = await deliverEvent(t.app, stripeEvent('checkout.session.completed', session));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });

    const row = await bookingRow(t.app, booking.id);
    expect(row).toMatchObject({ status: 'confirmed', depositStatus: 'paid', depositDueAt: null });
    const ledger = await ledgerOf(t.app, booking.id);
    expect(ledger.map((l) => ({ kind: l.kind, method: l.method, amountCents: l.amountCents, currency: l.currency, externalId: l.externalId }))).toEqual([
      { kind: 'deposit_paid', method: 'stripe', amountCents: 15_000, currency: 'USD', externalId: session.payment_intent },
    ]);
    expect((await eventsOf(t.app, booking.id)).map((e) => e.action)).toEqual(['deposit_paid', 'confirmed']);
    // The deposit-expiry job is gone and the reminder is scheduled.
    const pending = await t.app.ctx.database.db.select({ key: jobs.dedupeKey, status: jobs.status }).from(jobs);
    expect(pending.find((j) => j.key === `booking.reminder:${booking.id}`)?.status).toBe('pending');
    expect(pending.find((j) => j.key === `booking.expire_deposit:${booking.id}`)?.status ?? 'cancelled').toBe('cancelled');
  });

  it('handles 5 concurrent copies of one event once: 1 ledger row, 1 deposit_paid event', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const event = stripeEvent('checkout.session.completed', fake.payCheckoutSession(sessionId));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverEvent(t.app, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(1);
    expect(await eventsOf(t.app, booking.id, 'deposit_paid')).toHaveLength(1);
    expect(await eventsOf(t.app, booking.id, 'confirmed')).toHaveLength(1);
    // A replay long after (Stripe resends on a timeout) is still nothing new.
    expect((await deliverEvent(t.app, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(1);
  });

  it('answers 400 to a bad, missing or stale signature and writes nothing', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const event = stripeEvent('checkout.session.completed', fake.payCheckoutSession(sessionId));
    const payload = JSON.stringify(event);
    const tampered = payload.replace('"amount_total":15000', '"amount_total":1');
    expect(tampered).not.toBe(payload);
    const before = await stripeEventCount();
    const now = Math.floor(Date.now() / 1000);
    const attempts: Array<[string, Parameters<typeof deliverEvent>[2]]> = [
      ['another secret', { secret: 'whsec_someone_else' }],
      ['no signature', { signature: null }],
      ['a garbage header', { signature: 't=123,v1=deadbeef' }],
      ['a tampered body', { body: tampered, signature: signStripePayload(payload, STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET) }],
      ['a signature older than 300 s', { timestamp: now - 301 }],
    ];
    for (const [what, opts] of attempts) {
      const res = await deliverEvent(t.app, event, opts);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('BAD_REQUEST');
      expect(res.json().message, what).toMatch(/signature|Stripe-Signature/);
    }
    expect(await stripeEventCount()).toBe(before);
    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'awaiting_deposit', depositStatus: 'due' });
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(0);
    // Within the tolerance the same event is accepted.
    expect((await deliverEvent(t.app, event, { timestamp: now - 250 })).statusCode).toBe(200);
    expect((await bookingRow(t.app, booking.id)).status).toBe('confirmed');
  });

  it('reaches the same end state whatever order the events arrive in', async () => {
    const orders = [
      ['account.updated', 'async_payment_succeeded', 'completed'],
      ['account.updated', 'completed', 'async_payment_succeeded'],
      ['async_payment_succeeded', 'account.updated', 'completed'],
      ['async_payment_succeeded', 'completed', 'account.updated'],
      ['completed', 'account.updated', 'async_payment_succeeded'],
      ['completed', 'async_payment_succeeded', 'account.updated'],
    ] as const;
    const endStates: Json[] = [];
    for (const order of orders) {
      const { booking, sessionId } = await bookingWithSession();
      // A bank debit: the session completes unpaid, then the payment succeeds later.
      const completed = stripeEvent('checkout.session.completed', fake.payCheckoutSession(sessionId, { async: true }));
      const succeeded = stripeEvent('checkout.session.async_payment_succeeded', fake.settleAsyncPayment(sessionId));
      // The account event's payload is stale on purpose: the account is read from Stripe, not from the event.
      const account = stripeEvent('account.updated', { ...fake.accounts.get(accountId)!, charges_enabled: false }, { account: accountId });
      await t.app.ctx.database.db.update(artistProfiles).set({ stripeChargesEnabled: false }).where(eq(artistProfiles.id, artist.artistId));
      const byName = { completed, async_payment_succeeded: succeeded, 'account.updated': account };
      for (const name of order) expect((await deliverEvent(t.app, byName[name])).statusCode, `${order.join(' → ')}: ${name}`).toBe(200);
      const row = await bookingRow(t.app, booking.id);
      endStates.push({
        status: row.status,
        depositStatus: row.depositStatus,
        ledger: (await ledgerOf(t.app, booking.id)).map((l) => [l.kind, l.amountCents, l.externalId === completed.data.object.payment_intent]),
        events: (await eventsOf(t.app, booking.id)).map((e) => e.action),
        chargesEnabled: await artistChargesEnabled(),
      });
    }
    expect(endStates[0]).toEqual({ status: 'confirmed', depositStatus: 'paid', ledger: [['deposit_paid', 15_000, true]], events: ['deposit_paid', 'confirmed'], chargesEnabled: true });
    for (const [i, state] of endStates.entries()) expect(state, orders[i]!.join(' → ')).toEqual(endStates[0]);
  });

  it('refunds a payment that arrives after the booking expired', async () => {
    const { booking, sessionId } = await bookingWithSession();
    // The deposit window closed before the client finished paying.
    await t.app.ctx.database.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, booking.id));
    const session = fake.payCheckoutSession(sessionId);
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
    expect((await bookingRow(t.app, booking.id)).status).toBe('expired');
    expect((await ledgerOf(t.app, booking.id)).map((l) => [l.kind, l.externalId])).toEqual([['deposit_paid', session.payment_intent]]);
    const [job] = await t.app.ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `payment.refund:${booking.id}`));
    expect(job).toMatchObject({ kind: 'payment.refund', status: 'pending', payload: { bookingId: booking.id } });

    await runDueJobs(t.app.ctx);
    const refunds = fake.requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === session.payment_intent);
    expect(refunds).toHaveLength(1);
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === session.payment_intent)!;
    // Stripe then tells us about the refund the job made: nothing new is written.
    expect((await deliverEvent(t.app, stripeEvent('refund.created', refund))).statusCode).toBe(200);
    expect((await deliverEvent(t.app, stripeEvent('charge.refunded', { id: refund.charge, object: 'charge', payment_intent: session.payment_intent, amount_refunded: 15_000, refunded: true, currency: 'usd', refunds: { object: 'list', data: [refund] } }))).statusCode).toBe(200);
    expect((await ledgerOf(t.app, booking.id)).map((l) => [l.kind, l.externalId])).toEqual([
      ['deposit_paid', session.payment_intent],
      ['deposit_refunded', refund.id],
    ]);
    expect(await eventsOf(t.app, booking.id, 'deposit_refunded')).toHaveLength(1);
    expect((await bookingRow(t.app, booking.id)).depositStatus).toBe('refunded');
  });

  it('records a refund made on Stripe’s side once, even when it is seen before its payment', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const session = fake.payCheckoutSession(sessionId);
    const refund = {
      id: 're_test_dashboard0001',
      object: 'refund',
      amount: 15_000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      status: 'succeeded',
      metadata: {},
    };
    const refundEvent = stripeEvent('refund.created', refund);
    // Delivered before the payment's own event: refused for now, so Stripe sends it again later.
    const early = await deliverEvent(t.app, refundEvent);
    expect(early.statusCode).toBe(409);
    expect(await ledgerOf(t.app, booking.id)).toHaveLength(0);
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
    const again = await deliverEvent(t.app, refundEvent);
    expect(again.json()).toEqual({ received: true, duplicate: false });
    expect(await deliverEvent(t.app, stripeEvent('refund.updated', refund)).then((r) => r.statusCode)).toBe(200);
    expect((await ledgerOf(t.app, booking.id)).map((l) => [l.kind, l.externalId])).toEqual([
      ['deposit_paid', session.payment_intent],
      ['deposit_refunded', 're_test_dashboard0001'],
    ]);
    expect(await eventsOf(t.app, booking.id, 'deposit_refunded')).toHaveLength(1);
    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'confirmed', depositStatus: 'refunded' });
  });

  it('leaves a refund already made on Stripe’s side to its webhook event, without refunding twice', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const session = fake.payCheckoutSession(sessionId);
    await deliverEvent(t.app, stripeEvent('checkout.session.completed', session));
    // Someone refunds from the Stripe dashboard; then the artist cancels and the refund job runs before the refund's event arrives.
    const dashboardRefund = await stripeFor(t.app.ctx.config)!.refunds.create({ payment_intent: session.payment_intent as string });
    await t.app.ctx.database.db.transaction((tx) => enqueueDepositRefund(tx, booking.id));
    await runDueJobs(t.app.ctx);
    const [job] = await t.app.ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `payment.refund:${booking.id}`));
    expect(job).toMatchObject({ status: 'done', lastError: null });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect((await ledgerOf(t.app, booking.id)).map((l) => l.kind)).toEqual(['deposit_paid']);

    expect((await deliverEvent(t.app, stripeEvent('refund.created', { ...dashboardRefund }))).statusCode).toBe(200);
    expect((await ledgerOf(t.app, booking.id)).map((l) => [l.kind, l.externalId])).toEqual([
      ['deposit_paid', session.payment_intent],
      ['deposit_refunded', dashboardRefund.id],
    ]);
  });

  it('lets the client pay again after a bank debit failed', async () => {
    const { booking, sessionId } = await bookingWithSession();
    const failed = fake.payCheckoutSession(sessionId, { async: true });
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.completed', failed))).statusCode).toBe(200);
    expect((await client.client.post(`/api/bookings/${booking.id}/deposit`)).statusCode).toBe(409);
    expect((await deliverEvent(t.app, stripeEvent('checkout.session.async_payment_failed', failed))).statusCode).toBe(200);
    const retry = await client.client.post(`/api/bookings/${booking.id}/deposit`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await bookingRow(t.app, booking.id)).checkoutSessionId).not.toBe(sessionId);
    expect(await bookingRow(t.app, booking.id)).toMatchObject({ status: 'awaiting_deposit', depositStatus: 'due' });
  });

  it('records events it has no use for, and payments for unknown bookings, without harm', async () => {
    const before = await stripeEventCount();
    const ping = stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' });
    expect((await deliverEvent(t.app, ping)).json()).toEqual({ received: true, duplicate: false });
    const stranger = stripeEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      amount_total: 15_000,
      currency: 'usd',
      payment_intent: 'pi_test_elsewhere',
      metadata: { bookingId: crypto.randomUUID() },
      client_reference_id: null,
    });
    expect((await deliverEvent(t.app, stranger)).statusCode).toBe(200);
    const unknownAccount = stripeEvent('account.updated', { id: 'acct_NOTOURS', object: 'account', charges_enabled: true }, { account: 'acct_NOTOURS' });
    expect((await deliverEvent(t.app, unknownAccount)).statusCode).toBe(200);
    expect(await stripeEventCount()).toBe(before + 3);
    expect(fake.requestsTo('GET', '/v1/accounts/acct_NOTOURS')).toHaveLength(0);
  });

  it('keeps the raw body for this route only: other routes still parse JSON', async () => {
    const res = await client.client.post('/api/payments/connect/sync');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/db-utils.ts';
import type { FakeStripe } from '../../../../tests/support/fake-stripe-server.ts';
import { artistPerson, bookingRow, createStripeTestApp, deliverEvent, insertBooking, ledgerOf, person, type ArtistPerson, type Person } from '../../../../tests/support/payment-fixtures.ts';
import type { TDepositSummary } from '../../../shared/contracts/bookings.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/worker.ts';

/**
 * The artist's money figures (GET /api/payments/summary) come from the ledger once each: every
 * deposit paid in sits in exactly one of held, received, forfeited, refunded or awaiting refund, so
 * those add up to what the ledger says was paid; outstanding is what clients still owe and was
 * never paid in. Issue 11: a deposit forfeited on a cancelled booking was counted under "Received"
 * as well as under "Forfeited".
 */

const HOUR = 3_600_000;
const DEPOSIT = 15_000;

let t: TestApp;
let fake: FakeStripe;
let artist: ArtistPerson;
let client: Person;
let lateClient: Person;

async function summary(): Promise<TDepositSummary> {
  const res = await artist.client.get('/api/payments/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDepositSummary;
}

/** The sum of every deposit_paid row of the artist, straight from the ledger table. */
async function paidIntoLedger(): Promise<number> {
  const [row] = await t.app.ctx.database.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.artistId, artist.artistId), eq(ledgerEntries.kind, 'deposit_paid')));
  return row?.cents ?? 0;
}

/** The deposit of a pay-at-studio booking, marked received by the artist through the API. */
async function paidAtStudio(startsAt?: Date) {
  const booking = await insertBooking(t.app, { artist, clientId: client.id, method: 'studio', depositCents: DEPOSIT, ...(startsAt ? { startsAt } : {}) });
  const res = await artist.client.post(`/api/bookings/${booking.id}/mark-deposit-paid`);
  expect(res.statusCode, res.body).toBe(200);
  expect((await bookingRow(t.app, booking.id)).status).toBe('confirmed');
  return booking;
}

beforeAll(async () => {
  ({ t, fake } = await createStripeTestApp());
  artist = await artistPerson(t.app, 'Mara', { stripeAccountId: 'acct_MARA0000000001', stripeChargesEnabled: true });
  client = await person(t.app, 'Quinn');
  lateClient = await person(t.app, 'Remy');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('deposit totals from the ledger', () => {
  it('counts each deposit once: late cancellation, artist cancellation, paid, completed, awaiting refund and outstanding', async () => {
    expect(await summary()).toEqual({
      currency: 'USD',
      heldCents: 0,
      receivedCents: 0,
      forfeitedCents: 0,
      refundedCents: 0,
      awaitingRefundCents: 0,
      outstandingCents: 0,
      dueCount: 0,
    } satisfies TDepositSummary);

    // 1. A client cancels 30 hours ahead under a 48-hour notice: the paid deposit is forfeited.
    const late = await insertBooking(t.app, { artist, clientId: lateClient.id, method: 'studio', depositCents: DEPOSIT, startsAt: new Date(Date.now() + 30 * HOUR) });
    expect((await artist.client.post(`/api/bookings/${late.id}/mark-deposit-paid`)).statusCode).toBe(200);
    const cancelLate = await lateClient.client.post(`/api/bookings/${late.id}/cancel`, { message: 'Something came up.' });
    expect(cancelLate.statusCode, cancelLate.body).toBe(200);
    expect((await bookingRow(t.app, late.id)).depositStatus).toBe('forfeited');
    expect((await ledgerOf(t.app, late.id)).map((l) => l.kind)).toEqual(['deposit_paid', 'deposit_forfeited']);

    // 2. The artist cancels a paid booking: the deposit is refunded in full (handed back at the studio).
    const cancelledByArtist = await paidAtStudio();
    expect((await artist.client.post(`/api/bookings/${cancelledByArtist.id}/cancel`, {})).statusCode).toBe(200);
    expect((await bookingRow(t.app, cancelledByArtist.id)).depositStatus).toBe('refunded');

    // 3. A normal paid deposit for an appointment still to come: held.
    await paidAtStudio();

    // 4. A paid deposit whose appointment took place: received.
    const done = await paidAtStudio(new Date(Date.now() - 5 * HOUR));
    const complete = await artist.client.post(`/api/bookings/${done.id}/complete`, {});
    expect(complete.statusCode, complete.body).toBe(200);

    // 5. A card deposit whose booking the artist cancelled: owed back until the refund job has run.
    const card = await insertBooking(t.app, { artist, clientId: client.id, method: 'stripe', depositCents: DEPOSIT });
    expect((await client.client.post(`/api/bookings/${card.id}/deposit`)).statusCode).toBe(200);
    const session = fake.payCheckoutSession((await bookingRow(t.app, card.id)).checkoutSessionId!);
    const delivered = await deliverEvent(t.app, { id: `evt_totals_${card.id.replace(/-/g, '')}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: session } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await bookingRow(t.app, card.id)).status).toBe('confirmed');
    expect((await artist.client.post(`/api/bookings/${card.id}/cancel`, {})).statusCode).toBe(200);

    // 6. Asked for and not paid yet: outstanding, never in the ledger. A request not accepted yet owes nothing.
    await insertBooking(t.app, { artist, clientId: client.id, method: 'studio', depositCents: DEPOSIT });
    await insertBooking(t.app, { artist, clientId: client.id, status: 'requested', depositStatus: 'pending', depositDueAt: null, depositCents: DEPOSIT });

    const before = await summary();
    expect(before).toEqual({
      currency: 'USD',
      heldCents: DEPOSIT,
      receivedCents: DEPOSIT,
      forfeitedCents: DEPOSIT,
      refundedCents: DEPOSIT,
      awaitingRefundCents: DEPOSIT,
      outstandingCents: DEPOSIT,
      dueCount: 1,
    } satisfies TDepositSummary);
    // Nothing counted twice, nothing left out: the figures of paid money add up to the ledger's deposits.
    const paidIn = await paidIntoLedger();
    expect(paidIn).toBe(5 * DEPOSIT);
    expect(before.heldCents + before.receivedCents + before.forfeitedCents + before.refundedCents + before.awaitingRefundCents).toBe(paidIn);

    // The refund job returns the card deposit: it moves from awaiting refund to refunded, the total stays.
    await runDueJobs(t.app.ctx);
    expect((await bookingRow(t.app, card.id)).depositStatus).toBe('refunded');
    const after = await summary();
    expect(after).toMatchObject({ heldCents: DEPOSIT, receivedCents: DEPOSIT, forfeitedCents: DEPOSIT, refundedCents: 2 * DEPOSIT, awaitingRefundCents: 0, outstandingCents: DEPOSIT, dueCount: 1 });
    expect(after.heldCents + after.receivedCents + after.forfeitedCents + after.refundedCents + after.awaitingRefundCents).toBe(await paidIntoLedger());
  });
});

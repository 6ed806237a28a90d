import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { bookingEvents, bookings, ledgerEntries } from '../../src/server/db/schema/index.ts';
import { createTestApp, createUser, type TestApp, type TestClient } from './db-utils.ts';
import { createArtist } from './factories.ts';
import { FakeStripe, signStripePayload } from './fake-stripe-server.ts';

export const STRIPE_TEST_ENV = { STRIPE_SECRET_KEY: 'sk_test_inkhaven_payments', STRIPE_WEBHOOK_SECRET: 'whsec_test_inkhaven_payments' };

/** A test app whose Stripe client talks to a fresh fake Stripe. */
export async function createStripeTestApp(): Promise<{ t: TestApp; fake: FakeStripe }> {
  const fake = await FakeStripe.start();
  const t = await createTestApp({ ...STRIPE_TEST_ENV, STRIPE_API_BASE: fake.url });
  return { t, fake };
}

export type Person = { client: TestClient; id: string; name: string; email: string };

export async function person(app: FastifyInstance, name: string, opts: { isAdmin?: boolean } = {}): Promise<Person> {
  const u = await createUser(app, { firstName: name, ...(opts.isAdmin ? { isAdmin: true } : {}) });
  return { client: u.client, id: u.id, name, email: u.email };
}

export type ArtistPerson = Person & { artistId: string; serviceId: string; serviceName: string; displayName: string };

/** A signed-in user with an artist profile (and one 4-hour service with a 150 USD deposit). */
export async function artistPerson(app: FastifyInstance, name: string, overrides: Parameters<typeof createArtist>[1] = {}): Promise<ArtistPerson> {
  const p = await person(app, name);
  const artist = await createArtist(app, { userId: p.id, displayName: name, ...overrides });
  const service = artist.services[0]!;
  return { ...p, artistId: artist.id, serviceId: service.id, serviceName: service.name, displayName: name };
}

let slot = 0;

/**
 * A booking row as the booking core leaves it after the artist accepted: awaiting its deposit, with
 * the frozen policy. Each call takes a later day so the no-overlap constraint never trips.
 */
export async function insertBooking(
  app: FastifyInstance,
  o: {
    artist: ArtistPerson;
    clientId: string;
    method?: 'stripe' | 'studio';
    status?: (typeof bookings.$inferInsert)['status'];
    depositStatus?: (typeof bookings.$inferInsert)['depositStatus'];
    depositCents?: number;
    depositDueAt?: Date | null;
    depositInstructions?: string;
    /** Default: a later day for each call, weeks ahead. */
    startsAt?: Date;
  },
) {
  slot += 1;
  const startsAt = o.startsAt ?? new Date(Date.now() + (20 + slot) * 86_400_000);
  const depositCents = o.depositCents ?? 15_000;
  const [row] = await app.ctx.database.db
    .insert(bookings)
    .values({
      artistId: o.artist.artistId,
      clientId: o.clientId,
      serviceId: o.artist.serviceId,
      status: o.status ?? 'awaiting_deposit',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
      idea: 'A swallow on the forearm, traditional style.',
      depositCents,
      currency: 'USD',
      depositStatus: o.depositStatus ?? 'due',
      depositDueAt: o.depositDueAt === undefined ? new Date(Date.now() + 48 * 3_600_000) : o.depositDueAt,
      policy: {
        depositCents,
        currency: 'USD',
        noticeHours: 48,
        maxReschedules: 2,
        depositWindowHours: 48,
        depositMethod: o.method ?? 'stripe',
        depositInstructions: o.depositInstructions ?? '',
      },
      policyAcceptedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('booking insert failed');
  return row;
}

export async function bookingRow(app: FastifyInstance, id: string) {
  const [row] = await app.ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

export async function ledgerOf(app: FastifyInstance, bookingId: string) {
  return app.ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.kind));
}

export async function eventsOf(app: FastifyInstance, bookingId: string, action?: string) {
  return app.ctx.database.db
    .select()
    .from(bookingEvents)
    .where(action ? and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.action, action)) : eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt));
}

/** POST an event to the webhook the way Stripe does: raw JSON body, signed with the endpoint's secret. */
export async function deliverEvent(
  app: FastifyInstance,
  event: Record<string, unknown>,
  opts: { secret?: string; timestamp?: number; signature?: string | null; body?: string } = {},
): Promise<LightMyRequestResponse> {
  const payload = opts.body ?? JSON.stringify(event, null, 2);
  const signature =
    opts.signature === null ? undefined : (opts.signature ?? signStripePayload(payload, opts.secret ?? STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET, opts.timestamp));
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../src/server/auth/session.ts';
import { bookings, conversations } from '../../src/server/db/schema/index.ts';
import { createUser } from './db-utils.ts';
import { createArtist } from './factories.ts';

const HOUR = 3_600_000;

export type MessagingActor = Awaited<ReturnType<typeof createUser>> & { name: string; session: SessionUser };
export type MessagingArtist = MessagingActor & { artistId: string; slug: string; serviceId: string };

/**
 * A signed-in person, with the SessionUser services take (tests that send more than the HTTP rate
 * limit allows call services directly); an admin from the start with `{ isAdmin: true }`.
 */
export async function messagingActor(app: FastifyInstance, name: string, { isAdmin = false }: { isAdmin?: boolean } = {}): Promise<MessagingActor> {
  const u = await createUser(app, { firstName: name, isAdmin });
  return { ...u, name, session: { id: u.id, name, email: u.email, isAdmin, isArtist: false, image: null, avatarKey: null } };
}

export async function messagingArtist(app: FastifyInstance, name: string): Promise<MessagingArtist> {
  const u = await messagingActor(app, name);
  const a = await createArtist(app, { userId: u.id, displayName: `${name} Ink`, timezone: 'UTC' });
  return { ...u, session: { ...u.session, isArtist: true }, artistId: a.id, slug: a.slug, serviceId: a.services[0]!.id };
}

/** A requested booking between the two, straight into the table; the database opens its conversation. */
export async function bookingConversation(app: FastifyInstance, clientId: string, artist: MessagingArtist): Promise<{ bookingId: string; conversationId: string }> {
  const db = app.ctx.database.db;
  const startsAt = new Date(Date.now() + 30 * 24 * HOUR + Math.floor(Math.random() * 10_000) * HOUR);
  const [b] = await db
    .insert(bookings)
    .values({ id: randomUUID(), artistId: artist.artistId, clientId, serviceId: artist.serviceId, startsAt, endsAt: new Date(startsAt.getTime() + HOUR), depositCents: 15000, idea: 'A fern' })
    .returning();
  const [conv] = await db.select().from(conversations).where(eq(conversations.bookingId, b!.id));
  return { bookingId: b!.id, conversationId: conv!.id };
}

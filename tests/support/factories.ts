import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { artistProfiles, reviews, services, studios, users, bookings } from '../../src/server/db/schema/index.ts';

type ArtistOverrides = Partial<typeof artistProfiles.$inferInsert> & {
  services?: Array<Partial<typeof services.$inferInsert>>;
  ratings?: number[];
};

let n = 0;

/** Test factory: an artist (with a user row, services and optional ratings). Override any column. */
export async function createArtist(app: FastifyInstance, overrides: ArtistOverrides = {}) {
  n += 1;
  const db = app.ctx.database.db;
  const userId = overrides.userId ?? randomUUID();
  if (!overrides.userId) {
    await db.insert(users).values({ id: userId, name: `Artist ${n}`, email: `artist-${userId}@example.test` });
  }
  const { services: serviceRows, ratings, ...profile } = overrides;
  const [artist] = await db
    .insert(artistProfiles)
    .values({
      userId,
      slug: `artist-${n}-${userId.slice(0, 8)}`,
      displayName: `Artist ${n}`,
      kind: 'tattoo',
      bio: 'Custom work in a friendly studio.',
      styles: ['Traditional'],
      city: 'Portland',
      country: 'US',
      timezone: 'America/Los_Angeles',
      lat: 45.52,
      lng: -122.68,
      ...profile,
    })
    .returning();
  if (!artist) throw new Error('artist insert failed');
  const svc = serviceRows ?? [{}];
  const inserted = await db
    .insert(services)
    .values(
      svc.map((s) => ({
        artistId: artist.id,
        name: 'Half-day session',
        kind: artist.kind === 'piercing' ? ('piercing' as const) : ('tattoo' as const),
        durationMinutes: 240,
        priceMinCents: 40000,
        priceMaxCents: 90000,
        depositCents: 15000,
        ...s,
      })),
    )
    .returning();
  for (const value of ratings ?? []) {
    const clientId = randomUUID();
    await db.insert(users).values({ id: clientId, name: 'Client', email: `client-${clientId}@example.test` });
    const start = new Date(Date.now() - (30 + Math.random() * 300) * 86_400_000);
    const [booking] = await db
      .insert(bookings)
      .values({ artistId: artist.id, clientId, serviceId: inserted[0]!.id, status: 'completed', startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), depositCents: 15000 })
      .returning();
    await db.insert(reviews).values({ bookingId: booking!.id, artistId: artist.id, authorId: clientId, ratingValue: value, headline: 'Great', reviewBody: 'Great work.' });
  }
  if (ratings?.length) {
    const sum = ratings.reduce((a, b) => a + b, 0);
    const { eq } = await import('drizzle-orm');
    await db.update(artistProfiles).set({ ratingCount: ratings.length, ratingSum: sum }).where(eq(artistProfiles.id, artist.id));
  }
  return { ...artist, services: inserted };
}

export async function createStudio(app: FastifyInstance, overrides: Partial<typeof studios.$inferInsert> = {}) {
  n += 1;
  const [studio] = await app.ctx.database.db
    .insert(studios)
    .values({ slug: `studio-${n}-${randomUUID().slice(0, 6)}`, name: `Studio ${n}`, address: '1 Main St', city: 'Portland', country: 'US', timezone: 'America/Los_Angeles', lat: 45.52, lng: -122.68, ...overrides })
    .returning();
  if (!studio) throw new Error('studio insert failed');
  return studio;
}

import { randomUUID } from 'node:crypto';
import { count, like, sql } from 'drizzle-orm';
import { artistProfiles, bookingEvents, bookings, portfolioImages, reviews, services, users } from '../schema/index.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import {
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  MORE_CITIES,
  PIERCING_REVIEWS,
  PIERCING_STYLES,
  TATTOO_REVIEWS,
  TATTOO_STYLES,
  type ArtistSeed,
  type City,
} from './data.ts';
import { writePooledArtwork, type ArtworkFile } from './images.ts';
import { createRng } from './random.ts';
import { insertMany } from './bulk-insert.ts';
import { refreshAllFreeDays } from '../../features/availability/free-days.ts';
import { bookingHistory, buildArtist, SEEDED_CLIENT_DOMAIN, slugify, type SeedContext } from './demo.ts';

/** Catalogue artists are recognisable by their email domain, which makes the top-up idempotent. */
export const CATALOGUE_DOMAIN = 'catalogue.inkhaven.test';

const DAY = 86_400_000;
const ALL_CITIES: City[] = [...Object.values(CITIES), ...MORE_CITIES];

export type CatalogueResult = { existing: number; created: number; total: number; ms: number };

/**
 * Tops the benchmark catalogue up to `target` extra artists (with services, portfolio rows,
 * and a few reviewed bookings), in batches of `batchSize` artists per transaction. Needs the
 * demo seed first: its clients author the reviews.
 */
export async function seedCatalogue(
  ctx: SeedContext,
  opts: { target: number; batchSize?: number; log: (m: string) => void; now?: Date },
): Promise<CatalogueResult> {
  const started = Date.now();
  const { db } = ctx.database;
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 500;
  const [row] = await db.select({ n: count() }).from(users).where(like(users.email, `%@${CATALOGUE_DOMAIN}`));
  const existing = row?.n ?? 0;
  if (existing >= opts.target) return { existing, created: 0, total: existing, ms: Date.now() - started };

  const clients = await db.select({ id: users.id }).from(users).where(like(users.email, `%@${SEEDED_CLIENT_DOMAIN}`));
  if (clients.length === 0) throw new Error('Seed the demo data first: catalogue reviews are written by the demo clients.');
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);

  let created = 0;
  const phases = { build: 0, files: 0, db: 0 };
  const timed = async <T>(phase: keyof typeof phases, fn: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      phases[phase] += performance.now() - t0;
    }
  };
  for (let from = existing + 1; from <= opts.target; from += batchSize) {
    const to = Math.min(opts.target, from + batchSize - 1);
    const batch = await timed('build', () => buildBatch(from, to, now, clients.map((c) => c.id)));
    await timed('files', () => writePooledArtwork(storage, batch.artwork));
    await timed('db', () => db.transaction(async (tx) => {
      await insertMany(tx, users, batch.users);
      await insertMany(tx, artistProfiles, batch.profiles);
      await insertMany(tx, services, batch.services);
      await insertMany(tx, portfolioImages, batch.images);
      await insertMany(tx, bookings, batch.bookings);
      await insertMany(tx, bookingEvents, batch.events);
      await insertMany(tx, reviews, batch.reviews);
    }));
    created += to - from + 1;
    const secs = (ms: number) => (ms / 1000).toFixed(1);
    opts.log(
      `  catalogue: ${existing + created}/${opts.target} artists (${secs(Date.now() - started)} s; build ${secs(phases.build)} s, files ${secs(phases.files)} s, database ${secs(phases.db)} s)`,
    );
  }
  // Availability search reads each artist's precomputed free days; a bulk load computes them all
  // now rather than leaving the first searches to compute them artist by artist.
  const freeDaysStarted = Date.now();
  const withFreeDays = await refreshAllFreeDays(db);
  opts.log(`  free days of ${withFreeDays} artists computed in ${((Date.now() - freeDaysStarted) / 1000).toFixed(1)} s`);
  // The card triggers (migration 0006) rewrite each new profile when its services and then its
  // photos arrive, leaving two dead versions per artist that PGlite, without autovacuum, never
  // clears: rewrite the table compactly, as a restore would leave it. Then fresh planner
  // statistics after a bulk load, so the first searches pick good plans.
  await db.execute(sql`vacuum full artist_profiles`);
  await db.execute(sql`analyze`);
  return { existing, created, total: existing + created, ms: Date.now() - started };
}

function buildBatch(from: number, to: number, now: Date, clientIds: string[]) {
  const out = {
    users: [] as Array<typeof users.$inferInsert>,
    profiles: [] as Array<typeof artistProfiles.$inferInsert>,
    services: [] as Array<typeof services.$inferInsert>,
    images: [] as Array<typeof portfolioImages.$inferInsert>,
    artwork: [] as ArtworkFile[],
    bookings: [] as Array<typeof bookings.$inferInsert>,
    events: [] as Array<typeof bookingEvents.$inferInsert>,
    reviews: [] as Array<typeof reviews.$inferInsert>,
  };
  for (let i = from; i <= to; i++) {
    // Seeded per index: artist #i is the same artist on every machine and every run.
    const r = createRng(0x5eed0000 + i);
    const name = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
    const slug = `${slugify(name)}-${i}`;
    const city = r.pick(ALL_CITIES);
    const roll = r.next();
    const kind: ArtistSeed['kind'] = roll < 0.65 ? 'tattoo' : roll < 0.9 ? 'piercing' : 'both';
    const tattooStyles = kind === 'piercing' ? [] : r.shuffle(TATTOO_STYLES).slice(0, r.int(1, 3));
    const piercingStyles = kind === 'tattoo' ? [] : r.shuffle(PIERCING_STYLES.map((s) => s.name)).slice(0, r.int(3, 5));
    const reviewCount = r.chance(0.2) ? 0 : r.int(1, 3);
    const userId = randomUUID();
    const years = r.int(1, 20);
    out.users.push({ id: userId, name, email: `artist-${i}@${CATALOGUE_DOMAIN}`, emailVerified: true, createdAt: new Date(now.getTime() - r.int(30, 1500) * DAY) });
    const build = buildArtist(
      r,
      {
        name,
        kind,
        styles: [...tattooStyles, ...piercingStyles],
        years,
        verified: r.chance(0.35),
        instagram: r.chance(0.7) ? slug.replace(/-/g, '.') : null,
        hours: r.int(0, 5),
        reviews: reviewCount,
        userId,
        slug,
        location: city,
        studioId: null,
        // Spread over ~30 km around the city centre so distance search has something to sort.
        lat: Number((city.lat + r.float(-0.15, 0.15)).toFixed(5)),
        lng: Number((city.lng + r.float(-0.15, 0.15)).toFixed(5)),
      },
      now,
      4,
    );
    out.profiles.push(build.profile);
    out.services.push(...build.services);
    out.images.push(...build.images);
    out.artwork.push(...build.artwork);

    const sessions = build.services.filter((s) => s.kind !== 'consultation');
    const texts = kind === 'piercing' ? PIERCING_REVIEWS : TATTOO_REVIEWS;
    const first = name.split(' ')[0] ?? name;
    let sum = 0;
    for (let k = 0; k < reviewCount; k++) {
      const service = r.pick(sessions);
      const text = r.pick(texts.filter((t) => t.rating >= 3.5 || r.chance(0.3)));
      const clientId = r.pick(clientIds);
      const bookingId = randomUUID();
      const startsAt = new Date(now.getTime() - (20 + k * 15 + r.int(0, 10)) * DAY);
      startsAt.setUTCMinutes(0, 0, 0);
      const endsAt = new Date(startsAt.getTime() + (service.durationMinutes as number) * 60_000);
      const requestedAt = new Date(startsAt.getTime() - r.int(7, 30) * DAY);
      const history = bookingHistory({ id: bookingId, status: 'completed', depositCents: service.depositCents as number, startsAt, endsAt }, { client: clientId, artist: userId }, requestedAt);
      out.bookings.push({
        id: bookingId,
        artistId: build.profile.id as string,
        clientId,
        serviceId: service.id as string,
        status: 'completed',
        startsAt,
        endsAt,
        depositCents: service.depositCents as number,
        createdAt: requestedAt,
        updatedAt: history.updatedAt,
      });
      out.events.push(...history.events);
      out.reviews.push({
        bookingId,
        artistId: build.profile.id as string,
        authorId: clientId,
        ratingValue: text.rating,
        headline: text.headline.replaceAll('{first}', () => first),
        reviewBody: text.body.replaceAll('{first}', () => first),
        authorLocation: r.pick(ALL_CITIES).name,
        createdAt: new Date(endsAt.getTime() + r.int(1, 3) * DAY),
      });
      sum += text.rating;
    }
    build.profile.ratingCount = reviewCount;
    build.profile.ratingSum = sum;
  }
  return out;
}

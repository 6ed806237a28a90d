import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../client.ts';
import {
  accounts,
  artistProfiles,
  auditLog,
  bookingEvents,
  bookings,
  flashDesigns,
  ledgerEntries,
  notifications,
  portfolioImages,
  reviews,
  services,
  studios,
  users,
  type WeeklyHours,
} from '../schema/index.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { makeAftercarePlan } from '../../features/aftercare/plan.ts';
import { syncBookingJobs } from '../../features/booking/transitions.ts';
import { REQUEST_RESPONSE_HOURS } from '../../../shared/booking-rules.ts';
import { formatHealing, PIERCING_STYLES as GUIDE_PIERCING_STYLES } from '../../../shared/guides/piercing-styles.ts';
import { insertMany } from './bulk-insert.ts';
import { deleteDemoLicenceImages, insertDemoLicences, planDemoLicences, writeDemoLicenceImages } from './licences.ts';
import type { StoredImage } from '../../storage/images.ts';
import {
  ARTISTS,
  BIO_CLOSERS,
  BIO_OPENERS,
  CITIES,
  CLIENTS,
  DEMO_PIERCER,
  DEMO_TATTOO_ARTIST,
  HOURS_PATTERNS,
  PIERCING_DURATIONS,
  PIERCING_IDEAS,
  PIERCING_PRICES,
  PIERCING_REVIEWS,
  PIERCING_STYLES,
  PORTFOLIO_WORKS,
  REPLIES,
  STUDIO_HOURS,
  STUDIOS,
  STYLE_SENTENCES,
  TATTOO_IDEAS,
  TATTOO_REVIEWS,
  TATTOO_STYLES,
  type ArtistSeed,
  type City,
  type ReviewText,
} from './data.ts';
import {
  artworkSize,
  chooseWorks,
  flashSpec,
  hashString,
  portfolioKeys,
  portfolioSpec,
  skipLegacyPoolDraws,
  writeArtwork,
  writePooledArtwork,
  type ArtworkFile,
  type Work,
} from './images.ts';
import { createRng, type Rng } from './random.ts';
import { FLASH_WORK_BY_TITLE, planFlashDesigns } from './flash.ts';
import { addDays, isoWeekday, localDateOf, zonedTimeToUtc, dateKey, type LocalDate } from '../../../shared/zoned-time.ts';

export const DEMO_PASSWORD = 'inkhaven-demo';

/** DESIGN §4: the demo accounts, all with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = {
  client: { email: 'client@inkhaven.test', name: 'Casey Morgan' },
  artist: { email: 'artist@inkhaven.test', name: DEMO_TATTOO_ARTIST.name },
  piercer: { email: 'piercer@inkhaven.test', name: DEMO_PIERCER.name },
  admin: { email: 'admin@inkhaven.test', name: 'Avery Quinn' },
} as const;

export const SEEDED_ARTIST_DOMAIN = 'artists.inkhaven.test';
export const SEEDED_CLIENT_DOMAIN = 'clients.inkhaven.test';

/** The row that says "demo data are in": written last, in the same transaction as everything else. */
const MARKER = { subjectType: 'seed', subjectId: 'demo' } as const;
/** Serialises concurrent seeders (two servers starting at once on one PostgreSQL). */
const SEED_LOCK_ID = 7_263_001;

export type SeedContext = Pick<AppContext, 'database' | 'config'>;
export type SeedOptions = { log: (message: string) => void; now?: Date };

type UserRow = typeof users.$inferInsert;
type ProfileRow = typeof artistProfiles.$inferInsert;
type ServiceRow = typeof services.$inferInsert;

/** The spec's service search metadata for the demo: what a careful studio states. */
const TATTOO_METADATA = {
  healingTime: '2-4 weeks',
  aftercareRequired: true,
  safetyProtocols: ['Single-use needles', 'Autoclave-sterilised tools', 'Fresh gloves for every step', 'Surfaces disinfected between clients', 'Bloodborne pathogens certified'],
} satisfies Partial<ServiceRow>;
function piercingMetadata(styleName: string): Partial<ServiceRow> {
  const style = GUIDE_PIERCING_STYLES.find((s) => s.name === styleName);
  return {
    healingTime: style ? formatHealing(style.healingRange) : null,
    piercingStyle: style?.slug ?? null,
    aftercareRequired: true,
    safetyProtocols: ['Single-use needles', 'Autoclave-sterilised tools', 'Implant-grade jewelry', 'Fresh gloves for every step', 'Bloodborne pathogens certified'],
  };
}
type ImageRow = typeof portfolioImages.$inferInsert;
type BookingRow = typeof bookings.$inferInsert;
type EventRow = typeof bookingEvents.$inferInsert;
type LedgerRow = typeof ledgerEntries.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;
type NotificationRow = typeof notifications.$inferInsert;
type Status = NonNullable<BookingRow['status']>;

export async function isDemoSeeded(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, MARKER.subjectType), eq(auditLog.subjectId, MARKER.subjectId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Seeds the demo data once. On an already-seeded database this costs one indexed query and
 * one file check, so start-up stays fast. Everything is written in one transaction: a crash
 * part-way leaves nothing behind, and the next start tries again.
 */
export async function seedDemo(ctx: SeedContext, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const { db } = ctx.database;
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  if (await isDemoSeeded(db)) {
    const [sample] = await db.select({ storageKey: portfolioImages.storageKey }).from(portfolioImages).limit(1);
    if (sample && !(await storage.exists(sample.storageKey))) await restoreImages(db, storage, opts.log);
    return { seeded: false };
  }

  const started = Date.now();
  const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  const taken = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  if (taken.length > 0) {
    opts.log(`Demo data skipped: ${taken.map((t) => t.email).join(', ')} already exist without the demo seed.`);
    return { seeded: false };
  }

  const plan = buildDemoPlan(opts.now ?? new Date());
  const seededAt = opts.now ?? new Date();
  const licences = planDemoLicences(plan.profiles, seededAt);
  // The pictures are drawn by libvips threads while the database work runs on this one; the
  // marker row (the last write) waits for them, so "seeded" always means "with its pictures".
  const drawing = writeArtwork(storage, plan.artwork).then(
    () => null,
    (error: unknown) => error,
  );
  const drawingLicences = writeDemoLicenceImages(storage, licences).then(
    (images) => ({ images, error: null }),
    (error: unknown) => ({ images: new Map<string, StoredImage>(), error }),
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await isDemoSeeded(tx)) return false;
    await insertMany(tx, users, plan.users);
    await insertMany(
      tx,
      accounts,
      plan.demoUserIds.map((userId) => ({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash })),
    );
    await insertMany(tx, studios, plan.studios);
    await insertMany(tx, artistProfiles, plan.profiles);
    await insertMany(tx, services, plan.services);
    await insertMany(tx, portfolioImages, plan.images);
    await insertMany(tx, flashDesigns, plan.flash);
    await insertMany(tx, bookings, plan.bookings);
    await insertMany(tx, bookingEvents, plan.events);
    await insertMany(tx, ledgerEntries, plan.ledger);
    // Live bookings get their durable jobs (request expiry, deposit expiry, reminder) like any other.
    for (const b of plan.bookings) {
      if (b.status === 'requested' || b.status === 'awaiting_deposit' || b.status === 'confirmed')
        await syncBookingJobs(tx, { id: b.id!, status: b.status, startsAt: b.startsAt, endsAt: b.endsAt, respondBy: b.respondBy ?? null, depositDueAt: b.depositDueAt ?? null }, seededAt.getTime());
    }
    const drawnLicences = await drawingLicences;
    if (drawnLicences.error) throw drawnLicences.error;
    await insertDemoLicences(tx, licences, drawnLicences.images, seededAt);
    // The demo accounts' completed sessions have their aftercare plan (check-ins work on them); seeded
    // history sends no messages, so the plan's jobs are not enqueued.
    const demoUsers = new Set(plan.demoUserIds);
    for (const b of plan.bookings) if (b.status === 'completed' && demoUsers.has(b.clientId)) await makeAftercarePlan(tx, b.id!, seededAt);
    await insertMany(tx, reviews, plan.reviews);
    await insertMany(tx, notifications, plan.notifications);
    const drawingError = await drawing;
    if (drawingError) throw drawingError;
    await tx.insert(auditLog).values({
      action: 'seed.demo',
      ...MARKER,
      data: { version: 1, artists: plan.profiles.length, studios: plan.studios.length, reviews: plan.reviews.length },
    });
    return true;
  });
  if (!seeded) {
    // Another server seeded first: the files drawn for this plan's rows belong to nothing.
    await drawing;
    await Promise.all(plan.artwork.map((a) => Promise.all([storage.delete(a.storageKey), storage.delete(a.thumbKey)]))).catch(() => {});
    await deleteDemoLicenceImages(storage, (await drawingLicences).images).catch(() => {});
  }
  if (seeded) {
    opts.log(
      `Demo data seeded in ${Date.now() - started} ms: ${plan.profiles.length} artists, ${plan.studios.length} studios, ` +
        `${plan.services.length} services, ${plan.images.length} portfolio images, ${plan.flash.length} flash designs, ${plan.reviews.length} reviews, ${plan.bookings.length} bookings.`,
    );
  }
  return { seeded };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The database is seeded but its image files are gone (a new STORAGE_DIR): draw them again from
 * what each row says it shows (caption or flash title) and where it sits (artist and position).
 */
async function restoreImages(db: Db, storage: LocalStorage, log: (m: string) => void): Promise<void> {
  const portfolio = await db
    .select({ storageKey: portfolioImages.storageKey, thumbKey: portfolioImages.thumbKey, caption: portfolioImages.caption, position: portfolioImages.position, slug: artistProfiles.slug })
    .from(portfolioImages)
    .innerJoin(artistProfiles, eq(artistProfiles.id, portfolioImages.artistId));
  const flash = await db
    .select({ storageKey: flashDesigns.storageKey, thumbKey: flashDesigns.thumbKey, title: flashDesigns.title, position: flashDesigns.position, slug: artistProfiles.slug })
    .from(flashDesigns)
    .innerJoin(artistProfiles, eq(artistProfiles.id, flashDesigns.artistId));
  const files: ArtworkFile[] = [
    ...portfolio.map((row) => ({ ...row, spec: portfolioSpec(WORK_BY_CAPTION.get(row.caption) ?? fallbackWork(row.storageKey), row.slug, row.position) })),
    ...flash.map((row) => ({ ...row, spec: flashSpec(FLASH_WORK_BY_TITLE.get(row.title) ?? fallbackWork(row.storageKey), row.slug, row.position) })),
  ];
  await writePooledArtwork(storage, files);
  log(`Demo images restored in ${storage.root} (${files.length} portfolio and flash images).`);
}

const ALL_WORKS = Object.values(PORTFOLIO_WORKS).flat();
const WORK_BY_CAPTION = new Map(ALL_WORKS.map((w) => [w.caption, w]));
/** An uploaded picture whose file is gone: something, rather than a broken image. */
const fallbackWork = (key: string): Work => ALL_WORKS[hashString(key) % ALL_WORKS.length] as Work;


// ---------------------------------------------------------------------------------------------
// Planning: every row, built in memory from the static data and a seeded random generator.

export type DemoPlan = {
  users: UserRow[];
  demoUserIds: string[];
  studios: Array<typeof studios.$inferInsert>;
  profiles: ProfileRow[];
  services: ServiceRow[];
  images: ImageRow[];
  /** What each portfolio and flash file shows. */
  artwork: ArtworkFile[];
  flash: Array<typeof flashDesigns.$inferInsert>;
  bookings: BookingRow[];
  events: EventRow[];
  /** Deposits of seeded bookings that were paid (at the studio). */
  ledger: LedgerRow[];
  reviews: ReviewRow[];
  notifications: NotificationRow[];
};

const DAY = 86_400_000;
const MINUTE = 60_000;
const PIERCING_STYLE_NAMES = new Set(PIERCING_STYLES.map((s) => s.name));
const TATTOO_STYLE_NAMES = new Set<string>(TATTOO_STYLES);

export function slugify(name: string): string {
  return name
    .replace(/[ıİ]/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step;
}

export type ArtistBuild = {
  profile: ProfileRow;
  services: ServiceRow[];
  images: ImageRow[];
  artwork: ArtworkFile[];
};

/** One artist's profile, services and portfolio rows. Shared with the large catalogue. */
export function buildArtist(
  r: Rng,
  seed: Omit<ArtistSeed, 'city' | 'studio'> & { userId: string; slug: string; location: City; lat: number; lng: number; studioId: string | null },
  now: Date,
  imageCount: number,
): ArtistBuild {
  const id = randomUUID();
  const first = seed.name.split(' ')[0] ?? seed.name;
  const fill = (s: string) =>
    s
      .replaceAll('{first}', () => first)
      .replaceAll('{years}', () => String(seed.years))
      .replaceAll('{startYear}', () => String(now.getUTCFullYear() - seed.years))
      .replaceAll('{city}', () => seed.location.name);
  const styleLines = seed.styles.slice(0, 2).map((s) => STYLE_SENTENCES[s]).filter(Boolean);
  const bio = [fill(r.pick(BIO_OPENERS[seed.kind])), ...styleLines, r.pick(BIO_CLOSERS)].join(' ');
  const profile: ProfileRow = {
    id,
    userId: seed.userId,
    slug: seed.slug,
    displayName: seed.name,
    kind: seed.kind,
    bio,
    styles: seed.styles,
    studioId: seed.studioId,
    city: seed.location.name,
    country: seed.location.country,
    timezone: seed.location.timezone,
    lat: seed.lat,
    lng: seed.lng,
    verified: seed.verified,
    instagram: seed.instagram,
    workingHours: HOURS_PATTERNS[seed.hours % HOURS_PATTERNS.length] as WeeklyHours,
    noticeHours: r.chance(0.75) ? 48 : 72,
    maxReschedules: 2,
    ratingCount: 0,
    ratingSum: 0,
    createdAt: new Date(now.getTime() - (seed.reviews === 0 ? r.int(3, 25) : r.int(200, 1200)) * DAY),
  };

  const level = 1 + Math.min(seed.years, 20) / 20;
  const rows: ServiceRow[] = [];
  const consultationFee = r.chance(0.3) ? 2500 : 0;
  rows.push({
    id: randomUUID(),
    artistId: id,
    name: seed.kind === 'piercing' ? 'Piercing consultation' : 'Consultation',
    kind: 'consultation',
    durationMinutes: 30,
    priceMinCents: consultationFee,
    priceMaxCents: consultationFee,
    depositCents: 0,
    aftercareRequired: false,
  });
  if (seed.kind !== 'piercing') {
    rows.push({
      id: randomUUID(),
      artistId: id,
      name: 'Small tattoo (up to 3 in)',
      kind: 'tattoo',
      durationMinutes: r.pick([60, 90]),
      priceMinCents: roundTo(10_000 * level, 500),
      priceMaxCents: roundTo(22_000 * level, 500),
      depositCents: 10_000,
      ...TATTOO_METADATA,
    });
    rows.push({
      id: randomUUID(),
      artistId: id,
      name: 'Half-day session',
      kind: 'tattoo',
      durationMinutes: r.pick([180, 240]),
      priceMinCents: roundTo(35_000 * level, 1000),
      priceMaxCents: roundTo(60_000 * level, 1000),
      depositCents: roundTo(r.int(15_000, 25_000), 2500),
      ...TATTOO_METADATA,
    });
    if (seed.years >= 8 || seed.styles.some((s) => s === 'Japanese' || s === 'Realism')) {
      rows.push({
        id: randomUUID(),
        artistId: id,
        name: 'Full-day session',
        kind: 'tattoo',
        durationMinutes: 360,
        priceMinCents: roundTo(70_000 * level, 1000),
        priceMaxCents: roundTo(110_000 * level, 1000),
        depositCents: roundTo(r.int(30_000, 50_000), 5000),
        ...TATTOO_METADATA,
      });
    }
  }
  if (seed.kind !== 'tattoo') {
    for (const styleName of seed.styles.filter((s) => PIERCING_STYLE_NAMES.has(s)).slice(0, 5)) {
      const style = PIERCING_STYLES.find((s) => s.name === styleName);
      if (!style) continue;
      const [min, max] = PIERCING_PRICES[style.difficulty];
      rows.push({
        id: randomUUID(),
        artistId: id,
        name: `${style.name} piercing`,
        kind: 'piercing',
        durationMinutes: r.pick(PIERCING_DURATIONS[style.difficulty]),
        priceMinCents: roundTo(min * (0.9 + level / 10), 500),
        priceMaxCents: roundTo(max * (0.9 + level / 10), 500),
        depositCents: 10_000,
        difficulty: style.difficulty,
        ...piercingMetadata(style.name),
      });
    }
  }

  const tattooStyles = seed.styles.filter((s) => TATTOO_STYLE_NAMES.has(s));
  skipLegacyPoolDraws(r, tattooStyles);
  const images: ImageRow[] = [];
  const artwork: ArtworkFile[] = [];
  chooseWorks(seed.slug, seed.kind, tattooStyles, imageCount, PORTFOLIO_WORKS).forEach((work, position) => {
    const imageId = randomUUID();
    const keys = portfolioKeys(id, imageId);
    const size = artworkSize(work.motif);
    images.push({
      id: imageId,
      artistId: id,
      storageKey: keys.key,
      thumbKey: keys.thumbKey,
      width: size.width,
      height: size.height,
      caption: work.caption,
      position,
      createdAt: new Date(now.getTime() - (position + 1) * r.int(5, 40) * DAY),
    });
    artwork.push({ storageKey: keys.key, thumbKey: keys.thumbKey, spec: portfolioSpec(work, seed.slug, position) });
  });
  // One date draw per requested picture, as before, so the stream stays aligned if fewer were found.
  for (let missing = images.length; missing < imageCount; missing++) r.int(5, 40);
  return { profile, services: rows, images, artwork };
}

/** The history of a booking as booking_events rows: each step from the previous status. */
export function bookingHistory(
  booking: { id: string; status: Status; depositCents: number; startsAt: Date; endsAt: Date },
  actors: { client: string; artist: string },
  requestedAt: Date,
): { events: EventRow[]; updatedAt: Date } {
  const t0 = requestedAt.getTime();
  const after = (h: number) => t0 + h * 3_600_000;
  // [to status, actor, time, note, booking_events.action]
  const steps: Array<[Status, string | null, number, string | null, string]> = [['requested', actors.client, t0, null, 'created']];
  if (booking.status !== 'requested') {
    steps.push(['accepted', actors.artist, after(20), null, 'accepted']);
    if (booking.depositCents > 0) {
      steps.push(['awaiting_deposit', actors.artist, after(20) + 1000, null, 'deposit_due']);
      if (booking.status !== 'awaiting_deposit') {
        // Demo artists take deposits at the studio: the artist marks it received, which confirms the booking.
        steps.push(['awaiting_deposit', actors.artist, after(30), 'Received at the studio', 'deposit_paid']);
        steps.push(['confirmed', actors.artist, after(30) + 1000, null, 'confirmed']);
      }
    } else if (booking.status !== 'accepted') steps.push(['confirmed', actors.artist, after(20) + 1000, null, 'confirmed']);
    if (booking.status === 'completed') steps.push(['completed', actors.artist, booking.endsAt.getTime() + 10 * MINUTE, null, 'completed']);
  }
  let from: Status | null = null;
  const events: EventRow[] = steps.map(([to, actor, at, note, action]) => {
    const event: EventRow = { id: randomUUID(), bookingId: booking.id, actorId: actor, fromStatus: from, toStatus: to, action, note, createdAt: new Date(at) };
    from = to;
    return event;
  });
  return { events, updatedAt: events.at(-1)?.createdAt ?? requestedAt };
}

/** The first working day on or after (direction 1) / on or before (-1) a date, skipping dates already used. */
function workingDay(hours: WeeklyHours, from: LocalDate, direction: 1 | -1, used?: Set<string>): { date: LocalDate; range: [string, string] } {
  let date = from;
  for (let i = 0; i < 60; i++) {
    const ranges = hours[isoWeekday(date)];
    if (ranges && ranges.length > 0 && !used?.has(dateKey(date))) {
      used?.add(dateKey(date));
      return { date, range: ranges[0] as [string, string] };
    }
    date = addDays(date, direction);
  }
  throw new Error('No working day within 60 days');
}

export function buildDemoPlan(now: Date): DemoPlan {
  const r = createRng(20240601);
  const plan: DemoPlan = {
    users: [],
    demoUserIds: [],
    studios: [],
    profiles: [],
    services: [],
    images: [],
    artwork: [],
    flash: [],
    bookings: [],
    events: [],
    ledger: [],
    reviews: [],
    notifications: [],
  };
  const past = (days: number) => new Date(now.getTime() - days * DAY);

  // Accounts that can sign in.
  const demoIds = { client: randomUUID(), artist: randomUUID(), piercer: randomUUID(), admin: randomUUID() };
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as Array<[keyof typeof DEMO_ACCOUNTS, (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]]>) {
    plan.users.push({ id: demoIds[role], name: account.name, email: account.email, emailVerified: true, isAdmin: role === 'admin', createdAt: past(400) });
    plan.demoUserIds.push(demoIds[role]);
  }

  // Seeded clients: they wrote the reviews; no password, so nobody can sign in as them.
  const clients = CLIENTS.map((c) => {
    const id = randomUUID();
    plan.users.push({ id, name: c.name, email: `${slugify(c.name).replace('-', '.')}@${SEEDED_CLIENT_DOMAIN}`, emailVerified: true, createdAt: past(r.int(60, 700)) });
    return { ...c, id };
  });

  const studioIds = new Map<string, { id: string; lat: number; lng: number }>();
  for (const s of STUDIOS) {
    const city = CITIES[s.city];
    const id = randomUUID();
    studioIds.set(s.slug, { id, lat: s.lat, lng: s.lng });
    plan.studios.push({
      id,
      slug: s.slug,
      name: s.name,
      description: s.description,
      address: s.address,
      city: city.name,
      country: city.country,
      timezone: city.timezone,
      lat: s.lat,
      lng: s.lng,
      hours: s.hours ?? STUDIO_HOURS,
      createdAt: past(r.int(400, 1500)),
    });
  }

  const slugs = new Set<string>();
  const built: Array<{ seed: ArtistSeed; build: ArtistBuild; userId: string }> = [];
  const artistSeeds: Array<[ArtistSeed, string | null]> = [
    [DEMO_TATTOO_ARTIST, demoIds.artist],
    [DEMO_PIERCER, demoIds.piercer],
    ...ARTISTS.map((a): [ArtistSeed, null] => [a, null]),
  ];
  for (const [seed, demoUserId] of artistSeeds) {
    let slug = slugify(seed.name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(seed.name)}-${n}`;
    slugs.add(slug);
    const userId = demoUserId ?? randomUUID();
    if (!demoUserId) plan.users.push({ id: userId, name: seed.name, email: `${slug}@${SEEDED_ARTIST_DOMAIN}`, emailVerified: true, createdAt: past(r.int(100, 1300)) });
    const city = CITIES[seed.city];
    const studio = seed.studio ? studioIds.get(seed.studio) : undefined;
    const build = buildArtist(
      r,
      {
        ...seed,
        userId,
        slug,
        location: city,
        studioId: studio?.id ?? null,
        lat: studio ? studio.lat : Number((city.lat + r.float(-0.04, 0.04)).toFixed(5)),
        lng: studio ? studio.lng : Number((city.lng + r.float(-0.04, 0.04)).toFixed(5)),
      },
      now,
      r.int(4, 6),
    );
    built.push({ seed, build, userId });
    plan.profiles.push(build.profile);
    plan.services.push(...build.services);
    plan.images.push(...build.images);
    plan.artwork.push(...build.artwork);
  }
  const flash = planFlashDesigns(plan.profiles, now);
  plan.flash = flash.rows;
  plan.artwork.push(...flash.artwork);

  // Reviews, each from a completed booking of a seeded client.
  const liveDays = new Map<string, Set<string>>();
  const usedDays = (artistId: string) => {
    let set = liveDays.get(artistId);
    if (!set) liveDays.set(artistId, (set = new Set()));
    return set;
  };
  let clientCursor = 0;
  built.forEach(({ seed, build, userId }, artistIndex) => {
    const profile = build.profile;
    const artistId = profile.id as string;
    const first = seed.name.split(' ')[0] ?? seed.name;
    const sessions = build.services.filter((s) => s.kind !== 'consultation');
    const texts: ReviewText[] =
      seed.kind === 'tattoo' ? r.shuffle(TATTOO_REVIEWS) : seed.kind === 'piercing' ? r.shuffle(PIERCING_REVIEWS) : r.shuffle([...TATTOO_REVIEWS, ...PIERCING_REVIEWS]);
    let sum = 0;
    const today = localDateOf(now, profile.timezone);
    const used = usedDays(artistId);
    for (let k = 0; k < seed.reviews; k++) {
      const text = texts[k % texts.length] as ReviewText;
      const client = clients[clientCursor++ % clients.length] as (typeof clients)[number];
      const service = r.pick(sessions);
      const { date, range } = workingDay(profile.workingHours as WeeklyHours, addDays(today, -(25 + k * 11 + r.int(0, 4))), -1, used);
      const startsAt = zonedTimeToUtc(date, range[0], profile.timezone);
      const endsAt = new Date(startsAt.getTime() + (service.durationMinutes as number) * MINUTE);
      const booking = addBooking(plan, {
        artistId,
        clientId: client.id,
        service,
        status: 'completed',
        startsAt,
        endsAt,
        clientTimezone: client.timezone,
        requestedAt: new Date(startsAt.getTime() - r.int(10, 30) * DAY),
        artistUserId: userId,
        r,
      });
      const createdAt = new Date(Math.min(endsAt.getTime() + r.int(1, 4) * DAY + r.int(0, 600) * MINUTE, now.getTime() - MINUTE));
      const replied = r.chance(0.3);
      plan.reviews.push({
        id: randomUUID(),
        bookingId: booking.id as string,
        artistId,
        authorId: client.id,
        ratingValue: text.rating,
        headline: text.headline.replaceAll('{first}', () => first),
        reviewBody: text.body.replaceAll('{first}', () => first),
        reviewAspect: text.aspect ?? null,
        pros: text.pros ?? null,
        cons: text.cons ?? null,
        authorLocation: client.location,
        reply: replied ? (REPLIES[(artistIndex + k) % REPLIES.length] ?? null) : null,
        repliedAt: replied ? new Date(Math.min(createdAt.getTime() + DAY, now.getTime())) : null,
        createdAt,
      });
      sum += text.rating;
    }
    profile.ratingCount = seed.reviews;
    profile.ratingSum = sum;
  });

  // The demo client's own bookings, and some traffic for the demo artists' dashboards.
  const rosa = built[0] as (typeof built)[number];
  const jun = built[1] as (typeof built)[number];
  const serviceOf = (b: (typeof built)[number], name: string) => b.build.services.find((s) => s.name === name) as ServiceRow;
  const schedule = (b: (typeof built)[number], daysFromToday: number, direction: 1 | -1, offsetMinutes = 0) => {
    const p = b.build.profile;
    const { date, range } = workingDay(p.workingHours as WeeklyHours, addDays(localDateOf(now, p.timezone), daysFromToday), direction, usedDays(p.id as string));
    return new Date(zonedTimeToUtc(date, range[0], p.timezone).getTime() + offsetMinutes * MINUTE);
  };
  const clientTz = 'America/New_York';
  const book = (
    b: (typeof built)[number],
    clientId: string,
    service: ServiceRow,
    status: Status,
    startsAt: Date,
    requestedAt: Date,
    tz = clientTz,
    idea?: { idea: string; placement: string; size?: string },
  ) =>
    addBooking(plan, {
      idea,
      artistId: b.build.profile.id as string,
      clientId,
      service,
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + (service.durationMinutes as number) * MINUTE),
      clientTimezone: tz,
      requestedAt,
      artistUserId: b.userId,
      r,
    });

  const smallTattoo = serviceOf(rosa, 'Small tattoo (up to 3 in)');
  const halfDay = serviceOf(rosa, 'Half-day session');
  const helix = serviceOf(jun, 'Helix piercing');
  const completedStart = schedule(rosa, -18, -1);
  const completed = book(rosa, demoIds.client, smallTattoo, 'completed', completedStart, new Date(completedStart.getTime() - 16 * DAY), clientTz, {
    idea: 'A tiny fine line crescent moon with three dots, matching one my sister has.',
    placement: 'Inner wrist',
    size: 'Small (1–2 in)',
  });
  const upcoming = book(rosa, demoIds.client, halfDay, 'confirmed', schedule(rosa, 10, 1), past(6), clientTz, {
    idea: 'Fine line botanical piece: peonies and an olive branch curving along the forearm, black only.',
    placement: 'Outer forearm',
    size: 'Large (7–8 in)',
  });
  // An appointment that has happened and waits for the artist to mark it completed (then the client
  // reviews it). It ended about a day ago: inside the completion grace, so it is not auto-completed yet.
  const awaitingCompletionStart = new Date(Math.floor((now.getTime() - 30 * 60 * MINUTE) / (60 * MINUTE)) * 60 * MINUTE);
  book(rosa, demoIds.client, halfDay, 'confirmed', awaitingCompletionStart, past(12), clientTz, {
    idea: 'Second half-day sitting: shading the koi and the waves around it, continuing from the first session.',
    placement: 'Upper arm',
    size: 'Large (6–7 in)',
  });
  const pending = book(jun, demoIds.client, helix, 'requested', schedule(jun, 14, 1, 60), past(1), clientTz, {
    idea: 'Forward helix with a small titanium flat-back stud — first cartilage piercing.',
    placement: 'Left ear',
  });
  const [jordan, emily, chloe] = [clients[0], clients[1], clients[10]] as [(typeof clients)[number], (typeof clients)[number], (typeof clients)[number]];
  const rosaRequest = book(rosa, jordan.id, halfDay, 'requested', schedule(rosa, 6, 1), new Date(now.getTime() - 5 * 3_600_000), jordan.timezone);
  book(rosa, emily.id, smallTattoo, 'awaiting_deposit', schedule(rosa, 17, 1, 60), past(2), emily.timezone);
  book(jun, chloe.id, serviceOf(jun, 'Conch piercing'), 'confirmed', schedule(jun, 4, 1), past(5), chloe.timezone);

  const when = (d: Date, tz: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
  const rosaName = rosa.seed.name;
  plan.notifications.push(
    {
      userId: demoIds.client,
      type: 'booking',
      title: 'Booking confirmed',
      message: `${rosaName} confirmed your Half-day session on ${when(upcoming.startsAt as Date, clientTz)}. Your deposit has been received.`,
      actionUrl: `/bookings/${upcoming.id}`,
      actionLabel: 'View booking',
      createdAt: past(4),
    },
    {
      userId: demoIds.client,
      type: 'review',
      title: 'How did your tattoo turn out?',
      message: `Your Small tattoo with ${rosaName} is complete. Share a review to help other clients.`,
      actionUrl: `/bookings/${completed.id}`,
      actionLabel: 'Write a review',
      createdAt: new Date(Math.min((completed.endsAt as Date).getTime() + DAY, now.getTime() - 2 * DAY)),
      readAt: past(2),
    },
    {
      userId: demoIds.client,
      type: 'reminder',
      title: 'Upcoming appointment',
      message: `Your Half-day session with ${rosaName} is coming up on ${when(upcoming.startsAt as Date, clientTz)}. Eat beforehand, stay hydrated and bring a photo ID.`,
      actionUrl: `/bookings/${upcoming.id}`,
      actionLabel: 'View booking',
      createdAt: new Date(now.getTime() - 50 * MINUTE),
    },
    {
      userId: demoIds.client,
      type: 'booking',
      title: 'Request sent',
      message: `Your Helix piercing request was sent to ${jun.seed.name}. You’ll hear back within 48 hours.`,
      actionUrl: `/bookings/${pending.id}`,
      actionLabel: 'View request',
      createdAt: past(1),
      readAt: past(1),
    },
    {
      userId: demoIds.artist,
      type: 'booking',
      title: 'New booking request',
      message: `${jordan.name} requested a Half-day session on ${when(rosaRequest.startsAt as Date, rosa.build.profile.timezone)}.`,
      actionUrl: `/bookings/${rosaRequest.id}`,
      actionLabel: 'Review request',
      createdAt: new Date(now.getTime() - 5 * 3_600_000),
    },
    {
      userId: demoIds.piercer,
      type: 'booking',
      title: 'New booking request',
      message: `Casey Morgan requested a Helix piercing on ${when(pending.startsAt as Date, jun.build.profile.timezone)}.`,
      actionUrl: `/bookings/${pending.id}`,
      actionLabel: 'Review request',
      createdAt: past(1),
    },
  );
  return plan;
}

function addBooking(
  plan: DemoPlan,
  b: {
    artistId: string;
    clientId: string;
    service: ServiceRow;
    status: Status;
    startsAt: Date;
    endsAt: Date;
    clientTimezone: string;
    requestedAt: Date;
    artistUserId: string;
    r: Rng;
    idea?: { idea: string; placement: string; size?: string };
  },
): BookingRow {
  const id = randomUUID();
  const piercing = b.service.kind === 'piercing';
  const idea = b.idea ?? (piercing ? b.r.pick(PIERCING_IDEAS) : b.r.pick(TATTOO_IDEAS));
  const { events, updatedAt } = bookingHistory(
    { id, status: b.status, depositCents: b.service.depositCents as number, startsAt: b.startsAt, endsAt: b.endsAt },
    { client: b.clientId, artist: b.artistUserId },
    b.requestedAt,
  );
  const row: BookingRow = {
    id,
    artistId: b.artistId,
    clientId: b.clientId,
    serviceId: b.service.id as string,
    status: b.status,
    mode: 'in_person',
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    clientTimezone: b.clientTimezone,
    idea: idea.idea,
    placement: idea.placement,
    size: 'size' in idea ? (idea.size as string) : null,
    depositCents: b.service.depositCents as number,
    currency: 'USD',
    ...policyFields(plan, b, events),
    createdAt: b.requestedAt,
    updatedAt,
  };
  plan.bookings.push(row);
  plan.events.push(...events);
  if (row.depositStatus === 'paid') {
    const paidAt = events.find((e) => e.action === 'deposit_paid')?.createdAt ?? b.requestedAt;
    plan.ledger.push({ id: randomUUID(), bookingId: id, artistId: b.artistId, kind: 'deposit_paid', method: 'studio', amountCents: row.depositCents, currency: 'USD', actorId: b.artistUserId, note: 'Received at the studio', createdAt: paidAt });
  }
  return row;
}


/**
 * What a booking made through the API carries: the artist's policy frozen at request time
 * (demo artists take deposits at the studio), where its deposit stands, and its deadlines.
 */
function policyFields(
  plan: DemoPlan,
  b: { artistId: string; service: ServiceRow; status: Status; startsAt: Date; requestedAt: Date },
  events: EventRow[],
): Pick<BookingRow, 'policy' | 'policyAcceptedAt' | 'depositStatus' | 'respondBy' | 'depositDueAt'> {
  const profile = plan.profiles.find((p) => p.id === b.artistId);
  const deposit = b.service.depositCents as number;
  const policy = {
    depositCents: deposit,
    currency: 'USD',
    noticeHours: profile?.noticeHours ?? 48,
    maxReschedules: profile?.maxReschedules ?? 2,
    depositWindowHours: profile?.depositWindowHours ?? 48,
    depositMethod: 'studio' as const,
    depositInstructions: profile?.depositInstructions ?? '',
  };
  const start = b.startsAt.getTime();
  const acceptedAt = events.find((e) => e.action === 'accepted')?.createdAt?.getTime() ?? b.requestedAt.getTime();
  let depositStatus: NonNullable<BookingRow['depositStatus']>;
  if (deposit === 0) depositStatus = 'not_required';
  else if (b.status === 'requested') depositStatus = 'pending';
  else if (b.status === 'accepted' || b.status === 'awaiting_deposit') depositStatus = 'due';
  else if (b.status === 'confirmed' || b.status === 'completed' || b.status === 'no_show') depositStatus = 'paid';
  else depositStatus = 'pending';
  return {
    policy,
    policyAcceptedAt: b.requestedAt,
    depositStatus,
    respondBy: b.status === 'requested' ? new Date(Math.min(b.requestedAt.getTime() + REQUEST_RESPONSE_HOURS * 3_600_000, start)) : null,
    depositDueAt: b.status === 'awaiting_deposit' ? new Date(Math.min(acceptedAt + policy.depositWindowHours * 3_600_000, start)) : null,
  };
}

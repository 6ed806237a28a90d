import { piercingStyleBySlug } from '../../../shared/aftercare-plan.ts';
import { formatHealing } from '../../../shared/guides/piercing-styles.ts';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { findCity, findCityByName, type City } from '../../../shared/cities.ts';
import {
  profileIssues,
  SLUG_MAX,
  slugProblem,
  suggestSlug,
  type TArtistDraft,
  type TArtistDraftInput,
  type TArtistEditable,
  type TCreateArtistProfile,
  type TServiceInput,
  type TSlugAvailability,
  type TStudioChoice,
  type TUpdateArtistProfile,
} from '../../../shared/contracts/artist-profile.ts';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { slugify } from '../../../shared/guides/search-links.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { artistDrafts, artistProfiles, auditLog, bookings, services, studios } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { getArtistProfile, presentService } from './profile.ts';

const SLUG_TAKEN = 'That profile address is taken';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Postgres error under a driver's or Drizzle's wrapper: { code, constraint }. */
function pgError(error: unknown): { code: string; constraint: string } | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint =
        typeof candidate.constraint === 'string'
          ? candidate.constraint
          : (String(candidate.message ?? '').match(/constraint "([^"]+)"/)?.[1] ?? '');
      return { code: candidate.code, constraint };
    }
    e = candidate.cause;
  }
  return null;
}

/** Unique violations that two people racing each other can cause become 409s a person can read. */
function conflictFrom(error: unknown): AppError | null {
  const pg = pgError(error);
  if (pg?.code !== '23505') return null;
  if (pg.constraint === 'artist_profiles_slug_unique') return new AppError('CONFLICT', SLUG_TAKEN);
  if (pg.constraint === 'artist_profiles_user_id_unique') return new AppError('CONFLICT', 'You already have an artist profile.');
  if (pg.constraint === 'studios_slug_unique') return new AppError('CONFLICT', 'A studio with that name was just created; please try again.');
  return new AppError('CONFLICT', 'That conflicts with something saved a moment ago; please try again.');
}

// --- Slugs -------------------------------------------------------------------------------------

/** The first free slug of base, base-2, base-3, … (cut to fit), or null after 100 tries. */
async function firstFreeSlug(db: DbOrTx, table: typeof artistProfiles | typeof studios, base: string): Promise<string | null> {
  const taken = new Set(
    (await db.select({ slug: table.slug }).from(table).where(or(eq(table.slug, base), like(table.slug, `${base.slice(0, SLUG_MAX - 4)}%`)))).map((r) => r.slug),
  );
  for (let n = 1; n <= 100; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate) && !slugProblem(candidate)) return candidate;
  }
  return null;
}

export async function checkSlugAvailability(ctx: AppContext, slug: string): Promise<TSlugAvailability> {
  const db = ctx.database.db;
  const problem = slugProblem(slug);
  if (problem) return { slug, available: false, reason: problem, suggestion: await firstFreeSlug(db, artistProfiles, suggestSlug(slug)) };
  const [row] = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.slug, slug)).limit(1);
  if (!row) return { slug, available: true, reason: null, suggestion: null };
  return { slug, available: false, reason: SLUG_TAKEN, suggestion: await firstFreeSlug(db, artistProfiles, slug) };
}

// --- Draft -------------------------------------------------------------------------------------

export async function getDraft(ctx: AppContext, userId: string): Promise<TArtistDraft> {
  const [row] = await ctx.database.db.select().from(artistDrafts).where(eq(artistDrafts.userId, userId)).limit(1);
  return row ? { step: row.step, data: row.data, updatedAt: row.updatedAt.toISOString() } : { step: 0, data: {}, updatedAt: null };
}

export async function saveDraft(ctx: AppContext, userId: string, draft: TArtistDraftInput): Promise<TArtistDraft> {
  const [row] = await ctx.database.db
    .insert(artistDrafts)
    .values({ userId, step: draft.step, data: draft.data })
    .onConflictDoUpdate({ target: artistDrafts.userId, set: { step: draft.step, data: draft.data, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('draft upsert returned no row');
  return { step: row.step, data: row.data, updatedAt: row.updatedAt.toISOString() };
}

// --- Create ------------------------------------------------------------------------------------

function cityOrThrow(cityId: string): City {
  const city = findCity(cityId);
  if (!city) throw new AppError('VALIDATION_FAILED', 'cityId: Choose a city from the list');
  return city;
}

/** Join, create or leave out a studio; a new studio takes the artist's city and time zone. */
async function resolveStudio(tx: Tx, choice: TStudioChoice, city: Pick<City, 'name' | 'country' | 'timezone' | 'lat' | 'lng'>): Promise<string | null> {
  if (choice.mode === 'independent') return null;
  if (choice.mode === 'join') {
    const [studio] = await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, choice.studioId)).limit(1);
    if (!studio) throw new AppError('VALIDATION_FAILED', 'studio.studioId: That studio was not found; choose one from the list');
    return studio.id;
  }
  const slug = await firstFreeSlug(tx, studios, slugify(choice.name) || 'studio');
  if (!slug) throw new AppError('CONFLICT', 'Too many studios share that name; add the neighbourhood to it.');
  const [studio] = await tx
    .insert(studios)
    .values({ slug, name: choice.name, address: choice.address, city: city.name, country: city.country, timezone: city.timezone, lat: city.lat, lng: city.lng })
    .returning({ id: studios.id });
  if (!studio) throw new Error('studio insert returned no row');
  return studio.id;
}

function serviceValues(artistId: string, s: TServiceInput) {
  return {
    artistId,
    name: s.name.trim(),
    kind: s.kind,
    durationMinutes: s.durationMinutes,
    priceMinCents: s.priceMinCents,
    priceMaxCents: s.priceMaxCents,
    depositCents: s.depositCents,
    currency: 'USD',
    // Difficulty sets a piercing's session length (spec §9); other kinds keep none.
    difficulty: s.kind === 'piercing' ? (s.difficulty ?? null) : null,
    ...serviceMetadata(s),
  };
}

/**
 * The spec's search metadata. A field left out keeps what is stored (PATCH) or the column default
 * (new); a consultation never calls for aftercare, and a piercing's style gives its healing time.
 */
function serviceMetadata(s: TServiceInput) {
  const style = s.kind === 'piercing' ? piercingStyleBySlug(s.piercingStyle) : null;
  return {
    healingTime: s.kind === 'consultation' ? null : s.healingTime ? s.healingTime : style ? formatHealing(style.healingRange) : s.healingTime === undefined ? undefined : null,
    aftercareRequired: s.kind === 'consultation' ? false : s.aftercareRequired,
    safetyProtocols: s.safetyProtocols,
    piercingStyle: s.piercingStyle === undefined ? undefined : (style?.slug ?? null),
  };
}

/** POST /api/artists: profile, services, studio and audit row in one transaction; the draft goes with it. */
export async function createArtistProfile(ctx: AppContext, user: SessionUser, input: TCreateArtistProfile): Promise<TArtistProfile> {
  const db = ctx.database.db;
  const city = cityOrThrow(input.cityId);
  const [existing] = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  if (existing) throw new AppError('CONFLICT', 'You already have an artist profile.');
  let artistId: string;
  try {
    artistId = await db.transaction(async (tx) => {
      const studioId = await resolveStudio(tx, input.studio, city);
      const [artist] = await tx
        .insert(artistProfiles)
        .values({
          userId: user.id,
          slug: input.slug,
          displayName: input.displayName,
          kind: input.kind,
          bio: input.bio,
          styles: input.styles,
          studioId,
          city: city.name,
          country: city.country,
          timezone: city.timezone,
          lat: city.lat,
          lng: city.lng,
          instagram: input.instagram ?? null,
          workingHours: input.workingHours,
          noticeHours: input.noticeHours,
        })
        .returning({ id: artistProfiles.id });
      if (!artist) throw new Error('artist insert returned no row');
      await tx.insert(services).values(input.services.map((s) => serviceValues(artist.id, s)));
      await tx.insert(auditLog).values({
        actorId: user.id,
        action: 'artist.create',
        subjectType: 'artist_profile',
        subjectId: artist.id,
        data: { slug: input.slug, kind: input.kind, studio: input.studio.mode, services: input.services.length },
      });
      await tx.delete(artistDrafts).where(eq(artistDrafts.userId, user.id));
      return artist.id;
    });
  } catch (error) {
    throw conflictFrom(error) ?? error;
  }
  // The session cache holds "is an artist" for the navigation; it must flip now, on every server.
  await ctx.sessions.broadcastUserChanged(user.id);
  return getArtistProfile(ctx, artistId);
}

// --- Edit --------------------------------------------------------------------------------------

/** Owner or admin; everyone else is refused (visitors never reach here: the route asks for a user). */
export async function loadEditableArtist(ctx: AppContext, user: SessionUser, id: string) {
  if (!UUID.test(id)) throw notFound('That artist');
  const [artist] = await ctx.database.db.select().from(artistProfiles).where(eq(artistProfiles.id, id)).limit(1);
  if (!artist) throw notFound('That artist');
  if (artist.userId !== user.id && !user.isAdmin) throw forbidden('Only the artist or an administrator can change this profile.');
  return artist;
}

export async function getEditableProfile(ctx: AppContext, user: SessionUser, id: string): Promise<TArtistEditable> {
  const artist = await loadEditableArtist(ctx, user, id);
  const db = ctx.database.db;
  const [serviceRows, studioRows] = await Promise.all([
    db.select().from(services).where(and(eq(services.artistId, id), eq(services.active, true))).orderBy(asc(services.kind), asc(services.priceMinCents), asc(services.createdAt)),
    artist.studioId ? db.select({ id: studios.id, slug: studios.slug, name: studios.name }).from(studios).where(eq(studios.id, artist.studioId)) : Promise.resolve([]),
  ]);
  return {
    id: artist.id,
    slug: artist.slug,
    kind: artist.kind,
    displayName: artist.displayName,
    bio: artist.bio,
    styles: artist.styles,
    cityId: findCityByName(artist.city, artist.country)?.id ?? null,
    city: artist.city,
    country: artist.country,
    timezone: artist.timezone,
    studio: studioRows[0] ?? null,
    services: serviceRows.map(presentService),
    workingHours: artist.workingHours,
    instagram: artist.instagram,
    noticeHours: artist.noticeHours,
  };
}

/**
 * PATCH /api/artists/{id}. Rules across fields are checked on the profile as it will be after the
 * change. A service left out of `services` is deleted when no booking refers to it, else kept inactive.
 */
export async function updateArtistProfile(ctx: AppContext, user: SessionUser, id: string, patch: TUpdateArtistProfile): Promise<TArtistProfile> {
  const artist = await loadEditableArtist(ctx, user, id);
  const db = ctx.database.db;
  const current = await db.select().from(services).where(and(eq(services.artistId, id), eq(services.active, true)));
  const merged = {
    kind: patch.kind ?? artist.kind,
    styles: patch.styles ?? artist.styles,
    services: patch.services ?? current.map((s) => ({ id: s.id, kind: s.kind })),
  };
  const issue = profileIssues(merged)[0];
  if (issue) throw new AppError('VALIDATION_FAILED', `${issue.path.join('.')}: ${issue.message}`);

  const ownIds = new Set(current.map((s) => s.id));
  patch.services?.forEach((s, i) => {
    if (s.id && !ownIds.has(s.id)) throw new AppError('VALIDATION_FAILED', `services.${i}.id: That service is not one of this profile's services`);
  });

  const city = patch.cityId ? cityOrThrow(patch.cityId) : null;
  try {
    await db.transaction(async (tx) => {
      const studioId = patch.studio ? await resolveStudio(tx, patch.studio, city ?? { ...artist, name: artist.city }) : undefined;
      await tx
        .update(artistProfiles)
        .set({
          ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
          ...(patch.displayName !== undefined ? { displayName: patch.displayName } : {}),
          ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
          ...(patch.bio !== undefined ? { bio: patch.bio } : {}),
          ...(patch.styles !== undefined ? { styles: patch.styles } : {}),
          ...(studioId !== undefined ? { studioId } : {}),
          ...(city ? { city: city.name, country: city.country, timezone: city.timezone, lat: city.lat, lng: city.lng } : {}),
          ...(patch.instagram !== undefined ? { instagram: patch.instagram } : {}),
          ...(patch.workingHours !== undefined ? { workingHours: patch.workingHours } : {}),
          ...(patch.noticeHours !== undefined ? { noticeHours: patch.noticeHours } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(artistProfiles.id, id));

      if (patch.services) {
        const kept = new Set<string>();
        for (const s of patch.services) {
          if (s.id) {
            kept.add(s.id);
            const { artistId: _artistId, ...values } = serviceValues(id, s);
            await tx.update(services).set(values).where(and(eq(services.id, s.id), eq(services.artistId, id)));
          } else {
            await tx.insert(services).values(serviceValues(id, s));
          }
        }
        const dropped = current.map((s) => s.id).filter((sid) => !kept.has(sid));
        if (dropped.length) {
          // Bookings keep pointing at the service they were made for, so a booked service is only retired.
          const booked = new Set(
            (await tx.selectDistinct({ serviceId: bookings.serviceId }).from(bookings).where(inArray(bookings.serviceId, dropped))).map((r) => r.serviceId),
          );
          const retire = dropped.filter((sid) => booked.has(sid));
          const remove = dropped.filter((sid) => !booked.has(sid));
          if (retire.length) await tx.update(services).set({ active: false }).where(inArray(services.id, retire));
          if (remove.length) await tx.delete(services).where(inArray(services.id, remove));
        }
      }

      await tx.insert(auditLog).values({
        actorId: user.id,
        action: 'artist.update',
        subjectType: 'artist_profile',
        subjectId: id,
        data: { fields: Object.keys(patch).sort(), byAdmin: artist.userId !== user.id },
      });
    });
  } catch (error) {
    throw conflictFrom(error) ?? error;
  }
  return getArtistProfile(ctx, id);
}

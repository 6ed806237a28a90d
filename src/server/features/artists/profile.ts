import { avatarUrlOf } from '../../../shared/avatar.ts';
import { and, asc, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ZInstant, ZUuid } from '../../../shared/contracts/input.ts';
import {
  REVIEWS_PAGE_SIZE,
  type TArtistProfile,
  type TRatingAggregate,
  type TReview,
  type TReviewPhoto,
  type TReviewPage,
  type TService,
} from '../../../shared/contracts/artists.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles, portfolioImages, reviews, services, studios, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../../http/keyset-cursor.ts';
import { photosOfReviews } from '../reviews/photos.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findArtistId(ctx: AppContext, idOrSlug: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: artistProfiles.id })
    .from(artistProfiles)
    .where(and(UUID.test(idOrSlug) ? eq(artistProfiles.id, idOrSlug) : eq(artistProfiles.slug, idOrSlug.toLowerCase()), isNull(artistProfiles.deletedAt)))
    .limit(1);
  if (!row) throw notFound('That artist');
  return row.id;
}

/**
 * Aggregates are computed from the reviews table, never stored figures (DESIGN §5). `scope` is one
 * artist's id, or a condition over `reviews` for a wider set (the landing pages' per-kind figures).
 */
export async function ratingAggregate(ctx: AppContext, scope: string | SQL): Promise<TRatingAggregate> {
  const rows = await ctx.database.db
    .select({ star: sql<number>`floor(${reviews.ratingValue})::int`, n: sql<number>`count(*)::int`, total: sql<number>`sum(${reviews.ratingValue})::float8` })
    .from(reviews)
    .where(typeof scope === 'string' ? eq(reviews.artistId, scope) : scope)
    .groupBy(sql`floor(${reviews.ratingValue})`);
  const distribution: TRatingAggregate['ratingDistribution'] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let total = 0;
  for (const r of rows) {
    const star = String(Math.min(5, Math.max(1, Number(r.star)))) as keyof typeof distribution;
    distribution[star] += Number(r.n);
    count += Number(r.n);
    total += Number(r.total);
  }
  return { ratingValue: count ? Math.round((total / count) * 10) / 10 : null, reviewCount: count, bestRating: 5, worstRating: 1, ratingDistribution: distribution };
}

/** A service as clients (and the editing artist) see it. */
export function presentService(s: typeof services.$inferSelect): TService {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    durationMinutes: s.durationMinutes,
    priceMinCents: s.priceMinCents,
    priceMaxCents: s.priceMaxCents,
    depositCents: s.depositCents,
    currency: s.currency,
    difficulty: s.difficulty,
    healingTime: s.healingTime,
    aftercareRequired: s.aftercareRequired,
    safetyProtocols: s.safetyProtocols,
    piercingStyle: s.piercingStyle,
  };
}

export async function getArtistProfile(ctx: AppContext, idOrSlug: string): Promise<TArtistProfile> {
  const id = await findArtistId(ctx, idOrSlug);
  const db = ctx.database.db;
  const [row] = await db
    .select({ a: artistProfiles, avatarKey: users.avatarKey, studio: { slug: studios.slug, name: studios.name, address: studios.address, city: studios.city } })
    .from(artistProfiles)
    .innerJoin(users, eq(users.id, artistProfiles.userId))
    .leftJoin(studios, eq(studios.id, artistProfiles.studioId))
    .where(eq(artistProfiles.id, id));
  if (!row) throw notFound('That artist');
  const [serviceRows, imageRows, rating] = await Promise.all([
    db.select().from(services).where(and(eq(services.artistId, id), eq(services.active, true))).orderBy(asc(services.kind), asc(services.priceMinCents)),
    db.select().from(portfolioImages).where(eq(portfolioImages.artistId, id)).orderBy(asc(portfolioImages.position), asc(portfolioImages.createdAt)),
    ratingAggregate(ctx, id),
  ]);
  const a = row.a;
  return {
    id: a.id,
    slug: a.slug,
    displayName: a.displayName,
    avatarUrl: avatarUrlOf(row.avatarKey),
    kind: a.kind,
    bio: a.bio,
    styles: a.styles,
    city: a.city,
    country: a.country,
    timezone: a.timezone,
    lat: a.lat,
    lng: a.lng,
    verified: a.verified,
    instagram: a.instagram,
    workingHours: a.workingHours,
    studio: row.studio?.slug ? row.studio : null,
    services: serviceRows.map(presentService),
    portfolio: imageRows.map((p) => ({ id: p.id, url: `/uploads/${p.storageKey}`, thumbUrl: `/uploads/${p.thumbKey}`, width: p.width, height: p.height, caption: p.caption })),
    rating,
    policy: { noticeHours: a.noticeHours, maxReschedules: a.maxReschedules, depositWindowHours: a.depositWindowHours },
    acceptInquiries: a.acceptInquiries,
  };
}

const ZReviewCursor = z.object({ t: ZInstant, id: ZUuid });

export async function listArtistReviews(ctx: AppContext, idOrSlug: string, cursor?: string): Promise<TReviewPage> {
  const artistId = await findArtistId(ctx, idOrSlug);
  const after = cursor ? decodeCursor(cursor, ZReviewCursor, 'reload the reviews') : null;
  const rows = await ctx.database.db
    .select({ r: reviews, authorName: users.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        eq(reviews.artistId, artistId),
        after ? or(lt(reviews.createdAt, new Date(after.t)), and(eq(reviews.createdAt, new Date(after.t)), lt(reviews.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE + 1);
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page[page.length - 1];
  const photos = await photosOfReviews(ctx.database.db, page.map(({ r }) => r.id));
  return {
    items: page.map(({ r, authorName }) => presentReview(r, authorName, photos.get(r.id))),
    nextCursor: rows.length > REVIEWS_PAGE_SIZE && last ? encodeCursor({ t: last.r.createdAt.toISOString(), id: last.r.id }) : null,
    aggregate: await ratingAggregate(ctx, artistId),
  };
}

/** Every review comes from a completed booking, so every one is a "Verified Booking". Authors show as first name + initial. */
export function presentReview(r: typeof reviews.$inferSelect, authorName: string, photos: TReviewPhoto[] = []): TReview {
  const [first = 'Client', last] = authorName.trim().split(/\s+/);
  return {
    id: r.id,
    author: { name: last ? `${first} ${last[0]}.` : first, location: r.authorLocation, isVerified: true },
    ratingValue: Number(r.ratingValue),
    headline: r.headline,
    reviewBody: r.reviewBody,
    datePublished: r.createdAt.toISOString(),
    reviewAspect: r.reviewAspect,
    pros: r.pros,
    cons: r.cons,
    isVerified: true,
    bestRating: 5,
    worstRating: 1,
    reply: r.reply && r.repliedAt ? { body: r.reply, date: r.repliedAt.toISOString() } : null,
    healedFollowUp: r.healedNote && r.healedAt ? { body: r.healedNote, date: r.healedAt.toISOString() } : null,
    photos,
  };
}

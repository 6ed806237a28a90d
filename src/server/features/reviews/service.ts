import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TReview } from '../../../shared/contracts/artists.ts';
import type { TMyReviews, ZReviewCreate, ZReviewReply } from '../../../shared/contracts/bookings.ts';
import type { THighlightReview, TReviewHighlights, TReviewHighlightsQuery } from '../../../shared/contracts/review-highlights.ts';
import { PIERCING_STYLES } from '../../../shared/guides/piercing-styles.ts';
import { formatRating } from '../../../shared/review-display.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { artistProfiles, bookings, reviews, services, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { presentReview, ratingAggregate } from '../artists/profile.ts';
import { createNotification } from '../notifications/service.ts';
import { attachReviewPhotos, photosOfReviews } from './photos.ts';

type Kind = TReviewHighlightsQuery['kind'];

/** An artist who does both crafts counts on both landing pages. */
const kindsFor = (kind: Kind) => [kind, 'both' as const];

/**
 * Piercing styles are a closed list (spec §3); every other style an artist lists is a tattoo style.
 * Counting this way keeps a "both" artist's piercing styles off the tattoo page's figure and vice versa.
 */
const PIERCING_STYLE_SLUGS = PIERCING_STYLES.map((s) => s.slug);

async function marketplaceStats(ctx: AppContext, kind: Kind): Promise<TReviewHighlights['stats']> {
  const kinds = kindsFor(kind);
  const piercingSlugs = sql`ARRAY[${sql.join(
    PIERCING_STYLE_SLUGS.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
  const styleMatch = kind === 'piercing' ? sql`s = ANY(${piercingSlugs})` : sql`NOT (s = ANY(${piercingSlugs}))`;
  const [row] = await queryRows<{ verified_artists: number | string; styles: number | string; cities: number | string }>(ctx.database.db, sql`
    SELECT
      count(*) FILTER (WHERE a.verified)::int AS verified_artists,
      (SELECT count(DISTINCT s)::int FROM artist_profiles a2 CROSS JOIN LATERAL unnest(a2.style_slugs) AS s
        WHERE a2.kind IN (${kinds[0]}::artist_kind, ${kinds[1]}::artist_kind) AND ${styleMatch}) AS styles,
      count(DISTINCT (lower(a.city), a.country))::int AS cities
    FROM artist_profiles a
    WHERE a.kind IN (${kinds[0]}::artist_kind, ${kinds[1]}::artist_kind)
  `);
  return { verifiedArtists: Number(row?.verified_artists ?? 0), styles: Number(row?.styles ?? 0), cities: Number(row?.cities ?? 0) };
}

/** GET /api/reviews/highlights: computed aggregate, newest reviews and live counts for one kind of artist. */
export async function reviewHighlights(ctx: AppContext, query: TReviewHighlightsQuery): Promise<TReviewHighlights> {
  const db = ctx.database.db;
  const kinds = kindsFor(query.kind);
  const artistsOfKind = db.select({ id: artistProfiles.id }).from(artistProfiles).where(inArray(artistProfiles.kind, kinds));
  const [aggregate, rows, stats] = await Promise.all([
    ratingAggregate(ctx, inArray(reviews.artistId, artistsOfKind)),
    db
      .select({ r: reviews, authorName: users.name, artistSlug: artistProfiles.slug, artistName: artistProfiles.displayName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .innerJoin(artistProfiles, eq(artistProfiles.id, reviews.artistId))
      .where(inArray(artistProfiles.kind, kinds))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit),
    marketplaceStats(ctx, query.kind),
  ]);
  const photos = await photosOfReviews(db, rows.map(({ r }) => r.id));
  const recentReviews: THighlightReview[] = rows.map(({ r, authorName, artistSlug, artistName }) => ({
    ...presentReview(r, authorName, photos.get(r.id)),
    artist: { slug: artistSlug, displayName: artistName },
  }));
  return { kind: query.kind, aggregate, recentReviews, stats };
}

// ---------------------------------------------------------------------------------------------
// Verified reviews (issue 4 §5): only the client of a completed booking, once; the artist replies once.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MY_REVIEWS_MAX = 200;

/**
 * POST /api/reviews. The review row and the artist's stored aggregates (rating_count, rating_sum,
 * which search sorts by) change in one transaction, so they never disagree with the reviews table.
 */
export async function createReview(ctx: AppContext, user: SessionUser, input: z.infer<typeof ZReviewCreate>): Promise<TReview> {
  return ctx.database.db.transaction(async (tx) => {
    // The row lock makes two simultaneous first reviews of one booking queue up; the unique index backs it.
    const [booking] = await tx
      .select({ id: bookings.id, clientId: bookings.clientId, artistId: bookings.artistId, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for('update');
    if (!booking) throw notFound('That booking');
    if (booking.clientId !== user.id) throw forbidden('Only the client of this booking can review it.');
    if (booking.status !== 'completed') throw new AppError('CONFLICT', 'You can review a booking once it is completed.');
    const [row] = await tx
      .insert(reviews)
      .values({
        bookingId: booking.id,
        artistId: booking.artistId,
        authorId: user.id,
        ratingValue: input.ratingValue,
        headline: input.headline,
        reviewBody: input.reviewBody,
        reviewAspect: input.reviewAspect ?? null,
        pros: input.pros ?? null,
        cons: input.cons ?? null,
      })
      .onConflictDoNothing({ target: reviews.bookingId })
      .returning();
    if (!row) throw new AppError('CONFLICT', 'You have already reviewed this booking.');
    const photos = await attachReviewPhotos(tx, user, row.id, input.photoIds ?? []);
    const [artist] = await tx
      .update(artistProfiles)
      .set({ ratingCount: sql`${artistProfiles.ratingCount} + 1`, ratingSum: sql`${artistProfiles.ratingSum} + ${input.ratingValue}` })
      .where(eq(artistProfiles.id, booking.artistId))
      .returning({ userId: artistProfiles.userId });
    if (artist) {
      await createNotification(tx, {
        userId: artist.userId,
        type: 'review',
        title: 'New review',
        message: `${presentReview(row, user.name).author.name} rated a booking ${formatRating(Number(row.ratingValue))} of 5: “${row.headline}”`,
        actionUrl: '/reviews',
        actionLabel: 'Read and reply',
      });
    }
    return presentReview(row, user.name, photos);
  });
}

/** POST /api/reviews/{id}/reply: the reviewed artist answers once, in public. */
export async function replyToReview(ctx: AppContext, user: SessionUser, reviewId: string, input: z.infer<typeof ZReviewReply>): Promise<TReview> {
  if (!UUID.test(reviewId)) throw notFound('That review');
  return ctx.database.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ artistUserId: artistProfiles.userId, artistName: artistProfiles.displayName, authorId: reviews.authorId, authorName: users.name })
      .from(reviews)
      .innerJoin(artistProfiles, eq(artistProfiles.id, reviews.artistId))
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(eq(reviews.id, reviewId))
      .limit(1);
    if (!found) throw notFound('That review');
    if (found.artistUserId !== user.id) throw forbidden('Only the reviewed artist can reply to this review.');
    const [row] = await tx
      .update(reviews)
      .set({ reply: input.reply, repliedAt: new Date() })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'You have already replied to this review.');
    await createNotification(tx, {
      userId: found.authorId,
      type: 'review',
      title: `${found.artistName} replied to your review`,
      message: input.reply.length > 140 ? `${input.reply.slice(0, 139)}…` : input.reply,
      actionUrl: '/reviews',
      actionLabel: 'See the reply',
    });
    return presentReview(row, found.authorName, (await photosOfReviews(tx, [row.id])).get(row.id));
  });
}

/** GET /api/reviews/mine: what I wrote, what I received (artists only), and completed bookings I have not reviewed yet. */
export async function myReviews(ctx: AppContext, user: SessionUser): Promise<TMyReviews> {
  const db = ctx.database.db;
  const artistBrief = { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName };
  const [written, profile, toReview] = await Promise.all([
    db
      .select({ r: reviews, artist: artistBrief })
      .from(reviews)
      .innerJoin(artistProfiles, eq(artistProfiles.id, reviews.artistId))
      .where(eq(reviews.authorId, user.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(MY_REVIEWS_MAX),
    db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1),
    db
      .select({ bookingId: bookings.id, startsAt: bookings.startsAt, serviceName: services.name, artist: artistBrief })
      .from(bookings)
      .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(and(eq(bookings.clientId, user.id), eq(bookings.status, 'completed'), isNull(reviews.id)))
      .orderBy(desc(bookings.startsAt))
      .limit(MY_REVIEWS_MAX),
  ]);
  const artistId = profile[0]?.id;
  const received = artistId
    ? await db
        .select({ r: reviews, authorName: users.name })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.authorId))
        .where(eq(reviews.artistId, artistId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(MY_REVIEWS_MAX)
    : null;
  const photos = await photosOfReviews(db, [...written.map(({ r }) => r.id), ...(received ?? []).map(({ r }) => r.id)]);
  return {
    written: written.map(({ r, artist }) => ({ ...presentReview(r, user.name, photos.get(r.id)), bookingId: r.bookingId, artist })),
    received: received?.map(({ r, authorName }) => ({ ...presentReview(r, authorName, photos.get(r.id)), bookingId: r.bookingId })) ?? null,
    toReview: toReview.map((b) => ({ bookingId: b.bookingId, artist: b.artist, serviceName: b.serviceName, startsAt: b.startsAt.toISOString() })),
  };
}

import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { THighlightReview, TReviewHighlights, TReviewHighlightsQuery } from '../../../shared/contracts/review-highlights.ts';
import { PIERCING_STYLES } from '../../../shared/guides/piercing-styles.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { artistProfiles, reviews, users } from '../../db/schema/index.ts';
import { presentReview, ratingAggregate } from '../artists/profile.ts';

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
  const recentReviews: THighlightReview[] = rows.map(({ r, authorName, artistSlug, artistName }) => ({
    ...presentReview(r, authorName),
    artist: { slug: artistSlug, displayName: artistName },
  }));
  return { kind: query.kind, aggregate, recentReviews, stats };
}

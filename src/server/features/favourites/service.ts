import { and, desc, eq, sql } from 'drizzle-orm';
import {
  FAVOURITES_MAX_PER_KIND,
  type TFavouriteIds,
  type TFavouriteKind,
  type TFavourites,
  type TFavouriteSaved,
  type TSavedArtist,
  type TSavedFlashDesign,
} from '../../../shared/contracts/favourites.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { artistProfiles, favouriteArtists, favouriteFlashDesigns, flashDesigns } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { artistColumns as flashArtistColumns, presentFlash } from '../flash/service.ts';
import { UUID } from '../portfolio/access.ts';

/*
 * Favourites belong to the person who saved them: every query here is scoped to `user.id`, so
 * nobody can read or change another person's list, and nothing takes a user id from the request.
 */

/** Both kinds differ only in table, column and the thing they point at. */
const KINDS = {
  artist: { table: 'favourite_artists', column: 'artist_id', target: 'artist_profiles', what: 'That artist', plural: 'artists' },
  flash: { table: 'favourite_flash_designs', column: 'flash_design_id', target: 'flash_designs', what: 'That flash design', plural: 'flash designs' },
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();

/** GET /api/favourites/ids: what the hearts on a page need, newest first. */
export async function listFavouriteIds(ctx: AppContext, user: SessionUser): Promise<TFavouriteIds> {
  const { db } = ctx.database;
  const [artists, designs] = await Promise.all([
    db.select({ id: favouriteArtists.artistId }).from(favouriteArtists).where(eq(favouriteArtists.userId, user.id)).orderBy(desc(favouriteArtists.createdAt)),
    db
      .select({ id: favouriteFlashDesigns.flashDesignId })
      .from(favouriteFlashDesigns)
      .where(eq(favouriteFlashDesigns.userId, user.id))
      .orderBy(desc(favouriteFlashDesigns.createdAt)),
  ]);
  return { artistIds: artists.map((r) => r.id), flashDesignIds: designs.map((r) => r.id) };
}

type SavedArtistRow = {
  id: string;
  slug: string;
  display_name: string;
  kind: TSavedArtist['kind'];
  styles: string[];
  city: string;
  country: string;
  verified: boolean;
  rating_count: number | string;
  rating_sum: number | string;
  card_thumb_key: string | null;
  saved_at: Date | string;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

function presentSavedArtist(r: SavedArtistRow): TSavedArtist {
  const count = Number(r.rating_count);
  return {
    id: r.id,
    slug: r.slug,
    displayName: r.display_name,
    kind: r.kind,
    styles: r.styles,
    city: r.city,
    country: r.country,
    verified: r.verified,
    rating: { value: count > 0 ? round1(Number(r.rating_sum) / count) : null, count },
    // The search card's picture (kept by a trigger from the first portfolio image, migration 0006).
    photoUrl: r.card_thumb_key ? `/uploads/${r.card_thumb_key}` : null,
    savedAt: iso(r.saved_at),
  };
}

/** GET /api/favourites: saved artists and designs with what the dashboard shows, newest saved first. */
export async function listFavourites(ctx: AppContext, user: SessionUser): Promise<TFavourites> {
  const { db } = ctx.database;
  const [artists, designs] = await Promise.all([
    queryRows<SavedArtistRow>(
      db,
      sql`
        SELECT a.id, a.slug, a.display_name, a.kind, a.styles, a.city, a.country, a.verified,
               a.rating_count, a.rating_sum, a.card_thumb_key, f.created_at AS saved_at
        FROM favourite_artists f
        JOIN artist_profiles a ON a.id = f.artist_id
        WHERE f.user_id = ${user.id}
        ORDER BY f.created_at DESC, a.id
      `,
    ),
    db
      .select({
        f: flashDesigns,
        artist: flashArtistColumns,
        savedAt: favouriteFlashDesigns.createdAt,
      })
      .from(favouriteFlashDesigns)
      .innerJoin(flashDesigns, eq(flashDesigns.id, favouriteFlashDesigns.flashDesignId))
      .innerJoin(artistProfiles, eq(artistProfiles.id, flashDesigns.artistId))
      .where(eq(favouriteFlashDesigns.userId, user.id))
      .orderBy(desc(favouriteFlashDesigns.createdAt), flashDesigns.id),
  ]);
  return {
    artists: artists.map(presentSavedArtist),
    flash: designs.map(({ f, artist, savedAt }): TSavedFlashDesign => {
      // The flash gallery's presenter decides URLs and labels; a saved card shows a subset of it.
      const { id, title, style, size, sizeLabel, priceCents, currency, status, repeatable, thumbUrl } = presentFlash(f, artist);
      return { id, title, style, size, sizeLabel, priceCents, currency, status, repeatable, thumbUrl, artist, savedAt: iso(savedAt) };
    }),
  };
}

/**
 * PUT /api/favourites/{artists|flash}/{id}. Saving what is saved already changes nothing and
 * answers the first save's time (`created: false`). One statement inserts only while the person
 * holds fewer than the limit and the thing exists; when it inserts nothing, a second look says why.
 */
export async function saveFavourite(ctx: AppContext, user: SessionUser, kind: TFavouriteKind, id: string): Promise<{ saved: TFavouriteSaved; created: boolean }> {
  const k = KINDS[kind];
  if (!UUID.test(id)) throw notFound(k.what);
  const { db } = ctx.database;
  const table = sql.identifier(k.table);
  const column = sql.identifier(k.column);
  const [inserted] = await queryRows<{ created_at: Date | string }>(
    db,
    sql`
      INSERT INTO ${table} (user_id, ${column})
      SELECT ${user.id}, t.id FROM ${sql.identifier(k.target)} t
      WHERE t.id = ${id}::uuid
        AND (SELECT count(*) FROM ${table} WHERE user_id = ${user.id}) < ${FAVOURITES_MAX_PER_KIND}
      ON CONFLICT DO NOTHING
      RETURNING created_at
    `,
  );
  if (inserted) return { saved: { kind, id, savedAt: iso(inserted.created_at) }, created: true };
  const [existing] = await queryRows<{ created_at: Date | string }>(db, sql`SELECT created_at FROM ${table} WHERE user_id = ${user.id} AND ${column} = ${id}::uuid`);
  if (existing) return { saved: { kind, id, savedAt: iso(existing.created_at) }, created: false };
  const [target] = await queryRows<{ id: string }>(db, sql`SELECT id FROM ${sql.identifier(k.target)} WHERE id = ${id}::uuid`);
  if (!target) throw notFound(k.what);
  throw new AppError('LIMIT_REACHED', `You can keep up to ${FAVOURITES_MAX_PER_KIND} saved ${k.plural}. Remove one from your dashboard before saving another.`);
}

/**
 * DELETE /api/favourites/{artists|flash}/{id}: removing what is not saved is not an error (the
 * outcome is the same); an id that names no artist or design at all is a 404.
 */
export async function removeFavourite(ctx: AppContext, user: SessionUser, kind: TFavouriteKind, id: string): Promise<void> {
  const k = KINDS[kind];
  if (!UUID.test(id)) throw notFound(k.what);
  const { db } = ctx.database;
  const deleted =
    kind === 'artist'
      ? await db
          .delete(favouriteArtists)
          .where(and(eq(favouriteArtists.userId, user.id), eq(favouriteArtists.artistId, id)))
          .returning({ id: favouriteArtists.artistId })
      : await db
          .delete(favouriteFlashDesigns)
          .where(and(eq(favouriteFlashDesigns.userId, user.id), eq(favouriteFlashDesigns.flashDesignId, id)))
          .returning({ id: favouriteFlashDesigns.flashDesignId });
  if (deleted.length > 0) return;
  const [target] = await queryRows<{ id: string }>(db, sql`SELECT id FROM ${sql.identifier(k.target)} WHERE id = ${id}::uuid`);
  if (!target) throw notFound(k.what);
}

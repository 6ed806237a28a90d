import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TPortfolioImage } from '../../../shared/contracts/artists.ts';
import { ZPortfolioUploadFields } from '../../../shared/contracts/portfolio.ts';
import { PORTFOLIO_MAX_IMAGES } from '../../../shared/limits.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { portfolioImages } from '../../db/schema/index.ts';
import { AppError, notFound, validate } from '../../http/app-error.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { deleteStoredImage, processImageUpload } from '../../storage/images.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { findArtistId } from '../artists/profile.ts';
import { assertCanManageArtist, UUID } from './access.ts';

type ImageRow = typeof portfolioImages.$inferSelect;

export const presentPortfolioImage = (p: ImageRow): TPortfolioImage => ({
  id: p.id,
  url: `/uploads/${p.storageKey}`,
  thumbUrl: `/uploads/${p.thumbKey}`,
  width: p.width,
  height: p.height,
  caption: p.caption,
});

const limitReached = () =>
  new AppError('LIMIT_REACHED', `A portfolio holds up to ${PORTFOLIO_MAX_IMAGES} images. Delete one before adding another.`);

async function imagesOf(db: DbOrTx, artistId: string): Promise<ImageRow[]> {
  return db.select().from(portfolioImages).where(eq(portfolioImages.artistId, artistId)).orderBy(asc(portfolioImages.position), asc(portfolioImages.createdAt));
}

/** Serialises changes to one artist's portfolio, so the cap and the positions hold under concurrent requests. */
async function lockArtist(tx: DbOrTx, artistId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM artist_profiles WHERE id = ${artistId} FOR UPDATE`);
}

async function countImages(db: DbOrTx, artistId: string): Promise<{ n: number; maxPosition: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, maxPosition: sql<number>`coalesce(max(${portfolioImages.position}), -1)::int` })
    .from(portfolioImages)
    .where(eq(portfolioImages.artistId, artistId));
  return { n: Number(row?.n ?? 0), maxPosition: Number(row?.maxPosition ?? -1) };
}

export async function listPortfolio(ctx: AppContext, idOrSlug: string): Promise<TPortfolioImage[]> {
  const artistId = await findArtistId(ctx, idOrSlug);
  return (await imagesOf(ctx.database.db, artistId)).map(presentPortfolioImage);
}

/**
 * POST /api/artists/{id}/portfolio. Who may upload is settled before the body is read; the image
 * is checked and re-encoded before anything is stored, and a failed insert removes its files.
 */
export async function addPortfolioImage(ctx: AppContext, user: SessionUser, artistId: string, readForm: () => Promise<UploadForm>): Promise<TPortfolioImage> {
  const { db } = ctx.database;
  await assertCanManageArtist(db, user, artistId);
  if ((await countImages(db, artistId)).n >= PORTFOLIO_MAX_IMAGES) throw limitReached();
  const form = await readForm();
  const fields = validate(ZPortfolioUploadFields, form.fields);
  const file = requireFile(form);
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const id = randomUUID();
  const stored = await processImageUpload(file, { storage, keyBase: `portfolio/${artistId}/${id}` });
  try {
    const row = await db.transaction(async (tx) => {
      await lockArtist(tx, artistId);
      const { n, maxPosition } = await countImages(tx, artistId);
      if (n >= PORTFOLIO_MAX_IMAGES) throw limitReached();
      const [inserted] = await tx
        .insert(portfolioImages)
        .values({ id, artistId, ...stored, caption: fields.caption, position: maxPosition + 1 })
        .returning();
      return inserted!;
    });
    return presentPortfolioImage(row);
  } catch (error) {
    await deleteStoredImage(storage, stored).catch(() => {});
    throw error;
  }
}

export async function updatePortfolioCaption(ctx: AppContext, user: SessionUser, artistId: string, imageId: string, caption: string): Promise<TPortfolioImage> {
  const { db } = ctx.database;
  await assertCanManageArtist(db, user, artistId);
  if (!UUID.test(imageId)) throw notFound('That image');
  const [row] = await db
    .update(portfolioImages)
    .set({ caption })
    .where(and(eq(portfolioImages.id, imageId), eq(portfolioImages.artistId, artistId)))
    .returning();
  if (!row) throw notFound('That image');
  return presentPortfolioImage(row);
}

export async function deletePortfolioImage(ctx: AppContext, user: SessionUser, artistId: string, imageId: string): Promise<void> {
  const { db } = ctx.database;
  await assertCanManageArtist(db, user, artistId);
  if (!UUID.test(imageId)) throw notFound('That image');
  const [row] = await db
    .delete(portfolioImages)
    .where(and(eq(portfolioImages.id, imageId), eq(portfolioImages.artistId, artistId)))
    .returning({ storageKey: portfolioImages.storageKey, thumbKey: portfolioImages.thumbKey });
  if (!row) throw notFound('That image');
  // The row is gone first: a file left behind by a failed unlink is invisible, a row without its file is not.
  await deleteStoredImage(new LocalStorage(ctx.config.STORAGE_DIR), row);
}

/** POST /api/artists/{id}/portfolio/order: `ids` must be exactly the artist's images; positions change in one statement. */
export async function reorderPortfolio(ctx: AppContext, user: SessionUser, artistId: string, ids: string[]): Promise<TPortfolioImage[]> {
  const { db } = ctx.database;
  await assertCanManageArtist(db, user, artistId);
  const rows = await db.transaction(async (tx) => {
    await lockArtist(tx, artistId);
    const current = await imagesOf(tx, artistId);
    const known = new Set(current.map((r) => r.id));
    const given = new Set(ids.map((id) => id.toLowerCase()));
    if (given.size !== ids.length || given.size !== known.size || [...given].some((id) => !known.has(id))) {
      throw new AppError(
        'VALIDATION_FAILED',
        `ids: send every image id of this portfolio exactly once, in the new order (it has ${known.size} image${known.size === 1 ? '' : 's'}).`,
      );
    }
    if (ids.length > 0) {
      const list = sql.join(
        [...given].map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE portfolio_images AS p SET position = o.pos - 1
        FROM unnest(ARRAY[${list}]::uuid[]) WITH ORDINALITY AS o(id, pos)
        WHERE p.id = o.id AND p.artist_id = ${artistId}
      `);
    }
    return imagesOf(tx, artistId);
  });
  return rows.map(presentPortfolioImage);
}

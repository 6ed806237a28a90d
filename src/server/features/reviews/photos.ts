import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TReviewPhoto } from '../../../shared/contracts/artists.ts';
import { zText } from '../../../shared/contracts/input.ts';
import { REVIEW_MAX_PHOTOS, REVIEW_PHOTO_ALT_MAX, REVIEW_PHOTO_UPLOADS_PER_DAY } from '../../../shared/limits.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { reviewImages } from '../../db/schema/index.ts';
import { AppError, notFound, validate } from '../../http/app-error.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { deleteStoredImage, processImageUpload } from '../../storage/images.ts';
import { contentTypeOf, LocalStorage } from '../../storage/local-storage.ts';

/**
 * Review photos (issue 11 §5), under the booking-photo rules: checked by content, re-encoded
 * (EXIF and GPS gone), private to their uploader until attached to a review, then as public as
 * the review. Stored outside the public /uploads/ folders and served here, so an unattached photo
 * is never reachable by its key.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 86_400_000;

const ZPhotoFields = z.strictObject({
  alt: zText().trim().max(REVIEW_PHOTO_ALT_MAX, `describe the photo in at most ${REVIEW_PHOTO_ALT_MAX} characters`).default(''),
});

type PhotoRow = typeof reviewImages.$inferSelect;

export function presentReviewPhoto(row: PhotoRow, index: number): TReviewPhoto {
  return {
    id: row.id,
    url: `/api/reviews/photos/${row.id}`,
    thumbUrl: `/api/reviews/photos/${row.id}/thumb`,
    width: row.width,
    height: row.height,
    alt: row.alt || `Photo ${index + 1} from this review`,
  };
}

/** The photos of each review, in their order. */
export async function photosOfReviews(db: DbOrTx, reviewIds: string[]): Promise<Map<string, TReviewPhoto[]>> {
  const out = new Map<string, TReviewPhoto[]>();
  if (reviewIds.length === 0) return out;
  const rows = await db
    .select()
    .from(reviewImages)
    .where(inArray(reviewImages.reviewId, [...new Set(reviewIds)]))
    .orderBy(asc(reviewImages.position), asc(reviewImages.createdAt));
  for (const row of rows) {
    const list = out.get(row.reviewId!) ?? [];
    list.push(presentReviewPhoto(row, list.length));
    out.set(row.reviewId!, list);
  }
  return out;
}

const dailyLimit = () =>
  new AppError('LIMIT_REACHED', `You can upload up to ${REVIEW_PHOTO_UPLOADS_PER_DAY} review photos a day that are not yet on a review. Send your review with the ones you have, or try again tomorrow.`);

async function unattachedToday(db: DbOrTx, ownerId: string, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewImages)
    .where(and(eq(reviewImages.ownerId, ownerId), isNull(reviewImages.reviewId), gt(reviewImages.createdAt, new Date(now - DAY))));
  return Number(row?.n ?? 0);
}

/** POST /api/reviews/photos: one photo (field `file`, optional `alt`), kept for the uploader until a review takes it. */
export async function uploadReviewPhoto(ctx: AppContext, user: SessionUser, readForm: () => Promise<UploadForm>, now = Date.now()): Promise<TReviewPhoto> {
  if ((await unattachedToday(ctx.database.db, user.id, now)) >= REVIEW_PHOTO_UPLOADS_PER_DAY) throw dailyLimit();
  const form = await readForm();
  const { alt } = validate(ZPhotoFields, form.fields);
  const file = requireFile(form);
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const id = randomUUID();
  const stored = await processImageUpload(file, { storage, keyBase: `reviews/${user.id}/${id}` });
  try {
    const row = await ctx.database.db.transaction(async (tx) => {
      // One upload at a time per person, so parallel uploads cannot overshoot the daily cap.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
      if ((await unattachedToday(tx, user.id, now)) >= REVIEW_PHOTO_UPLOADS_PER_DAY) throw dailyLimit();
      const [inserted] = await tx.insert(reviewImages).values({ id, ownerId: user.id, alt, ...stored }).returning();
      return inserted!;
    });
    return presentReviewPhoto(row, 0);
  } catch (error) {
    await deleteStoredImage(storage, stored).catch(() => {});
    throw error;
  }
}

/**
 * Attach photos to a new review inside its transaction. Each must be the author's own and not on
 * another review; anyone else's photo is refused as if it did not exist (its id says nothing).
 */
export async function attachReviewPhotos(tx: DbOrTx, user: SessionUser, reviewId: string, photoIds: string[]): Promise<TReviewPhoto[]> {
  if (photoIds.length === 0) return [];
  if (photoIds.length > REVIEW_MAX_PHOTOS) throw new AppError('VALIDATION_FAILED', `photoIds: a review can carry up to ${REVIEW_MAX_PHOTOS} photos; remove one and send it again.`);
  const ids = photoIds.map((id) => id.toLowerCase());
  const mine = await tx
    .select({ id: reviewImages.id })
    .from(reviewImages)
    .where(and(inArray(reviewImages.id, ids), eq(reviewImages.ownerId, user.id), isNull(reviewImages.reviewId)))
    .for('update');
  const found = new Set(mine.map((r) => r.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) {
    throw new AppError('VALIDATION_FAILED', `photoIds.${missing}: that photo is not one you uploaded for this review. Upload it again and retry.`);
  }
  await tx.execute(sql`
    UPDATE review_images AS p SET review_id = ${reviewId}, position = o.pos - 1
    FROM unnest(ARRAY[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) WITH ORDINALITY AS o(id, pos)
    WHERE p.id = o.id
  `);
  const rows = await tx.select().from(reviewImages).where(eq(reviewImages.reviewId, reviewId)).orderBy(asc(reviewImages.position));
  return rows.map(presentReviewPhoto);
}

export type PhotoFile = { type: string; size: number; etag: string; stream: ReadStream; public: boolean };

/**
 * GET /api/reviews/photos/{id}[/thumb]: a photo on a review is public; one not on a review yet is
 * its uploader's (and admins') alone — anyone else gets 404, as if it did not exist.
 */
export async function openReviewPhoto(ctx: AppContext, viewer: SessionUser | null, id: string, variant: 'full' | 'thumb'): Promise<PhotoFile> {
  const missing = () => notFound('That photo');
  if (!UUID.test(id)) throw missing();
  const [row] = await ctx.database.db.select().from(reviewImages).where(eq(reviewImages.id, id)).limit(1);
  if (!row) throw missing();
  const attached = row.reviewId !== null;
  if (!attached && row.ownerId !== viewer?.id && !viewer?.isAdmin) throw missing();
  const key = variant === 'thumb' ? row.thumbKey : row.storageKey;
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const [info, type] = [await storage.info(key), contentTypeOf(key)];
  if (!info || !type) throw missing();
  return { type, size: info.size, etag: `"${info.size.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`, stream: storage.stream(key), public: attached };
}

import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_MAX_IMAGES } from '../../../shared/booking-rules.ts';
import type { TBookingUpload } from '../../../shared/contracts/bookings.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, bookingImages, bookings } from '../../db/schema/index.ts';
import { AppError, notFound, validate } from '../../http/app-error.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { openPrivateImage, storePrivateImage, type PrivateImage } from '../../storage/private-images.ts';
import { UUID } from './access.ts';
import { presentBookingImage } from './presenter.ts';

// "healing": a photo for an aftercare check-in (features/aftercare attaches it with its check-in).
const ZUploadFields = z.strictObject({ kind: z.enum(['reference', 'placement', 'healing'], 'kind must be "reference", "placement" or "healing"').default('reference') });
const DAY = 86_400_000;

const limitReached = () =>
  new AppError('LIMIT_REACHED', `You can upload up to ${BOOKING_MAX_IMAGES} photos a day that are not yet on a booking. Send your request with the ones you have, or try again tomorrow.`);

async function unattachedToday(db: DbOrTx, ownerId: string, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookingImages)
    .where(and(eq(bookingImages.ownerId, ownerId), isNull(bookingImages.bookingId), gt(bookingImages.createdAt, new Date(now - DAY))));
  return Number(row?.n ?? 0);
}

/**
 * POST /api/bookings/uploads: a reference or placement photo for a request not sent yet. It
 * belongs to the uploader until they attach it to their booking (referenceImageIds).
 */
export async function uploadBookingImage(ctx: AppContext, user: SessionUser, readForm: () => Promise<UploadForm>, now = Date.now()): Promise<TBookingUpload> {
  if ((await unattachedToday(ctx.database.db, user.id, now)) >= BOOKING_MAX_IMAGES) throw limitReached();
  const form = await readForm();
  const { kind } = validate(ZUploadFields, form.fields);
  const file = requireFile(form);
  const id = randomUUID();
  const row = await storePrivateImage(ctx, file, `bookings/${user.id}/${id}`, (stored) =>
    ctx.database.db.transaction(async (tx) => {
      // One upload at a time per person, so parallel uploads cannot overshoot the cap.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
      if ((await unattachedToday(tx, user.id, now)) >= BOOKING_MAX_IMAGES) throw limitReached();
      const [inserted] = await tx.insert(bookingImages).values({ id, ownerId: user.id, kind, ...stored }).returning();
      return inserted!;
    }),
  );
  return presentBookingImage(row);
}

/**
 * GET /api/bookings/uploads/{id}[/thumb]: booking photos are private (placement photos show skin),
 * so they are not under the public /uploads/. The uploader may always see theirs; once attached,
 * the booking's artist and admins may too. Anyone else gets 404, as if it did not exist.
 */
export async function openBookingImage(ctx: AppContext, user: SessionUser, id: string, variant: 'full' | 'thumb'): Promise<PrivateImage> {
  const missing = () => notFound('That photo');
  if (!UUID.test(id)) throw missing();
  const [row] = await ctx.database.db
    .select({ img: bookingImages, clientId: bookings.clientId, artistUserId: artistProfiles.userId })
    .from(bookingImages)
    .leftJoin(bookings, eq(bookings.id, bookingImages.bookingId))
    .leftJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .where(eq(bookingImages.id, id))
    .limit(1);
  if (!row) throw missing();
  const allowed = row.img.ownerId === user.id || row.clientId === user.id || row.artistUserId === user.id || user.isAdmin;
  if (!allowed) throw missing();
  const image = await openPrivateImage(ctx, row.img, variant);
  if (!image) throw missing();
  return image;
}

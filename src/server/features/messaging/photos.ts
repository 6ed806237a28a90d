import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MESSAGE_PHOTO_UPLOADS_PER_DAY, type TMessageImage } from '../../../shared/contracts/messaging.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { messageImages } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { openPrivateImage, storePrivateImage, type PrivateImage } from '../../storage/private-images.ts';
import { assertMayMessage, blockStateBetween, conversationFor } from './policy.ts';
import { presentMessageImage } from './presenter.ts';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const limitReached = () => new AppError('LIMIT_REACHED', `You can send up to ${MESSAGE_PHOTO_UPLOADS_PER_DAY} photos a day. Try again tomorrow.`);

async function uploadsToday(db: DbOrTx, ownerId: string, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageImages)
    .where(and(eq(messageImages.ownerId, ownerId), gt(messageImages.createdAt, new Date(now - DAY_MS))));
  return Number(row?.n ?? 0);
}

/**
 * POST /api/conversations/{id}/photos: a photo for a message not sent yet, through the booking
 * photos' pipeline (checked by content, re-encoded, EXIF and GPS gone, stored privately). Its id
 * goes in the message's imageIds; until then only its uploader can use it.
 */
export async function uploadMessagePhoto(ctx: AppContext, user: SessionUser, conversationId: string, readForm: () => Promise<UploadForm>, now = Date.now()): Promise<TMessageImage> {
  const { db } = ctx.database;
  const conversation = await conversationFor(db, user, conversationId);
  assertMayMessage(await blockStateBetween(db, user.id, conversation.otherUserId));
  if ((await uploadsToday(db, user.id, now)) >= MESSAGE_PHOTO_UPLOADS_PER_DAY) throw limitReached();
  const form = await readForm();
  const unknown = Object.keys(form.fields);
  if (unknown.length > 0) throw new AppError('UNKNOWN_FIELD', `Unknown field "${unknown[0]}": send only the photo, as "file".`);
  const file = requireFile(form);
  const id = randomUUID();
  const row = await storePrivateImage(ctx, file, `messages/${conversation.id}/${id}`, (stored) =>
    db.transaction(async (tx) => {
      // One upload at a time per person, so parallel uploads cannot overshoot the daily cap.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
      if ((await uploadsToday(tx, user.id, now)) >= MESSAGE_PHOTO_UPLOADS_PER_DAY) throw limitReached();
      const [inserted] = await tx.insert(messageImages).values({ id, conversationId: conversation.id, ownerId: user.id, ...stored }).returning();
      return inserted!;
    }),
  );
  return presentMessageImage(row);
}

/**
 * GET /api/conversations/{id}/photos/{imageId}[/thumb]: for the conversation's two people; a photo
 * not yet in a message only for its uploader. Anyone else gets 404, as if it did not exist.
 */
export async function openMessagePhoto(ctx: AppContext, user: SessionUser, conversationId: string, imageId: string, variant: 'full' | 'thumb'): Promise<PrivateImage> {
  const missing = () => notFound('That photo');
  const conversation = await conversationFor(ctx.database.db, user, conversationId);
  if (!UUID.test(imageId)) throw missing();
  const [row] = await ctx.database.db
    .select()
    .from(messageImages)
    .where(and(eq(messageImages.id, imageId), eq(messageImages.conversationId, conversation.id)))
    .limit(1);
  if (!row || (row.messageId === null && row.ownerId !== user.id)) throw missing();
  const image = await openPrivateImage(ctx, row, variant);
  if (!image) throw missing();
  return image;
}

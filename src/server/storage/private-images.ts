import type { ReadStream } from 'node:fs';
import type { AppContext } from '../context.ts';
import { deleteStoredImage, processImageUpload, type StoredImage } from './images.ts';
import { contentTypeOf, LocalStorage } from './local-storage.ts';

/**
 * Private photos (booking reference and placement photos, photos in messages): checked by content,
 * re-encoded with EXIF and GPS stripped (processImageUpload), stored outside the public /uploads/,
 * and served only by a route that has checked who asks.
 */

/**
 * Store an uploaded image under `keyBase`, then record it with `record` (its row, in the caller's
 * transaction). When recording fails the stored files are deleted: no file without its row.
 */
export async function storePrivateImage<Row>(ctx: AppContext, file: Buffer, keyBase: string, record: (stored: StoredImage) => Promise<Row>): Promise<Row> {
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const stored = await processImageUpload(file, { storage, keyBase });
  try {
    return await record(stored);
  } catch (error) {
    await deleteStoredImage(storage, stored).catch(() => {
      // The record's error is the one that matters; a leftover file is harmless and unreachable.
    });
    throw error;
  }
}

export type PrivateImage = { type: string; size: number; etag: string; stream: ReadStream };

/** The stored file of a private image the caller may see, or null when it is gone. */
export async function openPrivateImage(ctx: AppContext, image: Pick<StoredImage, 'storageKey' | 'thumbKey'>, variant: 'full' | 'thumb'): Promise<PrivateImage | null> {
  const key = variant === 'thumb' ? image.thumbKey : image.storageKey;
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const [info, type] = [await storage.info(key), contentTypeOf(key)];
  if (!info || !type) return null;
  return { type, size: info.size, etag: `"${info.size.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`, stream: storage.stream(key) };
}

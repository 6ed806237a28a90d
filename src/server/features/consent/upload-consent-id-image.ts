import { createHash, randomUUID } from 'node:crypto';
import type { TConsentUpload } from '../../../shared/contracts/consent.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { consentUploads } from '../../db/schema/index.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { seal } from '../../sealed.ts';
import { encodeImage } from '../../storage/images.ts';
import { LocalStorage } from '../../storage/local-storage.ts';

export const uploadContext = (uploadId: string) => `consent-upload:${uploadId}`;

/**
 * POST /api/consent-forms/uploads: an ID photo (client's or guardian's) for a form about to be
 * signed. The booking-photo pipeline checks it by content and re-encodes it (EXIF and GPS gone);
 * the result is sealed with the data key and kept under a private key, never under /uploads/.
 * Only its uploader can put it on a form.
 */
export async function uploadConsentIdImage(ctx: AppContext, user: SessionUser, readForm: () => Promise<UploadForm>): Promise<TConsentUpload> {
  const file = requireFile(await readForm());
  const encoded = await encodeImage(file);
  const id = randomUUID();
  const storageKey = `consent/${user.id}/${id}.sealed`;
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  await storage.put(storageKey, seal(ctx.dataKey, encoded.full, uploadContext(id)));
  try {
    await ctx.database.db.insert(consentUploads).values({
      id,
      ownerId: user.id,
      storageKey,
      width: encoded.width,
      height: encoded.height,
      sha256: createHash('sha256').update(encoded.full).digest('hex'),
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {
      // The insert's error is the one that matters; the sealed file is unreachable without its row.
    });
    throw error;
  }
  return { id, width: encoded.width, height: encoded.height };
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { avatarUrlOf } from '../../../shared/avatar.ts';
import { ZAccountSettingsPatch, type TAccountSettings, type TAvatar } from '../../../shared/contracts/account.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, validate } from '../../http/app-error.ts';
import type { UploadForm } from '../../http/multipart.ts';
import { encodeAvatar } from '../../storage/images.ts';
import { LocalStorage } from '../../storage/local-storage.ts';

/**
 * PUT /api/account/avatar: the signed-in person's own picture, never anyone else's (there is no
 * user id to name). Checked by content and re-encoded like every upload (EXIF and GPS are gone),
 * stored under a new key each time, so the year-long cache of /uploads never shows an old face.
 */
export async function setAvatar(ctx: AppContext, user: SessionUser, readForm: () => Promise<UploadForm>): Promise<TAvatar> {
  const form = await readForm();
  const unknown = Object.keys(form.fields);
  if (unknown.length > 0) throw new AppError('UNKNOWN_FIELD', `Unknown field "${unknown[0]}"; send only the picture, as "file".`);
  if (!form.file) throw new AppError('VALIDATION_FAILED', 'file: choose a picture to upload.');
  const encoded = await encodeAvatar(form.file.data);
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const key = `avatars/${user.id}/${randomUUID()}.webp`;
  await storage.put(key, encoded);
  let previous: string | null;
  try {
    previous = await swapAvatar(ctx, user.id, key);
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  if (previous) await storage.delete(previous).catch(() => {});
  return { avatarUrl: avatarUrlOf(key) };
}

/** DELETE /api/account/avatar: back to the monogram. */
export async function removeAvatar(ctx: AppContext, user: SessionUser): Promise<TAvatar> {
  const previous = await swapAvatar(ctx, user.id, null);
  if (previous) await new LocalStorage(ctx.config.STORAGE_DIR).delete(previous).catch(() => {});
  return { avatarUrl: null };
}

/** Set the key and answer the one it replaced; every server re-reads this user's session. */
async function swapAvatar(ctx: AppContext, userId: string, key: string | null): Promise<string | null> {
  const previous = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ avatarKey: key, updatedAt: new Date() }).where(eq(users.id, userId));
    return row?.avatarKey ?? null;
  });
  await ctx.sessions.broadcastUserChanged(userId);
  return previous;
}

/** GET /api/account/settings: the signed-in person's own switches (there is no user id to name). */
export async function getAccountSettings(ctx: AppContext, user: SessionUser): Promise<TAccountSettings> {
  const [row] = await ctx.database.db.select({ emailUnreadMessages: users.emailUnreadMessages }).from(users).where(eq(users.id, user.id));
  return { emailUnreadMessages: row?.emailUnreadMessages ?? true };
}

/** PATCH /api/account/settings: only the switches sent change. */
export async function updateAccountSettings(ctx: AppContext, user: SessionUser, body: unknown): Promise<TAccountSettings> {
  const patch = validate(ZAccountSettingsPatch, body);
  if (patch.emailUnreadMessages !== undefined) {
    await ctx.database.db.update(users).set({ emailUnreadMessages: patch.emailUnreadMessages, updatedAt: new Date() }).where(eq(users.id, user.id));
  }
  return getAccountSettings(ctx, user);
}

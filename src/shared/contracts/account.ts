import { z } from 'zod';

/** PUT and DELETE /api/account/avatar answer where the avatar now is (null: the monogram). */
export type TAvatar = { avatarUrl: string | null };

export const AVATAR_UPLOAD_PATH = '/api/account/avatar';

/** GET and PATCH /api/account/settings: the signed-in person's own switches. */
export const ACCOUNT_SETTINGS_PATH = '/api/account/settings';
export const ZAccountSettingsPatch = z.strictObject({
  /** E-mail me about messages still unread 15 minutes after they were sent. */
  emailUnreadMessages: z.boolean().optional(),
});
export type TAccountSettings = { emailUnreadMessages: boolean };

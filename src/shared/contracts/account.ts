/** PUT and DELETE /api/account/avatar answer where the avatar now is (null: the monogram). */
export type TAvatar = { avatarUrl: string | null };

export const AVATAR_UPLOAD_PATH = '/api/account/avatar';

import { z } from 'zod';

export const PORTFOLIO_CAPTION_MAX = 300;

/** What a file picker should offer; the server decides by the file's content, not by this. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';
export const UPLOAD_TYPES_TEXT = 'JPEG, PNG, WebP or HEIC';

const caption = z.string().trim().max(PORTFOLIO_CAPTION_MAX, `keep the caption under ${PORTFOLIO_CAPTION_MAX} characters`);

/** The text fields of POST /api/artists/{id}/portfolio (the image is the `file` part). */
export const ZPortfolioUploadFields = z.strictObject({ caption: caption.default('') });

/** PATCH /api/artists/{id}/portfolio/{imageId}. */
export const ZPortfolioPatch = z.strictObject({ caption });

/** POST /api/artists/{id}/portfolio/order: every image id of the artist, in the new order. */
export const ZPortfolioOrder = z.strictObject({
  ids: z.array(z.string().regex(/^[0-9a-f-]{36}$/i, 'not an image id')).max(1000),
});

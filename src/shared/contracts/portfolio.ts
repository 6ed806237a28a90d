import { z } from 'zod';
import { ZUuid, zText } from './input.ts';

export const PORTFOLIO_CAPTION_MAX = 300;

/** What a file picker should offer; the server decides by the file's content, not by this. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';
export const UPLOAD_TYPES_TEXT = 'JPEG, PNG, WebP or HEIC';

const caption = zText().trim().max(PORTFOLIO_CAPTION_MAX, `keep the caption under ${PORTFOLIO_CAPTION_MAX} characters`);

/** The text fields of POST /api/artists/{id}/portfolio (the image is the `file` part). */
export const ZPortfolioUploadFields = z.strictObject({ caption: caption.default('') });

/** PATCH /api/artists/{id}/portfolio/{imageId}. */
export const ZPortfolioPatch = z.strictObject({ caption });

/** POST /api/artists/{id}/portfolio/order: every image id of the artist, in the new order. */
export const ZPortfolioOrder = z.strictObject({
  ids: z.array(ZUuid).max(1000),
});

import { z } from 'zod';
import { ZUuid, zText } from './input.ts';
import { slugify } from '../guides/search-links.ts';
import { TATTOO_CATEGORIES } from '../guides/tattoo-styles.ts';
import { FLASH_SIZES, FLASH_STATUSES, type TFlashSize, type TFlashStatus } from '../flash-labels.ts';

export { FLASH_SIZE_NAMES, FLASH_SIZES, FLASH_STATUS_NAMES, FLASH_STATUSES, type TFlashSize, type TFlashStatus } from '../flash-labels.ts';

export const FLASH_PAGE_SIZE = 24;
export const FLASH_TITLE_MAX = 80;
export const FLASH_DESCRIPTION_MAX = 1000;
export const FLASH_SIZE_LABEL_MAX = 40;
/** USD 10,000: a flash design is a ready-made piece, never a full sleeve. */
export const FLASH_PRICE_MAX_CENTS = 1_000_000;

/** Flash is tattoo work, so its style is one of the tattoo styles of the guide (spec §2). */
export const FLASH_STYLE_NAMES: readonly string[] = TATTOO_CATEGORIES.flatMap((c) => c.styles);
const STYLE_BY_SLUG = new Map(FLASH_STYLE_NAMES.map((name) => [slugify(name), name]));

/** "fine-line" or "Fine Line" → "Fine Line"; null when it is not a tattoo style. */
export function flashStyleName(value: string): string | null {
  return STYLE_BY_SLUG.get(slugify(value)) ?? null;
}

const STYLE_HINT = 'use a tattoo style such as fine-line or traditional';
const styleSlug = zText()
  .trim()
  .toLowerCase()
  .refine((v) => STYLE_BY_SLUG.has(v), STYLE_HINT);
const cents = z.coerce.number().int('use whole cents').min(0).max(FLASH_PRICE_MAX_CENTS);

/** GET /api/flash. Unknown parameters are refused so a typo never silently matches everything. */
export const ZFlashListQuery = z
  .strictObject({
    style: styleSlug.optional(),
    size: z.enum(FLASH_SIZES).optional(),
    minPrice: cents.optional(),
    maxPrice: cents.optional(),
    city: zText().trim().min(1).max(80).optional(),
    artistId: ZUuid.optional(),
    status: z.enum([...FLASH_STATUSES, 'all']).optional(),
    cursor: zText().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });
export type TFlashListQuery = z.infer<typeof ZFlashListQuery>;

const style = zText()
  .trim()
  .max(40)
  .transform((v, ctx) => {
    if (v === '') return null;
    const name = flashStyleName(v);
    if (!name) ctx.addIssue({ code: 'custom', message: STYLE_HINT });
    return name;
  });

/** Multipart form fields: every value arrives as a string. */
const formBoolean = z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1');

/** The text fields of POST /api/artists/{id}/flash (the image is the `file` part). */
export const ZFlashCreateFields = z.strictObject({
  title: zText().trim().min(1, 'give the design a title').max(FLASH_TITLE_MAX),
  description: zText({ multiline: true }).trim().max(FLASH_DESCRIPTION_MAX).default(''),
  style: style.optional(),
  size: z.enum(FLASH_SIZES, 'choose small, medium or large'),
  sizeLabel: zText().trim().max(FLASH_SIZE_LABEL_MAX).default(''),
  priceCents: cents,
  repeatable: formBoolean.default(false),
});
export type TFlashCreateFields = z.infer<typeof ZFlashCreateFields>;

/** PATCH /api/flash/{id} (JSON). */
export const ZFlashPatch = z
  .strictObject({
    title: zText().trim().min(1, 'give the design a title').max(FLASH_TITLE_MAX).optional(),
    description: zText({ multiline: true }).trim().max(FLASH_DESCRIPTION_MAX).optional(),
    style: style.nullable().optional(),
    size: z.enum(FLASH_SIZES).optional(),
    sizeLabel: zText().trim().max(FLASH_SIZE_LABEL_MAX).optional(),
    priceCents: z.number().int('use whole cents').min(0).max(FLASH_PRICE_MAX_CENTS).optional(),
    repeatable: z.boolean().optional(),
    status: z.enum(FLASH_STATUSES).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: 'send at least one field to change' });
export type TFlashPatch = z.infer<typeof ZFlashPatch>;

export type TFlashDesign = {
  id: string;
  title: string;
  description: string;
  style: string | null;
  size: TFlashSize;
  sizeLabel: string;
  priceCents: number;
  currency: string;
  status: TFlashStatus;
  repeatable: boolean;
  imageUrl: string;
  thumbUrl: string;
  width: number;
  height: number;
  createdAt: string;
  artist: { id: string; slug: string; displayName: string; city: string };
};

export type TFlashPage = { items: TFlashDesign[]; nextCursor: string | null };

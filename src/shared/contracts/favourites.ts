import { z } from 'zod';
import { FAVOURITE_KINDS } from '../favourites.ts';
import { FLASH_SIZES, FLASH_STATUSES } from '../flash-labels.ts';
import { ARTIST_KINDS } from './artists.ts';
import { ZUuid, zText } from './input.ts';

export * from '../favourites.ts';

const instant = z.iso.datetime({ offset: true });

/** GET /api/favourites/ids */
export const ZFavouriteIds = z.strictObject({
  artistIds: z.array(ZUuid),
  flashDesignIds: z.array(ZUuid),
});
export type TFavouriteIds = z.infer<typeof ZFavouriteIds>;

/** A saved artist as the dashboard lists it. */
export const ZSavedArtist = z.strictObject({
  id: ZUuid,
  slug: z.string(),
  displayName: z.string(),
  kind: z.enum(ARTIST_KINDS),
  styles: z.array(z.string()),
  city: z.string(),
  country: z.string(),
  verified: z.boolean(),
  rating: z.strictObject({ value: z.number().nullable(), count: z.number().int().min(0) }),
  /** The first portfolio picture's thumbnail, if any. */
  photoUrl: z.string().nullable(),
  savedAt: instant,
});
export type TSavedArtist = z.infer<typeof ZSavedArtist>;

/** A saved flash design: what the flash card shows, and when it was saved. */
export const ZSavedFlashDesign = z.strictObject({
  id: ZUuid,
  title: z.string(),
  style: z.string().nullable(),
  size: z.enum(FLASH_SIZES),
  sizeLabel: z.string(),
  priceCents: z.number().int().min(0),
  currency: z.string(),
  /** A design stays saved when it is booked or withdrawn, so the person sees what became of it. */
  status: z.enum(FLASH_STATUSES),
  repeatable: z.boolean(),
  thumbUrl: z.string(),
  artist: z.strictObject({ id: ZUuid, slug: z.string(), displayName: z.string(), city: z.string() }),
  savedAt: instant,
});
export type TSavedFlashDesign = z.infer<typeof ZSavedFlashDesign>;

/** GET /api/favourites: newest saved first. */
export const ZFavourites = z.strictObject({
  artists: z.array(ZSavedArtist),
  flash: z.array(ZSavedFlashDesign),
});
export type TFavourites = z.infer<typeof ZFavourites>;

/** PUT /api/favourites/{artists|flash}/{id}: 201 when newly saved, 200 when it was saved already (same savedAt). */
export const ZFavouriteSaved = z.strictObject({ kind: z.enum(FAVOURITE_KINDS), id: ZUuid, savedAt: instant });
export type TFavouriteSaved = z.infer<typeof ZFavouriteSaved>;

/** Path parameters: an id that is not a UUID is refused by the service as unknown (404), like any other. */
export const ZFavouriteArtistParams = z.object({ artistId: zText().min(1).max(80) });
export const ZFavouriteFlashParams = z.object({ designId: zText().min(1).max(80) });

/** The heart's form, as the browser posts it before hydration (application/x-www-form-urlencoded). */
export const ZFavouriteForm = z.strictObject({
  kind: z.enum(FAVOURITE_KINDS),
  id: zText().min(1).max(80),
  intent: z.enum(['save', 'remove']),
  returnTo: zText().max(2000).optional(),
});
export type TFavouriteForm = z.infer<typeof ZFavouriteForm>;

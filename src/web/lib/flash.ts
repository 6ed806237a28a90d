import { queryOptions } from '@tanstack/react-query';
import type { TFlashDesign, TFlashPage } from '../../shared/contracts/flash.ts';
import { FLASH_SIZE_NAMES } from '../../shared/flash-labels.ts';

/** One artist's flash designs (the profile section and the artist's own manager). */
export const artistFlashOptions = (artistId: string, status: 'available' | 'all' = 'available') =>
  queryOptions<TFlashPage>({ queryKey: [`/api/flash?artistId=${encodeURIComponent(artistId)}&status=${status}&limit=100`] });

/** "Small · 3 × 3 in" */
export function flashSizeText(design: Pick<TFlashDesign, 'size' | 'sizeLabel'>): string {
  return design.sizeLabel ? `${FLASH_SIZE_NAMES[design.size]} · ${design.sizeLabel}` : FLASH_SIZE_NAMES[design.size];
}

export const bookFlashUrl = (design: Pick<TFlashDesign, 'id' | 'artist'>) => `/book/${design.artist.id}?flash=${design.id}`;

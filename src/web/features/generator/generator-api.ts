import type { QueryClient } from '@tanstack/react-query';
import type { TArtistListItem } from '../../../shared/contracts/artists.ts';
import type { TBookingUpload } from '../../../shared/contracts/bookings.ts';
import { DESIGNS_PATH, type TDesign, type TGeneration, type TGenerationCreate } from '../../../shared/contracts/designs.ts';
import { ApiError, apiRequest, isNetworkError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

export const GENERATIONS_KEY = `${DESIGNS_PATH}/generations`;
export const FAVOURITE_DESIGNS_KEY = `${DESIGNS_PATH}/favourites`;
export const generationKey = (id: string) => `${GENERATIONS_KEY}/${id}`;

/** Words for a failed generator call: the server's own message (refusals, the hourly limit) when it has one. */
export function generatorErrorText(error: unknown): string {
  if (isNetworkError(error)) return error.message;
  if (!(error instanceof ApiError)) return errorMessage(error);
  const message = error.body?.message;
  if (error.status === 401) return 'Your session has ended. Sign in again to continue.';
  if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return message ?? errorMessage(error);
}

export async function startGeneration(input: TGenerationCreate): Promise<TGeneration> {
  const res = await apiRequest('POST', GENERATIONS_KEY, input);
  return (await res.json()) as TGeneration;
}

export async function setDesignFavourite(queryClient: QueryClient, design: TDesign, favourite: boolean): Promise<void> {
  await apiRequest(favourite ? 'PUT' : 'DELETE', `${DESIGNS_PATH}/${design.id}/favourite`);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }),
    queryClient.invalidateQueries({ queryKey: [generationKey(design.generationId)] }),
    queryClient.invalidateQueries({ queryKey: [FAVOURITE_DESIGNS_KEY] }),
  ]);
}

/** Tattoo artists who work in the style, for "Send to an artist". */
export async function artistsForStyle(style: string): Promise<TArtistListItem[]> {
  const res = await apiRequest('GET', `/api/artists?kind=tattoo&style=${encodeURIComponent(style)}&limit=6`);
  return ((await res.json()) as { items: TArtistListItem[] }).items;
}

/**
 * The design as a booking reference photo: its PNG goes up through the booking flow's own upload
 * (POST /api/bookings/uploads, checked and re-encoded like any photo), and the booking flow attaches it.
 */
export async function uploadAsReference(design: TDesign): Promise<TBookingUpload> {
  const res = await apiRequest('GET', design.pngUrl);
  const form = new FormData();
  form.append('kind', 'reference');
  form.append('file', new File([await res.blob()], `design-${design.position + 1}.png`, { type: 'image/png' }));
  return uploadWithProgress<TBookingUpload>('/api/bookings/uploads', form);
}

import { queryOptions } from '@tanstack/react-query';
import type { TBookingUpload } from '../../../shared/contracts/bookings.ts';
import type { TBookingImage, TConsultation, TConsultationList, TIceServers, TSessionSuggestion, TSessionSuggestionBody } from '../../../shared/contracts/consultations.ts';
import { apiRequest } from '../../lib/api.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

export const CONSULTATIONS_KEY = ['/api/consultations'] as const;
export const consultationsOptions = () => queryOptions<TConsultationList>({ queryKey: CONSULTATIONS_KEY });
export const consultationOptions = (bookingId: string) => queryOptions<TConsultation>({ queryKey: [`/api/consultations/${encodeURIComponent(bookingId)}`] });

export async function fetchIceServers(bookingId: string): Promise<TIceServers> {
  return (await apiRequest('GET', `/api/consultations/${encodeURIComponent(bookingId)}/ice-servers`)).json() as Promise<TIceServers>;
}

export async function askForPlacementPhoto(bookingId: string): Promise<void> {
  await apiRequest('POST', `/api/consultations/${encodeURIComponent(bookingId)}/placement-request`, {});
}

/** Uploads a placement photo through the booking photo pipeline, then attaches it to the booking. */
export async function sendPlacementPhoto(bookingId: string, photo: Blob, name: string): Promise<TBookingImage> {
  const form = new FormData();
  form.append('kind', 'placement');
  form.append('file', photo, name);
  const upload = await uploadWithProgress<TBookingUpload>('/api/bookings/uploads', form);
  return (await apiRequest('POST', `/api/consultations/${encodeURIComponent(bookingId)}/placement-photos`, { imageId: upload.id })).json() as Promise<TBookingImage>;
}

export async function suggestSession(bookingId: string, body: TSessionSuggestionBody): Promise<TSessionSuggestion> {
  return (await apiRequest('POST', `/api/consultations/${encodeURIComponent(bookingId)}/session-suggestion`, body)).json() as Promise<TSessionSuggestion>;
}

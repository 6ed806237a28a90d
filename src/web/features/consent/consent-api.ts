import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TArtistConsentTemplate,
  TArtistConsentTemplates,
  TConsentKind,
  TConsentSign,
  TConsentSigned,
  TConsentTemplateSave,
  TConsentTemplateVersion,
  TConsentTemplateVersions,
  TConsentUpload,
  TConsentVerify,
} from '../../../shared/contracts/consent.ts';
import { apiRequest } from '../../lib/api.ts';
import { invalidateBookings } from '../../lib/bookings.ts';
import { bookingConsentOptions } from '../../lib/consent.ts';
import { uploadWithProgress, type UploadProgress } from '../../lib/upload.ts';

/** The consent pages' calls (the booking's consent query is in lib/consent.ts, shared with the booking page). */
const TEMPLATES_PATH = '/api/artist/consent-templates';
export const artistTemplatesOptions = () => queryOptions<TArtistConsentTemplates>({ queryKey: [TEMPLATES_PATH], staleTime: 0 });
export const templateVersionsOptions = (kind: TConsentKind) => queryOptions<TConsentTemplateVersions>({ queryKey: [`${TEMPLATES_PATH}/${kind}/versions`], staleTime: 0 });
/** A stored version never changes: read once. */
export const templateVersionOptions = (kind: TConsentKind, id: string) =>
  queryOptions<TConsentTemplateVersion>({ queryKey: [`${TEMPLATES_PATH}/${kind}/versions/${encodeURIComponent(id)}`], staleTime: Infinity });

export async function signConsent(queryClient: QueryClient, bookingId: string, body: TConsentSign): Promise<TConsentSigned> {
  const signed = (await (await apiRequest('POST', `/api/bookings/${encodeURIComponent(bookingId)}/consent`, body)).json()) as TConsentSigned;
  await Promise.all([queryClient.invalidateQueries({ queryKey: bookingConsentOptions(bookingId).queryKey }), invalidateBookings(queryClient)]);
  return signed;
}

export async function verifyConsent(formId: string): Promise<TConsentVerify> {
  return (await (await apiRequest('GET', `/api/consent-forms/${encodeURIComponent(formId)}/verify`)).json()) as TConsentVerify;
}

/** An ID photo, uploaded with progress into private storage; the form sends only its id. */
export function uploadIdPhoto(file: File, onProgress: (p: UploadProgress) => void): Promise<TConsentUpload> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<TConsentUpload>('/api/consent-forms/uploads', form, onProgress);
}

export async function saveTemplate(queryClient: QueryClient, kind: TConsentKind, body: TConsentTemplateSave): Promise<TArtistConsentTemplate> {
  const saved = (await (await apiRequest('PUT', `/api/artist/consent-templates/${kind}`, body)).json()) as TArtistConsentTemplate;
  // The version in force and the list of versions alike.
  await queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(TEMPLATES_PATH) });
  return saved;
}

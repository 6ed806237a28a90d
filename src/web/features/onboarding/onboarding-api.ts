import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TArtistDraft, TArtistEditable, TSlugAvailability } from '../../../shared/contracts/artist-profile.ts';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import type { WizardData } from './wizard-model.ts';

export type StudioOption = { id: string; slug: string; name: string; address: string; city: string; country: string };

export const draftOptions = () => queryOptions<TArtistDraft>({ queryKey: ['/api/artists/draft'], gcTime: 0 });
export const studiosOptions = () => queryOptions<{ items: StudioOption[] }>({ queryKey: ['/api/studios'] });
export const editableOptions = (id: string) => queryOptions<TArtistEditable>({ queryKey: [`/api/artists/${id}/editable`], gcTime: 0 });

export const OWN_PROFILE_KEY = ['onboarding', 'own-artist-profile'] as const;

/** The signed-in user's own artist profile, or null when they have none yet (the API answers 404). */
export function useOwnArtist() {
  return useQuery({
    queryKey: OWN_PROFILE_KEY,
    queryFn: async () => {
      try {
        return (await (await apiRequest('GET', '/api/artists/profile/me')).json()) as { id: string; slug: string; displayName: string };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
    gcTime: 0,
  });
}

export async function saveDraft(step: number, data: WizardData): Promise<void> {
  await apiRequest('PUT', '/api/artists/draft', { step, data });
}

export async function createProfile(input: unknown): Promise<TArtistProfile> {
  return (await apiRequest('POST', '/api/artists', input)).json() as Promise<TArtistProfile>;
}

export async function updateProfile(id: string, input: unknown): Promise<TArtistProfile> {
  return (await apiRequest('PATCH', `/api/artists/${id}`, input)).json() as Promise<TArtistProfile>;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export type SlugCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'current' }
  | { state: 'error' }
  | { state: 'done'; result: TSlugAvailability };

/** Availability of a profile address, checked a moment after typing stops. */
export function useSlugCheck(slug: string, currentSlug?: string): SlugCheck {
  const debounced = useDebounced(slug, 400);
  const enabled = debounced.length > 0 && debounced !== currentSlug;
  const query = useQuery({
    queryKey: [`/api/artists/slug-available?slug=${encodeURIComponent(debounced)}`],
    enabled,
    staleTime: 10_000,
    retry: false,
  });
  if (!slug) return { state: 'idle' };
  if (slug === currentSlug) return { state: 'current' };
  if (slug !== debounced || query.isFetching) return { state: 'checking' };
  if (query.isError) return { state: 'error' };
  if (query.data) return { state: 'done', result: query.data as TSlugAvailability };
  return { state: 'checking' };
}

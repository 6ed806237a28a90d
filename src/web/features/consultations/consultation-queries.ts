import { queryOptions } from '@tanstack/react-query';
import type { TConsultationArtists } from '../../../shared/contracts/consultations.ts';

/** The public finder's list (its own module: the route table imports it for the server render). */
export const consultationArtistsOptions = (kind: 'tattoo' | 'piercing' | undefined) =>
  queryOptions<TConsultationArtists>({ queryKey: [`/api/consultations/artists${kind ? `?kind=${kind}` : ''}`], staleTime: 60_000 });

/** The `kind` filter of /consultation, from its address. */
export function consultationKindParam(params: URLSearchParams): 'tattoo' | 'piercing' | undefined {
  const kind = params.get('kind');
  return kind === 'tattoo' || kind === 'piercing' ? kind : undefined;
}

import { queryOptions } from '@tanstack/react-query';
import type { TArtistListItem } from '../../../shared/contracts/artists.ts';

export type TStudioSummary = {
  id: string;
  slug: string;
  name: string;
  description: string;
  address: string;
  city: string;
  country: string;
  timezone: string;
  lat: number;
  lng: number;
  hours: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', Array<[string, string]>>>;
  artistCount: number;
};

export const studiosOptions = () => queryOptions<{ items: TStudioSummary[] }>({ queryKey: ['/api/studios'] });
export const studioOptions = (slug: string) =>
  queryOptions<TStudioSummary & { artists: TArtistListItem[] }>({ queryKey: [`/api/studios/${encodeURIComponent(slug)}`] });

export type TStudio = TStudioSummary & { artists: TArtistListItem[] };

/** Head data for a studio page, with schema.org TattooParlor markup. */

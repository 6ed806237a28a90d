import type { QueryClient } from '@tanstack/react-query';

/**
 * The profile page reads an artist with `?view=profile`: only that read counts as a profile view on
 * the artist's Insights tab (decision 0027). Other screens (booking, messages, the call room, the AR
 * preview) read the same profile without it and count for nothing.
 */
export const artistProfileViewPath = (idOrSlug: string) => `/api/artists/${encodeURIComponent(idOrSlug)}?view=profile`;

/** After the owner changes their profile: every cached read of it, by id or slug, with or without the view marker. */
export function invalidateArtistProfile(queryClient: QueryClient, artist: { id: string; slug: string }): Promise<void> {
  const paths = [artist.id, artist.slug].map((x) => `/api/artists/${encodeURIComponent(x)}`);
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && paths.some((p) => q.queryKey[0] === p || (q.queryKey[0] as string).startsWith(`${p}?`)),
  });
}

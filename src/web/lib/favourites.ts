import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFavouriteIds, TFavourites } from '../../shared/contracts/favourites.ts';
import { FAVOURITE_IDS_PATH, FAVOURITES_PATH, favouriteUrl, type TFavouriteKind } from '../../shared/favourites.ts';
import { apiRequest } from './api.ts';
import { AUTH_USER_KEY, useAuth } from './auth.ts';
import { errorMessage } from './errors.ts';
import { toast } from './toast.ts';

/** The saved ids, for every heart on a page: loaded with signed-in pages on the server, then kept up to date here. */
export const favouriteIdsOptions = () => queryOptions<TFavouriteIds>({ queryKey: [FAVOURITE_IDS_PATH] });
/** The dashboard's "Saved" list. */
export const favouritesOptions = () => queryOptions<TFavourites>({ queryKey: [FAVOURITES_PATH], staleTime: 0 });

/**
 * For the loaders of pages with hearts (search, profiles, flash): a signed-in person's saved ids,
 * so the server's first HTML shows the hearts pressed and their forms post the right intent.
 * Nothing for visitors; once loaded, the cache answers and this costs nothing.
 */
export async function prefetchFavouriteIds(queryClient: QueryClient): Promise<void> {
  if (!queryClient.getQueryData(AUTH_USER_KEY)) return;
  await queryClient.prefetchQuery(favouriteIdsOptions());
}

const idsField = { artist: 'artistIds', flash: 'flashDesignIds' } as const;

function setSaved(queryClient: QueryClient, kind: TFavouriteKind, id: string, saved: boolean) {
  queryClient.setQueryData<TFavouriteIds>(favouriteIdsOptions().queryKey, (old) => {
    if (!old) return old;
    const rest = old[idsField[kind]].filter((x) => x !== id);
    return { ...old, [idsField[kind]]: saved ? [id, ...rest] : rest };
  });
  // A removal leaves the dashboard list at once; a save appears there on its next load.
  if (!saved) {
    queryClient.setQueryData<TFavourites>(favouritesOptions().queryKey, (old) => {
      if (!old) return old;
      return kind === 'artist' ? { ...old, artists: old.artists.filter((a) => a.id !== id) } : { ...old, flash: old.flash.filter((d) => d.id !== id) };
    });
  }
}

async function saveAgain(queryClient: QueryClient, kind: TFavouriteKind, id: string, name: string): Promise<void> {
  try {
    await apiRequest('PUT', favouriteUrl(kind, id));
    setSaved(queryClient, kind, id, true);
    await queryClient.invalidateQueries({ queryKey: favouritesOptions().queryKey });
  } catch (error) {
    toast({ title: `Could not save ${name}`, description: errorMessage(error), variant: 'error' });
  }
}

export type FavouriteState = {
  signedIn: boolean;
  saved: boolean;
  busy: boolean;
  /** Save when not saved, remove when saved (signed-in only: a visitor's heart posts its form to sign in first). */
  toggle: () => void;
  remove: () => void;
};

/**
 * One artist's or design's saved state and the way to change it. Changes show at once and are
 * undone, with a toast saying why, when the server refuses them.
 */
export function useFavourite(kind: TFavouriteKind, id: string, name: string): FavouriteState {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const ids = useQuery({ ...favouriteIdsOptions(), enabled: Boolean(user) });
  const saved = Boolean(user && ids.data?.[idsField[kind]].includes(id));

  const mutation = useMutation({
    mutationFn: async (save: boolean) => {
      await apiRequest(save ? 'PUT' : 'DELETE', favouriteUrl(kind, id));
    },
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: favouriteIdsOptions().queryKey });
      const before = { ids: queryClient.getQueryData<TFavouriteIds>(favouriteIdsOptions().queryKey), list: queryClient.getQueryData<TFavourites>(favouritesOptions().queryKey) };
      setSaved(queryClient, kind, id, save);
      return before;
    },
    onError: (error, save, before) => {
      queryClient.setQueryData(favouriteIdsOptions().queryKey, before?.ids);
      if (before?.list) queryClient.setQueryData(favouritesOptions().queryKey, before.list);
      toast({ title: save ? `Could not save ${name}` : `Could not remove ${name}`, description: errorMessage(error), variant: 'error' });
    },
    onSuccess: (_data, save) => {
      if (save) {
        toast({ title: `Saved ${name}`, description: 'Find it on your dashboard under Saved.', variant: 'success' });
      } else {
        toast({
          title: `Removed ${name} from Saved`,
          // Works after the removed row is gone from the page, so it does not go through this hook.
          action: { label: 'Undo', altText: `Save ${name} again`, onClick: () => void saveAgain(queryClient, kind, id, name) },
        });
      }
      if (save) void queryClient.invalidateQueries({ queryKey: favouritesOptions().queryKey });
    },
  });

  return {
    signedIn: Boolean(user),
    saved,
    busy: mutation.isPending,
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!saved);
    },
    remove: () => {
      if (!mutation.isPending) mutation.mutate(false);
    },
  };
}

/**
 * Favourites (issue 11 §2): the names both ends share, without zod, so the heart on public pages
 * (search results, profiles, flash) brings no schema code into their JavaScript.
 */
export const FAVOURITE_KINDS = ['artist', 'flash'] as const;
export type TFavouriteKind = (typeof FAVOURITE_KINDS)[number];

export const FAVOURITES_PATH = '/api/favourites';
/** Only the saved ids: what every heart on a page needs, loaded with signed-in pages on the server. */
export const FAVOURITE_IDS_PATH = '/api/favourites/ids';
const SEGMENT: Record<TFavouriteKind, string> = { artist: 'artists', flash: 'flash' };
/** PUT saves, DELETE removes: `/api/favourites/artists/{artistId}`, `/api/favourites/flash/{designId}`. */
export const favouriteUrl = (kind: TFavouriteKind, id: string) => `${FAVOURITES_PATH}/${SEGMENT[kind]}/${encodeURIComponent(id)}`;

/** Where the heart's form posts when the page's JavaScript is not running (yet). */
export const FAVOURITE_FORM_PATH = '/api/favourites/form';
/**
 * A visitor who pressed a heart signed out is sent to sign in with this page as the return path:
 * it saves what they pressed (remembered in a cookie by the form post) and sends them on to the
 * page they were on. Not under /api, since sign-in never returns to an API path.
 */
export const FAVOURITES_CONTINUE_PATH = '/favourites/continue';
export const favouritesContinueUrl = (returnTo: string) => `${FAVOURITES_CONTINUE_PATH}?returnTo=${encodeURIComponent(returnTo)}`;

/** Saved artists, and separately saved designs, one person may keep (the dashboard lists them all on one page). */
export const FAVOURITES_MAX_PER_KIND = 200;

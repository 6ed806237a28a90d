import { z } from 'zod';
import { zText } from '../../shared/contracts/input.ts';

/**
 * Path parameters shared by the feature routes. An id that is not a UUID is left to the service,
 * which answers 404 as for any id it does not know; text that could never be an id is a 400 here.
 */
export const ZIdParams = z.object({ id: zText().min(1).max(80) });
/** /api/artists/:idOrSlug/…: every plugin names this segment the same, the router shares one tree per method. */
export const ZArtistParams = z.object({ idOrSlug: zText().min(1).max(80).regex(/^[A-Za-z0-9-]+$/, 'not an artist id or profile name') });

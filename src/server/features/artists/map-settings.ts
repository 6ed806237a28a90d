import type { FastifyInstance } from 'fastify';
import type { TMapSettings } from '../../../shared/contracts/artists.ts';

/** How long a tile check is believed: a few minutes, so a tile server coming back is noticed soon. */
const CHECK_TTL_MS = 5 * 60_000;
const CHECK_TIMEOUT_MS = 3_000;

/**
 * Whether one tile of the configured source can be fetched, checked at most every few minutes and
 * never twice at once. Browsers log every failed image as a console error, so when the tiles are
 * out of reach (an offline machine, a blocked host) the page is told before it asks for any; when
 * the server reaches them and a browser still cannot, the page notices the failing tiles itself.
 */
export function tileCheck(tileUrl: string): () => Promise<boolean> {
  const probeUrl = tileUrl.replace('{s}', 'a').replace('{z}', '0').replace('{x}', '0').replace('{y}', '0').replace('{r}', '');
  let last: { at: number; reachable: boolean } | null = null;
  let running: Promise<boolean> | null = null;
  const probe = async () => {
    try {
      const res = await fetch(probeUrl, { headers: { 'user-agent': 'Inkhaven map tile check' }, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      // Unreachable (no route, DNS, timeout): that is the answer, not an error of this request.
      return false;
    }
  };
  return async () => {
    if (last && Date.now() - last.at < CHECK_TTL_MS) return last.reachable;
    running ??= probe().then((reachable) => {
      last = { at: Date.now(), reachable };
      running = null;
      return reachable;
    });
    return running;
  };
}

export function mapSettingsRoutes(app: FastifyInstance) {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = app.ctx.config;
  const tilesReachable = tileCheck(MAP_TILE_URL);
  app.get('/api/map/settings', async (): Promise<TMapSettings> => ({ tileUrl: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION, tilesReachable: await tilesReachable() }));
}

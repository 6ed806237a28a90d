import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

/** Crawlers are not visitors: their fetches of a profile count for nothing. */
const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview/i;

/** Where an in-app referrer path came from, as the Insights tab names it. */
const APP_SOURCES: Array<[RegExp, string]> = [
  [/^\/artists\/?$/, 'Inkhaven search'],
  [/^\/(home)?\/?$/, 'Inkhaven home'],
  [/^\/favourites/, 'Favourites'],
  [/^\/flash/, 'Flash gallery'],
  [/^\/studios/, 'Studio pages'],
  [/^\/guides|^\/(piercing|tattoo)-/, 'Guides'],
  [/^\/messages/, 'Messages'],
];

/**
 * A coarse source for a profile view: an Inkhaven page kind, another site's host name (without
 * "www."), or "Direct". Never the full URL (query strings can hold what someone searched for).
 */
export function referrerSource(referer: string | undefined, ownHost: string | undefined): string {
  if (!referer) return 'Direct';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return 'Direct';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Direct';
  if (ownHost && url.host === ownHost) {
    for (const [pattern, name] of APP_SOURCES) if (pattern.test(url.pathname)) return name;
    return 'Other Inkhaven pages';
  }
  return url.hostname.replace(/^www\./, '').slice(0, 100) || 'Direct';
}

type Log = { warn(obj: object, msg: string): void };

/** Counts written and not awaited by the request: shutdown and tests wait for them with settleInsightWrites. */
const inFlight = new Set<Promise<unknown>>();
function track(write: Promise<unknown>, log: Log, what: string): void {
  const settled = write
    .catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, `${what} not counted`))
    .finally(() => inFlight.delete(settled));
  inFlight.add(settled);
}

/** Wait for every count started so far (tests; a graceful shutdown). */
export async function settleInsightWrites(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * Count a profile view. Not awaited by the caller: the profile never waits for a counter, and a
 * failed count is logged, not shown. An artist looking at their own profile (signed in as the
 * profile's owner) is not a view: the condition is in the INSERT, so it costs no extra round trip.
 */
export function recordProfileView(
  ctx: AppContext,
  log: Log,
  artistId: string,
  viewerId: string | null,
  headers: { referer?: string | undefined; host?: string | undefined; 'user-agent'?: string | undefined },
): void {
  if (CRAWLER.test(headers['user-agent'] ?? '')) return;
  const source = referrerSource(headers.referer, headers.host);
  track(
    ctx.database.db.execute(sql`INSERT INTO artist_stat_events (artist_id, kind, referrer_source)
      SELECT id, 'profile_view', ${source} FROM artist_profiles WHERE id = ${artistId} AND user_id IS DISTINCT FROM ${viewerId}`),
    log,
    'profile view',
  );
}

/**
 * Count the artists of a results list a person was shown (POST /api/artists/impressions, sent by
 * the search page once per artist per search per page load): one INSERT, not awaited. Unknown ids
 * and the viewer's own profile count for nothing; crawlers neither.
 */
export function recordSearchImpressions(ctx: AppContext, log: Log, artistIds: readonly string[], viewerId: string | null, userAgent: string | undefined): void {
  if (artistIds.length === 0 || CRAWLER.test(userAgent ?? '')) return;
  track(
    ctx.database.db.execute(sql`INSERT INTO artist_stat_events (artist_id, kind)
      SELECT a.id, 'search_impression' FROM artist_profiles a
      WHERE a.id = ANY(${`{${[...new Set(artistIds)].join(',')}}`}::uuid[]) AND a.user_id IS DISTINCT FROM ${viewerId}`),
    log,
    'search impressions',
  );
}

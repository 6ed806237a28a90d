import { sql, type SQL } from 'drizzle-orm';
import { ARTIST_PAGE_SIZE, DEFAULT_RADIUS_KM, type TArtistListItem, type TArtistPage, type TArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';

const KM_PER_DEGREE_LAT = 111.32;
/** Below this trigram word similarity a name or city does not count as a typo of the query. */
const TRIGRAM_MATCH = 0.45;

type Cursor = { k: number; id: string };
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.k === 'number' && Number.isFinite(c.k) && typeof c.id === 'string' && /^[0-9a-f-]{36}$/.test(c.id)) return c;
  } catch {
    // Fall through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', 'cursor: this page link is not valid any more; start the search again.');
}

type Row = {
  id: string;
  slug: string;
  display_name: string;
  kind: TArtistListItem['kind'];
  styles: string[];
  city: string;
  country: string;
  timezone: string;
  verified: boolean;
  rating_value: string | number | null;
  rating_count: number;
  distance_km: string | number | null;
  studio_name: string | null;
  price_from_cents: number | null;
  deposit_from_cents: number | null;
  thumb_key: string | null;
  sort_key: string | number;
};

/**
 * GET /api/artists. Text search (weighted tsvector) with a trigram fallback for typos, filters,
 * keyset pagination on (sort key, id) so pages never skip or repeat while the catalogue grows.
 */
export async function searchArtists(ctx: AppContext, query: TArtistSearchQuery): Promise<TArtistPage> {
  if (query.sort === 'soonest' || query.availableFrom || query.availableTo) {
    throw new AppError('VALIDATION_FAILED', 'Searching by availability is not available yet: artists cannot publish open slots until booking launches.');
  }
  const limit = query.limit ?? ARTIST_PAGE_SIZE;
  const where: SQL[] = [];
  const q = query.q && query.q.length > 0 ? query.q : null;
  const tsQuery = q ? sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))` : null;

  if (q && tsQuery) {
    where.push(sql`(a.search_document @@ ${tsQuery} OR word_similarity(${q}, a.display_name) >= ${TRIGRAM_MATCH} OR word_similarity(${q}, a.city) >= ${TRIGRAM_MATCH})`);
  }
  if (query.kind) where.push(sql`a.kind IN (${query.kind}::artist_kind, 'both'::artist_kind)`);
  if (query.style) where.push(sql`a.style_slugs @> ARRAY[${query.style}]::text[]`);
  if (query.city) where.push(sql`lower(a.city) = lower(${query.city})`);
  if (query.verified) where.push(sql`a.verified`);
  if (query.minRating !== undefined) where.push(sql`a.rating_count > 0 AND a.rating_sum / a.rating_count >= ${query.minRating}`);
  if (query.maxDeposit !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM services s WHERE s.artist_id = a.id AND s.active AND s.kind <> 'consultation' AND s.deposit_cents <= ${query.maxDeposit})`);
  }

  let distance: SQL | null = null;
  if (query.near) {
    const [lat, lng] = query.near;
    const radius = query.radiusKm ?? DEFAULT_RADIUS_KM;
    distance = sql`(6371.0 * 2 * asin(sqrt(power(sin(radians(a.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(a.lat)) * power(sin(radians(a.lng - ${lng}) / 2), 2))))`;
    // A bounding box first lets the (lat, lng) index do most of the work; the exact distance decides.
    const dLat = radius / KM_PER_DEGREE_LAT;
    const dLng = radius / (KM_PER_DEGREE_LAT * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
    where.push(sql`a.lat BETWEEN ${lat - dLat} AND ${lat + dLat}`);
    if (dLng < 180) where.push(sql`a.lng BETWEEN ${lng - dLng} AND ${lng + dLng}`);
    where.push(sql`${distance} <= ${radius}`);
  }

  const sort = query.sort ?? (q ? 'relevance' : distance ? 'distance' : 'rating');
  let sortKey: SQL;
  let direction: 'asc' | 'desc';
  if (sort === 'relevance' && tsQuery && q) {
    sortKey = sql`(ts_rank(a.search_document, ${tsQuery}) + 0.5 * greatest(word_similarity(${q}, a.display_name), word_similarity(${q}, a.city)))::float8`;
    direction = 'desc';
  } else if (sort === 'distance' && distance) {
    sortKey = sql`${distance}::float8`;
    direction = 'asc';
  } else {
    // Rating, and relevance without a text query: best rated first; unrated artists last.
    sortKey = sql`coalesce(a.rating_sum / nullif(a.rating_count, 0), 0)::float8`;
    direction = 'desc';
  }

  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    where.push(
      direction === 'desc'
        ? sql`(${sortKey} < ${c.k} OR (${sortKey} = ${c.k} AND a.id > ${c.id}::uuid))`
        : sql`(${sortKey} > ${c.k} OR (${sortKey} = ${c.k} AND a.id > ${c.id}::uuid))`,
    );
  }

  const order = direction === 'desc' ? sql`sort_key DESC, a.id ASC` : sql`sort_key ASC, a.id ASC`;
  const rows = await selectListItems(ctx, { where, distance, sortKey, order, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentListItem),
    nextCursor: rows.length > limit && last ? encodeCursor({ k: Number(last.sort_key), id: last.id }) : null,
  };
}

/** The list-item query shared by search and studio pages. */
async function selectListItems(
  ctx: AppContext,
  opts: { where: SQL[]; distance: SQL | null; sortKey: SQL; order: SQL; limit: number },
): Promise<Row[]> {
  const whereSql = opts.where.length ? sql`WHERE ${sql.join(opts.where, sql` AND `)}` : sql``;
  return queryRows<Row>(ctx.database.db, sql`
    SELECT a.id, a.slug, a.display_name, a.kind, a.styles, a.city, a.country, a.timezone, a.verified,
           a.rating_sum / nullif(a.rating_count, 0) AS rating_value, a.rating_count,
           ${opts.distance ?? sql`NULL`} AS distance_km,
           st.name AS studio_name,
           svc.price_from_cents, svc.deposit_from_cents,
           img.thumb_key,
           ${opts.sortKey} AS sort_key
    FROM artist_profiles a
    LEFT JOIN studios st ON st.id = a.studio_id
    LEFT JOIN LATERAL (
      SELECT min(s.price_min_cents) FILTER (WHERE s.kind <> 'consultation') AS price_from_cents,
             min(s.deposit_cents) FILTER (WHERE s.kind <> 'consultation') AS deposit_from_cents
      FROM services s WHERE s.artist_id = a.id AND s.active
    ) svc ON true
    LEFT JOIN LATERAL (
      SELECT p.thumb_key FROM portfolio_images p WHERE p.artist_id = a.id ORDER BY p.position, p.created_at LIMIT 1
    ) img ON true
    ${whereSql}
    ORDER BY ${opts.order}
    LIMIT ${opts.limit}
  `);
}

export async function searchArtistsInStudio(ctx: AppContext, studioId: string): Promise<TArtistListItem[]> {
  const rows = await selectListItems(ctx, {
    where: [sql`a.studio_id = ${studioId}::uuid`],
    distance: null,
    sortKey: sql`a.display_name`,
    order: sql`a.display_name ASC, a.id ASC`,
    limit: 200,
  });
  return rows.map(presentListItem);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function presentListItem(r: Row): TArtistListItem {
  const item: TArtistListItem = {
    id: r.id,
    slug: r.slug,
    displayName: r.display_name,
    kind: r.kind,
    styles: r.styles,
    city: r.city,
    country: r.country,
    timezone: r.timezone,
    verified: r.verified,
    rating: { value: r.rating_value === null ? null : round1(Number(r.rating_value)), count: Number(r.rating_count) },
    studioName: r.studio_name,
    priceFromCents: r.price_from_cents === null ? null : Number(r.price_from_cents),
    depositFromCents: r.deposit_from_cents === null ? null : Number(r.deposit_from_cents),
    currency: 'USD',
    photoUrl: r.thumb_key ? `/uploads/${r.thumb_key}` : null,
  };
  if (r.distance_km !== null) item.distanceKm = round1(Number(r.distance_km));
  return item;
}

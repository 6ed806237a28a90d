import { avatarUrlOf } from '../../../shared/avatar.ts';
import type { TArtistListItem, TArtistPage } from '../../../shared/contracts/artists.ts';

/** A search result card as the search statements return it (search.ts), and as the API shows it. */
export type Row = {
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
  /** The artist's uploaded avatar, joined with the studio name after the page is cut. */
  avatar_key?: string | null;
  price_from_cents: number | null;
  deposit_from_cents: number | null;
  thumb_key: string | null;
  lat: string | number;
  lng: string | number;
  sort_key: string | number;
  /** Matches up to SEARCH_COUNT_LIMIT + 1, on the first page of a search (see buildArtistSearch's `count`). */
  total_count?: string | number;
  /** The catalogue version of the statement's snapshot (buildArtistSearch's `version`). */
  catalogue_version?: string | number;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

export function presentListItem(r: Row): TArtistListItem {
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
    avatarUrl: avatarUrlOf(r.avatar_key),
    lat: Number(r.lat),
    lng: Number(r.lng),
  };
  if (r.distance_km !== null) item.distanceKm = round1(Number(r.distance_km));
  return item;
}

/**
 * Cards whose JSON is known: the index serializes each artist's card once (search-index.ts), and a
 * card made from it with a few more fields (a distance, a first free slot) keeps that JSON plus the
 * fields'. A page is then written by joining known JSON instead of serializing every card of every
 * answer again, which was a tenth of an uncached search's CPU.
 */
const knownJson = new WeakMap<TArtistListItem, { base: string; extra: string }>();

/** Remembers `json` as the card's JSON (JSON.stringify(card), made once); returns the card. */
export function withKnownJson(card: TArtistListItem, json: string): TArtistListItem {
  knownJson.set(card, { base: json, extra: '' });
  return card;
}

/** The card with these fields added (none of them already on it), and its JSON known when the card's is. */
export function extendCard(card: TArtistListItem, fields: Pick<TArtistListItem, 'distanceKm' | 'firstAvailableAt'>): TArtistListItem {
  const extended = { ...card, ...fields };
  const known = knownJson.get(card);
  if (known) {
    let extra = known.extra;
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) extra += `,"${name}":${JSON.stringify(value)}`;
    knownJson.set(extended, { base: known.base, extra });
  }
  return extended;
}

function cardJson(card: TArtistListItem): string {
  const known = knownJson.get(card);
  if (!known) return JSON.stringify(card);
  return known.extra ? `${known.base.slice(0, -1)}${known.extra}}` : known.base;
}

const pageJsons = new WeakMap<TArtistPage, string>();

/** The JSON of a search page (kept for a page the search keeps and answers again). */
export function searchPageJson(page: TArtistPage): string {
  let json = pageJsons.get(page);
  if (json === undefined) {
    const { items, ...rest } = page;
    const others = JSON.stringify(rest);
    json = `{"items":[${items.map(cardJson).join(',')}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`;
    pageJsons.set(page, json);
  }
  return json;
}

import { z } from 'zod';
import { ZDate, zText } from './input.ts';

export const ARTIST_KINDS = ['tattoo', 'piercing', 'both'] as const;
export const ARTIST_SORTS = ['relevance', 'rating', 'distance', 'soonest'] as const;
export const ARTIST_PAGE_SIZE = 24;
export const MAX_RADIUS_KM = 500;
export const DEFAULT_RADIUS_KM = 50;
/** Up to this many matches a search counts exactly; past it the answer says "1,000+" (counting everything costs what the page costs). */
export const SEARCH_COUNT_LIMIT = 1_000;

const latLng = zText()
  .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'use "lat,lng", for example 40.71,-74.00')
  .transform((v) => v.split(',').map(Number) as [number, number])
  .refine(([lat, lng]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, 'latitude must be within ±90 and longitude within ±180');

const boolFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET /api/artists query (DESIGN §4). Unknown parameters are refused so typos do not silently match everything. */
export const ZArtistSearchQuery = z
  .strictObject({
    q: zText().trim().max(100).optional(),
    kind: z.enum(['tattoo', 'piercing']).optional(),
    style: zText()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,40}$/, 'use a style slug such as fine-line or helix')
      .optional(),
    city: zText().trim().min(1).max(80).optional(),
    near: latLng.optional(),
    radiusKm: z.coerce.number().positive().max(MAX_RADIUS_KM).optional(),
    minRating: z.coerce.number().min(0).max(5).optional(),
    maxDeposit: z.coerce.number().int('use whole cents').min(0).optional(),
    verified: boolFlag.optional(),
    /** Search the words of `q` as typed, without typo correction ("Search instead for …"). */
    exact: boolFlag.optional(),
    availableFrom: ZDate.optional(),
    availableTo: ZDate.optional(),
    sort: z.enum(ARTIST_SORTS).optional(),
    cursor: zText().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine((q) => q.sort !== 'distance' || q.near, { message: 'sort=distance needs near=lat,lng', path: ['sort'] })
  .refine((q) => q.radiusKm === undefined || q.near, { message: 'radiusKm needs near=lat,lng', path: ['radiusKm'] })
  .refine((q) => !q.availableFrom || !q.availableTo || q.availableFrom <= q.availableTo, {
    message: 'availableFrom must be on or before availableTo',
    path: ['availableFrom'],
  });
export type TArtistSearchQuery = z.infer<typeof ZArtistSearchQuery>;

export type TArtistListItem = {
  id: string;
  slug: string;
  displayName: string;
  kind: (typeof ARTIST_KINDS)[number];
  styles: string[];
  city: string;
  country: string;
  timezone: string;
  verified: boolean;
  rating: { value: number | null; count: number };
  distanceKm?: number;
  studioName: string | null;
  priceFromCents: number | null;
  depositFromCents: number | null;
  currency: string;
  photoUrl: string | null;
  /** The artist's avatar; null shows their monogram. */
  avatarUrl: string | null;
  /** With sort=soonest or a date range: the artist's first free slot (UTC ISO). */
  firstAvailableAt?: string;
  /** Where the artist works (their studio's or city's coordinates), for the map view. */
  lat: number;
  lng: number;
};

export type TArtistPage = {
  items: TArtistListItem[];
  nextCursor: string | null;
  /** First page only (not with availability filters, which are checked page by page): how many artists match; `exact` false past SEARCH_COUNT_LIMIT. */
  total?: { count: number; exact: boolean };
  /** The text query as searched when words were corrected ("fien line" → "fine line"). */
  correctedQuery?: string;
  /** A suggestion when the search found nothing even after correction. */
  didYouMean?: string;
  /** The place `city` was read as; `radiusKm` null when artists listing that city are shown, else artists within it; `exact` false when guessed ("Brookl" → Brooklyn). */
  place?: { label: string; lat: number; lng: number; radiusKm: number | null; exact: boolean };
  /** The typed city when no known place matches it. */
  unknownPlace?: string;
};

export const REVIEWS_PAGE_SIZE = 10;

export type TRatingAggregate = {
  ratingValue: number | null;
  reviewCount: number;
  bestRating: 5;
  worstRating: 1;
  /** Reviews per whole star, keyed 1 to 5 (a 4.5 counts as 4). */
  ratingDistribution: Record<'1' | '2' | '3' | '4' | '5', number>;
};

export type TService = {
  id: string;
  name: string;
  kind: 'consultation' | 'tattoo' | 'piercing';
  durationMinutes: number;
  priceMinCents: number;
  priceMaxCents: number;
  depositCents: number;
  currency: string;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced' | 'Expert' | null;
  /** Spec search metadata: "6-8 weeks"-style text, or null. */
  healingTime: string | null;
  aftercareRequired: boolean;
  safetyProtocols: string[];
  /** A piercing style of the guide (slug), whose healing range the aftercare plan uses. */
  piercingStyle: string | null;
};

export type TPortfolioImage = { id: string; url: string; thumbUrl: string; width: number; height: number; caption: string };

export type TArtistProfile = {
  id: string;
  slug: string;
  displayName: string;
  /** The artist's avatar; null shows their monogram. */
  avatarUrl: string | null;
  kind: (typeof ARTIST_KINDS)[number];
  bio: string;
  styles: string[];
  city: string;
  country: string;
  timezone: string;
  lat: number;
  lng: number;
  verified: boolean;
  instagram: string | null;
  workingHours: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', Array<[string, string]>>>;
  studio: { slug: string; name: string; address: string; city: string } | null;
  services: TService[];
  portfolio: TPortfolioImage[];
  rating: TRatingAggregate;
  policy: { noticeHours: number; maxReschedules: number; depositWindowHours: number };
  /** Whether clients may write before booking (issue 12 §1, booking settings): the profile's Message button shows only then. */
  acceptInquiries: boolean;
};

export type TReview = {
  id: string;
  author: { name: string; location: string | null; isVerified: boolean };
  ratingValue: number;
  headline: string;
  reviewBody: string;
  datePublished: string;
  reviewAspect: string | null;
  pros: string | null;
  cons: string | null;
  isVerified: boolean;
  bestRating: 5;
  worstRating: 1;
  reply: { body: string; date: string } | null;
  /** The client's note once the work healed (aftercare's healed invitation, decision 0022). */
  healedFollowUp: { body: string; date: string } | null;
  /** Up to REVIEW_MAX_PHOTOS photos the client added; `alt` always says something. */
  photos: TReviewPhoto[];
};

export type TReviewPhoto = { id: string; url: string; thumbUrl: string; width: number; height: number; alt: string };

export type TReviewPage = { items: TReview[]; nextCursor: string | null; aggregate: TRatingAggregate };

/** GET /api/map/settings: what the search page's map view needs (tiles from config, MAP_TILE_URL). */
export type TMapSettings = {
  /** Leaflet XYZ template. */
  tileUrl: string;
  /** Plain text credit shown under the map. */
  attribution: string;
  /** False when the server could not fetch a tile lately: the page then shows the list only and does not try. */
  tilesReachable: boolean;
};

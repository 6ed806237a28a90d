import { DIFFICULTIES, sessionDurationMinutes, type Difficulty } from '../../../shared/guides/difficulty.ts';
import { PIERCING_CATEGORIES, type PiercingCategoryId } from '../../../shared/guides/piercing-styles.ts';
import type { WeeklyHours } from '../schema/index.ts';
import type { Work } from './images.ts';

/** Static demo content: places, people and words. Builders in demo.ts and catalogue.ts combine them. */

export const TATTOO_STYLES = [
  'Traditional',
  'Realism',
  'Watercolor',
  'Geometric',
  'Fine Line',
  'Japanese',
  'Blackwork',
  'Neo Traditional',
  'Minimalist',
  'Tribal',
  'Dotwork',
  'Abstract',
] as const;

/** Piercing styles and their difficulty come from the public guide, so services match what /piercing-styles says (Genital is left out of the demo). */
export const PIERCING_STYLES: ReadonlyArray<{ name: string; difficulty: Difficulty; area: PiercingCategoryId }> = PIERCING_CATEGORIES.flatMap((c) =>
  c.styles.filter((s) => s.name !== 'Genital').map((s) => ({ name: s.name, difficulty: s.difficulty, area: c.id })),
);

/** Session lengths offered per difficulty: round numbers inside spec §9's ranges. */
export const PIERCING_DURATIONS = {} as Record<Difficulty, readonly number[]>;
for (const d of DIFFICULTIES) {
  const { min, max } = sessionDurationMinutes(d);
  PIERCING_DURATIONS[d] = [15, 20, 30, 45, 60, 75, 90].filter((m) => m >= min && m <= max);
}

/** Price range (cents, jewellery included) by difficulty. */
export const PIERCING_PRICES: Record<Difficulty, [number, number]> = {
  Beginner: [10_000, 16_000],
  Intermediate: [12_000, 20_000],
  Advanced: [15_000, 26_000],
  Expert: [18_000, 32_000],
};

export type City = { name: string; region: string; country: string; timezone: string; lat: number; lng: number };

export const CITIES = {
  newYork: { name: 'New York', region: 'NY', country: 'US', timezone: 'America/New_York', lat: 40.7128, lng: -74.006 },
  losAngeles: { name: 'Los Angeles', region: 'CA', country: 'US', timezone: 'America/Los_Angeles', lat: 34.0522, lng: -118.2437 },
  chicago: { name: 'Chicago', region: 'IL', country: 'US', timezone: 'America/Chicago', lat: 41.8781, lng: -87.6298 },
  austin: { name: 'Austin', region: 'TX', country: 'US', timezone: 'America/Chicago', lat: 30.2672, lng: -97.7431 },
  portland: { name: 'Portland', region: 'OR', country: 'US', timezone: 'America/Los_Angeles', lat: 45.5152, lng: -122.6784 },
  denver: { name: 'Denver', region: 'CO', country: 'US', timezone: 'America/Denver', lat: 39.7392, lng: -104.9903 },
  seattle: { name: 'Seattle', region: 'WA', country: 'US', timezone: 'America/Los_Angeles', lat: 47.6062, lng: -122.3321 },
  miami: { name: 'Miami', region: 'FL', country: 'US', timezone: 'America/New_York', lat: 25.7617, lng: -80.1918 },
  toronto: { name: 'Toronto', region: 'ON', country: 'CA', timezone: 'America/Toronto', lat: 43.6532, lng: -79.3832 },
  london: { name: 'London', region: 'England', country: 'GB', timezone: 'Europe/London', lat: 51.5074, lng: -0.1278 },
  berlin: { name: 'Berlin', region: 'Berlin', country: 'DE', timezone: 'Europe/Berlin', lat: 52.52, lng: 13.405 },
  melbourne: { name: 'Melbourne', region: 'VIC', country: 'AU', timezone: 'Australia/Melbourne', lat: -37.8136, lng: 144.9631 },
} satisfies Record<string, City>;

export type CityId = keyof typeof CITIES;

/** Extra cities for the large benchmark catalogue. */
export const MORE_CITIES: City[] = [
  { name: 'San Francisco', region: 'CA', country: 'US', timezone: 'America/Los_Angeles', lat: 37.7749, lng: -122.4194 },
  { name: 'San Diego', region: 'CA', country: 'US', timezone: 'America/Los_Angeles', lat: 32.7157, lng: -117.1611 },
  { name: 'Phoenix', region: 'AZ', country: 'US', timezone: 'America/Phoenix', lat: 33.4484, lng: -112.074 },
  { name: 'Salt Lake City', region: 'UT', country: 'US', timezone: 'America/Denver', lat: 40.7608, lng: -111.891 },
  { name: 'Dallas', region: 'TX', country: 'US', timezone: 'America/Chicago', lat: 32.7767, lng: -96.797 },
  { name: 'Houston', region: 'TX', country: 'US', timezone: 'America/Chicago', lat: 29.7604, lng: -95.3698 },
  { name: 'Minneapolis', region: 'MN', country: 'US', timezone: 'America/Chicago', lat: 44.9778, lng: -93.265 },
  { name: 'Nashville', region: 'TN', country: 'US', timezone: 'America/Chicago', lat: 36.1627, lng: -86.7816 },
  { name: 'New Orleans', region: 'LA', country: 'US', timezone: 'America/Chicago', lat: 29.9511, lng: -90.0715 },
  { name: 'Atlanta', region: 'GA', country: 'US', timezone: 'America/New_York', lat: 33.749, lng: -84.388 },
  { name: 'Philadelphia', region: 'PA', country: 'US', timezone: 'America/New_York', lat: 39.9526, lng: -75.1652 },
  { name: 'Boston', region: 'MA', country: 'US', timezone: 'America/New_York', lat: 42.3601, lng: -71.0589 },
  { name: 'Detroit', region: 'MI', country: 'US', timezone: 'America/Detroit', lat: 42.3314, lng: -83.0458 },
  { name: 'Vancouver', region: 'BC', country: 'CA', timezone: 'America/Vancouver', lat: 49.2827, lng: -123.1207 },
  { name: 'Montreal', region: 'QC', country: 'CA', timezone: 'America/Toronto', lat: 45.5017, lng: -73.5673 },
  { name: 'Mexico City', region: 'CDMX', country: 'MX', timezone: 'America/Mexico_City', lat: 19.4326, lng: -99.1332 },
  { name: 'Manchester', region: 'England', country: 'GB', timezone: 'Europe/London', lat: 53.4808, lng: -2.2426 },
  { name: 'Dublin', region: 'Leinster', country: 'IE', timezone: 'Europe/Dublin', lat: 53.3498, lng: -6.2603 },
  { name: 'Amsterdam', region: 'North Holland', country: 'NL', timezone: 'Europe/Amsterdam', lat: 52.3676, lng: 4.9041 },
  { name: 'Paris', region: 'Île-de-France', country: 'FR', timezone: 'Europe/Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'Barcelona', region: 'Catalonia', country: 'ES', timezone: 'Europe/Madrid', lat: 41.3874, lng: 2.1686 },
  { name: 'Lisbon', region: 'Lisbon', country: 'PT', timezone: 'Europe/Lisbon', lat: 38.7223, lng: -9.1393 },
  { name: 'Stockholm', region: 'Stockholm', country: 'SE', timezone: 'Europe/Stockholm', lat: 59.3293, lng: 18.0686 },
  { name: 'Copenhagen', region: 'Capital Region', country: 'DK', timezone: 'Europe/Copenhagen', lat: 55.6761, lng: 12.5683 },
  { name: 'Sydney', region: 'NSW', country: 'AU', timezone: 'Australia/Sydney', lat: -33.8688, lng: 151.2093 },
  { name: 'Auckland', region: 'Auckland', country: 'NZ', timezone: 'Pacific/Auckland', lat: -36.8485, lng: 174.7633 },
  { name: 'Tokyo', region: 'Tokyo', country: 'JP', timezone: 'Asia/Tokyo', lat: 35.6762, lng: 139.6503 },
  { name: 'Seoul', region: 'Seoul', country: 'KR', timezone: 'Asia/Seoul', lat: 37.5665, lng: 126.978 },
];

export const HOURS_PATTERNS: WeeklyHours[] = [
  { '2': [['11:00', '19:00']], '3': [['11:00', '19:00']], '4': [['11:00', '19:00']], '5': [['11:00', '19:00']], '6': [['10:00', '17:00']] },
  { '1': [['10:00', '18:00']], '2': [['10:00', '18:00']], '3': [['10:00', '18:00']], '4': [['10:00', '18:00']], '5': [['10:00', '18:00']] },
  { '3': [['12:00', '20:00']], '4': [['12:00', '20:00']], '5': [['12:00', '20:00']], '6': [['11:00', '19:00']], '7': [['12:00', '17:00']] },
  {
    '1': [['09:00', '13:00'], ['14:00', '18:00']],
    '2': [['09:00', '13:00'], ['14:00', '18:00']],
    '4': [['09:00', '13:00'], ['14:00', '18:00']],
    '5': [['09:00', '13:00'], ['14:00', '18:00']],
  },
  { '2': [['13:00', '21:00']], '3': [['13:00', '21:00']], '4': [['13:00', '21:00']], '5': [['13:00', '21:00']], '6': [['12:00', '20:00']] },
  { '1': [['11:00', '19:00']], '3': [['11:00', '19:00']], '5': [['11:00', '19:00']], '6': [['10:00', '16:00']] },
];

export const STUDIO_HOURS: WeeklyHours = {
  '1': [['10:00', '20:00']],
  '2': [['10:00', '20:00']],
  '3': [['10:00', '20:00']],
  '4': [['10:00', '21:00']],
  '5': [['10:00', '21:00']],
  '6': [['10:00', '21:00']],
  '7': [['12:00', '18:00']],
};

export type StudioSeed = {
  slug: string;
  name: string;
  city: CityId;
  address: string;
  lat: number;
  lng: number;
  description: string;
  hours?: WeeklyHours;
};

export const STUDIOS: StudioSeed[] = [
  {
    slug: 'black-anchor-tattoo-co',
    name: 'Black Anchor Tattoo Co.',
    city: 'newYork',
    address: '245 Grand St, Brooklyn, NY 11211',
    lat: 40.7136,
    lng: -73.9592,
    description: 'A bright, appointment-first shop in Williamsburg with six private stations, known for crisp fine line and bold blackwork.',
  },
  {
    slug: 'golden-hour-ink',
    name: 'Golden Hour Ink',
    city: 'losAngeles',
    address: '1420 Sunset Blvd, Los Angeles, CA 90026',
    lat: 34.0777,
    lng: -118.2606,
    description: 'Echo Park studio flooded with afternoon light. Realism, colour work and a rotating roster of guest artists.',
  },
  {
    slug: 'lakeshore-needle-works',
    name: 'Lakeshore Needle Works',
    city: 'chicago',
    address: '1550 N Milwaukee Ave, Chicago, IL 60622',
    lat: 41.9092,
    lng: -87.6776,
    description: 'Wicker Park tattoo and piercing studio with an autoclave you can see from the lobby and a wall of implant-grade titanium.',
  },
  {
    slug: 'live-oak-tattoo-and-piercing',
    name: 'Live Oak Tattoo & Piercing',
    city: 'austin',
    address: '1612 S Congress Ave, Austin, TX 78704',
    lat: 30.248,
    lng: -97.7505,
    description: 'South Congress institution since 2009: walk-in flash on Fridays, custom work by appointment the rest of the week.',
  },
  {
    slug: 'rose-city-piercing-studio',
    name: 'Rose City Piercing Studio',
    city: 'portland',
    address: '3325 SE Division St, Portland, OR 97202',
    lat: 45.5048,
    lng: -122.6301,
    description: 'Piercing-only studio focused on anatomy-first placement, curated ear projects and solid 14k and 18k gold jewellery.',
    hours: {
      '2': [['11:00', '19:00']],
      '3': [['11:00', '19:00']],
      '4': [['11:00', '19:00']],
      '5': [['11:00', '20:00']],
      '6': [['10:00', '20:00']],
      '7': [['11:00', '17:00']],
    },
  },
  {
    slug: 'mile-high-tattoo-collective',
    name: 'Mile High Tattoo Collective',
    city: 'denver',
    address: '2600 Larimer St, Denver, CO 80205',
    lat: 39.7587,
    lng: -104.9848,
    description: 'An artist-owned collective in RiNo. Japanese, neo traditional and large-scale custom projects.',
  },
  {
    slug: 'queen-west-tattoo',
    name: 'Queen West Tattoo',
    city: 'toronto',
    address: '800 Queen St W, Toronto, ON M6J 1G3',
    lat: 43.6457,
    lng: -79.4112,
    description: 'Street-level shop on Queen West with tattoo and piercing under one roof and a strict single-use needle policy.',
  },
  {
    slug: 'brick-lane-ink',
    name: 'Brick Lane Ink',
    city: 'london',
    address: '120 Brick Lane, London E1 6RU',
    lat: 51.5216,
    lng: -0.0717,
    description: 'East London studio mixing traditional flash with geometric and dotwork specialists. Licensed by Tower Hamlets council.',
  },
  {
    slug: 'kreuzberg-tattoo-atelier',
    name: 'Kreuzberg Tattoo Atelier',
    city: 'berlin',
    address: 'Oranienstraße 185, 10999 Berlin',
    lat: 52.5005,
    lng: 13.423,
    description: 'Quiet upstairs atelier for blackwork, abstract and experimental pieces. Consultations in English and German.',
  },
  {
    slug: 'fitzroy-ink-house',
    name: 'Fitzroy Ink House',
    city: 'melbourne',
    address: '250 Brunswick St, Fitzroy VIC 3065',
    lat: -37.7985,
    lng: 144.9782,
    description: 'Fitzroy terrace house turned studio: watercolour, fine line and piercing by appointment.',
  },
];

export type ArtistSeed = {
  name: string;
  kind: 'tattoo' | 'piercing' | 'both';
  city: CityId;
  /** Studio slug, or null for a private studio. */
  studio: string | null;
  styles: string[];
  years: number;
  verified: boolean;
  instagram: string | null;
  hours: number;
  /** Reviews to seed (0 = new on the platform). */
  reviews: number;
};

/** The two demo artist accounts come first. */
export const DEMO_TATTOO_ARTIST: ArtistSeed = {
  name: 'Rosa Delgado',
  kind: 'tattoo',
  city: 'newYork',
  studio: 'black-anchor-tattoo-co',
  styles: ['Fine Line', 'Blackwork', 'Minimalist'],
  years: 9,
  verified: true,
  instagram: 'rosa.delgado.ink',
  hours: 0,
  reviews: 7,
};

export const DEMO_PIERCER: ArtistSeed = {
  name: 'Jun Park',
  kind: 'piercing',
  city: 'portland',
  studio: 'rose-city-piercing-studio',
  styles: ['Helix', 'Conch', 'Industrial', 'Daith', 'Nostril', 'Septum', 'Lobe'],
  years: 7,
  verified: true,
  instagram: 'junpark.pierces',
  hours: 2,
  reviews: 6,
};

export const ARTISTS: ArtistSeed[] = [
  { name: 'Marcus Bell', kind: 'tattoo', city: 'newYork', studio: 'black-anchor-tattoo-co', styles: ['Traditional', 'Neo Traditional'], years: 14, verified: true, instagram: 'marcusbell.tattoo', hours: 2, reviews: 5 },
  { name: 'Priya Raman', kind: 'tattoo', city: 'newYork', studio: null, styles: ['Realism', 'Blackwork'], years: 6, verified: false, instagram: 'priya.inks', hours: 1, reviews: 3 },
  { name: 'Dani Kowalski', kind: 'both', city: 'newYork', studio: 'black-anchor-tattoo-co', styles: ['Minimalist', 'Fine Line', 'Helix', 'Tragus', 'Nostril'], years: 5, verified: true, instagram: 'dani.k.studio', hours: 4, reviews: 4 },
  { name: 'Lucía Ferrer', kind: 'tattoo', city: 'losAngeles', studio: 'golden-hour-ink', styles: ['Realism', 'Watercolor'], years: 11, verified: true, instagram: 'luciaferrer.art', hours: 0, reviews: 6 },
  { name: 'Theo Nakamura', kind: 'tattoo', city: 'losAngeles', studio: 'golden-hour-ink', styles: ['Japanese', 'Neo Traditional'], years: 16, verified: true, instagram: 'theonakamura', hours: 2, reviews: 5 },
  { name: 'Kiana Brooks', kind: 'piercing', city: 'losAngeles', studio: 'golden-hour-ink', styles: ['Septum', 'Nostril', 'Lip', 'Bridge', 'Eyebrow'], years: 8, verified: true, instagram: 'kiana.pierced', hours: 1, reviews: 4 },
  { name: 'Sam Whitfield', kind: 'tattoo', city: 'losAngeles', studio: null, styles: ['Fine Line', 'Minimalist'], years: 3, verified: false, instagram: null, hours: 4, reviews: 0 },
  { name: 'Ava Lindqvist', kind: 'tattoo', city: 'chicago', studio: 'lakeshore-needle-works', styles: ['Geometric', 'Dotwork'], years: 8, verified: true, instagram: 'ava.lindqvist', hours: 1, reviews: 5 },
  { name: 'Jordan Ellis', kind: 'piercing', city: 'chicago', studio: 'lakeshore-needle-works', styles: ['Navel', 'Nipple', 'Surface', 'Dermal', 'Industrial'], years: 10, verified: true, instagram: 'jordanellis.piercing', hours: 0, reviews: 4 },
  { name: 'Omar Haddad', kind: 'tattoo', city: 'chicago', studio: 'lakeshore-needle-works', styles: ['Blackwork', 'Tribal', 'Abstract'], years: 12, verified: false, instagram: 'omarhaddad.ink', hours: 5, reviews: 3 },
  { name: 'Grace Okafor', kind: 'tattoo', city: 'chicago', studio: null, styles: ['Neo Traditional', 'Watercolor'], years: 4, verified: false, instagram: 'graceokafor.tattoos', hours: 2, reviews: 2 },
  { name: 'Wes Carter', kind: 'tattoo', city: 'austin', studio: 'live-oak-tattoo-and-piercing', styles: ['Traditional', 'Blackwork'], years: 18, verified: true, instagram: 'wescarter.tattoo', hours: 0, reviews: 6 },
  { name: 'Mia Torres', kind: 'both', city: 'austin', studio: 'live-oak-tattoo-and-piercing', styles: ['Fine Line', 'Minimalist', 'Conch', 'Helix', 'Lobe'], years: 6, verified: true, instagram: 'miatorres.ink', hours: 3, reviews: 4 },
  { name: 'Caleb Rhodes', kind: 'piercing', city: 'austin', studio: 'live-oak-tattoo-and-piercing', styles: ['Lobe', 'Helix', 'Tragus', 'Daith', 'Navel'], years: 5, verified: false, instagram: 'calebrhodes.piercer', hours: 1, reviews: 3 },
  { name: 'Hana Sato', kind: 'piercing', city: 'portland', studio: 'rose-city-piercing-studio', styles: ['Lobe', 'Helix', 'Conch', 'Tragus', 'Daith'], years: 9, verified: true, instagram: 'hana.sato.pierces', hours: 2, reviews: 5 },
  { name: 'Eli Brennan', kind: 'tattoo', city: 'portland', studio: null, styles: ['Dotwork', 'Geometric', 'Abstract'], years: 7, verified: true, instagram: 'elibrennan.dots', hours: 5, reviews: 4 },
  { name: 'Noor Siddiqui', kind: 'tattoo', city: 'portland', studio: null, styles: ['Watercolor', 'Fine Line'], years: 5, verified: false, instagram: 'noor.paints.skin', hours: 0, reviews: 2 },
  { name: 'Rafael Mendes', kind: 'tattoo', city: 'denver', studio: 'mile-high-tattoo-collective', styles: ['Japanese', 'Traditional'], years: 15, verified: true, instagram: 'rafaelmendes.irezumi', hours: 2, reviews: 5 },
  { name: 'Tessa Morgan', kind: 'tattoo', city: 'denver', studio: 'mile-high-tattoo-collective', styles: ['Neo Traditional', 'Realism'], years: 9, verified: true, instagram: 'tessamorgan.tattoo', hours: 1, reviews: 4 },
  { name: 'Dylan Price', kind: 'both', city: 'denver', studio: 'mile-high-tattoo-collective', styles: ['Blackwork', 'Tribal', 'Septum', 'Industrial'], years: 8, verified: false, instagram: 'dylanprice.mod', hours: 4, reviews: 2 },
  { name: 'Isabela Costa', kind: 'tattoo', city: 'miami', studio: null, styles: ['Realism', 'Watercolor', 'Fine Line'], years: 10, verified: true, instagram: 'isabelacosta.tattoo', hours: 2, reviews: 5 },
  { name: 'Andre Baptiste', kind: 'tattoo', city: 'miami', studio: null, styles: ['Traditional', 'Neo Traditional', 'Tribal'], years: 13, verified: false, instagram: 'andrebaptiste', hours: 0, reviews: 3 },
  { name: 'Valentina Cruz', kind: 'piercing', city: 'miami', studio: null, styles: ['Nostril', 'Septum', 'Navel', 'Dermal', 'Surface'], years: 6, verified: true, instagram: 'valentina.piercing', hours: 3, reviews: 3 },
  { name: 'Finn Larsen', kind: 'tattoo', city: 'seattle', studio: null, styles: ['Blackwork', 'Geometric'], years: 9, verified: true, instagram: 'finnlarsen.black', hours: 1, reviews: 4 },
  { name: 'Maya Chen', kind: 'both', city: 'seattle', studio: null, styles: ['Minimalist', 'Fine Line', 'Helix', 'Lobe', 'Conch'], years: 4, verified: false, instagram: 'maya.chen.studio', hours: 2, reviews: 2 },
  { name: 'Liam O’Connell', kind: 'tattoo', city: 'toronto', studio: 'queen-west-tattoo', styles: ['Traditional', 'Japanese'], years: 17, verified: true, instagram: 'liamoconnell.tattoo', hours: 0, reviews: 6 },
  { name: 'Sofia Petrova', kind: 'tattoo', city: 'toronto', studio: 'queen-west-tattoo', styles: ['Fine Line', 'Realism'], years: 7, verified: true, instagram: 'sofia.petrova.ink', hours: 2, reviews: 4 },
  { name: 'Marcus Tremblay', kind: 'piercing', city: 'toronto', studio: 'queen-west-tattoo', styles: ['Industrial', 'Daith', 'Tragus', 'Eyebrow', 'Bridge'], years: 11, verified: true, instagram: 'tremblay.piercing', hours: 1, reviews: 4 },
  { name: 'Amara Nwosu', kind: 'tattoo', city: 'toronto', studio: null, styles: ['Abstract', 'Watercolor'], years: 3, verified: false, instagram: null, hours: 5, reviews: 1 },
  { name: 'Harriet Blake', kind: 'tattoo', city: 'london', studio: 'brick-lane-ink', styles: ['Traditional', 'Neo Traditional'], years: 12, verified: true, instagram: 'harrietblake.tattoo', hours: 1, reviews: 5 },
  { name: 'Kwame Asante', kind: 'tattoo', city: 'london', studio: 'brick-lane-ink', styles: ['Geometric', 'Dotwork', 'Blackwork'], years: 10, verified: true, instagram: 'kwame.dotwork', hours: 3, reviews: 5 },
  { name: 'Ellie Shaw', kind: 'piercing', city: 'london', studio: 'brick-lane-ink', styles: ['Lobe', 'Helix', 'Conch', 'Nostril', 'Septum', 'Navel'], years: 6, verified: true, instagram: 'ellieshaw.piercing', hours: 0, reviews: 4 },
  { name: 'Tomasz Nowak', kind: 'tattoo', city: 'london', studio: null, styles: ['Realism', 'Blackwork'], years: 8, verified: false, instagram: 'tomasznowak.ink', hours: 2, reviews: 3 },
  { name: 'Lena Vogel', kind: 'tattoo', city: 'berlin', studio: 'kreuzberg-tattoo-atelier', styles: ['Blackwork', 'Abstract'], years: 9, verified: true, instagram: 'lena.vogel.tattoo', hours: 4, reviews: 5 },
  { name: 'Jonas Richter', kind: 'tattoo', city: 'berlin', studio: 'kreuzberg-tattoo-atelier', styles: ['Dotwork', 'Geometric', 'Minimalist'], years: 6, verified: true, instagram: 'jonasrichter.dots', hours: 1, reviews: 3 },
  { name: 'Selin Aydın', kind: 'both', city: 'berlin', studio: 'kreuzberg-tattoo-atelier', styles: ['Fine Line', 'Septum', 'Eyebrow', 'Lip', 'Surface'], years: 7, verified: false, instagram: 'selin.aydin.mod', hours: 2, reviews: 2 },
  { name: 'Felix Braun', kind: 'piercing', city: 'berlin', studio: null, styles: ['Dermal', 'Surface', 'Cheek', 'Bridge', 'Nipple'], years: 13, verified: true, instagram: 'felixbraun.piercing', hours: 5, reviews: 3 },
  { name: 'Chloe Nguyen', kind: 'tattoo', city: 'melbourne', studio: 'fitzroy-ink-house', styles: ['Watercolor', 'Fine Line', 'Minimalist'], years: 8, verified: true, instagram: 'chloenguyen.ink', hours: 0, reviews: 5 },
  { name: 'Jack Henderson', kind: 'tattoo', city: 'melbourne', studio: 'fitzroy-ink-house', styles: ['Traditional', 'Tribal'], years: 20, verified: true, instagram: 'jackhenderson.tattoo', hours: 1, reviews: 4 },
  { name: 'Ruby Walsh', kind: 'piercing', city: 'melbourne', studio: 'fitzroy-ink-house', styles: ['Lobe', 'Helix', 'Nostril', 'Navel', 'Tragus'], years: 5, verified: false, instagram: 'rubywalsh.pierces', hours: 2, reviews: 3 },
  { name: 'Zoe Anders', kind: 'tattoo', city: 'melbourne', studio: null, styles: ['Japanese', 'Realism'], years: 2, verified: false, instagram: null, hours: 3, reviews: 0 },
  { name: 'Nico Alvarez', kind: 'tattoo', city: 'austin', studio: null, styles: ['Realism', 'Neo Traditional'], years: 6, verified: false, instagram: 'nicoalvarez.tattoo', hours: 2, reviews: 2 },
  { name: 'Ingrid Solberg', kind: 'tattoo', city: 'seattle', studio: null, styles: ['Minimalist', 'Geometric', 'Fine Line'], years: 5, verified: true, instagram: 'ingrid.solberg.ink', hours: 0, reviews: 3 },
  { name: 'Bea Fontaine', kind: 'piercing', city: 'newYork', studio: 'black-anchor-tattoo-co', styles: ['Lobe', 'Helix', 'Conch', 'Tragus', 'Industrial'], years: 4, verified: false, instagram: 'bea.fontaine.pierces', hours: 1, reviews: 2 },
];

export const BIO_OPENERS: Record<'tattoo' | 'piercing' | 'both', string[]> = {
  tattoo: [
    '{first} has been tattooing for {years} years and still draws every custom piece by hand before it goes anywhere near the stencil.',
    'After a fine-arts degree and a long apprenticeship, {first} has spent {years} years turning ideas into tattoos that age well.',
    '{first} is a {city} tattoo artist with {years} years behind the machine and a sketchbook that never leaves the station.',
    'Tattooing since {startYear}, {first} treats every session as a collaboration: your story, {first}’s linework.',
  ],
  piercing: [
    '{first} is an APP-trained piercer with {years} years of experience and an obsession with anatomy-first placement.',
    'Piercing since {startYear}, {first} works only with implant-grade titanium and solid gold, and will tell you honestly if your anatomy suits a piercing.',
    '{first} has {years} years of piercing behind them in {city}, from first lobes to full curated ear projects.',
  ],
  both: [
    '{first} tattoos and pierces: {years} years across both crafts, so you can plan a fine line piece and a new piercing in one visit.',
    'Equally at home with a needle bar or a single-use piercing needle, {first} has worked in {city} studios for {years} years.',
  ],
};

export const STYLE_SENTENCES: Record<string, string> = {
  Traditional: 'Bold outlines, a tight palette and designs that read from across the room are the backbone of the work.',
  Realism: 'Portraits and realistic studies are built up slowly in soft layers so they stay smooth as they heal.',
  Watercolor: 'Loose washes of colour and soft edges give the watercolour pieces their painted feel.',
  Geometric: 'Geometric pieces are mapped precisely to the body so lines stay straight as you move.',
  'Fine Line': 'Fine line work uses single needles for delicate botanicals, script and micro details.',
  Japanese: 'Large-scale Japanese work follows the traditional flow of wind, water and clouds around the body.',
  Blackwork: 'Solid blackwork and heavy contrast make pieces that stay striking for decades.',
  'Neo Traditional': 'Neo traditional pieces mix classic structure with richer colour and more ornate detail.',
  Minimalist: 'Minimalist designs keep only what matters: clean shapes, plenty of negative space.',
  Tribal: 'Tribal work is researched with care and drawn to follow the muscles it sits on.',
  Dotwork: 'Dotwork mandalas and stippled shading are built one point at a time for a soft, textured finish.',
  Abstract: 'Abstract pieces start from a conversation about shape and movement rather than a reference photo.',
  Lobe: 'Lobe piercings and stacked lobes are a favourite starting point for a curated ear.',
  Helix: 'Helix and forward helix placements are marked with your anatomy and sleeping side in mind.',
  Tragus: 'Tragus piercings are done with flat-back labrets for comfort and fast healing.',
  Conch: 'Conch piercings are placed to leave room for future hoops or studs.',
  Industrial: 'Industrials are only done when the ear’s anatomy supports a straight bar.',
  Daith: 'Daith piercings are performed with a curved needle and fitted with a seamless ring.',
  Nostril: 'Nostril piercings start with a flat-back stud sized for swelling, then a downsize at the check-up.',
  Septum: 'Septum piercings are placed through the sweet spot, not the cartilage, for a quick, comfortable heal.',
  Eyebrow: 'Eyebrow piercings are placed vertically to reduce migration.',
  Lip: 'Lip piercings come with a follow-up downsize to protect teeth and gums.',
  Bridge: 'Bridge piercings are assessed carefully for tissue depth before booking.',
  Cheek: 'Cheek piercings are an advanced placement, offered after a consultation only.',
  Navel: 'Navel piercings are assessed standing and sitting so the jewellery sits naturally.',
  Nipple: 'Nipple piercings are done with straight barbells and thorough aftercare guidance.',
  Surface: 'Surface piercings use surface bars designed to minimise rejection.',
  Dermal: 'Dermal anchors are placed with a dermal punch and titanium anchors.',
};

export const BIO_CLOSERS = [
  'Consultations are free and there is no pressure to book.',
  'Books open monthly; consultations are the best way to get on the list.',
  'Walk-ins welcome when the schedule allows — message first.',
  'Happy to work around scars and cover-ups; bring photos to the consultation.',
  'Every client leaves with written aftercare and a check-up appointment.',
  'Vegan inks and single-use needles, always.',
];

export const CLIENTS: Array<{ name: string; location: string; timezone: string }> = [
  { name: 'Jordan Lee', location: 'Brooklyn, NY', timezone: 'America/New_York' },
  { name: 'Emily Carter', location: 'Los Angeles, CA', timezone: 'America/Los_Angeles' },
  { name: 'Marcus Johnson', location: 'Chicago, IL', timezone: 'America/Chicago' },
  { name: 'Sophie Williams', location: 'London, UK', timezone: 'Europe/London' },
  { name: 'Daniel Kim', location: 'Seattle, WA', timezone: 'America/Los_Angeles' },
  { name: 'Olivia Martinez', location: 'Austin, TX', timezone: 'America/Chicago' },
  { name: 'Lukas Schmidt', location: 'Berlin, Germany', timezone: 'Europe/Berlin' },
  { name: 'Hannah Brown', location: 'Toronto, ON', timezone: 'America/Toronto' },
  { name: 'Aisha Patel', location: 'Denver, CO', timezone: 'America/Denver' },
  { name: 'Ben Taylor', location: 'Melbourne, Australia', timezone: 'Australia/Melbourne' },
  { name: 'Chloé Dubois', location: 'Portland, OR', timezone: 'America/Los_Angeles' },
  { name: 'Tyler Robinson', location: 'Miami, FL', timezone: 'America/New_York' },
  { name: 'Nadia Hassan', location: 'Queens, NY', timezone: 'America/New_York' },
  { name: 'Carlos Rivera', location: 'San Diego, CA', timezone: 'America/Los_Angeles' },
];

export type ReviewText = { rating: number; headline: string; body: string; aspect?: string; pros?: string; cons?: string };

export const TATTOO_REVIEWS: ReviewText[] = [
  {
    rating: 5,
    headline: 'Exactly what I pictured',
    body: '{first} took my messy reference board and turned it into a design that fits my forearm perfectly. Linework is razor sharp and it healed without a single patchy spot.',
    aspect: 'Linework',
    pros: 'Clean lines, great communication',
  },
  {
    rating: 5,
    headline: 'Calm, clean and so talented',
    body: 'I was nervous for my first tattoo and {first} explained every step. The studio was spotless, the stencil was adjusted three times until it sat right, and I love the result.',
    aspect: 'Comfort',
  },
  {
    rating: 4.5,
    headline: 'Beautiful piece, slightly long session',
    body: 'The shading is gorgeous and friends keep asking who did it. The session ran about an hour over what we planned, but {first} kept me updated and offered breaks.',
    aspect: 'Shading',
    pros: 'Smooth shading',
    cons: 'Ran over time',
  },
  { rating: 5, headline: 'Worth the wait', body: 'Waited two months for a slot and would wait again. {first} redrew the design until it was perfect and the healed result is even better than fresh.' },
  { rating: 4, headline: 'Great work', body: 'Solid, clean tattoo and fair price.' },
  {
    rating: 5,
    headline: 'Cover-up magic',
    body: 'I had an old faded name on my shoulder that I hated. {first} designed a cover-up I genuinely love and you cannot see a trace of the old piece.',
    aspect: 'Cover-up',
  },
  {
    rating: 4.5,
    headline: 'Third piece with {first}',
    body: 'Third tattoo with {first} now and the consistency is what keeps me coming back. Easy booking, clear deposit terms and thorough aftercare notes.',
  },
  { rating: 5, headline: 'Love it', body: 'Perfect. Healed beautifully.' },
  {
    rating: 3.5,
    headline: 'Good tattoo, communication could be better',
    body: 'The tattoo itself looks good and healed fine. It took a while to hear back about the design and I had to message twice before the appointment, so plan ahead.',
    cons: 'Slow replies',
  },
  {
    rating: 5,
    headline: 'Best studio experience I have had',
    body: 'Everything from the consultation to the aftercare check-in was professional. {first} listened, pushed back kindly on a placement that would have blurred, and was right.',
    aspect: 'Advice',
  },
  { rating: 4, headline: 'Happy with it', body: 'Nice linework, friendly studio. Took a little longer to heal than I expected but that is on me.' },
  {
    rating: 5,
    headline: 'Memorial piece done with care',
    body: 'This tattoo is for my grandmother and {first} treated it with so much care. We talked through every detail and the portrait looks just like her.',
    aspect: 'Portrait',
  },
  {
    rating: 2.5,
    headline: 'Not quite what I asked for',
    body: 'The finished piece is well executed technically but the lettering ended up smaller than we agreed in the consultation. {first} offered a touch-up, which I appreciate.',
    cons: 'Sizing differed from the agreed design',
  },
  { rating: 4.5, headline: 'Super steady hand', body: 'Tiny script on my wrist, every letter crisp. In and out in under an hour and barely felt it.' },
  {
    rating: 5,
    headline: 'Half sleeve finished!',
    body: 'Three sessions for my half sleeve and each one was as good as the last. {first} planned the flow so the pieces connect naturally around the elbow.',
    aspect: 'Large-scale work',
  },
  { rating: 4, headline: 'Solid choice', body: 'Good price, good tattoo, and the deposit was credited straight to the final bill.' },
];

export const PIERCING_REVIEWS: ReviewText[] = [
  {
    rating: 5,
    headline: 'Quickest, gentlest piercing ever',
    body: '{first} marked my helix twice to get the placement right with my anatomy, and the piercing itself was over before I realised. Zero swelling after day three.',
    aspect: 'Placement',
  },
  {
    rating: 5,
    headline: 'Gorgeous jewellery selection',
    body: 'The titanium and gold options were beautiful and {first} helped me plan a curated ear that I can build on over the next year.',
    pros: 'Quality jewellery',
  },
  { rating: 4.5, headline: 'Very professional', body: 'Sterile setup opened in front of me, clear aftercare, and a free downsize appointment. Exactly how it should be done.' },
  { rating: 5, headline: 'Perfect septum', body: 'Straight, centred, painless. Could not ask for more.' },
  {
    rating: 4,
    headline: 'Good experience overall',
    body: 'My daith healed well and looks great. The studio was busy so I waited about twenty minutes past my appointment time.',
    cons: 'Waited past appointment time',
  },
  {
    rating: 5,
    headline: 'Talked me out of a bad idea',
    body: '{first} explained that my ear shape would not support an industrial and suggested a double conch instead. Honest advice and I love how it looks.',
    aspect: 'Advice',
  },
  { rating: 4.5, headline: 'Lovely piercer', body: 'Kind and patient with my very nervous teenager getting her first lobes done.' },
  {
    rating: 3,
    headline: 'Fine, but pricey',
    body: 'The piercing itself is well placed and healing fine. The jewellery markup felt steep compared with other studios nearby.',
    cons: 'Expensive jewellery',
  },
  { rating: 5, headline: 'Fast and clean', body: 'In and out in fifteen minutes. Perfect nostril placement.' },
  {
    rating: 5,
    headline: 'Healing like a dream',
    body: 'Six weeks in and my conch has had no bumps at all. {first}’s aftercare instructions were simple and the saline spray recommendation made a big difference.',
    aspect: 'Aftercare',
  },
];

export const REPLIES = [
  'Thank you so much! It was a pleasure working with you — see you for the next one.',
  'Thanks for the kind words, and for sitting so well!',
  'Really appreciate you taking the time to write this. Send a healed photo when you can!',
  'Thank you for the honest feedback — I have reached out about the touch-up.',
];

export const TATTOO_IDEAS: Array<{ idea: string; placement: string; size: string }> = [
  { idea: 'A single-line botanical sprig (olive branch) wrapping slightly around the wrist.', placement: 'Inner wrist', size: 'Small (2–3 in)' },
  { idea: 'A moth with geometric wings and dotwork shading, symmetrical.', placement: 'Sternum', size: 'Medium (5–6 in)' },
  { idea: 'Portrait of my dog from a reference photo, black and grey.', placement: 'Outer forearm', size: 'Medium (4–5 in)' },
  { idea: 'Traditional swallow pair with banner, classic colours.', placement: 'Chest', size: 'Large (8+ in)' },
  { idea: 'Minimal mountain range with a small moon, fine line.', placement: 'Ankle', size: 'Small (2 in)' },
  { idea: 'Koi and waves, start of a Japanese half sleeve.', placement: 'Upper arm', size: 'Half sleeve' },
];

export const PIERCING_IDEAS: Array<{ idea: string; placement: string }> = [
  { idea: 'Forward helix with a small titanium flat-back stud.', placement: 'Left ear' },
  { idea: 'Conch piercing, planning to switch to a hoop once healed.', placement: 'Right ear' },
  { idea: 'Septum with a seamless ring.', placement: 'Nose' },
  { idea: 'Second and third lobes, matching both ears.', placement: 'Both ears' },
];

/**
 * What seeded artists show, by style: each caption names what its picture draws (images.ts
 * renders the motif with the style's treatment), so "Hannya mask, healed" is a Hannya mask.
 */
export const PORTFOLIO_WORKS: Record<string, Work[]> = {
  Traditional: [
    { caption: 'Traditional swallow, fresh', motif: 'swallow', treatment: 'bold' },
    { caption: 'Rose and dagger, healed', motif: 'roseAndDagger', treatment: 'bold' },
    { caption: 'Skull and roses, traditional palette', motif: 'skull', treatment: 'bold' },
    { caption: 'Heart and banner, bold and bright', motif: 'heart', treatment: 'bold' },
    { caption: 'Traditional rose, two years healed', motif: 'rose', treatment: 'bold' },
  ],
  Realism: [
    { caption: 'Black and grey eye study', motif: 'eye', treatment: 'grey' },
    { caption: 'Realistic skull, soft shading', motif: 'skull', treatment: 'grey' },
    { caption: 'Bee on clover in black and grey', motif: 'bee', treatment: 'grey' },
    { caption: 'Rose study in black and grey', motif: 'rose', treatment: 'grey' },
    { caption: 'Moth study, healed', motif: 'moth', treatment: 'grey' },
  ],
  Watercolor: [
    { caption: 'Watercolour hummingbird', motif: 'hummingbird', treatment: 'wash' },
    { caption: 'Paper crane in soft colour', motif: 'crane', treatment: 'wash' },
    { caption: 'Botanical in soft colour', motif: 'botanical', treatment: 'wash' },
    { caption: 'Abstract wash with fine line', motif: 'flow', treatment: 'wash' },
    { caption: 'Wildflowers over a colour wash', motif: 'wildflowers', treatment: 'wash' },
  ],
  Geometric: [
    { caption: 'Sacred geometry forearm piece', motif: 'sacredGeometry', treatment: 'line' },
    { caption: 'Geometric stag', motif: 'stag', treatment: 'line' },
    { caption: 'Linework mandala, fresh', motif: 'mandala', treatment: 'line' },
    { caption: 'Compass rose in a hexagon', motif: 'compass', treatment: 'line' },
  ],
  'Fine Line': [
    { caption: 'Fine line botanical spine piece', motif: 'botanical', treatment: 'fine' },
    { caption: 'Single-needle script', motif: 'script', treatment: 'fine' },
    { caption: 'Delicate floral wrist piece', motif: 'floralSprig', treatment: 'fine' },
    { caption: 'Olive branch along the collarbone', motif: 'oliveBranch', treatment: 'fine' },
    { caption: 'Wildflower bouquet, fine line', motif: 'wildflowers', treatment: 'fine' },
  ],
  Japanese: [
    { caption: 'Koi and waves, in progress', motif: 'koi', treatment: 'bold' },
    { caption: 'Hannya mask, healed', motif: 'hannya', treatment: 'bold' },
    { caption: 'Peony with wind bars', motif: 'peony', treatment: 'bold' },
    { caption: 'Black and grey koi', motif: 'koi', treatment: 'grey' },
  ],
  Blackwork: [
    { caption: 'Solid blackwork band', motif: 'band', treatment: 'black' },
    { caption: 'Ornamental blackwork piece', motif: 'ornament', treatment: 'black' },
    { caption: 'Blackout with a negative-space branch', motif: 'negativeSpace', treatment: 'black' },
    { caption: 'Blackwork snake and ferns', motif: 'snake', treatment: 'black' },
    { caption: 'Ornamental dagger', motif: 'dagger', treatment: 'black' },
  ],
  'Neo Traditional': [
    { caption: 'Neo traditional fox in peonies', motif: 'fox', treatment: 'bold' },
    { caption: 'Lantern moth', motif: 'lantern', treatment: 'bold' },
    { caption: 'Moth with jewels', motif: 'moth', treatment: 'bold' },
    { caption: 'Peony, neo traditional palette', motif: 'peony', treatment: 'bold' },
  ],
  Minimalist: [
    { caption: 'Minimal moon phases', motif: 'moonPhases', treatment: 'fine' },
    { caption: 'Tiny wave behind the ear', motif: 'wave', treatment: 'fine' },
    { caption: 'Single-line mountain and sun', motif: 'mountain', treatment: 'fine' },
    { caption: 'Tiny paper crane', motif: 'crane', treatment: 'fine' },
  ],
  Tribal: [
    { caption: 'Polynesian-inspired shoulder piece', motif: 'polynesian', treatment: 'black' },
    { caption: 'Tribal forearm band', motif: 'band', treatment: 'black' },
    { caption: 'Flowing tribal calf piece', motif: 'tribal', treatment: 'black' },
    { caption: 'Band of waves', motif: 'waveBand', treatment: 'black' },
  ],
  Dotwork: [
    { caption: 'Stippled mandala', motif: 'mandala', treatment: 'dots' },
    { caption: 'Dotwork sun and moon', motif: 'sunAndMoon', treatment: 'dots' },
    { caption: 'Dotwork lotus', motif: 'lotus', treatment: 'dots' },
    { caption: 'Dotwork sacred geometry', motif: 'sacredGeometry', treatment: 'dots' },
  ],
  Abstract: [
    { caption: 'Abstract brushstroke piece', motif: 'brushstroke', treatment: 'wash' },
    { caption: 'Freehand abstract flow', motif: 'flow', treatment: 'line' },
    { caption: 'Shapes and negative space', motif: 'shapes', treatment: 'black' },
  ],
  piercing: [
    { caption: 'Curated ear, healed', motif: 'earCurated', treatment: 'line' },
    { caption: 'Fresh nostril stud in titanium', motif: 'nostril', treatment: 'line' },
    { caption: 'Stacked lobes with gold ends', motif: 'earLobes', treatment: 'line' },
    { caption: 'Septum ring, healed', motif: 'septum', treatment: 'line' },
    { caption: 'Helix hoop, healed at eight weeks', motif: 'earHelix', treatment: 'line' },
    { caption: 'Conch stud, fresh', motif: 'earConch', treatment: 'line' },
    { caption: 'Tragus and lobe pairing', motif: 'earTragus', treatment: 'line' },
    { caption: 'Daith hoop, healed', motif: 'earDaith', treatment: 'line' },
    { caption: 'Industrial bar, fresh', motif: 'earIndustrial', treatment: 'line' },
  ],
};

export const FIRST_NAMES = [
  'Alex', 'Bailey', 'Camila', 'Devon', 'Elena', 'Farah', 'Gabriel', 'Hugo', 'Imani', 'Jasper', 'Keiko', 'Leo', 'Mila', 'Nadia', 'Oscar',
  'Paloma', 'Quinn', 'Rhea', 'Silas', 'Talia', 'Uma', 'Victor', 'Willa', 'Xavier', 'Yara', 'Zane', 'Aiden', 'Beatriz', 'Cyrus', 'Dahlia',
  'Emil', 'Freya', 'Gideon', 'Helena', 'Ivan', 'June', 'Kai', 'Luna', 'Mateo', 'Nina', 'Orla', 'Pavel', 'Rosalind', 'Soren', 'Tamsin',
];

export const LAST_NAMES = [
  'Abbott', 'Bauer', 'Castillo', 'Dawson', 'Eriksen', 'Fujita', 'Garcia', 'Hughes', 'Ibrahim', 'Jensen', 'Kovacs', 'Lopez', 'Moreau', 'Nakamura',
  'Oduya', 'Petersen', 'Quintero', 'Rossi', 'Silva', 'Tanaka', 'Ueda', 'Varga', 'Wright', 'Yilmaz', 'Zhou', 'Almeida', 'Becker', 'Costa', 'Duarte',
  'Engel', 'Fischer', 'Gallo', 'Holm', 'Ivanova', 'Kaur', 'Lindgren', 'Marsh', 'Novak', 'Ortega', 'Park', 'Reyes', 'Stone', 'Torres', 'Vance',
];

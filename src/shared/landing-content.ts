/**
 * Copy and cards of the /tattoo-artists and /piercing-artists landing pages (spec §2).
 * Every card links to the artist search pre-filtered to what it describes.
 */
import { PIERCING_CATEGORIES, type PiercingCategoryId } from './guides/piercing-styles.ts';
import { slugify, styleSearchUrl } from './guides/search-links.ts';
import { TATTOO_STYLES } from './guides/tattoo-styles.ts';

export type Cta = { label: string; href: string };
export type InfoCard = { title: string; text: string };

export const TATTOO_SEARCH_URL = '/artists?kind=tattoo';
export const PIERCING_SEARCH_URL = '/artists?kind=piercing';
/** 'Read All Reviews': every tattoo artist, best rated first. */
export const TATTOO_REVIEWS_URL = '/artists?kind=tattoo&sort=rating';
export const PIERCING_REVIEWS_URL = '/artists?kind=piercing&sort=rating';
export const PIERCING_AFTERCARE_URL = '/aftercare-guides#piercing-aftercare';

/** A piercing search over several styles: the text search matches styles, so "lobe or helix" finds either. */
export function anyOfSearchUrl(kind: 'tattoo' | 'piercing', terms: readonly string[]): string {
  return `/artists?${new URLSearchParams({ kind, q: terms.map((t) => t.toLowerCase()).join(' or ') }).toString()}`;
}

const stylesOf = (id: PiercingCategoryId) => PIERCING_CATEGORIES.find((c) => c.id === id)?.styles.map((s) => s.name) ?? [];

// ---------------------------------------------------------------- /tattoo-artists

export const TATTOO_HERO = {
  eyebrow: 'Tattoo artists',
  headline: 'Find Tattoo Artists Near You',
  lead: 'Browse portfolios from tattoo artists in your city, compare styles and real client reviews, then book a consultation and secure your session with a deposit.',
  primary: { label: 'Discover Artists Near You', href: TATTOO_SEARCH_URL },
  secondary: { label: 'Browse Tattoo Styles', href: '/tattoo-styles' },
} as const;

export type TattooStyleCard = { name: string; description: string; popular: boolean; href: string };

/** Descriptions come from the tattoo styles guide, so both pages say the same about a style. */
function tattooCard(name: string, popular: boolean): TattooStyleCard {
  const style = TATTOO_STYLES.find((s) => s.slug === slugify(name));
  if (!style) throw new Error(`No tattoo style guide entry for ${name}`);
  return { name, description: style.description, popular, href: styleSearchUrl('tattoo', name) };
}

/** Spec §2: seven style cards; Traditional, Neo-traditional, Fine Line and Realism are marked popular. */
export const TATTOO_STYLE_CARDS: TattooStyleCard[] = [
  tattooCard('Traditional', true),
  tattooCard('Neo-traditional', true),
  tattooCard('Fine Line', true),
  tattooCard('Realism', true),
  tattooCard('Blackwork', false),
  tattooCard('Watercolor', false),
  tattooCard('Geometric', false),
];

/** Spec §2 four-step explainer. */
export const TATTOO_STEPS: InfoCard[] = [
  { title: 'Discover Artists', text: 'Search by style, city and distance. Compare portfolios, prices, deposits and reviews from completed bookings.' },
  { title: 'Book Consultation', text: 'Share your idea, placement, size and reference photos, in the studio or on a video call, and get a quote.' },
  { title: 'Secure Deposit', text: 'Pay a deposit, typically 100 to 500 USD, through secure checkout. It is credited to your final price.' },
  { title: 'Get Tattooed', text: 'Arrive for your session, then follow your artist\u2019s instructions and our aftercare guide while it heals.' },
];

export const TATTOO_SAFETY: InfoCard[] = [
  { title: 'Verified artists', text: 'A verified badge means our team has approved the artist\u2019s current licence or health permit.' },
  { title: 'Sterile, single-use equipment', text: 'Needles and cartridges are single-use and opened in front of you; surfaces are wrapped and disinfected between clients.' },
  { title: 'Reviews from real bookings', text: 'Only clients who completed a booking with the artist can review them, once per booking.' },
  { title: 'Protected deposits', text: 'Deposits are held through secure checkout and refunded in full if the artist cancels.' },
];

export const TATTOO_CLOSING = {
  title: 'Ready for your next tattoo?',
  text: 'Find an artist whose style matches your idea, or talk it through first in a consultation.',
  primary: { label: 'Discover Artists', href: '/discover?kind=tattoo' },
  secondary: { label: 'Start with a Consultation', href: '/virtual-consultations' },
} as const;

// ---------------------------------------------------------------- /piercing-artists

export const PIERCING_HERO = {
  eyebrow: 'Piercing artists',
  headline: 'Piercing Artists You Can Trust',
  lead: 'Certified piercers working in sterile studios with implant-grade jewelry, from a first lobe to a curated ear, with aftercare support until you are fully healed.',
  primary: { label: 'Find Piercing Artists', href: PIERCING_SEARCH_URL },
  secondary: { label: 'Explore Piercing Styles', href: '/piercing-styles' },
} as const;

export type SpecialtyCard = {
  title: string;
  text: string;
  popular: boolean;
  /** The search pre-filtered to this specialty, and what its link says. */
  search: Cta;
  /** Single styles that can be searched one by one. */
  styles: Array<{ name: string; href: string }>;
};

const styleLinks = (names: readonly string[]) => names.map((name) => ({ name, href: styleSearchUrl('piercing', name) }));
const earStyles = stylesOf('ear');
const facialStyles = stylesOf('facial');
const bodyStyles = stylesOf('body').filter((s) => s === 'Navel' || s === 'Nipple');

/** Spec §2: six specialty cards; Ear, Facial and Jewelry are marked Popular. */
export const PIERCING_SPECIALTIES: SpecialtyCard[] = [
  {
    title: 'Ear Piercings',
    text: 'Lobes and cartilage, from a first piercing to a curated ear planned around your anatomy.',
    popular: true,
    search: { label: 'Find ear piercers', href: anyOfSearchUrl('piercing', earStyles) },
    styles: styleLinks(earStyles),
  },
  {
    title: 'Facial Piercings',
    text: 'Nostril, septum, eyebrow, lip and more, placed to suit your features and heal cleanly.',
    popular: true,
    search: { label: 'Find facial piercers', href: anyOfSearchUrl('piercing', facialStyles) },
    styles: styleLinks(facialStyles),
  },
  {
    title: 'Body Piercings',
    text: 'Navel and nipple piercings, assessed standing and sitting so the jewelry sits naturally.',
    popular: false,
    search: { label: 'Find body piercers', href: anyOfSearchUrl('piercing', bodyStyles) },
    styles: styleLinks(bodyStyles),
  },
  {
    title: 'Surface Piercings',
    text: 'Surface bars and dermal anchors are advanced work: choose an experienced piercer for a low risk of rejection.',
    popular: false,
    search: { label: 'Find surface and dermal piercers', href: anyOfSearchUrl('piercing', ['Surface', 'Dermal']) },
    styles: styleLinks(['Surface', 'Dermal']),
  },
  {
    title: 'Jewelry Expertise',
    text: 'Implant-grade titanium and solid gold, fitted for swelling and downsized at your check-up.',
    popular: true,
    search: { label: 'Find jewelry specialists', href: anyOfSearchUrl('piercing', ['jewelry', 'jewellery', 'titanium', 'gold']) },
    styles: [],
  },
  {
    title: 'Piercing Healing',
    text: 'Check-ups, downsizing and troubleshooting for irritation bumps or slow healing, with written aftercare.',
    popular: false,
    search: { label: 'Find piercers for aftercare', href: anyOfSearchUrl('piercing', ['aftercare', 'downsize']) },
    styles: [],
  },
];

/** Spec §2: four safety features. */
export const PIERCING_SAFETY: InfoCard[] = [
  { title: 'Certified Professionals', text: 'Piercers trained in bloodborne-pathogen safety and anatomy-first placement; verified artists carry a badge.' },
  { title: 'Sterile Environment', text: 'Single-use needles and autoclave-sterilised tools, opened in front of you in a clean, disinfected room.' },
  { title: 'Quality Jewelry', text: 'Implant-grade titanium, niobium and solid 14k or 18k gold: no plated or mystery metals in a fresh piercing.' },
  { title: 'Proper Aftercare', text: 'Written aftercare, saline cleaning once or twice a day, and a check-up to downsize your jewelry.' },
];

export const PIERCING_CLOSING = {
  title: 'Ready for your next piercing?',
  text: 'Find a certified piercer near you, and read up on healing before your appointment.',
  primary: { label: 'Browse Local Artists', href: PIERCING_SEARCH_URL },
  secondary: { label: 'Piercing Aftercare Guide', href: PIERCING_AFTERCARE_URL },
} as const;

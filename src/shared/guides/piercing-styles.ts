import type { Difficulty } from './difficulty.ts';
import { slugify } from './search-links.ts';

export type PriceLevel = '$' | '$$' | '$$$' | '$$$$';
export type HealingRange = { min: number; max: number; unit: 'weeks' | 'months' };

/** Spec §3 piercing style record. Rating and reviews are optional: some styles have no survey answers. */
export type PiercingStyle = {
  name: string;
  slug: string;
  description: string;
  difficulty: Difficulty;
  /** Text range as shown ("6-8 weeks"); derived from `healingRange`. */
  healing: string;
  healingRange: HealingRange;
  price: PriceLevel;
  rating?: number;
  reviews?: number;
};

export type PiercingCategoryId = 'ear' | 'facial' | 'body';

export type PiercingCategory = {
  id: PiercingCategoryId;
  /** Anchor of the category section on /piercing-styles (spec §2). */
  anchor: `${PiercingCategoryId}-piercings`;
  title: string;
  intro: string;
  styles: PiercingStyle[];
};

export function formatHealing(range: HealingRange): string {
  return `${range.min}-${range.max} ${range.unit}`;
}

/** A healing range in weeks, to compare styles (a month counts as 4.35 weeks). */
export function healingWeeks(range: HealingRange): { min: number; max: number } {
  const f = range.unit === 'months' ? 4.35 : 1;
  return { min: range.min * f, max: range.max * f };
}

type StyleInput = Omit<PiercingStyle, 'slug' | 'healing'>;
const style = (s: StyleInput): PiercingStyle => ({ ...s, slug: slugify(s.name), healing: formatHealing(s.healingRange) });

export const PRICE_LEVEL_LABELS: Record<PriceLevel, string> = {
  $: 'Budget-friendly',
  $$: 'Moderate',
  $$$: 'Premium',
  $$$$: 'Specialist',
};

export const PIERCING_CATEGORIES: PiercingCategory[] = [
  {
    id: 'ear',
    anchor: 'ear-piercings',
    title: 'Ear piercings',
    intro:
      'The most popular place to start. Soft lobe tissue heals in weeks; cartilage placements take months and reward patience with endless jewelry combinations.',
    styles: [
      style({
        name: 'Lobe',
        description: 'The classic first piercing through the soft earlobe. Quick, low-pain and easy to stretch or stack later.',
        difficulty: 'Beginner',
        healingRange: { min: 6, max: 8, unit: 'weeks' },
        price: '$',
        rating: 4.9,
        reviews: 2847,
      }),
      style({
        name: 'Helix',
        description: 'Upper outer cartilage rim. Versatile for studs or hoops once healed; avoid sleeping on it while it heals.',
        difficulty: 'Intermediate',
        healingRange: { min: 6, max: 12, unit: 'months' },
        price: '$$',
        rating: 4.8,
        reviews: 1923,
      }),
      style({
        name: 'Tragus',
        description: 'The small cartilage flap in front of the ear canal. Earbuds and phone calls need care during healing.',
        difficulty: 'Intermediate',
        healingRange: { min: 3, max: 6, unit: 'months' },
        price: '$$',
        rating: 4.7,
        reviews: 1456,
      }),
      style({
        name: 'Conch',
        description: 'Through the inner cup of the ear. Suits a flat stud or, after healing, a larger hoop around the rim.',
        difficulty: 'Intermediate',
        healingRange: { min: 6, max: 9, unit: 'months' },
        price: '$$',
        rating: 4.8,
        reviews: 1134,
      }),
      style({
        name: 'Industrial',
        description: 'One straight barbell joining two holes in the upper cartilage. Needs suitable anatomy and a careful, experienced piercer.',
        difficulty: 'Advanced',
        healingRange: { min: 9, max: 12, unit: 'months' },
        price: '$$$',
        rating: 4.6,
        reviews: 876,
      }),
      style({
        name: 'Daith',
        description: 'Through the innermost cartilage fold above the ear canal, usually with a curved ring. Precise angle work.',
        difficulty: 'Advanced',
        healingRange: { min: 6, max: 9, unit: 'months' },
        price: '$$',
        rating: 4.7,
        reviews: 1289,
      }),
    ],
  },
  {
    id: 'facial',
    anchor: 'facial-piercings',
    title: 'Facial piercings',
    intro:
      'Visible, expressive placements. Facial piercings depend on anatomy and placement accuracy, so the consultation matters as much as the needle.',
    styles: [
      style({
        name: 'Nostril',
        description: 'A stud or ring through the side of the nose. Start with a flat-back stud; hoops come after healing.',
        difficulty: 'Intermediate',
        healingRange: { min: 4, max: 6, unit: 'months' },
        price: '$$',
        rating: 4.8,
        reviews: 2156,
      }),
      style({
        name: 'Septum',
        description: 'Through the soft "sweet spot" below the cartilage between the nostrils. Can be flipped up to hide it.',
        difficulty: 'Intermediate',
        healingRange: { min: 6, max: 8, unit: 'weeks' },
        price: '$$',
        rating: 4.7,
        reviews: 1678,
      }),
      style({
        name: 'Eyebrow',
        description: 'A vertical surface-style piercing through the brow ridge, usually with a curved barbell.',
        difficulty: 'Intermediate',
        healingRange: { min: 6, max: 8, unit: 'weeks' },
        price: '$$',
        rating: 4.5,
        reviews: 634,
      }),
      style({
        name: 'Lip',
        description: 'Labret, Monroe, Medusa or vertical placements. Expect initial swelling and a longer post that is downsized later.',
        difficulty: 'Intermediate',
        healingRange: { min: 6, max: 8, unit: 'weeks' },
        price: '$$',
        rating: 4.6,
        reviews: 1045,
      }),
      style({
        name: 'Bridge',
        description: 'A horizontal barbell across the bridge of the nose between the eyes. Surface tissue, so placement depth is critical.',
        difficulty: 'Advanced',
        healingRange: { min: 8, max: 12, unit: 'weeks' },
        price: '$$$',
        rating: 4.4,
        reviews: 412,
      }),
      style({
        name: 'Cheek',
        description: 'Dimple piercings through the cheek. Demanding placement that must avoid the salivary ducts; heals slowly.',
        difficulty: 'Expert',
        healingRange: { min: 6, max: 12, unit: 'months' },
        price: '$$$',
        rating: 4.3,
        reviews: 287,
      }),
    ],
  },
  {
    id: 'body',
    anchor: 'body-piercings',
    title: 'Body piercings',
    intro:
      'Body placements heal longest and depend most on anatomy, clothing and lifestyle. Choose a piercer with specific experience in the style you want.',
    styles: [
      style({
        name: 'Navel',
        description: 'Through the upper rim of the belly button. Needs a defined lip of tissue; high waistbands slow healing.',
        difficulty: 'Intermediate',
        healingRange: { min: 6, max: 12, unit: 'months' },
        price: '$$',
        rating: 4.7,
        reviews: 1834,
      }),
      style({
        name: 'Nipple',
        description: 'A straight barbell through the base of the nipple. Sensitive at first and slow to fully heal.',
        difficulty: 'Advanced',
        healingRange: { min: 6, max: 12, unit: 'months' },
        price: '$$$',
        rating: 4.6,
        reviews: 923,
      }),
      style({
        name: 'Surface',
        description:
          'Entry and exit through flat skin, such as the nape or collarbone, with a surface bar. The surface settles in 2 to 3 weeks; full healing takes 3 to 6 months.',
        difficulty: 'Expert',
        healingRange: { min: 3, max: 6, unit: 'months' },
        price: '$$$',
        rating: 4.2,
        reviews: 345,
      }),
      style({
        name: 'Dermal',
        description: 'A single-point anchor set under the skin with a decorative top. Needs a specialist and a snag-free spot.',
        difficulty: 'Expert',
        healingRange: { min: 2, max: 3, unit: 'months' },
        price: '$$$$',
      }),
      style({
        name: 'Genital',
        description: 'Placements chosen for anatomy and comfort, done privately by specialists. Several heal in as little as a month.',
        difficulty: 'Expert',
        healingRange: { min: 4, max: 10, unit: 'weeks' },
        price: '$$$$',
      }),
    ],
  },
];

export const PIERCING_STYLES: PiercingStyle[] = PIERCING_CATEGORIES.flatMap((c) => c.styles);

/** Spec §2 copy for surface work. */
export const SURFACE_HEALING = { initial: '2 to 3 weeks', full: '3 to 6 months' } as const;
/** Spec §9: healing ranges from 4 weeks to 12 months depending on the style. */
export const PIERCING_HEALING_SPAN = { shortest: '4 weeks', longest: '12 months' } as const;

export const HEALING_FACTORS: Array<{ title: string; text: string }> = [
  { title: 'Placement and tissue', text: 'Soft tissue such as lobes, septums and lips heals in weeks; cartilage and surface work take months.' },
  { title: 'Jewelry quality', text: 'Implant-grade titanium, niobium or solid 14k+ gold avoids irritation and reactions that slow healing.' },
  { title: 'Aftercare routine', text: 'A ten-minute saline routine once or twice a day, and leaving the jewelry alone in between, does most of the work.' },
  { title: 'Health and lifestyle', text: 'Sleep, nutrition, smoking, stress and friction from clothes, hats, headphones or pillows all change the timeline.' },
];

export const CHOOSING_A_PIERCER: Array<{ title: string; text: string }> = [
  { title: 'Portfolio of healed work', text: 'Ask for photos of healed piercings in the style you want, not only fresh ones.' },
  { title: 'Sterile procedure', text: 'Single-use needles opened in front of you, an autoclave with recent spore tests, gloves changed often.' },
  { title: 'Anatomy first', text: 'A good piercer checks whether your anatomy suits the placement and suggests alternatives when it does not.' },
  { title: 'Clear aftercare', text: 'You should leave with written aftercare and a way to ask questions during healing.' },
];

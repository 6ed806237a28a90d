import type { Difficulty } from './difficulty.ts';
import { slugify } from './search-links.ts';

export type Popularity = 'Very High' | 'High' | 'Medium';
export type TimeCommitment = 'Low' | 'Medium' | 'High' | 'Very High';

/** Which inline illustration a card draws (src/web/features/guides/style-motif.tsx); no network images. */
export type TattooMotif =
  | 'traditional'
  | 'realism'
  | 'watercolor'
  | 'geometric'
  | 'fine-line'
  | 'japanese'
  | 'blackwork'
  | 'neo-traditional'
  | 'minimalist';

/** Spec §3 tattoo style card. */
export type TattooStyle = {
  name: string;
  slug: string;
  description: string;
  characteristics: string[];
  popularity: Popularity;
  /** Typical hourly studio rate in USD; the artist quotes the final price. */
  priceRange: string;
  timeCommitment: TimeCommitment;
  difficulty: Difficulty;
  trending: boolean;
  image: { motif: TattooMotif; description: string };
};

type Input = Omit<TattooStyle, 'slug' | 'image'> & { imageDescription: string };
const card = ({ imageDescription, ...s }: Input): TattooStyle => {
  const slug = slugify(s.name);
  return { ...s, slug, image: { motif: slug as TattooMotif, description: imageDescription } };
};

export const TATTOO_STYLES: TattooStyle[] = [
  card({
    name: 'Traditional',
    description: 'American traditional: bold black outlines, a limited palette and iconic motifs that still look sharp decades later.',
    characteristics: ['Bold outlines', 'Limited, saturated colours', 'Iconic imagery: anchors, roses, swallows', 'Ages exceptionally well'],
    popularity: 'Very High',
    priceRange: '$100-$200 per hour',
    timeCommitment: 'Medium',
    difficulty: 'Intermediate',
    trending: false,
    imageDescription: 'An anchor drawn with thick outlines',
  }),
  card({
    name: 'Realism',
    description: 'Portraits, animals and scenes rendered like photographs, in black and grey or full colour, built up over several sessions.',
    characteristics: ['Photographic detail', 'Smooth shading and gradients', 'Black and grey or colour', 'Usually larger pieces'],
    popularity: 'Very High',
    priceRange: '$150-$300 per hour',
    timeCommitment: 'Very High',
    difficulty: 'Expert',
    trending: true,
    imageDescription: 'A softly shaded eye',
  }),
  card({
    name: 'Watercolor',
    description: 'Soft washes and splashes of colour that look painted on, often anchored by a few fine black lines.',
    characteristics: ['Painterly colour blends', 'Splashes and drips', 'Few or no outlines', 'Needs touch-ups to stay vivid'],
    popularity: 'High',
    priceRange: '$120-$250 per hour',
    timeCommitment: 'High',
    difficulty: 'Advanced',
    trending: true,
    imageDescription: 'Overlapping washes of colour',
  }),
  card({
    name: 'Geometric',
    description: 'Precise shapes, sacred geometry and line patterns that follow the body, from small symbols to full sleeves.',
    characteristics: ['Precise linework', 'Symmetry and repetition', 'Mandalas and sacred geometry', 'Often blackwork or dotwork'],
    popularity: 'High',
    priceRange: '$100-$250 per hour',
    timeCommitment: 'Medium',
    difficulty: 'Advanced',
    trending: true,
    imageDescription: 'Nested triangles inside a circle',
  }),
  card({
    name: 'Fine Line',
    description: 'Delicate single-needle lines for script, botanicals and micro designs. Subtle, elegant and quick to sit for.',
    characteristics: ['Single-needle lines', 'Delicate detail', 'Small to medium size', 'Subtle shading'],
    popularity: 'Very High',
    priceRange: '$100-$250 per hour',
    timeCommitment: 'Low',
    difficulty: 'Advanced',
    trending: true,
    imageDescription: 'A thin-lined flower stem',
  }),
  card({
    name: 'Japanese',
    description: 'Irezumi: koi, dragons, waves and blossoms composed to flow with the body, traditionally as large pieces.',
    characteristics: ['Large, flowing compositions', 'Wind bars and waves', 'Mythological motifs', 'Planned as sleeves or back pieces'],
    popularity: 'High',
    priceRange: '$150-$300 per hour',
    timeCommitment: 'Very High',
    difficulty: 'Expert',
    trending: false,
    imageDescription: 'A stylised wave crest',
  }),
  card({
    name: 'Blackwork',
    description: 'Solid black ink in bold graphic shapes, patterns and blackout areas. Striking, and a strong choice for cover-ups.',
    characteristics: ['Solid black fills', 'High contrast', 'Patterns and ornamental work', 'Good for cover-ups'],
    popularity: 'High',
    priceRange: '$100-$250 per hour',
    timeCommitment: 'High',
    difficulty: 'Intermediate',
    trending: false,
    imageDescription: 'A solid black crescent and dots',
  }),
  card({
    name: 'Neo Traditional',
    description: 'Traditional foundations with richer palettes, more depth and decorative detail: the classic look, modernised.',
    characteristics: ['Bold lines with varied weight', 'Rich, expanded palette', 'Illustrative detail', 'Portraits, animals and florals'],
    popularity: 'High',
    priceRange: '$120-$250 per hour',
    timeCommitment: 'Medium',
    difficulty: 'Advanced',
    trending: true,
    imageDescription: 'A rose with layered petals',
  }),
  card({
    name: 'Minimalist',
    description: 'Simple symbols, words and outlines with lots of negative space. A popular first tattoo that is quick to complete.',
    characteristics: ['Clean, simple lines', 'Negative space', 'Small and discreet', 'Quick sessions'],
    popularity: 'Very High',
    priceRange: '$80-$200 per hour',
    timeCommitment: 'Low',
    difficulty: 'Beginner',
    trending: true,
    imageDescription: 'A single small heart outline',
  }),
];

export type TattooCategory = { title: string; description: string; styles: string[] };

/** Spec §3 category groups; Tribal, Dotwork and Abstract have no card but still link to a search. */
export const TATTOO_CATEGORIES: TattooCategory[] = [
  {
    title: 'Traditional & Classic',
    description: 'Time-tested styles with bold lines and strong cultural roots.',
    styles: ['Traditional', 'Neo Traditional', 'Japanese', 'Tribal'],
  },
  {
    title: 'Modern & Contemporary',
    description: 'Techniques that push detail, colour and subtlety.',
    styles: ['Realism', 'Watercolor', 'Fine Line', 'Minimalist'],
  },
  {
    title: 'Graphic & Geometric',
    description: 'Pattern, contrast and precision built from shape and line.',
    styles: ['Geometric', 'Blackwork', 'Dotwork', 'Abstract'],
  },
];

export const CHOOSING_GUIDE: Array<{ title: string; text: string }> = [
  {
    title: 'Start from meaning and placement',
    text: 'Decide what the piece should say and where it lives. Fine detail needs space; hands, feet and fingers fade faster.',
  },
  {
    title: 'Think long term',
    text: 'Bold outlines and solid black age best. Fine line and watercolor look beautiful but may need touch-ups over the years.',
  },
  {
    title: 'Match budget and time',
    text: 'Large realism or Japanese work means several sessions over months. Minimalist and fine line pieces are often done in one sitting.',
  },
  {
    title: 'Choose the artist, not only the style',
    text: 'Look for healed work in the exact style you want, then book a consultation to shape the design together.',
  },
];

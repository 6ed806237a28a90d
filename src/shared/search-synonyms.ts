import { PIERCING_CATEGORIES } from './guides/piercing-styles.ts';
import { TATTOO_CATEGORIES } from './guides/tattoo-styles.ts';
import { fold, words } from './text-match.ts';

/**
 * The words people type for what artists call by a style name. A key (one or more folded
 * words) stands for itself or any of its style words: "nose" finds nostril, septum and bridge
 * piercers. Style words are the style names of the guides (tattoo-styles.ts, piercing-styles.ts).
 */
const earStyles = PIERCING_CATEGORIES.find((c) => c.id === 'ear')?.styles.map((s) => s.name) ?? [];

const SYNONYM_ROWS: Array<[key: string, styles: string[]]> = [
  // Piercing: parts of the body → placements.
  ['ear', earStyles],
  ['ears', earStyles],
  ['earlobe', ['Lobe']],
  ['cartilage', ['Helix', 'Tragus', 'Conch', 'Industrial', 'Daith']],
  ['nose', ['Nostril', 'Septum', 'Bridge']],
  ['nostrils', ['Nostril']],
  ['lips', ['Lip']],
  ['labret', ['Lip']],
  ['monroe', ['Lip']],
  ['medusa', ['Lip']],
  ['mouth', ['Lip']],
  ['brow', ['Eyebrow']],
  ['eyebrows', ['Eyebrow']],
  ['face', ['Nostril', 'Septum', 'Eyebrow', 'Lip', 'Bridge', 'Cheek']],
  ['dimple', ['Cheek']],
  ['belly', ['Navel']],
  ['belly button', ['Navel']],
  ['bellybutton', ['Navel']],
  ['nipples', ['Nipple']],
  ['microdermal', ['Dermal']],
  ['anchor', ['Dermal']],
  // Tattoo: everyday words → styles.
  ['script', ['Lettering', 'Fine Line']],
  ['lettering', ['Lettering', 'Fine Line']],
  ['calligraphy', ['Lettering']],
  ['words', ['Lettering']],
  ['text', ['Lettering']],
  ['quote', ['Lettering']],
  ['name', ['Lettering']],
  ['old school', ['Traditional']],
  ['american traditional', ['Traditional']],
  ['sailor', ['Traditional']],
  ['classic', ['Traditional']],
  ['neotrad', ['Neo Traditional']],
  ['irezumi', ['Japanese']],
  ['koi', ['Japanese']],
  ['polynesian', ['Tribal']],
  ['maori', ['Tribal']],
  ['realistic', ['Realism']],
  ['portrait', ['Realism']],
  ['photo', ['Realism']],
  ['watercolour', ['Watercolor']],
  ['painterly', ['Watercolor']],
  ['thin', ['Fine Line']],
  ['delicate', ['Fine Line', 'Minimalist']],
  ['dainty', ['Fine Line', 'Minimalist']],
  ['tiny', ['Minimalist', 'Fine Line']],
  ['small', ['Minimalist', 'Fine Line']],
  ['simple', ['Minimalist']],
  ['minimal', ['Minimalist']],
  ['geometry', ['Geometric']],
  ['sacred geometry', ['Geometric']],
  ['mandala', ['Dotwork', 'Geometric']],
  ['dots', ['Dotwork']],
  ['stippling', ['Dotwork']],
  ['pointillism', ['Dotwork']],
  ['black', ['Blackwork']],
  ['blackout', ['Blackwork']],
  ['abstract art', ['Abstract']],
];

export type SynonymEntry = { key: string[]; alternatives: string[][] };

/** Keys (as word lists) with their alternatives (each a word list): the key itself first, then its styles. */
export const SYNONYMS: readonly SynonymEntry[] = SYNONYM_ROWS.map(([key, styles]) => {
  const keyWords = words(key);
  const alternatives = [keyWords, ...styles.map(words)];
  const unique = new Map(alternatives.map((a) => [a.join(' '), a]));
  return { key: keyWords, alternatives: [...unique.values()] };
});

/** Every tattoo and piercing style name the guides know, folded ("fine line", "neo traditional", "helix"). */
export const STYLE_NAMES: readonly string[] = [
  ...new Set([...TATTOO_CATEGORIES.flatMap((c) => c.styles), ...PIERCING_CATEGORIES.flatMap((c) => c.styles.map((s) => s.name)), 'Lettering'].map(fold)),
];

/** Words that name a kind of artist rather than something on their card: they choose the kind. */
export const KIND_WORDS: Readonly<Record<string, 'tattoo' | 'piercing'>> = {
  tattoo: 'tattoo',
  tattoos: 'tattoo',
  tattooist: 'tattoo',
  tattooists: 'tattoo',
  tattooer: 'tattoo',
  tattooing: 'tattoo',
  piercing: 'piercing',
  piercings: 'piercing',
  piercer: 'piercing',
  piercers: 'piercing',
  pierce: 'piercing',
  pierced: 'piercing',
};

/** Words that say nothing about which artist: "a fine line tattoo artist near Portland" searches fine line, tattoo, Portland. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'the', 'in', 'on', 'of', 'for', 'with', 'near', 'around', 'by', 'at', 'to', 'me', 'my', 'i', 'or',
  'artist', 'artists', 'studio', 'studios', 'shop', 'shops', 'parlor', 'parlour', 'salon', 'best', 'good', 'top', 'who', 'does', 'do', 'get', 'want', 'need',
]);

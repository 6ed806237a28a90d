import { randomUUID } from 'node:crypto';
import type { artistProfiles, flashDesigns } from '../schema/index.ts';
import { artworkSize, flashSpec, skipLegacyPoolDraws, type ArtworkFile, type Work } from './images.ts';
import type { MotifId, Treatment } from './motifs.ts';
import { createRng } from './random.ts';

type ProfileRow = typeof artistProfiles.$inferInsert;
type FlashRow = typeof flashDesigns.$inferInsert;

/** How many seeded tattoo artists offer flash (the demo tattoo artist first). */
export const FLASH_ARTISTS = 15;
const DAY = 86_400_000;
const MINUTE = 60_000;

type Idea = { title: string; description: string; size: 'small' | 'medium' | 'large'; sizeLabel: string; price: number; motif: MotifId };

/** How each style inks its flash (the drawing is the idea's motif). */
const TREATMENT_OF_STYLE: Record<string, Treatment> = {
  Traditional: 'bold',
  'Neo Traditional': 'bold',
  Japanese: 'bold',
  Tribal: 'black',
  Realism: 'grey',
  Watercolor: 'wash',
  'Fine Line': 'fine',
  Minimalist: 'fine',
  Geometric: 'line',
  Blackwork: 'black',
  Dotwork: 'dots',
  Abstract: 'wash',
};

/** Ready-made designs by style; prices in whole dollars. Styles are the tattoo guide's names. */
const IDEAS: Record<string, Idea[]> = {
  Traditional: [
    { title: 'Swallow with banner', description: 'Bold outline, red and yellow, room for a name on the banner.', size: 'small', sizeLabel: '3 × 3 in', price: 180, motif: 'swallowBanner' },
    { title: 'Skull and roses', description: 'Bone-white skull between two red roses, bold outline.', size: 'medium', sizeLabel: '5 × 4 in', price: 350, motif: 'skull' },
    { title: 'Rose and dagger', description: 'A dagger through a full-bloom rose, traditional palette.', size: 'medium', sizeLabel: '6 × 3 in', price: 400, motif: 'roseAndDagger' },
  ],
  'Neo Traditional': [
    { title: 'Fox in peonies', description: 'Rich jewel tones, heavy line weight variation.', size: 'large', sizeLabel: '7 × 5 in', price: 750, motif: 'fox' },
    { title: 'Lantern moth', description: 'A moth with a lantern body and ornamental wings.', size: 'medium', sizeLabel: '5 × 5 in', price: 420, motif: 'lantern' },
  ],
  Japanese: [
    { title: 'Koi and wind bars', description: 'Single koi swimming upstream; fits a forearm.', size: 'large', sizeLabel: '8 × 4 in', price: 900, motif: 'koi' },
    { title: 'Hannya mask', description: 'Black and grey with a red accent.', size: 'medium', sizeLabel: '5 × 4 in', price: 480, motif: 'hannya' },
  ],
  Tribal: [{ title: 'Band of waves', description: 'Solid black band that wraps an arm or ankle.', size: 'medium', sizeLabel: '2 in band', price: 300, motif: 'waveBand' }],
  Realism: [{ title: 'Bee on clover', description: 'Small black and grey realism, soft shading.', size: 'small', sizeLabel: '2 × 2 in', price: 250, motif: 'bee' }],
  Watercolor: [
    { title: 'Hummingbird splash', description: 'Watercolour wash behind a fine-line bird.', size: 'medium', sizeLabel: '4 × 4 in', price: 380, motif: 'hummingbird' },
    { title: 'Paper crane', description: 'Soft pastel wash, no hard outline.', size: 'small', sizeLabel: '3 × 2 in', price: 200, motif: 'crane' },
  ],
  'Fine Line': [
    { title: 'Olive branch', description: 'Single-needle branch that follows the collarbone or wrist.', size: 'small', sizeLabel: '4 × 1 in', price: 160, motif: 'oliveBranch' },
    { title: 'Moon phases', description: 'Seven phases in a row, dotted orbit line.', size: 'small', sizeLabel: '5 × 1 in', price: 150, motif: 'moonPhases' },
    { title: 'Wildflower bouquet', description: 'Delicate mixed bouquet tied with a ribbon.', size: 'medium', sizeLabel: '5 × 3 in', price: 320, motif: 'wildflowers' },
  ],
  Minimalist: [
    { title: 'Tiny wave', description: 'A one-line wave, great as a first tattoo.', size: 'small', sizeLabel: '1 × 1 in', price: 120, motif: 'wave' },
    { title: 'Mountain line', description: 'Continuous-line mountain ridge with a sun.', size: 'small', sizeLabel: '3 × 1 in', price: 140, motif: 'mountain' },
  ],
  Geometric: [
    { title: 'Sacred triangle', description: 'Nested triangles with linework and a dot gradient.', size: 'medium', sizeLabel: '4 × 4 in', price: 300, motif: 'sacredGeometry' },
    { title: 'Hex compass', description: 'Compass rose inside a hexagon frame.', size: 'medium', sizeLabel: '4 × 4 in', price: 340, motif: 'compass' },
  ],
  Blackwork: [
    { title: 'Ornamental dagger', description: 'Solid black dagger with filigree guard.', size: 'medium', sizeLabel: '6 × 2 in', price: 360, motif: 'dagger' },
    { title: 'Snake and fern', description: 'Bold blackwork snake coiled through fern leaves.', size: 'large', sizeLabel: '8 × 3 in', price: 650, motif: 'snake' },
  ],
  Dotwork: [{ title: 'Mandala medallion', description: 'Stippled mandala, sized for a forearm or calf.', size: 'medium', sizeLabel: '4 in circle', price: 380, motif: 'mandala' }],
  Abstract: [{ title: 'Brushstroke orbit', description: 'Loose brush texture around a fine-line circle.', size: 'medium', sizeLabel: '4 × 4 in', price: 330, motif: 'brushstroke' }],
};
const FALLBACK = IDEAS.Traditional as Idea[];

/**
 * 3–6 flash designs for the first FLASH_ARTISTS tattoo artists, each drawn on paper as its title
 * says (images.ts). Uses its own random stream, so adding flash did not change
 * any other seeded value.
 */
export function planFlashDesigns(profiles: ProfileRow[], now: Date): { rows: FlashRow[]; artwork: ArtworkFile[] } {
  const r = createRng(0xf1a5);
  const rows: FlashRow[] = [];
  const artwork: ArtworkFile[] = [];
  const tattooArtists = profiles.filter((p) => p.kind !== 'piercing').slice(0, FLASH_ARTISTS);
  tattooArtists.forEach((profile, artistIndex) => {
    const artistId = profile.id as string;
    const styles = (profile.styles ?? []).filter((s) => IDEAS[s]);
    const ideas = r.shuffle(styles.flatMap((s) => (IDEAS[s] ?? []).map((idea) => ({ idea, style: s }))));
    const extra = r.shuffle(FALLBACK.map((idea) => ({ idea, style: 'Traditional' })));
    const wanted = r.int(3, 6);
    const picked = [...ideas, ...extra].slice(0, wanted);
    skipLegacyPoolDraws(r, styles);
    picked.forEach(({ idea, style }, position) => {
      const id = randomUUID();
      const spec = flashSpec({ motif: idea.motif, treatment: TREATMENT_OF_STYLE[style] ?? 'bold' }, profile.slug as string, position);
      const size = artworkSize(idea.motif);
      const storageKey = `flash/${artistId}/${id}.jpg`;
      // The demo artist's first design stays available and one-off, so "Book this design" always has something to show.
      const status = artistIndex === 0 && position === 0 ? 'available' : r.chance(0.12) ? 'reserved' : r.chance(0.06) ? 'gone' : 'available';
      // Spread over the last three months, so the gallery's newest-first order mixes artists.
      const createdAt = new Date(now.getTime() - r.int(1, 90) * DAY - r.int(0, 1439) * MINUTE);
      rows.push({
        id,
        artistId,
        title: idea.title,
        description: idea.description,
        style,
        size: idea.size,
        sizeLabel: idea.sizeLabel,
        priceCents: idea.price * 100,
        repeatable: artistIndex === 0 && position === 0 ? false : r.chance(0.3),
        status,
        storageKey,
        thumbKey: `flash/${artistId}/${id}_thumb.jpg`,
        width: size.width,
        height: size.height,
        position,
        createdAt,
        updatedAt: createdAt,
      });
      artwork.push({ storageKey, thumbKey: `flash/${artistId}/${id}_thumb.jpg`, spec });
    });
  });
  return { rows, artwork };
}

/** Flash title → what it draws, to redraw a design whose file is gone. */
export const FLASH_WORK_BY_TITLE = new Map<string, Work>(
  Object.entries(IDEAS).flatMap(([style, ideas]) => ideas.map((idea): [string, Work] => [idea.title, { caption: idea.title, motif: idea.motif, treatment: TREATMENT_OF_STYLE[style] ?? 'bold' }])),
);

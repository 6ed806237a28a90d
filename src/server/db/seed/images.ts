import sharp from 'sharp';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { MOTIFS, WIDE_MOTIFS, type MotifId, type Pen, type Treatment } from './motifs.ts';
import { createRng, type Rng } from './random.ts';

/**
 * Demo "artwork": the motif a caption names (motifs.ts), inked on skin for portfolio photos or
 * on paper for flash sheets, rendered locally by sharp (no network). Each spec is varied by its
 * seed: skin tone, palette, line weight, framing and the motif's own details.
 */

export const IMAGE_WIDTH = 480;
export const THUMB_SIZE = 300;

export type Surface = 'skin' | 'paper';
export type ArtworkSpec = { motif: MotifId; treatment: Treatment; surface: Surface; seed: number };

/** A piece of work an artist shows: the caption says what the picture draws. */
export type Work = { caption: string; motif: MotifId; treatment: Treatment };

const SKIN_TONES = ['#f6dcc8', '#efcfb6', '#e5bb9b', '#d6a57f', '#c48e66', '#a8714d', '#8c5a3c', '#6e4530'];
const PAPERS = ['#f4ecdc', '#f1e6d2', '#efe8dc', '#f6efe2', '#ece3d3'];
const INKS = ['#1c1917', '#111827', '#1f1b2e', '#171717'];
const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#b91c1c', '#d4a017', '#15803d'],
  ['#9f1239', '#c9a227', '#0f766e'],
  ['#c2410c', '#eab308', '#1d4ed8'],
  ['#be123c', '#f59e0b', '#166534'],
  ['#7c2d12', '#ca8a04', '#0e7490'],
  ['#dc2626', '#facc15', '#047857'],
];
const WASHES: ReadonlyArray<readonly [string, string, string]> = [
  ['#db2777', '#f59e0b', '#0ea5e9'],
  ['#7c3aed', '#14b8a6', '#f472b6'],
  ['#0891b2', '#a3e635', '#f97316'],
  ['#e11d48', '#8b5cf6', '#22c55e'],
];
const WEIGHT: Record<Treatment, [number, number]> = {
  fine: [1.5, 2.1],
  line: [2.3, 3],
  dots: [2, 2.6],
  grey: [1.8, 2.4],
  wash: [1.7, 2.3],
  bold: [5, 6.5],
  black: [3.6, 4.6],
};
/** Lettering and compass points must not be drawn mirrored. */
const NO_MIRROR = new Set<MotifId>(['script', 'heart', 'compass', 'swallowBanner', 'earCurated', 'earLobes', 'earHelix', 'earConch', 'earTragus', 'earDaith', 'earIndustrial']);

export function artworkSize(motif: MotifId): { width: number; height: number } {
  return { width: IMAGE_WIDTH, height: WIDE_MOTIFS.has(motif) ? IMAGE_WIDTH : Math.round(IMAGE_WIDTH * 1.25) };
}

function penFor(r: Rng, spec: ArtworkSpec, ground: string): Pen {
  const [min, max] = WEIGHT[spec.treatment];
  return {
    ink: r.pick(INKS),
    weight: r.float(min, max),
    treatment: spec.treatment,
    accents: spec.treatment === 'wash' ? r.pick(WASHES) : r.pick(PALETTES),
    ground,
  };
}

/** Watercolour: translucent blots behind the line work. */
function washBlots(r: Rng, pen: Pen): string {
  const out: string[] = [];
  for (let i = 0; i < r.int(4, 6); i++) {
    out.push(
      `<ellipse cx="${r.int(-110, 110)}" cy="${r.int(-140, 140)}" rx="${r.int(50, 120)}" ry="${r.int(40, 100)}" fill="${pen.accents[i % 3]}" fill-opacity="${r.float(0.12, 0.26).toFixed(2)}" transform="rotate(${r.int(0, 180)})"/>`,
    );
  }
  return out.join('');
}

export function artworkSvg(spec: ArtworkSpec): string {
  const r = createRng(spec.seed);
  const wide = WIDE_MOTIFS.has(spec.motif);
  const viewHeight = wide ? 400 : 500;
  const ground = spec.surface === 'skin' ? r.pick(SKIN_TONES) : r.pick(PAPERS);
  const pen = penFor(r, spec, ground);
  const scale = r.float(0.82, 0.98) * (wide ? 0.95 : 1);
  const flip = !NO_MIRROR.has(spec.motif) && r.chance(0.5) ? -1 : 1;
  const cx = 200 + r.int(-12, 12);
  const cy = viewHeight / 2 + r.int(-12, 12);
  const backdrop =
    spec.surface === 'skin'
      ? // Light falls across a curved limb: darker towards both sides. (A linear gradient costs librsvg
        // next to nothing; a radial one over the whole canvas costs ten times the drawing.)
        `<defs><linearGradient id="limb" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0.24"/><stop offset="${r.float(0.35, 0.6).toFixed(2)}" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient></defs>` +
        `<rect width="400" height="${viewHeight}" fill="${ground}"/><rect width="400" height="${viewHeight}" fill="url(#limb)"/>`
      : `<rect width="400" height="${viewHeight}" fill="${ground}"/><rect x="14" y="14" width="372" height="${viewHeight - 28}" fill="none" stroke="${pen.ink}" stroke-opacity="0.35" stroke-width="1.5"/>`;
  const wash = spec.treatment === 'wash' ? washBlots(r, pen) : '';
  const drawing = MOTIFS[spec.motif](r, pen);
  const { width, height } = artworkSize(spec.motif);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 ${viewHeight}">${backdrop}` +
    `<g transform="translate(${cx} ${cy}) scale(${(scale * flip).toFixed(3)} ${scale.toFixed(3)})">${wash}${drawing}</g></svg>`
  );
}

export type RenderedArtwork = { full: Buffer; thumb: Buffer; width: number; height: number };

/**
 * Rasterise once; the full picture and the square thumbnail are both encoded from that bitmap, as
 * JPEG: like the photos they stand in for, and half the encoding time of WebP.
 */
export async function renderArtwork(spec: ArtworkSpec): Promise<RenderedArtwork> {
  const { width, height } = artworkSize(spec.motif);
  const { data, info } = await sharp(Buffer.from(artworkSvg(spec))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [full, thumb] = await Promise.all([
    sharp(data, raw).jpeg({ quality: 80 }).toBuffer(),
    sharp(data, raw).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).jpeg({ quality: 76 }).toBuffer(),
  ]);
  return { full, thumb, width, height };
}

export type ArtworkFile = { storageKey: string; thumbKey: string; spec: ArtworkSpec };

/**
 * Write each file's artwork. Files with the same spec share one rendering (the second is a hard
 * link), so a pool-sized set of specs costs a pool's worth of rendering however many rows use it.
 */
export async function writeArtwork(storage: LocalStorage, files: ArtworkFile[], concurrency = 4): Promise<void> {
  const first = new Map<string, ArtworkFile>();
  const copies: ArtworkFile[] = [];
  for (const file of files) {
    const key = specKey(file.spec);
    if (first.has(key)) copies.push(file);
    else first.set(key, file);
  }
  await runLimited(
    [...first.values()].map((file) => async () => {
      const art = await renderArtwork(file.spec);
      await storage.put(file.storageKey, art.full);
      await storage.put(file.thumbKey, art.thumb);
    }),
    concurrency,
  );
  await runLimited(
    copies.map((file) => async () => {
      const source = first.get(specKey(file.spec)) as ArtworkFile;
      await storage.duplicate(source.storageKey, file.storageKey);
      await storage.duplicate(source.thumbKey, file.thumbKey);
    }),
    32,
  );
}

const specKey = (s: ArtworkSpec) => `${s.motif}/${s.treatment}/${s.surface}/${s.seed}`;

export async function runLimited(jobs: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as () => Promise<void>;
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/** FNV-1a: a stable 32-bit seed from a string (an artist's slug and a position). */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Drawings per work. Rendering costs ~20 ms of CPU a picture and the demo seed runs at every
 * fresh start, so a work has a few variants (skin, palette, line weight, framing, details) rather
 * than one per row: artists who show the same work mostly show different pictures of it, and the
 * demo's 300-odd rows cost ~130 renderings.
 */
export const ARTWORK_VARIANTS = 2;

function variantSeed(work: Pick<Work, 'motif' | 'treatment'>, surface: Surface, place: string): number {
  const variant = hashString(place) % ARTWORK_VARIANTS;
  return hashString(`${work.motif}/${work.treatment}/${surface}/${variant}`);
}

/** A portfolio photo: the work inked on skin; the variant follows the artist and the place in the portfolio. */
export const portfolioSpec = (work: Work, slug: string, position: number): ArtworkSpec => ({
  motif: work.motif,
  treatment: work.treatment,
  surface: 'skin',
  seed: variantSeed(work, 'skin', `${slug}/${position}`),
});

/** A flash design: drawn on paper, as flash sheets are. */
export const flashSpec = (work: Pick<Work, 'motif' | 'treatment'>, slug: string, position: number): ArtworkSpec => ({
  motif: work.motif,
  treatment: work.treatment,
  surface: 'paper',
  seed: variantSeed(work, 'paper', `${slug}/flash/${position}`),
});

export function portfolioKeys(artistId: string, imageId: string): { key: string; thumbKey: string } {
  return { key: `portfolio/${artistId}/${imageId}.jpg`, thumbKey: `portfolio/${artistId}/${imageId}_thumb.jpg` };
}

/**
 * The bench catalogue's thousands of artists share the same few drawings per work: each is drawn
 * once into seed-pool/ and hard-linked per row, across batches and runs.
 */
const poolKeysOf = (s: ArtworkSpec) => {
  const base = `seed-pool/${s.motif}-${s.treatment}-${s.surface}-${s.seed}`;
  return { storageKey: `${base}.jpg`, thumbKey: `${base}_thumb.jpg` };
};

/** Like writeArtwork, through the on-disk pool: a spec already drawn by an earlier batch is only linked. */
export async function writePooledArtwork(storage: LocalStorage, files: ArtworkFile[]): Promise<void> {
  const specs = new Map<string, ArtworkSpec>();
  for (const file of files) specs.set(specKey(file.spec), file.spec);
  const missing: ArtworkFile[] = [];
  for (const spec of specs.values()) {
    const keys = poolKeysOf(spec);
    if (!(await storage.exists(keys.storageKey)) || !(await storage.exists(keys.thumbKey))) missing.push({ ...keys, spec });
  }
  await writeArtwork(storage, missing);
  await runLimited(
    files.map((file) => async () => {
      const source = poolKeysOf(file.spec);
      await storage.duplicate(source.storageKey, file.storageKey);
      await storage.duplicate(source.thumbKey, file.thumbKey);
    }),
    32,
  );
}

// ---------------------------------------------------------------------------------------------
// Which works an artist shows

/**
 * `count` works for one artist, different for each artist (the order comes from their slug) and
 * never the same caption twice: the artist's own styles in turn, then kindred work when a style
 * runs out. A "both" artist alternates tattoo and piercing work.
 */
export function chooseWorks(slug: string, kind: 'tattoo' | 'piercing' | 'both', tattooStyles: string[], count: number, works: Record<string, Work[]>): Work[] {
  const r = createRng(hashString(`works:${slug}`));
  const queues = tattooStyles.map((style) => r.shuffle(works[style] ?? []));
  const piercing = r.shuffle(works.piercing ?? []);
  const spare = r.shuffle(Object.entries(works).flatMap(([style, list]) => (style === 'piercing' || tattooStyles.includes(style) ? [] : list)));
  const kindred = (wanted: Treatment | undefined) => {
    const at = spare.findIndex((w) => w.treatment === wanted);
    return spare.splice(at >= 0 ? at : 0, 1)[0];
  };
  const chosen: Work[] = [];
  const used = new Set<string>();
  for (let position = 0; chosen.length < count && position < count * 4; position++) {
    const wantsPiercing = kind === 'piercing' || tattooStyles.length === 0 || (kind === 'both' && position % 2 === 1);
    let work: Work | undefined;
    if (wantsPiercing) work = piercing.shift();
    else {
      const queue = queues[position % queues.length] as Work[];
      work = queue.shift() ?? kindred(works[tattooStyles[position % tattooStyles.length] as string]?.[0]?.treatment);
    }
    if (!work) break;
    if (used.has(work.caption)) continue;
    used.add(work.caption);
    chosen.push(work);
  }
  return chosen;
}

/** The pool picker the seed used before motifs: it shuffled 24 pool slots in two groups. */
const LEGACY_MOTIFS_BY_STYLE: Record<string, string[]> = {
  Traditional: ['flash'],
  'Neo Traditional': ['flash', 'wash'],
  Japanese: ['flash', 'flow'],
  Tribal: ['blackwork'],
  Realism: ['wash', 'flow'],
  Watercolor: ['wash'],
  'Fine Line': ['flow'],
  Minimalist: ['flow', 'geometry'],
  Geometric: ['geometry', 'mandala'],
  Blackwork: ['blackwork'],
  Dotwork: ['mandala'],
  Abstract: ['wash', 'geometry', 'flow'],
};

/**
 * Draws from `r` exactly what the old pool picker drew, so every value seeded after an artist's
 * pictures (the next artists' bios, hours, reviews and bookings) stays what it was: tests and
 * search rankings built on the demo data keep their meaning. Works are chosen by chooseWorks.
 */
export function skipLegacyPoolDraws(r: Rng, styles: string[]): void {
  const liked = new Set(styles.flatMap((s) => LEGACY_MOTIFS_BY_STYLE[s] ?? []));
  const preferred = liked.size * 4;
  const draws = Math.max(0, preferred - 1) + Math.max(0, 24 - preferred - 1);
  for (let i = 0; i < draws; i++) r.next();
}

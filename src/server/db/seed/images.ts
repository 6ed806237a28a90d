import sharp from 'sharp';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { createRng, type Rng } from './random.ts';

/**
 * Demo "artwork": abstract SVG compositions rendered locally by sharp (no network), in a small
 * pool that every seeded artist's portfolio files are hard-linked from.
 */

export const POOL_SIZE = 24;
export const IMAGE_WIDTH = 800;
export const THUMB_SIZE = 300;

export type PoolImage = { index: number; key: string; thumbKey: string; width: number; height: number; motif: Motif };

const MOTIFS = ['mandala', 'flow', 'wash', 'flash', 'blackwork', 'geometry'] as const;
export type Motif = (typeof MOTIFS)[number];

/** Which motifs suit an artist's styles, so a dotwork artist mostly shows mandalas. */
export const MOTIFS_FOR_STYLE: Record<string, Motif[]> = {
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

const PALETTES: Array<{ bg: string; ink: string; accents: string[] }> = [
  { bg: '#f3e9dc', ink: '#1c1917', accents: ['#b91c1c', '#d97706', '#15803d'] },
  { bg: '#ede4d8', ink: '#111827', accents: ['#1d4ed8', '#0e7490', '#7c3aed'] },
  { bg: '#f5efe6', ink: '#292524', accents: ['#db2777', '#f59e0b', '#10b981'] },
  { bg: '#e9dfd1', ink: '#0c0a09', accents: ['#9f1239', '#b45309', '#365314'] },
  { bg: '#f1e7e1', ink: '#1e1b4b', accents: ['#0891b2', '#e11d48', '#a3e635'] },
  { bg: '#efe6da', ink: '#171717', accents: ['#7c2d12', '#0f766e', '#c2410c'] },
];

const f = (n: number) => n.toFixed(1);

function mandala(r: Rng, w: number, h: number, p: (typeof PALETTES)[number]): string {
  const cx = w / 2;
  const cy = h / 2;
  const parts: string[] = [];
  const rings = r.int(5, 8);
  for (let ring = 1; ring <= rings; ring++) {
    const radius = (ring / rings) * Math.min(w, h) * 0.42;
    const count = 6 * ring + r.int(0, 6);
    const dot = r.float(2, 6);
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      parts.push(`<circle cx="${f(cx + Math.cos(a) * radius)}" cy="${f(cy + Math.sin(a) * radius)}" r="${f(dot)}" fill="${p.ink}"/>`);
    }
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${f(radius - 10)}" fill="none" stroke="${p.ink}" stroke-width="1.5"/>`);
  }
  const petals = r.pick([8, 10, 12, 16]);
  const petalLength = Math.min(w, h) * r.float(0.22, 0.3);
  for (let i = 0; i < petals; i++) {
    const deg = (360 / petals) * i;
    parts.push(
      `<path d="M${cx} ${cy} Q${f(cx + petalLength * 0.35)} ${f(cy - petalLength * 0.5)} ${cx} ${f(cy - petalLength)} Q${f(cx - petalLength * 0.35)} ${f(cy - petalLength * 0.5)} ${cx} ${cy}Z" fill="none" stroke="${p.ink}" stroke-width="2" transform="rotate(${deg} ${cx} ${cy})"/>`,
    );
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${f(r.float(14, 30))}" fill="${r.pick(p.accents)}"/>`);
  return parts.join('');
}

function flowLines(r: Rng, w: number, h: number, p: (typeof PALETTES)[number], lines: number): string {
  const parts: string[] = [];
  let x = r.float(w * 0.2, w * 0.8);
  let y = h * 0.12;
  for (let i = 0; i < lines; i++) {
    const x2 = r.float(w * 0.15, w * 0.85);
    const y2 = r.float(h * 0.1, h * 0.9);
    parts.push(
      `<path d="M${f(x)} ${f(y)} C${f(r.float(0, w))} ${f(r.float(0, h))} ${f(r.float(0, w))} ${f(r.float(0, h))} ${f(x2)} ${f(y2)}" fill="none" stroke="${p.ink}" stroke-width="${f(r.float(1, 2.6))}" stroke-linecap="round"/>`,
    );
    x = x2;
    y = y2;
  }
  return parts.join('');
}

/** Fine-line botanical: a few curved stems with almond leaves on alternating sides. */
function flow(r: Rng, w: number, h: number, p: (typeof PALETTES)[number]): string {
  const parts: string[] = [];
  const stems = r.int(1, 3);
  for (let s = 0; s < stems; s++) {
    const x0 = w * r.float(0.35, 0.65);
    const y0 = h * 0.92;
    const x1 = w * r.float(0.2, 0.8);
    const y1 = h * r.float(0.08, 0.25);
    const cx = w * r.float(0.1, 0.9);
    const cy = h * 0.5;
    parts.push(`<path d="M${f(x0)} ${f(y0)} Q${f(cx)} ${f(cy)} ${f(x1)} ${f(y1)}" fill="none" stroke="${p.ink}" stroke-width="2" stroke-linecap="round"/>`);
    const leaves = r.int(6, 11);
    for (let i = 1; i <= leaves; i++) {
      const t = i / (leaves + 1);
      const px = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1;
      const py = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1;
      const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx);
      const dy = 2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy);
      const along = (Math.atan2(dy, dx) * 180) / Math.PI;
      const angle = along + (i % 2 === 0 ? 50 : -50);
      const len = r.float(40, 80) * (1 - t * 0.4);
      parts.push(
        `<path d="M0 0 Q${f(len / 2)} ${f(-len / 4)} ${f(len)} 0 Q${f(len / 2)} ${f(len / 4)} 0 0Z M0 0 L${f(len * 0.85)} 0" fill="none" stroke="${p.ink}" stroke-width="1.6" stroke-linejoin="round" transform="translate(${f(px)} ${f(py)}) rotate(${f(angle)})"/>`,
      );
    }
    parts.push(`<circle cx="${f(x1)}" cy="${f(y1)}" r="${f(r.float(5, 9))}" fill="${r.pick(p.accents)}"/>`);
  }
  return parts.join('');
}

function wash(r: Rng, w: number, h: number, p: (typeof PALETTES)[number]): string {
  const parts: string[] = [];
  for (let i = 0; i < r.int(7, 12); i++) {
    parts.push(
      `<ellipse cx="${f(r.float(w * 0.2, w * 0.8))}" cy="${f(r.float(h * 0.2, h * 0.8))}" rx="${f(r.float(80, 220))}" ry="${f(r.float(60, 180))}" fill="${r.pick(p.accents)}" fill-opacity="${f(r.float(0.18, 0.4))}" transform="rotate(${r.int(0, 180)} ${w / 2} ${h / 2})"/>`,
    );
  }
  parts.push(flowLines(r, w, h, p, r.int(6, 12)));
  return parts.join('');
}

function flash(r: Rng, w: number, h: number, p: (typeof PALETTES)[number]): string {
  const parts: string[] = [];
  const cx = w / 2;
  const cy = h / 2;
  const points = r.pick([5, 6, 8]);
  const outer = Math.min(w, h) * 0.34;
  const inner = outer * r.float(0.4, 0.55);
  const star: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const a = (i / (points * 2)) * Math.PI * 2 - Math.PI / 2;
    const radius = i % 2 === 0 ? outer : inner;
    star.push(`${f(cx + Math.cos(a) * radius)},${f(cy + Math.sin(a) * radius)}`);
  }
  parts.push(`<polygon points="${star.join(' ')}" fill="${p.accents[0]}" stroke="${p.ink}" stroke-width="12" stroke-linejoin="round"/>`);
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${f(inner * 0.7)}" fill="${p.accents[1]}" stroke="${p.ink}" stroke-width="10"/>`);
  for (let i = 0; i < 4; i++) {
    const a = r.float(0, Math.PI * 2);
    const lx = cx + Math.cos(a) * outer * 1.15;
    const ly = cy + Math.sin(a) * outer * 1.15;
    parts.push(`<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="46" ry="20" fill="${p.accents[2]}" stroke="${p.ink}" stroke-width="9" transform="rotate(${f((a * 180) / Math.PI)} ${f(lx)} ${f(ly)})"/>`);
  }
  parts.push(`<path d="M${f(w * 0.18)} ${f(h * 0.86)} Q${cx} ${f(h * 0.78)} ${f(w * 0.82)} ${f(h * 0.86)}" fill="none" stroke="${p.ink}" stroke-width="14" stroke-linecap="round"/>`);
  return parts.join('');
}

function blackwork(r: Rng, w: number, h: number, p: (typeof PALETTES)[number]): string {
  const parts: string[] = [];
  const bands = r.int(4, 7);
  for (let i = 0; i < bands; i++) {
    const y = (h / (bands + 1)) * (i + 1);
    const height = r.float(18, 60);
    const teeth = r.int(6, 14);
    const step = w / teeth;
    let d = `M0 ${f(y)}`;
    for (let t = 0; t <= teeth; t++) d += ` L${f(t * step)} ${f(y + (t % 2 === 0 ? 0 : height))}`;
    d += ` L${w} ${f(y + height + 12)} L0 ${f(y + height + 12)}Z`;
    parts.push(`<path d="${d}" fill="${p.ink}"/>`);
  }
  parts.push(`<circle cx="${f(w * r.float(0.3, 0.7))}" cy="${f(h * r.float(0.3, 0.7))}" r="${f(r.float(60, 120))}" fill="${p.bg}" stroke="${p.ink}" stroke-width="14"/>`);
  return parts.join('');
}

function geometry(r: Rng, w: number, h: number, p: (typeof PALETTES)[number]): string {
  const parts: string[] = [];
  const cx = w / 2;
  const cy = h / 2;
  const sides = r.pick([3, 4, 6]);
  for (let layer = 0; layer < r.int(5, 9); layer++) {
    const radius = 60 + layer * r.float(26, 40);
    const rot = layer * r.float(8, 20);
    const pts: string[] = [];
    for (let i = 0; i < sides; i++) {
      const a = (i / sides) * Math.PI * 2 + (rot * Math.PI) / 180;
      pts.push(`${f(cx + Math.cos(a) * radius)},${f(cy + Math.sin(a) * radius)}`);
    }
    parts.push(`<polygon points="${pts.join(' ')}" fill="none" stroke="${layer % 3 === 2 ? r.pick(p.accents) : p.ink}" stroke-width="${f(r.float(1.5, 4))}"/>`);
  }
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    parts.push(`<line x1="${cx}" y1="${cy}" x2="${f(cx + Math.cos(a) * w * 0.45)}" y2="${f(cy + Math.sin(a) * w * 0.45)}" stroke="${p.ink}" stroke-width="1"/>`);
  }
  return parts.join('');
}

const DRAW: Record<Motif, typeof mandala> = { mandala, flow, wash, flash, blackwork, geometry };

export function poolImageSpec(index: number): { motif: Motif; width: number; height: number } {
  const motif = MOTIFS[index % MOTIFS.length] as Motif;
  // Mostly portrait, some square: how tattoo photos are usually framed.
  const height = index % 3 === 2 ? IMAGE_WIDTH : 1000;
  return { motif, width: IMAGE_WIDTH, height };
}

export function artworkSvg(index: number): string {
  const { motif, width, height } = poolImageSpec(index);
  const r = createRng(1000 + index);
  const palette = PALETTES[Math.floor(index / MOTIFS.length) % PALETTES.length] as (typeof PALETTES)[number];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${palette.bg}"/>${DRAW[motif](r, width, height, palette)}</svg>`;
}

export function poolKeys(index: number): { key: string; thumbKey: string } {
  const n = String(index).padStart(2, '0');
  return { key: `seed-pool/art-${n}.webp`, thumbKey: `seed-pool/art-${n}_thumb.webp` };
}

/** Make sure every pool image and its thumbnail exist in storage; draws only the missing ones. */
export async function ensureImagePool(storage: LocalStorage): Promise<PoolImage[]> {
  const pool: PoolImage[] = [];
  await Promise.all(
    Array.from({ length: POOL_SIZE }, async (_, index) => {
      const { key, thumbKey } = poolKeys(index);
      const spec = poolImageSpec(index);
      pool[index] = { index, key, thumbKey, ...spec };
      if ((await storage.exists(key)) && (await storage.exists(thumbKey))) return;
      const full = await sharp(Buffer.from(artworkSvg(index))).webp({ quality: 80, effort: 2 }).toBuffer();
      const thumb = await sharp(full).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).webp({ quality: 72, effort: 2 }).toBuffer();
      await storage.put(key, full);
      await storage.put(thumbKey, thumb);
    }),
  );
  return pool;
}

/** Pool indices for one artist: distinct, leaning to motifs that match the artist's styles. */
export function pickPoolImages(r: Rng, styles: string[], count: number): number[] {
  const liked = new Set(styles.flatMap((s) => MOTIFS_FOR_STYLE[s] ?? []));
  const preferred: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < POOL_SIZE; i++) (liked.has(poolImageSpec(i).motif) ? preferred : others).push(i);
  return [...r.shuffle(preferred), ...r.shuffle(others)].slice(0, count);
}

export function portfolioKeys(artistId: string, imageId: string): { key: string; thumbKey: string } {
  return { key: `portfolio/${artistId}/${imageId}.webp`, thumbKey: `portfolio/${artistId}/${imageId}_thumb.webp` };
}

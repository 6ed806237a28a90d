import { DESIGN_STYLE_NAMES, type TDesignColour, type TDesignPlacement, type TDesignSize, type TDesignStyle } from '../../../shared/contracts/designs.ts';

/**
 * The embedded design generator: used when no image service is configured (IMAGE_API_URL). It is
 * not AI and never says it is: it composes line-art SVG "stencil sketches" from a small library of
 * motifs (flowers, animals, geometry, ornaments, lettering), picked by the words of the prompt and
 * drawn in the chosen style's idiom (line weight, fills, dotwork, symmetry). The same input and
 * seed always give the same drawing, so a design can be redrawn from its row instead of stored.
 *
 * Safety: the only user text that reaches the markup is lettering the person put in quotes, and it
 * is XML-escaped; every other string in the SVG is ours.
 */

export type StencilInput = {
  prompt: string;
  style: TDesignStyle;
  colour: TDesignColour;
  placement: TDesignPlacement;
  size: TDesignSize;
  /** Any 32-bit integer; each of a generation's designs has its own. */
  seed: number;
};

/** How a style draws: what makes a traditional sketch look traditional and a fine-line one fine. */
export type StyleIdiom = {
  /** Outline stroke width (viewBox units of 512). */
  outline: number;
  /** Inner detail stroke width. */
  detail: number;
  /** Copies around the centre for ornaments (1 = none, 2 = mirrored, n = radial). */
  symmetry: number;
  /** Stippled shading made of dots. */
  dotwork: boolean;
  /** Parallel hatching for shading. */
  hatching: boolean;
  /** How shapes are filled: not at all, flat colour, solid black, or soft washes behind the lines. */
  fill: 'none' | 'flat' | 'solid' | 'wash';
  /** Extra elements beyond the main motif, before the size scales it. */
  extras: number;
  /** Background pattern some styles carry. */
  background: 'none' | 'waves' | 'rays';
  palette: readonly string[];
  font: string;
};

const GREYS = ['#3a3a3a', '#6b6b6b', '#9a9a9a', '#c4c4c4'] as const;

export const STYLE_IDIOMS: Record<TDesignStyle, StyleIdiom> = {
  traditional: { outline: 8, detail: 4, symmetry: 1, dotwork: false, hatching: false, fill: 'flat', extras: 2, background: 'none', palette: ['#c0392b', '#2e7d32', '#f1c40f', '#1f3a93'], font: 'Georgia, serif' },
  'neo-traditional': { outline: 6, detail: 3, symmetry: 2, dotwork: false, hatching: false, fill: 'flat', extras: 3, background: 'none', palette: ['#8e2453', '#1b6f6a', '#d68910', '#5b2c6f'], font: 'Georgia, serif' },
  japanese: { outline: 6, detail: 3, symmetry: 1, dotwork: false, hatching: false, fill: 'flat', extras: 2, background: 'waves', palette: ['#b03a2e', '#1a5276', '#f39c12', '#196f3d'], font: 'Georgia, serif' },
  realism: { outline: 1.5, detail: 1, symmetry: 1, dotwork: false, hatching: true, fill: 'none', extras: 1, background: 'none', palette: ['#5d4037', '#8d6e63', '#455a64', '#a1887f'], font: 'Georgia, serif' },
  watercolor: { outline: 2, detail: 1.5, symmetry: 1, dotwork: false, hatching: false, fill: 'wash', extras: 2, background: 'none', palette: ['#e74c3c', '#8e44ad', '#3498db', '#1abc9c'], font: 'Georgia, serif' },
  geometric: { outline: 2.5, detail: 1.5, symmetry: 8, dotwork: true, hatching: false, fill: 'none', extras: 3, background: 'rays', palette: ['#1a1a1a', '#1a1a1a', '#1a1a1a', '#1a1a1a'], font: 'Helvetica, Arial, sans-serif' },
  'fine-line': { outline: 1.2, detail: 0.8, symmetry: 1, dotwork: false, hatching: false, fill: 'none', extras: 1, background: 'none', palette: ['#1a1a1a', '#1a1a1a', '#1a1a1a', '#1a1a1a'], font: 'Brush Script MT, cursive' },
  blackwork: { outline: 5, detail: 3, symmetry: 6, dotwork: true, hatching: false, fill: 'solid', extras: 2, background: 'none', palette: ['#111111', '#111111', '#111111', '#111111'], font: 'Impact, sans-serif' },
  minimalist: { outline: 1.8, detail: 1.2, symmetry: 1, dotwork: false, hatching: false, fill: 'none', extras: 0, background: 'none', palette: ['#1a1a1a', '#1a1a1a', '#1a1a1a', '#1a1a1a'], font: 'Helvetica, Arial, sans-serif' },
};

export const MOTIFS = ['flower', 'bird', 'snake', 'fish', 'cat', 'geometry', 'dagger', 'heart', 'moon', 'star'] as const;
export type Motif = (typeof MOTIFS)[number];

/** Words of a prompt that ask for each motif. */
const MOTIF_WORDS: Record<Motif, readonly string[]> = {
  flower: ['rose', 'roses', 'flower', 'flowers', 'peony', 'lotus', 'daisy', 'tulip', 'lily', 'floral', 'bloom', 'blossom', 'cherry', 'sunflower', 'poppy', 'orchid', 'chrysanthemum', 'botanical'],
  bird: ['bird', 'birds', 'swallow', 'sparrow', 'crow', 'raven', 'eagle', 'dove', 'hummingbird', 'owl', 'phoenix', 'hawk', 'swallows'],
  snake: ['snake', 'serpent', 'dragon', 'viper', 'cobra'],
  fish: ['koi', 'fish', 'carp', 'whale', 'shark', 'goldfish'],
  cat: ['cat', 'kitten', 'tiger', 'lion', 'panther', 'fox', 'wolf', 'leopard'],
  geometry: ['geometric', 'geometry', 'mandala', 'triangle', 'hexagon', 'circle', 'sacred', 'polygon', 'cube', 'compass', 'pattern'],
  dagger: ['dagger', 'sword', 'knife', 'blade'],
  heart: ['heart', 'love', 'hearts'],
  moon: ['moon', 'crescent', 'night', 'lunar'],
  star: ['star', 'stars', 'celestial', 'sun', 'cosmic'],
};

/** The motifs a prompt names, in the order it names them. */
export function motifsFor(prompt: string): Motif[] {
  const words = prompt.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  const found: Motif[] = [];
  for (const word of words) {
    for (const motif of MOTIFS) if (MOTIF_WORDS[motif].includes(word) && !found.includes(motif)) found.push(motif);
  }
  return found;
}

export const LETTERING_MAX = 24;

/** Lettering is what the person put in quotes ("mum", “forever”), cut to LETTERING_MAX characters. */
export function letteringFor(prompt: string): string | null {
  const match = /["“”«»]([^"“”«»]{1,80})["“”«»]/u.exec(prompt);
  const text = match?.[1]?.trim();
  return text ? [...text].slice(0, LETTERING_MAX).join('') : null;
}

/** Text as XML character data or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** mulberry32: a tiny, well-spread PRNG, enough for drawing (not for secrets). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Numbers in the markup: one decimal, so the same seed gives byte-identical SVG everywhere. */
const n = (v: number) => (Math.round(v * 10) / 10).toString();

type Pen = { stroke: string; width: number; fill: string };
const attrs = (p: Pen, extra = '') => `fill="${p.fill}" stroke="${p.stroke}" stroke-width="${n(p.width)}" stroke-linejoin="round" stroke-linecap="round"${extra}`;

/** Each motif drawn in a 100-unit box centred on 0,0, with an outline pen and a detail pen. */
type Draw = (o: Pen, d: Pen, r: () => number, idiom: StyleIdiom) => string;

function petals(count: number, length: number, width: number, o: Pen, rotate = 0): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = rotate + (360 / count) * i;
    out.push(`<path d="M0 0 Q${n(width)} ${n(-length / 2)} 0 ${n(-length)} Q${n(-width)} ${n(-length / 2)} 0 0Z" transform="rotate(${n(a)})" ${attrs(o)}/>`);
  }
  return out.join('');
}

const DRAW: Record<Motif, Draw> = {
  flower: (o, d, r) => {
    const count = 5 + Math.floor(r() * 4);
    // Leaves are green only where the style fills with colour (not outlines, not solid black).
    const leaf = { ...o, fill: o.fill === 'none' || o.fill === '#111111' || GREYS.includes(o.fill as (typeof GREYS)[number]) ? o.fill : '#2e7d32' };
    return (
      `<path d="M-8 40 Q-30 30 -42 44 Q-26 54 -8 40Z" ${attrs(leaf)}/><path d="M8 40 Q30 30 42 44 Q26 54 8 40Z" ${attrs(leaf)}/>` +
      petals(count, 44, 18, o, r() * 40) +
      petals(count, 26, 11, o, 180 / count) +
      `<circle r="${n(7 + r() * 3)}" ${attrs(o)}/>` +
      `<path d="M-4 0 A4 4 0 1 1 4 0 A6 6 0 1 1 -6 -1" ${attrs({ ...d, fill: 'none' })}/>`
    );
  },
  bird: (o, d, r) => {
    const lift = n(-30 - r() * 10);
    return (
      `<path d="M-40 2 Q-12 -10 0 -5 Q14 -22 46 ${lift} Q26 -8 12 2 Q26 14 42 32 Q10 18 0 9 Q-16 12 -40 2Z" ${attrs(o)}/>` +
      `<path d="M-40 2 L-52 -12 M-40 2 L-52 14" ${attrs({ ...o, fill: 'none' })}/>` +
      `<path d="M-6 -2 Q6 -6 16 -14 M-4 6 Q8 8 18 18" ${attrs({ ...d, fill: 'none' })}/>` +
      `<circle cx="-30" cy="0" r="2.2" fill="${d.stroke}"/>`
    );
  },
  snake: (o, d, r) => {
    const phase = r() * Math.PI;
    const pts: string[] = [];
    for (let x = -44; x <= 36; x += 4) pts.push(`${n(x)} ${n(16 * Math.sin(x / 12 + phase))}`);
    const headY = 16 * Math.sin(40 / 12 + phase);
    return (
      `<path d="M${pts.join(' L')}" fill="none" stroke="${o.stroke}" stroke-width="${n(o.width + 9)}" stroke-linecap="round"/>` +
      `<path d="M${pts.join(' L')}" fill="none" stroke="${o.fill === 'none' ? '#fff' : o.fill}" stroke-width="7" stroke-linecap="round"/>` +
      `<ellipse cx="42" cy="${n(headY)}" rx="9" ry="6" ${attrs(o)}/>` +
      `<path d="M51 ${n(headY)} l6 -3 M51 ${n(headY)} l6 3" ${attrs({ ...d, fill: 'none', stroke: '#c0392b' })}/>` +
      `<circle cx="44" cy="${n(headY - 2)}" r="1.5" fill="${d.stroke}"/>`
    );
  },
  fish: (o, d, r) => {
    const scales: string[] = [];
    for (let x = -18; x <= 12; x += 8) for (const y of [-6, 3]) scales.push(`M${x} ${y} q4 4 8 0`);
    return (
      `<path d="M-36 0 L-52 ${n(-14 - r() * 6)} Q-44 0 -52 ${n(14 + r() * 6)}Z" ${attrs(o)}/>` +
      `<path d="M-38 0 Q-8 -26 26 -6 Q36 0 26 6 Q-8 26 -38 0Z" ${attrs(o)}/>` +
      `<path d="M-4 -16 Q4 -30 12 -14 M-4 16 Q4 30 12 14" ${attrs({ ...o, fill: 'none' })}/>` +
      `<path d="${scales.join(' ')}" ${attrs({ ...d, fill: 'none' })}/>` +
      `<circle cx="20" cy="-3" r="2.2" fill="${d.stroke}"/>`
    );
  },
  cat: (o, d) =>
    `<path d="M-30 -8 L-28 -42 L-9 -26 Q0 -29 9 -26 L28 -42 L30 -8 Q33 26 0 34 Q-33 26 -30 -8Z" ${attrs(o)}/>` +
    `<path d="M-16 -4 Q-10 -10 -4 -4 Q-10 2 -16 -4Z M16 -4 Q10 -10 4 -4 Q10 2 16 -4Z" ${attrs({ ...d, fill: '#fff' })}/>` +
    `<path d="M-4 8 L4 8 L0 13Z" ${attrs({ ...d, fill: d.stroke })}/>` +
    `<path d="M-6 14 L-30 10 M-6 16 L-30 20 M6 14 L30 10 M6 16 L30 20" ${attrs({ ...d, fill: 'none' })}/>`,
  geometry: (o, d, r, idiom) => {
    const sides = [3, 4, 6, 8][Math.floor(r() * 4)]!;
    const poly = (radius: number, turn: number) =>
      Array.from({ length: sides }, (_, i) => {
        const a = ((Math.PI * 2) / sides) * i + turn;
        return `${n(Math.cos(a) * radius)} ${n(Math.sin(a) * radius)}`;
      }).join(' ');
    const spokes = Math.max(sides, idiom.symmetry);
    const lines = Array.from({ length: spokes }, (_, i) => {
      const a = ((Math.PI * 2) / spokes) * i;
      return `M0 0 L${n(Math.cos(a) * 46)} ${n(Math.sin(a) * 46)}`;
    }).join(' ');
    return (
      `<circle r="46" ${attrs({ ...o, fill: 'none' })}/>` +
      `<polygon points="${poly(44, -Math.PI / 2)}" ${attrs({ ...o, fill: 'none' })}/>` +
      `<polygon points="${poly(28, Math.PI / sides - Math.PI / 2)}" ${attrs(o)}/>` +
      `<path d="${lines}" ${attrs({ ...d, fill: 'none' })}/>` +
      `<circle r="${n(8 + r() * 6)}" ${attrs({ ...d, fill: 'none' })}/>`
    );
  },
  dagger: (o, d) =>
    `<path d="M0 -48 L8 -8 L0 0 L-8 -8Z" ${attrs({ ...o, fill: o.fill === 'none' ? 'none' : '#e0e0e0' })}/>` +
    `<path d="M0 -44 L0 -6" ${attrs({ ...d, fill: 'none' })}/>` +
    `<path d="M-20 -6 Q0 2 20 -6 L20 2 Q0 10 -20 2Z" ${attrs(o)}/>` +
    `<rect x="-4" y="4" width="8" height="30" rx="2" ${attrs(o)}/>` +
    `<circle cy="40" r="6" ${attrs(o)}/>`,
  heart: (o, d) =>
    `<path d="M0 36 C-50 4 -40 -40 0 -16 C40 -40 50 4 0 36Z" ${attrs(o)}/>` + `<path d="M-18 -14 Q-26 -6 -22 6" ${attrs({ ...d, fill: 'none', stroke: '#fff' })}/>`,
  moon: (o, d, r) =>
    `<path d="M10 -40 A40 40 0 1 0 10 40 A30 30 0 1 1 10 -40Z" ${attrs(o)}/>` +
    `<path d="M-22 -10 q4 -2 6 2 M-26 12 q3 3 6 0" ${attrs({ ...d, fill: 'none' })}/>` +
    `<circle cx="${n(28 + r() * 10)}" cy="-24" r="2" fill="${d.stroke}"/>`,
  star: (o, d, r) => {
    const points = r() < 0.5 ? 5 : 8;
    const pts = Array.from({ length: points * 2 }, (_, i) => {
      const a = (Math.PI / points) * i - Math.PI / 2;
      const radius = i % 2 === 0 ? 44 : 18;
      return `${n(Math.cos(a) * radius)} ${n(Math.sin(a) * radius)}`;
    }).join(' ');
    return `<polygon points="${pts}" ${attrs(o)}/><circle r="6" ${attrs({ ...d, fill: 'none' })}/>`;
  },
};

/** Extras are drawn at this scale, with lines a little finer than the main motif's. */
const EXTRA_SCALE = 1;

/** Size decides how much goes around the main motif; a small tattoo cannot hold much detail. */
const SIZE_DETAIL: Record<TDesignSize, number> = { small: 0, medium: 1, large: 2 };
/** Long, narrow placements get a taller composition. */
const TALL: ReadonlySet<TDesignPlacement> = new Set(['forearm', 'calf', 'ribs', 'thigh', 'back', 'upper-arm']);

function dots(r: () => number, count: number, radius: number, inner: number, colour: string): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    // Denser towards the inner edge: stipple fades outwards as dotwork shading does.
    const t = Math.pow(r(), 1.8);
    const rad = inner + (radius - inner) * t;
    const a = r() * Math.PI * 2;
    out.push(`<circle cx="${n(256 + Math.cos(a) * rad)}" cy="${n(256 + Math.sin(a) * rad)}" r="${n(1.2 + r() * 1.4)}" fill="${colour}"/>`);
  }
  return `<g class="dotwork">${out.join('')}</g>`;
}

function hatching(r: () => number, colour: string): string {
  const out: string[] = [];
  const start = 150 + r() * 40;
  for (let i = 0; i < 14; i++) out.push(`M${n(start + i * 9)} ${n(330 + i * 2)} l40 -40`);
  return `<path class="hatching" d="${out.join(' ')}" fill="none" stroke="${colour}" stroke-width="1" opacity="0.7"/>`;
}

function washes(r: () => number, palette: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const cx = 180 + r() * 150;
    const cy = 180 + r() * 150;
    const pts = Array.from({ length: 9 }, (_, k) => {
      const a = ((Math.PI * 2) / 9) * k;
      const rad = 60 + r() * 60;
      return `${n(cx + Math.cos(a) * rad)} ${n(cy + Math.sin(a) * rad)}`;
    });
    const curve = [1, 3, 5, 7].map((k) => `Q${pts[k]} ${pts[k + 1]}`).join(' ');
    out.push(`<path d="M${pts[0]} ${curve}Z" fill="${palette[i % palette.length]}" opacity="0.28"/>`);
  }
  return `<g class="wash">${out.join('')}</g>`;
}

function waves(stroke: string): string {
  const out: string[] = [];
  for (let row = 0; row < 3; row++) for (let x = -32 + (row % 2) * 32; x < 544; x += 64) out.push(`M${x} ${470 - row * 22} a32 32 0 0 1 64 0`);
  return `<path class="waves" d="${out.join(' ')}" fill="none" stroke="${stroke}" stroke-width="2"/>`;
}

function rays(stroke: string, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count * 3; i++) {
    const a = ((Math.PI * 2) / (count * 3)) * i;
    out.push(`M${n(256 + Math.cos(a) * 200)} ${n(256 + Math.sin(a) * 200)} L${n(256 + Math.cos(a) * 236)} ${n(256 + Math.sin(a) * 236)}`);
  }
  return `<path class="rays" d="${out.join(' ')}" fill="none" stroke="${stroke}" stroke-width="1.5"/>`;
}

/** A pen for a motif drawn at `scale`: its lines keep the style's width on the page. */
const at = (p: Pen, scale: number): Pen => ({ ...p, width: p.width / scale });

/** The pens a style draws with (widths as on the page), in colour or black and grey. */
function pens(idiom: StyleIdiom, colour: TDesignColour, r: () => number): { o: Pen; d: Pen } {
  const palette = colour === 'colour' ? idiom.palette : GREYS;
  const fillColour = palette[Math.floor(r() * palette.length)]!;
  const fill = idiom.fill === 'flat' ? fillColour : idiom.fill === 'solid' ? '#111111' : 'none';
  const line = '#111111';
  return {
    o: { stroke: line, width: idiom.outline, fill },
    // Solid blackwork needs its inner lines in white to read at all.
    d: { stroke: idiom.fill === 'solid' ? '#ffffff' : line, width: idiom.detail, fill: 'none' },
  };
}

export type Stencil = { svg: string; motifs: Motif[]; lettering: string | null };

/** One stencil sketch, as SVG markup (512 × 512). */
export function generateStencil(input: StencilInput): Stencil {
  const idiom = STYLE_IDIOMS[input.style];
  const r = rng(input.seed);
  const asked = motifsFor(input.prompt);
  const main = asked[0] ?? MOTIFS[Math.floor(r() * MOTIFS.length)]!;
  const extrasWanted = Math.max(0, idiom.extras + SIZE_DETAIL[input.size] - 1);
  const pool = asked.length > 1 ? asked.slice(1) : (['star', 'heart', 'moon', 'flower'] as Motif[]).filter((m) => m !== main);
  const extras: Motif[] = Array.from({ length: Math.min(extrasWanted, 4) }, () => pool[Math.floor(r() * pool.length)]!);
  const lettering = letteringFor(input.prompt);
  const { o, d } = pens(idiom, input.colour, r);
  const tall = TALL.has(input.placement);
  const body: string[] = [];

  if (idiom.fill === 'wash' && input.colour === 'colour') body.push(washes(r, idiom.palette));
  if (idiom.background === 'waves') body.push(waves(input.colour === 'colour' ? '#1a5276' : '#6b6b6b'));
  if (idiom.background === 'rays') body.push(rays('#1a1a1a', idiom.symmetry));
  if (idiom.dotwork) body.push(dots(r, 140 + 60 * SIZE_DETAIL[input.size], 190, 120, '#1a1a1a'));
  if (idiom.hatching) body.push(hatching(r, '#333333'));

  // The main motif, large in the middle (100 units × 3 → about 300 px across).
  const mainScale = lettering ? 2.7 : 3.1;
  body.push(
    `<g class="motif motif-${main}" transform="translate(256 ${lettering ? 226 : 250}) scale(${n(tall ? mainScale * 0.86 : mainScale)} ${n(mainScale)}) rotate(${n((r() - 0.5) * 16)})">${DRAW[main](at(o, mainScale), at(d, mainScale), r, idiom)}</g>`,
  );

  // Extras around it: mirrored or repeated radially when the style is symmetric.
  // A radial style repeats one extra around the motif; more would crowd the sketch.
  const copies = Math.max(1, Math.min(idiom.symmetry, 8));
  if (copies > 2) extras.splice(1);
  extras.forEach((motif, i) => {
    const base = (Math.PI * 2 * i) / Math.max(1, extras.length) + r();
    for (let c = 0; c < copies; c++) {
      const a = copies === 2 ? (c === 0 ? Math.PI : 0) + (i - 0.5) * 0.6 : base + ((Math.PI * 2) / copies) * c;
      const x = 256 + Math.cos(a) * 180;
      const y = Math.min(lettering ? 340 : 430, Math.max(70, 250 + Math.sin(a) * (tall ? 190 : 170)));
      const flip = copies === 2 && c === 1 ? ' scale(-1 1)' : '';
      body.push(`<g class="extra motif-${motif}" transform="translate(${n(x)} ${n(y)}) scale(${EXTRA_SCALE})${flip}">${DRAW[motif](at(o, EXTRA_SCALE / 0.7), at(d, EXTRA_SCALE / 0.7), r, idiom)}</g>`);
    }
  });

  if (lettering) {
    const banner = { ...o, fill: '#ffffff' };
    const weight = idiom.outline >= 5 ? 'bold' : 'normal';
    body.push(
      `<g class="lettering"><path d="M96 400 Q256 372 416 400 L432 446 Q256 418 80 446Z" ${attrs({ ...banner, width: Math.max(1.5, idiom.outline / 2) })}/>` +
        `<text x="256" y="424" text-anchor="middle" dominant-baseline="middle" font-family="${escapeXml(idiom.font)}" font-size="${lettering.length > 14 ? 22 : 30}" font-weight="${weight}" fill="#111111">${escapeXml(lettering)}</text></g>`,
    );
  }

  const label = `Stencil sketch: ${DESIGN_STYLE_NAMES[input.style]} ${[main, ...extras].filter((m, i, all) => all.indexOf(m) === i).join(', ')}${lettering ? ' with lettering' : ''}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title><rect width="512" height="512" fill="#ffffff"/>${body.join('')}</svg>`;
  return { svg, motifs: [main, ...extras], lettering };
}

/** The seed of a generation's n-th design (each design of the four differs, all repeat for the same generation). */
export function designSeed(generationSeed: number, position: number): number {
  return (Math.imul(generationSeed ^ 0x9e3779b9, 0x85ebca6b) + position * 0x27d4eb2f) >>> 0;
}

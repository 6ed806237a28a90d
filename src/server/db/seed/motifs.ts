import type { Rng } from './random.ts';

/**
 * Line-art motifs for the demo portfolio and flash images: each draws the thing its caption
 * names (a rose, a dagger, a koi, a pierced ear…) as SVG around the origin of a 400 × 500
 * canvas, varied by a seeded random stream. Pure strings, no I/O: images.ts rasterises them.
 */

/** How a piece is inked, from the style: line weight and how shapes are filled. */
export type Treatment = 'fine' | 'line' | 'bold' | 'black' | 'grey' | 'wash' | 'dots';

export type Pen = {
  ink: string;
  /** Base stroke width in canvas units. */
  weight: number;
  treatment: Treatment;
  accents: readonly [string, string, string];
  /** The background colour (skin or paper), for negative space. */
  ground: string;
};

const f = (n: number) => String(Math.round(n * 10) / 10);

/** The fill of shape group `i`: colour for bold work, greys for realism, nothing for line work. */
function fill(pen: Pen, i: number): string {
  switch (pen.treatment) {
    case 'bold':
      return pen.accents[i % 3] as string;
    case 'grey':
      return ['#57534e', '#a8a29e', '#78716c'][i % 3] as string;
    case 'black':
      return i === 0 ? pen.ink : 'none';
    default:
      return 'none';
  }
}

const stroke = (pen: Pen, k: number) => `stroke="${pen.ink}" stroke-width="${f(pen.weight * k)}" stroke-linecap="round" stroke-linejoin="round"`;
/** An open line. */
const line = (d: string, pen: Pen, k = 1) => `<path d="${d}" fill="none" ${stroke(pen, k)}/>`;
/** A closed outlined shape with the fill of group `i` (-1: no fill). */
const shape = (d: string, pen: Pen, i: number, k = 1) => `<path d="${d}" fill="${i < 0 ? 'none' : fill(pen, i)}" ${stroke(pen, k)}/>`;
const solid = (d: string, colour: string) => `<path d="${d}" fill="${colour}"/>`;
const dot = (x: number, y: number, radius: number, colour: string) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="${colour}"/>`;
const ring = (x: number, y: number, radius: number, pen: Pen, i = -1, k = 1) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="${i < 0 ? 'none' : fill(pen, i)}" ${stroke(pen, k)}/>`;
const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;
const mirror = (body: string) => body + group('scale(-1 1)', body);

/** Stipple: `count` dots scattered in an ellipse, denser towards `(fx, fy)` — dotwork shading. */
function stipple(r: Rng, pen: Pen, cx: number, cy: number, rx: number, ry: number, count: number, size = 1.6): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = r.float(0, Math.PI * 2);
    const d = Math.sqrt(r.next()) * (r.chance(0.6) ? r.next() : 1);
    out.push(dot(cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d, size * r.float(0.6, 1.2), pen.ink));
  }
  return out.join('');
}

/** An almond leaf from the origin along +x, with a midrib. */
function leaf(pen: Pen, length: number, width = 0.32, i = 2): string {
  const w = length * width;
  return shape(`M0 0 Q${f(length * 0.45)} ${f(-w)} ${f(length)} 0 Q${f(length * 0.45)} ${f(w)} 0 0Z`, pen, i, 0.8) + line(`M${f(length * 0.1)} 0 L${f(length * 0.8)} 0`, pen, 0.5);
}

/** A stem along a quadratic curve with alternating leaves, as fine-line botanicals are drawn. */
function sprig(r: Rng, pen: Pen, x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, leaves: number, leafLength: number, berries = false): string {
  const parts = [line(`M${f(x0)} ${f(y0)} Q${f(cx)} ${f(cy)} ${f(x1)} ${f(y1)}`, pen, 0.9)];
  for (let i = 1; i <= leaves; i++) {
    const t = i / (leaves + 1);
    const px = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const py = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx);
    const dy = 2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy);
    const along = (Math.atan2(dy, dx) * 180) / Math.PI;
    const side = i % 2 === 0 ? 1 : -1;
    parts.push(group(`translate(${f(px)} ${f(py)}) rotate(${f(along + side * r.float(35, 55))})`, leaf(pen, leafLength * (1 - t * 0.45) * r.float(0.85, 1.1))));
    if (berries && i % 3 === 1) {
      const a = ((along - side * 60) * Math.PI) / 180;
      parts.push(`<ellipse cx="${f(px + Math.cos(a) * 14)}" cy="${f(py + Math.sin(a) * 14)}" rx="6" ry="8" fill="${fill(pen, 2) === 'none' ? 'none' : '#4d5b2a'}" ${stroke(pen, 0.7)}/>`);
    }
  }
  return parts.join('');
}

/** Petals of a daisy-like flower around (x, y). */
function daisy(pen: Pen, x: number, y: number, radius: number, petals: number, i = 1): string {
  const parts: string[] = [];
  for (let p = 0; p < petals; p++) {
    const deg = (360 / petals) * p;
    parts.push(group(`translate(${f(x)} ${f(y)}) rotate(${f(deg)})`, shape(`M0 0 Q${f(radius * 0.3)} ${f(-radius * 0.22)} ${f(radius)} 0 Q${f(radius * 0.3)} ${f(radius * 0.22)} 0 0Z`, pen, i, 0.7)));
  }
  parts.push(ring(x, y, radius * 0.22, pen, 1, 0.7));
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Flowers and plants

function rose(r: Rng, pen: Pen): string {
  const head =
    shape('M-72 0 C-80 -52 -32 -72 0 -62 C32 -72 80 -52 72 0 C66 46 30 64 0 62 C-30 64 -66 46 -72 0Z', pen, 0) +
    line('M-52 -40 Q0 -14 52 -40', pen, 0.8) +
    line('M-72 0 C-52 8 -42 28 -30 48', pen, 0.8) +
    line('M72 0 C52 8 42 28 30 48', pen, 0.8) +
    line('M-44 34 Q0 18 44 34', pen, 0.8) +
    line('M0 -12 c12 -2 16 10 6 16 c-14 8 -28 -6 -20 -20 c10 -18 38 -14 42 6 c4 22 -20 38 -40 30', pen, 0.8);
  const stemLength = r.int(90, 140);
  const stem = line(`M0 60 C${r.int(-20, 20)} ${60 + stemLength / 2} ${r.int(-10, 30)} ${60 + stemLength * 0.8} ${r.int(-10, 10)} ${60 + stemLength}`, pen, 0.9);
  const leaves = group(`translate(-4 ${90 + r.int(0, 20)}) rotate(${200 + r.int(-10, 10)})`, leaf(pen, 70, 0.4)) + group(`translate(4 ${120 + r.int(0, 20)}) rotate(${-20 + r.int(-10, 10)})`, leaf(pen, 64, 0.4));
  return stem + leaves + head;
}

function peony(r: Rng, pen: Pen, scale = 1): string {
  const parts: string[] = [];
  const layers = 3;
  for (let l = layers; l >= 1; l--) {
    const radius = 24 + l * 24;
    const petals = 5 + l * 2;
    const turn = r.float(0, 30);
    for (let p = 0; p < petals; p++) {
      const deg = turn + (360 / petals) * p;
      const w = radius * 0.55;
      parts.push(group(`rotate(${f(deg)})`, shape(`M0 0 C${f(-w)} ${f(-radius * 0.6)} ${f(-w * 0.8)} ${f(-radius)} ${f(-w * 0.2)} ${f(-radius * 1.02)} Q0 ${f(-radius * 0.9)} ${f(w * 0.2)} ${f(-radius * 1.02)} C${f(w * 0.8)} ${f(-radius)} ${f(w)} ${f(-radius * 0.6)} 0 0Z`, pen, l === 1 ? 1 : 0, 0.8)));
    }
  }
  parts.push(ring(0, 0, 12, pen, 1, 0.8));
  return group(`scale(${f(scale)})`, parts.join(''));
}

function botanical(r: Rng, pen: Pen): string {
  const stems = r.int(1, 2);
  const parts: string[] = [];
  for (let s = 0; s < stems; s++) {
    const x0 = r.float(-30, 30);
    parts.push(sprig(r, pen, x0, 220, r.float(-110, 110), 20, r.float(-60, 60), -200, r.int(8, 12), r.float(55, 75)));
  }
  return parts.join('');
}

function oliveBranch(r: Rng, pen: Pen): string {
  return group(`rotate(${r.int(-70, -50)})`, sprig(r, pen, -180, 0, 0, r.float(-50, 50), 180, 0, r.int(9, 13), 50, true));
}

function fern(r: Rng, pen: Pen, length: number): string {
  const parts = [line(`M0 0 Q${f(length * 0.1)} ${f(-length * 0.5)} 0 ${f(-length)}`, pen, 0.8)];
  const fronds = 12;
  for (let i = 1; i < fronds; i++) {
    const t = i / fronds;
    const y = -length * t;
    const size = (1 - t) * 38 + 8;
    parts.push(line(`M0 ${f(y)} q${f(size * 0.6)} ${f(-size * 0.2)} ${f(size)} ${f(-size * 0.5)}`, pen, 0.7));
    parts.push(line(`M0 ${f(y)} q${f(-size * 0.6)} ${f(-size * 0.2)} ${f(-size)} ${f(-size * 0.5)}`, pen, 0.7));
  }
  return group(`rotate(${r.int(-10, 10)})`, parts.join(''));
}

function wildflowers(r: Rng, pen: Pen): string {
  const parts: string[] = [];
  const heads: Array<[number, number]> = [
    [-90, -150],
    [-30, -200],
    [40, -170],
    [100, -120],
    [0, -110],
  ];
  for (const [i, [hx, hy]] of heads.entries()) {
    const x = hx + r.int(-12, 12);
    const y = hy + r.int(-12, 12);
    parts.push(line(`M0 150 Q${f(x * 0.3)} ${f(y * 0.2)} ${f(x)} ${f(y)}`, pen, 0.8));
    if (i % 2 === 0) parts.push(daisy(pen, x, y, r.int(24, 32), r.int(8, 12), 1));
    else parts.push(group(`translate(${f(x)} ${f(y)})`, shape('M-12 0 C-14 -18 -6 -26 0 -26 C6 -26 14 -18 12 0 L6 -6 L0 2 L-6 -6Z', pen, 0, 0.8)));
    parts.push(group(`translate(${f(x * 0.5)} ${f((y + 150) * 0.5)}) rotate(${x < 0 ? 200 : -20})`, leaf(pen, 36, 0.35)));
  }
  parts.push(line('M-30 150 q-30 10 -40 40 M-30 150 q20 30 10 60 M-30 150 c-30 -20 -50 0 -30 10 c20 10 30 -10 30 -10 c0 0 10 -20 30 -10 c20 10 0 30 -30 10', pen, 0.8));
  return group('translate(0 30)', parts.join(''));
}

function floralSprig(r: Rng, pen: Pen): string {
  const parts = [line('M-10 120 Q0 0 20 -80', pen, 0.8)];
  parts.push(daisy(pen, 20, -90, 34, r.int(7, 10), 1));
  parts.push(daisy(pen, -40, -20, 22, r.int(6, 8), 1));
  parts.push(line('M-2 30 Q-20 10 -36 -8', pen, 0.7));
  for (const [x, y, a] of [
    [0, 60, 200],
    [6, 20, -30],
    [12, -30, 210],
  ] as const)
    parts.push(group(`translate(${x} ${y}) rotate(${a + r.int(-10, 10)})`, leaf(pen, 34, 0.35)));
  return group(`rotate(${r.int(-20, 20)})`, parts.join(''));
}

function lotus(r: Rng, pen: Pen): string {
  const parts: string[] = [];
  const petal = (deg: number, length: number, width: number) =>
    group(`rotate(${deg})`, shape(`M0 0 C${f(-width)} ${f(-length * 0.4)} ${f(-width * 0.4)} ${f(-length * 0.9)} 0 ${f(-length)} C${f(width * 0.4)} ${f(-length * 0.9)} ${f(width)} ${f(-length * 0.4)} 0 0Z`, pen, 0, 0.9));
  for (const deg of [-75, 75, -50, 50, -25, 25, 0]) parts.push(petal(deg, 150 - Math.abs(deg) * 0.6, 48));
  parts.push(stipple(r, pen, 0, -18, 40, 20, 160));
  parts.push(line('M-150 20 Q-75 8 0 20 Q75 32 150 20', pen, 0.8));
  parts.push(line('M-110 44 Q-55 36 0 44 Q55 52 110 44', pen, 0.6));
  return group('translate(0 40)', parts.join(''));
}

// ---------------------------------------------------------------------------------------------
// Animals

function swallow(r: Rng, pen: Pen): string {
  const body =
    shape('M92 -36 C70 -48 40 -40 18 -20 C-10 4 -40 20 -80 24 L-150 8 L-96 40 L-156 66 L-70 50 C-20 46 30 26 62 -4 C74 -14 84 -24 92 -36Z', pen, 1) +
    shape('M92 -36 C84 -22 72 -10 60 -4 C52 8 38 10 30 4 C48 -6 60 -20 70 -34Z', pen, 0, 0.8) +
    shape('M92 -36 L112 -34 L94 -28Z', pen, -1, 0.8) +
    dot(80, -34, 4, pen.ink);
  const wing = shape('M30 -22 C10 -80 -50 -120 -130 -130 C-90 -100 -70 -70 -50 -30 C-20 -20 0 -14 30 -22Z', pen, 1) + line('M-10 -30 C-30 -70 -60 -95 -100 -115 M-30 -28 C-50 -60 -75 -85 -115 -120', pen, 0.6);
  return group(`rotate(${r.int(-12, 4)}) scale(${r.chance(0.5) ? -1 : 1} 1)`, wing + body);
}

function hummingbird(r: Rng, pen: Pen): string {
  const bird =
    shape('M-10 -90 C60 -150 120 -160 150 -150 C110 -120 70 -80 20 -60Z', pen, 2) +
    line('M0 -84 C50 -120 90 -138 130 -146 M10 -74 C50 -100 80 -118 110 -130', pen, 0.5) +
    shape('M-52 -70 C-30 -90 0 -80 10 -60 C30 -20 40 20 60 70 C30 50 0 20 -30 -10 C-50 -30 -62 -50 -52 -70Z', pen, 1) +
    shape('M60 70 L50 120 L66 84 L80 126 L74 78Z', pen, 1, 0.8) +
    line('M-58 -72 L-150 -98', pen, 0.8) +
    dot(-36, -68, 4, pen.ink);
  return group(`rotate(${r.int(-15, 10)})`, bird);
}

function crane(r: Rng, pen: Pen): string {
  const facets = [
    'M-40 20 L0 -10 L40 20 L0 40Z',
    'M0 -10 L-40 -120 L-12 16Z',
    'M0 -10 L70 -110 L14 16Z',
    'M-40 20 L-120 -60 L-28 30Z',
    'M-120 -60 L-136 -42 L-112 -50Z',
    'M40 20 L120 -40 L30 32Z',
  ];
  return group(`scale(${r.float(1.1, 1.3)}) rotate(${r.int(-8, 8)})`, facets.map((d, i) => shape(d, pen, i % 3, 0.8)).join('') + line('M-12 16 L0 40 L14 16', pen, 0.5));
}

function koi(r: Rng, pen: Pen): string {
  const body = shape('M0 -130 C34 -124 48 -76 42 -20 C36 30 20 72 6 100 L-6 100 C-20 72 -36 30 -42 -20 C-48 -76 -34 -124 0 -130Z', pen, 0);
  const tail = shape('M6 98 C36 118 56 150 50 186 C30 168 12 146 0 128 C-12 146 -30 168 -50 186 C-56 150 -36 118 -6 98Z', pen, 0, 0.9);
  const fins = mirror(shape('M38 -48 C74 -40 88 -6 76 12 C64 -4 52 -16 38 -24Z', pen, 1, 0.8));
  const head = line('M-34 -82 Q0 -62 34 -82', pen, 0.8) + dot(-20, -104, 4, pen.ink) + dot(20, -104, 4, pen.ink) + mirror(line('M10 -128 q24 6 34 30', pen, 0.5));
  const scales: string[] = [];
  for (let y = -60; y < 80; y += 18) {
    const half = 38 - Math.max(0, y) * 0.3;
    for (let x = -half + 9; x < half - 4; x += 18) scales.push(`M${f(x - 9)} ${f(y)} q9 12 18 0`);
  }
  const waves: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = 170 + i * 14;
    waves.push(`M${-150 + i * 20} ${y} q30 -24 60 0 q30 -24 60 0`);
  }
  const curve = r.int(-14, 14);
  return group(`rotate(${curve}) translate(0 -20)`, tail + fins + body + line(scales.join(' '), pen, 0.5) + head) + line(waves.join(' '), pen, 0.6);
}

function fox(r: Rng, pen: Pen): string {
  const head = shape('M0 -50 L-40 -60 L-88 -130 L-96 -40 L-108 20 L-40 62 L0 112 L40 62 L108 20 L96 -40 L88 -130 L40 -60Z', pen, 0);
  const ears = mirror(shape('M-78 -106 L-82 -54 L-50 -62Z', pen, 2, 0.7));
  const cheeks = mirror(shape('M-108 20 L-60 14 L-28 46 L-40 62Z', pen, 1, 0.7));
  const eyes = mirror(shape('M-52 -8 Q-36 -22 -18 -6 Q-36 2 -52 -8Z', pen, 1, 0.8) + dot(-34, -8, 4, pen.ink));
  const muzzle = line('M0 -30 L0 60 M-22 48 Q0 70 22 48', pen, 0.6) + solid('M-12 100 L12 100 L0 114Z', pen.ink);
  const flowers = group(`translate(-110 110) scale(0.55)`, peony(r, pen)) + group(`translate(115 100) scale(0.45)`, peony(r, pen));
  return group('translate(0 -20)', head + ears + cheeks + eyes + muzzle + flowers);
}

function moth(r: Rng, pen: Pen): string {
  const wings = mirror(
    shape('M0 -30 C-60 -112 -152 -104 -154 -40 C-146 0 -72 12 0 -2Z', pen, 0) +
      shape('M0 4 C-60 10 -112 60 -82 104 C-52 114 -20 72 0 30Z', pen, 1) +
      ring(-92, -46, r.int(12, 18), pen, 2, 0.8) +
      ring(-56, 60, 10, pen, 2, 0.7) +
      line('M-20 -18 C-60 -60 -100 -70 -130 -60 M-20 -8 C-70 -20 -110 -20 -140 -20', pen, 0.5),
  );
  const body = `<ellipse cx="0" cy="10" rx="14" ry="62" fill="${fill(pen, 2)}" ${stroke(pen, 1)}/>` + line('M-10 -10 H10 M-12 10 H12 M-10 30 H10', pen, 0.5);
  const antennae = mirror(line('M-4 -50 C-20 -90 -40 -110 -60 -116', pen, 0.7));
  const jewels = dot(0, -62, 8, pen.accents[2]) + ring(0, -62, 8, pen, -1, 0.6) + dot(0, 82, 6, pen.accents[0]);
  return group(`rotate(${r.int(-8, 8)})`, wings + antennae + body + jewels);
}

function bee(r: Rng, pen: Pen): string {
  const clover =
    [0, 120, 240].map((deg) => group(`translate(0 110) rotate(${deg + r.int(-10, 10)})`, shape('M0 0 C-30 -20 -36 -56 -12 -60 C0 -62 0 -50 0 -46 C0 -50 0 -62 12 -60 C36 -56 30 -20 0 0Z', pen, 2, 0.7))).join('') +
    line('M0 110 Q10 170 -10 220', pen, 0.8);
  const wings = mirror(shape('M-10 -50 C-60 -110 -120 -90 -100 -50 C-90 -30 -40 -36 -10 -40Z', pen, -1, 0.7));
  const body =
    `<ellipse cx="0" cy="-10" rx="34" ry="54" fill="${fill(pen, 1)}" ${stroke(pen, 1)}/>` +
    line('M-32 -24 Q0 -14 32 -24 M-34 0 Q0 10 34 0 M-28 24 Q0 34 28 24', pen, 1.4) +
    ring(0, -78, 22, pen, 0) +
    mirror(line('M-8 -96 Q-20 -126 -36 -130', pen, 0.6)) +
    solid('M-6 42 L6 42 L0 58Z', pen.ink);
  return group(`translate(0 -40) rotate(${r.int(-20, 20)})`, wings + body) + clover;
}

function snake(r: Rng, pen: Pen): string {
  const path = `M-120 190 C-160 120 -20 110 -30 40 C-40 -30 140 -20 110 -100 C90 -150 20 -150 ${r.int(0, 20)} -120`;
  const w = 30;
  const tube =
    `<path d="${path}" fill="none" stroke="${pen.ink}" stroke-width="${w + pen.weight * 2}" stroke-linecap="round"/>` +
    `<path d="${path}" fill="none" stroke="${pen.treatment === 'black' ? pen.ink : pen.ground}" stroke-width="${w}" stroke-linecap="round"/>` +
    `<path d="${path}" fill="none" stroke="${pen.treatment === 'black' ? pen.ground : pen.ink}" stroke-width="${w * 0.55}" stroke-dasharray="3 9" stroke-linecap="round"/>`;
  const head = group('translate(10 -124) rotate(-30)', `<ellipse cx="0" cy="0" rx="30" ry="20" fill="${pen.treatment === 'black' ? pen.ink : pen.ground}" ${stroke(pen, 1)}/>` + dot(8, -6, 4, pen.treatment === 'black' ? pen.ground : pen.ink) + line('M-30 0 L-56 0 l-8 -6 M-56 0 l-8 6', pen, 0.6));
  return group('translate(70 160) rotate(-14)', fern(r, pen, 300)) + group('translate(-80 170) rotate(20)', fern(r, pen, 220)) + tube + head;
}

function stag(r: Rng, pen: Pen): string {
  const face = ['M0 -60 L-40 -40 L0 100Z', 'M0 -60 L40 -40 L0 100Z', 'M-40 -40 L-70 -10 L-20 30Z', 'M40 -40 L70 -10 L20 30Z', 'M-20 30 L0 100 L-6 40Z', 'M20 30 L0 100 L6 40Z'];
  const antler = (s: number) => line(`M${s * 24} -56 L${s * 60} -130 L${s * 110} -190 M${s * 60} -130 L${s * 40} -190 M${s * 84} -160 L${s * 140} -160 M${s * 42} -96 L${s * 90} -110`, pen, 1);
  const ears = mirror(shape('M-40 -40 L-100 -60 L-64 -20Z', pen, -1, 0.8));
  return group(`translate(0 40) scale(${r.float(1, 1.15)})`, face.map((d) => shape(d, pen, -1, 0.8)).join('') + ears + antler(1) + antler(-1) + dot(-26, -14, 5, pen.ink) + dot(26, -14, 5, pen.ink) + ring(0, -150, 34, pen, -1, 0.6));
}


function eye(r: Rng, pen: Pen): string {
  const tone = pen.treatment === 'bold' || pen.treatment === 'wash' ? pen.accents[r.int(0, 2)] : '#78716c';
  const defs = `<defs><radialGradient id="iris"><stop offset="30%" stop-color="${tone}" stop-opacity="0.5"/><stop offset="100%" stop-color="${tone}"/></radialGradient></defs>`;
  const lashes: string[] = [];
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    const x = (1 - t) * (1 - t) * -130 + t * t * 130;
    const y = 2 * (1 - t) * t * -90;
    const out = (t - 0.5) * 1.4;
    lashes.push(`M${f(x)} ${f(y)} q${f(out * 10)} -12 ${f(out * 22)} -${f(16 + (1 - Math.abs(t - 0.5)) * 10)}`);
  }
  return group(
    `rotate(${r.int(-8, 8)})`,
    defs +
      shape('M-130 0 Q0 -90 130 0 Q0 80 -130 0Z', pen, -1) +
      `<circle cx="0" cy="0" r="42" fill="url(#iris)" ${stroke(pen, 0.8)}/>` +
      dot(0, 0, 17, pen.ink) +
      dot(-12, -12, 6, '#fafaf9') +
      line(lashes.join(' '), pen, 0.6) +
      line('M-110 16 Q0 66 110 12', pen, 0.4) +
      line('M-150 -84 Q0 -150 150 -74', pen, 1.8) +
      line('M-120 -96 l10 -12 M-90 -106 l10 -12 M-60 -112 l10 -12 M-30 -116 l10 -12', pen, 0.4),
  );
}

// ---------------------------------------------------------------------------------------------
// Objects, skulls and masks

function dagger(r: Rng, pen: Pen, ornate = false): string {
  const blade = shape('M-16 0 L16 0 L4 196 L0 212 L-4 196Z', pen, pen.treatment === 'black' ? 0 : -1) + line('M0 10 L0 178', pen, 0.5);
  const guard = shape('M-56 -14 H56 A8 8 0 0 1 56 2 H-56 A8 8 0 0 1 -56 -14Z', pen, 1);
  const grip = shape('M-10 -86 H10 V-14 H-10Z', pen, 0) + line('M-10 -70 L10 -60 M-10 -54 L10 -44 M-10 -38 L10 -28', pen, 0.5);
  const pommel = ring(0, -100, 14, pen, 2);
  const filigree = ornate ? mirror(line('M-56 -6 c-20 0 -28 -20 -14 -28 c12 -6 20 8 10 14 M-20 -14 c-10 -20 -30 -16 -28 -4', pen, 0.6) + dot(-72, -6, 4, pen.ink)) + line('M0 -120 L0 -136', pen, 0.8) : '';
  return group(`translate(0 -60) rotate(${r.int(-6, 6)})`, blade + grip + guard + pommel + filigree);
}

function roseAndDagger(r: Rng, pen: Pen): string {
  return group('rotate(-18)', dagger(r, pen)) + group('translate(0 10) scale(0.8)', rose(r, pen));
}

function skull(r: Rng, pen: Pen): string {
  const head =
    `<path d="M-70 0 C-80 -86 80 -86 70 0 C68 22 54 32 48 52 L-48 52 C-54 32 -68 22 -70 0Z" fill="${pen.treatment === 'bold' ? '#f5efe0' : pen.treatment === 'grey' ? '#d6d3d1' : 'none'}" ${stroke(pen, 1)}/>` +
    shape('M-42 52 L-36 90 Q0 106 36 90 L42 52', pen, -1) +
    `<ellipse cx="-28" cy="6" rx="18" ry="20" fill="${pen.ink}"/><ellipse cx="28" cy="6" rx="18" ry="20" fill="${pen.ink}"/>` +
    solid('M0 28 L-9 46 L0 42 L9 46Z', pen.ink) +
    line('M-38 70 Q0 78 38 70 M-24 56 L-24 90 M-12 56 L-12 94 M0 56 L0 96 M12 56 L12 94 M24 56 L24 90', pen, 0.6) +
    line('M-50 -40 q10 -14 24 -18', pen, 0.5);
  const roses = r.chance(0.5) ? group('translate(-90 110) scale(0.5)', rose(r, pen)) + group('translate(90 110) scale(0.45)', rose(r, pen)) : line('M-110 120 Q0 150 110 120', pen, 0.8);
  return group('translate(0 -30) scale(1.3)', head) + roses;
}

function hannya(r: Rng, pen: Pen): string {
  const face = shape('M-80 -60 C-92 20 -62 112 0 122 C62 112 92 20 80 -60 C60 -104 -60 -104 -80 -60Z', pen, pen.treatment === 'bold' ? -1 : 2);
  const horns = mirror(shape('M-60 -82 C-92 -122 -104 -156 -84 -196 C-70 -154 -50 -122 -28 -96Z', pen, 1, 0.9));
  const eyes = mirror(shape('M-62 -22 L-18 -10 L-28 6 Q-50 8 -62 -22Z', pen, 1, 0.8) + dot(-32, -6, 5, pen.ink) + line('M-74 -44 Q-46 -60 -12 -30', pen, 1.6));
  const mouth = shape('M-58 50 Q0 18 58 50 Q32 104 0 104 Q-32 104 -58 50Z', pen, 0) + mirror(solid('M-50 50 L-40 50 L-44 78Z M-22 96 L-12 98 L-18 72Z', pen.treatment === 'black' ? pen.ground : '#fafaf9') + line('M-50 50 L-44 78 L-40 50 M-22 96 L-18 72 L-12 98', pen, 0.5));
  const nose = line('M-14 12 Q0 32 14 12', pen, 0.8) + mirror(line('M-70 10 Q-60 40 -66 70', pen, 0.5));
  return group(`translate(0 40) rotate(${r.int(-6, 6)})`, horns + face + eyes + nose + mouth);
}

function heartBanner(r: Rng, pen: Pen, word: string): string {
  const heart = shape('M0 60 C-60 20 -110 -20 -90 -70 C-70 -110 -20 -100 0 -60 C20 -100 70 -110 90 -70 C110 -20 60 20 0 60Z', pen, 0) + line('M-60 -66 q10 -14 24 -12', pen, 0.6);
  return group(`rotate(${r.int(-6, 6)})`, heart + banner(pen, word, 0));
}

/** A ribbon banner with a word on it, across y. */
function banner(pen: Pen, word: string, y: number): string {
  const ends = mirror(shape(`M-120 ${y - 8} L-160 ${y - 4} L-142 ${y + 14} L-160 ${y + 32} L-112 ${y + 28}Z`, pen, 1, 0.9));
  const band = shape(`M-124 ${y - 20} Q0 ${y - 4} 124 ${y - 20} L124 ${y + 20} Q0 ${y + 36} -124 ${y + 20}Z`, pen, pen.treatment === 'bold' ? -1 : -1);
  return ends + `<path d="M-124 ${y - 20} Q0 ${y - 4} 124 ${y - 20} L124 ${y + 20} Q0 ${y + 36} -124 ${y + 20}Z" fill="${pen.ground}"/>` + band + lettering(pen, word, 0, y + 14, 26, false);
}

/** A word in an italic serif (the fonts librsvg finds; the flourish still draws without any). */
function lettering(pen: Pen, word: string, x: number, y: number, size: number, script = true): string {
  const weight = pen.weight > 3 ? 700 : 400;
  const escaped = word.replace(/[<&>"]/g, '');
  return `<text x="${f(x)}" y="${f(y)}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-style="${script ? 'italic' : 'normal'}" font-weight="${weight}" font-size="${size}" fill="${pen.ink}" letter-spacing="${script ? 1 : 2}">${escaped}</text>`;
}

export const SCRIPT_WORDS = ['amor fati', 'still here', 'breathe', 'carpe diem', 'wild at heart', 'let it be', 'fearless', 'home', 'stay gold', 'this too shall pass'];

function script(r: Rng, pen: Pen): string {
  const word = r.pick(SCRIPT_WORDS);
  const size = word.length > 10 ? 34 : 46;
  return group(`rotate(${r.int(-12, 4)})`, lettering(pen, word, 0, 10, size) + line(`M-130 34 C-60 24 40 44 120 28 c10 -2 16 -12 6 -16`, pen, 0.6) + dot(138, 20, 2.5, pen.ink));
}

function lantern(r: Rng, pen: Pen): string {
  const body = shape('M-40 -60 C-60 -20 -60 40 -40 80 L40 80 C60 40 60 -20 40 -60Z', pen, 1) + line('M-46 -30 H46 M-52 10 H52 M-48 50 H48', pen, 0.5);
  const caps = shape('M-46 -76 H46 V-60 H-46Z M-46 80 H46 V96 H-46Z', pen, 0, 0.9) + line('M0 -76 L0 -110 M-20 -110 Q0 -130 20 -110', pen, 0.8) + line('M0 96 L0 130 M-6 130 L0 150 L6 130', pen, 0.7);
  const wings = mirror(shape('M-46 -40 C-120 -110 -170 -60 -150 -10 C-120 10 -80 0 -50 -10Z', pen, 2, 0.8) + shape('M-46 30 C-110 40 -130 90 -100 110 C-80 120 -60 80 -46 60Z', pen, 2, 0.7));
  return group(`rotate(${r.int(-6, 6)})`, wings + body + caps);
}

// ---------------------------------------------------------------------------------------------
// Geometry, dotwork and ornament

function mandala(r: Rng, pen: Pen): string {
  const parts: string[] = [];
  const rings = r.int(4, 6);
  for (let ringIndex = 1; ringIndex <= rings; ringIndex++) {
    const radius = (ringIndex / rings) * 150;
    const count = 6 * ringIndex + r.int(0, 4);
    const size = r.float(2, 4.5);
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      parts.push(dot(Math.cos(a) * radius, Math.sin(a) * radius, size, pen.ink));
    }
    parts.push(ring(0, 0, radius - 10, pen, -1, 0.5));
  }
  const petals = r.pick([8, 10, 12, 16]);
  const length = r.float(90, 120);
  for (let i = 0; i < petals; i++) {
    parts.push(group(`rotate(${f((360 / petals) * i)})`, line(`M0 0 Q${f(length * 0.35)} ${f(-length * 0.5)} 0 ${f(-length)} Q${f(-length * 0.35)} ${f(-length * 0.5)} 0 0Z`, pen, 0.8)));
  }
  parts.push(stipple(r, pen, 0, 0, 30, 30, 90, 1.4));
  return parts.join('');
}

function sunAndMoon(r: Rng, pen: Pen): string {
  const rays: string[] = [];
  for (let i = 0; i < 16; i++) {
    const deg = (360 / 16) * i;
    const long = i % 2 === 0 ? 150 : 120;
    rays.push(group(`rotate(${deg})`, shape(`M-10 -92 L0 -${long} L10 -92Z`, pen, 1, 0.7)));
  }
  const moon = `<path d="M0 -86 A86 86 0 0 0 0 86 A60 86 0 0 1 0 -86Z" fill="${pen.ground}" ${stroke(pen, 0.8)}/>`;
  return rays.join('') + ring(0, 0, 86, pen, -1, 1) + stipple(r, pen, 30, 0, 50, 70, 260) + moon + stipple(r, pen, -44, 0, 20, 50, 80) + dot(-30, -20, 3, pen.ink);
}

function sacredGeometry(r: Rng, pen: Pen): string {
  const parts: string[] = [];
  const radius = r.int(38, 46);
  parts.push(ring(0, 0, radius, pen, -1, 0.7));
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    parts.push(ring(Math.cos(a) * radius, Math.sin(a) * radius, radius, pen, -1, 0.7));
  }
  parts.push(ring(0, 0, radius * 2, pen, -1, 0.9));
  const tri = (size: number, up: boolean) => {
    const s = up ? -1 : 1;
    return line(`M0 ${f(s * size)} L${f(size * 0.866)} ${f(-s * size / 2)} L${f(-size * 0.866)} ${f(-s * size / 2)}Z`, pen, 0.9);
  };
  parts.push(tri(radius * 2.6, true), tri(radius * 2.6, false), tri(radius * 3.2, true));
  for (let i = 0; i < 40; i++) parts.push(dot(0, radius * 3.4 + i * 2.2, 1.5 + i * 0.05, pen.ink));
  return group(`rotate(${r.pick([0, 30])})`, parts.join(''));
}

function compass(r: Rng, pen: Pen): string {
  const hex: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + Math.PI / 6;
    hex.push(`${f(Math.cos(a) * 160)} ${f(Math.sin(a) * 160)}`);
  }
  const star: string[] = [];
  for (let i = 0; i < 8; i++) {
    const long = i % 2 === 0 ? 130 : 80;
    star.push(group(`rotate(${i * 45})`, shape(`M0 0 L-14 -14 L0 -${long}Z`, pen, 0, 0.8) + shape(`M0 0 L14 -14 L0 -${long}Z`, pen, -1, 0.8)));
  }
  return group(`rotate(${r.pick([0, 0, 15])})`, line(`M${hex.join(' L')}Z`, pen, 1.1) + ring(0, 0, 140, pen, -1, 0.5) + ring(0, 0, 100, pen, -1, 0.6) + star.join('') + ring(0, 0, 10, pen, 2, 0.8) + lettering(pen, 'N', 0, -136, 22, false));
}

function ornament(r: Rng, pen: Pen): string {
  const scroll = (y: number, size: number) => line(`M0 ${y} c${-size} 0 ${-size * 1.6} ${-size * 0.6} ${-size * 1.4} ${-size * 1.2} c${size * 0.2} ${-size * 0.5} ${size * 0.8} ${-size * 0.3} ${size * 0.6} ${size * 0.1} c${-size * 0.2} ${size * 0.3} ${-size * 0.6} ${size * 0.1} ${-size * 0.5} ${-size * 0.2}`, pen, 0.8);
  const body =
    shape('M0 -60 L40 0 L0 60 L-40 0Z', pen, 0) +
    ring(0, 0, 14, pen, -1, 0.8) +
    mirror(scroll(-40, 70) + scroll(40, 60) + line('M-40 0 C-90 -10 -120 20 -150 10', pen, 0.7) + dot(-156, 8, 5, pen.ink)) +
    line('M0 60 L0 120 M-20 100 Q0 140 20 100', pen, 0.8) +
    shape('M0 130 L12 150 L0 190 L-12 150Z', pen, 0, 0.8) +
    line('M0 -60 L0 -120', pen, 0.8) +
    ring(0, -130, 10, pen, 0, 0.8);
  const drops = [-110, -70, 70, 110].map((x) => line(`M${x} 20 L${x} ${50 + Math.abs(x) * 0.3}`, pen, 0.5) + dot(x, 56 + Math.abs(x) * 0.3, 5, pen.ink)).join('');
  return group(`scale(${r.float(1, 1.15)})`, body + drops);
}

function band(r: Rng, pen: Pen): string {
  const top = -40;
  const bottom = 40;
  const teeth = r.int(8, 14);
  const step = 300 / teeth;
  let cut = '';
  for (let i = 0; i < teeth; i++) {
    const x = -150 + i * step;
    cut += `M${f(x)} ${f(bottom - 6)} L${f(x + step / 2)} ${f(top + 16)} L${f(x + step)} ${f(bottom - 6)}Z`;
  }
  return group(
    `rotate(${r.int(-8, 8)})`,
    solid(`M-170 ${top} Q0 ${top + 24} 170 ${top} L170 ${bottom} Q0 ${bottom + 24} -170 ${bottom}Z`, pen.ink) +
      solid(cut, pen.ground) +
      line(`M-170 ${top - 18} Q0 ${top + 6} 170 ${top - 18} M-170 ${bottom + 18} Q0 ${bottom + 42} 170 ${bottom + 18}`, pen, 0.9),
  );
}

function waveBand(r: Rng, pen: Pen): string {
  const curls: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = -150 + i * 64;
    curls.push(`M${x} 30 C${x + 10} -20 ${x + 50} -30 ${x + 56} 0 C${x + 60} 20 ${x + 36} 22 ${x + 36} 6`);
  }
  return group(`rotate(${r.int(-6, 6)})`, solid('M-170 -50 L170 -50 L170 50 L-170 50Z', pen.ink) + `<path d="${curls.join(' ')}" fill="none" stroke="${pen.ground}" stroke-width="${f(pen.weight * 1.4)}" stroke-linecap="round"/>`);
}

function negativeSpace(r: Rng, pen: Pen): string {
  const lines = sprig(r, { ...pen, ink: pen.ground, treatment: 'line' }, 0, 160, r.float(-80, 80), 0, 0, -160, 9, 60);
  return solid('M-120 -200 C-40 -220 40 -220 120 -200 L130 200 C40 220 -40 220 -130 200Z', pen.ink) + lines;
}

function tribal(r: Rng, pen: Pen): string {
  const flame = (s: number) =>
    solid(`M0 200 C${s * 60} 140 ${s * 90} 60 ${s * 40} 0 C${s * 10} -40 ${s * 60} -90 ${s * 110} -100 C${s * 60} -60 ${s * 50} -30 ${s * 70} 10 C${s * 100} 70 ${s * 60} 150 0 200Z`, pen.ink) +
    solid(`M${s * 20} -40 C${s * 0} -100 ${s * 40} -160 ${s * 90} -190 C${s * 60} -150 ${s * 50} -110 ${s * 60} -70 C${s * 40} -80 ${s * 30} -60 ${s * 20} -40Z`, pen.ink);
  return group(`rotate(${r.int(-8, 8)})`, flame(1) + flame(-1) + solid('M0 -210 L14 -150 L0 -120 L-14 -150Z', pen.ink));
}

function polynesian(r: Rng, pen: Pen): string {
  const rows: string[] = [];
  let y = -180;
  for (let row = 0; row < 5; row++) {
    const height = row % 2 === 0 ? 36 : 24;
    rows.push(line(`M-160 ${y} Q0 ${y + 16} 160 ${y}`, pen, 1));
    const kind = (row + r.int(0, 2)) % 3;
    for (let x = -150; x < 150; x += 30) {
      if (kind === 0) rows.push(solid(`M${x} ${y + 4} L${x + 15} ${y + height} L${x + 30} ${y + 4}Z`, pen.ink));
      else if (kind === 1) rows.push(solid(`M${x + 15} ${y + 4} L${x + 27} ${y + height / 2} L${x + 15} ${y + height} L${x + 3} ${y + height / 2}Z`, pen.ink));
      else rows.push(line(`M${x} ${y + height / 2} q7 -12 15 0 q8 12 15 0`, pen, 0.8));
    }
    y += height + 18;
  }
  rows.push(line(`M-160 ${y} Q0 ${y + 16} 160 ${y}`, pen, 1));
  return rows.join('');
}

function brushstroke(r: Rng, pen: Pen): string {
  const colour = pen.treatment === 'wash' ? pen.accents[r.int(0, 2)] : pen.ink;
  const strokes: string[] = [];
  for (let i = 0; i < 5; i++) {
    strokes.push(`<path d="M${-130 + i * 4} ${-40 + i * 9} C-60 ${-90 + i * 10} 40 ${30 - i * 6} ${130 - i * 6} ${-20 + i * 8}" fill="none" stroke="${colour}" stroke-width="${f(r.float(6, 16))}" stroke-opacity="${f(r.float(0.5, 0.9))}" stroke-linecap="round"/>`);
  }
  return strokes.join('') + ring(0, 0, 140, pen, -1, 0.6) + dot(99, -99, 7, pen.ink);
}

function flow(r: Rng, pen: Pen): string {
  const parts: string[] = [];
  let x = r.float(-80, 80);
  let y = -200;
  for (let i = 0; i < r.int(6, 9); i++) {
    const x2 = r.float(-150, 150);
    const y2 = r.float(-200, 200);
    parts.push(line(`M${f(x)} ${f(y)} C${f(r.float(-200, 200))} ${f(r.float(-250, 250))} ${f(r.float(-200, 200))} ${f(r.float(-250, 250))} ${f(x2)} ${f(y2)}`, pen, r.float(0.6, 1.4)));
    x = x2;
    y = y2;
  }
  return parts.join('');
}

function shapes(r: Rng, pen: Pen): string {
  return (
    solid(`M${r.int(-60, -20)} -40 A90 90 0 1 0 ${r.int(60, 90)} -40Z`, pen.ink) +
    `<path d="M-150 120 L0 -160 L150 120Z" fill="none" stroke="${pen.ink}" stroke-width="${f(pen.weight)}"/>` +
    ring(40, 40, 60, pen, -1, 1) +
    solid('M-30 50 L10 -20 L50 50Z', pen.ground) +
    line('M-170 160 L170 160', pen, 0.7)
  );
}

function moonPhases(r: Rng, pen: Pen): string {
  const parts: string[] = [line('M-170 0 L170 0', pen, 0.4).replace('stroke-linecap="round"', 'stroke-dasharray="2 8" stroke-linecap="round"')];
  const radius = 18;
  for (let i = 0; i < 7; i++) {
    const x = -150 + i * 50;
    const phase = (i / 6) * Math.PI * 2;
    const lit = Math.cos(phase);
    const rx = Math.abs(lit) * radius;
    parts.push(`<circle cx="${x}" cy="0" r="${radius}" fill="${pen.ground}" ${stroke(pen, 0.8)}/>`);
    if (i !== 3) {
      const sweepOuter = i < 3 ? 1 : 0;
      const sweepInner = lit > 0 ? 1 - sweepOuter : sweepOuter;
      parts.push(solid(`M${x} ${-radius} A${radius} ${radius} 0 0 ${sweepOuter} ${x} ${radius} A${f(rx)} ${radius} 0 0 ${sweepInner} ${x} ${-radius}Z`, pen.ink));
    }
  }
  return group(`rotate(${r.int(-10, 10)})`, parts.join(''));
}

function wave(r: Rng, pen: Pen): string {
  return group(
    `scale(${r.float(0.8, 1)})`,
    line('M-120 40 C-80 40 -60 -40 0 -50 C50 -58 74 -12 42 8 C22 20 2 0 16 -14', pen) + line('M-140 60 Q-70 50 0 62 Q70 74 140 60', pen, 0.7) + line('M-90 80 Q-30 74 40 82', pen, 0.5),
  );
}

function mountain(r: Rng, pen: Pen): string {
  return group(
    `translate(0 20) scale(${r.float(0.9, 1.05)})`,
    line(`M-160 60 L-90 -${r.int(10, 30)} L-56 10 L0 -${r.int(70, 90)} L40 -10 L76 -${r.int(34, 50)} L160 60`, pen) + ring(r.int(40, 90), -110, 22, pen, -1, 0.9) + line('M-160 60 L160 60', pen, 0.6) + line('M-14 -58 L-4 -40 L8 -60', pen, 0.5),
  );
}

// ---------------------------------------------------------------------------------------------
// Piercings: an ear or a nose with its jewellery

type Jewel = 'stud' | 'hoop' | 'bar';

function ear(r: Rng, pen: Pen, jewellery: Array<[number, number, Jewel]>): string {
  const outline =
    line('M-30 -150 C40 -170 100 -110 92 -30 C86 30 60 60 44 100 C34 128 20 160 -8 164 C-34 168 -44 144 -38 124', pen) +
    line('M-30 -150 C-50 -140 -60 -120 -58 -100', pen, 0.8) +
    line('M-14 -120 C40 -130 70 -80 62 -30 C56 10 34 40 24 70', pen, 0.7) +
    line('M-4 -90 C30 -92 44 -60 38 -30 M-30 -20 C-10 -40 20 -30 22 0 C24 30 0 50 -20 48', pen, 0.6) +
    line('M-44 20 C-30 30 -30 60 -48 66', pen, 0.8);
  const metal = pen.accents[1] === '#d4a017' ? '#d4a017' : r.chance(0.5) ? '#c9a227' : '#a8a29e';
  const pieces = jewellery
    .map(([x, y, kind]) =>
      kind === 'stud'
        ? dot(x, y, 6, metal) + ring(x, y, 6, pen, -1, 0.4)
        : kind === 'hoop'
          ? `<path d="M${x} ${y} a16 16 0 1 0 12 -10" fill="none" stroke="${metal}" stroke-width="4"/>` + dot(x + 12, y - 10, 3, metal)
          : `<path d="M${x} ${y} L${x + 92} ${y + 84}" stroke="${metal}" stroke-width="4" stroke-linecap="round"/>` + dot(x, y, 6, metal) + dot(x + 92, y + 84, 6, metal),
    )
    .join('');
  return group(`rotate(${r.int(-6, 6)}) scale(1.2)`, outline + pieces);
}

function nose(r: Rng, pen: Pen, piece: 'nostril' | 'septum'): string {
  const shapeOfNose =
    line('M-16 -170 C-18 -90 -26 -40 -50 6 C-64 34 -50 58 -24 52 C-12 62 12 62 24 52 C50 58 64 34 50 6 C26 -40 18 -90 16 -170', pen) +
    line('M-34 36 C-28 44 -16 46 -10 42 M34 36 C28 44 16 46 10 42', pen, 0.8) +
    line('M-90 120 Q0 150 90 120 M-70 126 Q0 112 70 126', pen, 0.7);
  const metal = r.chance(0.5) ? '#c9a227' : '#a8a29e';
  const jewel =
    piece === 'nostril' ? dot(-42, 22, 6, metal) + ring(-42, 22, 6, pen, -1, 0.4) : `<path d="M-12 58 A14 14 0 1 0 12 58" fill="none" stroke="${metal}" stroke-width="5"/>` + dot(-12, 58, 3.5, metal) + dot(12, 58, 3.5, metal);
  return group('translate(0 -10) scale(1.3)', shapeOfNose + jewel);
}

// ---------------------------------------------------------------------------------------------

export const MOTIFS = {
  rose: (r: Rng, pen: Pen) => group('translate(0 -50) scale(1.55)', rose(r, pen)),
  peony: (r: Rng, pen: Pen) => group('scale(1.5)', peony(r, pen)) + mirror(line('M-150 140 c40 -30 80 -10 100 -40 c10 -16 -10 -30 -22 -14', pen, 1.2)),
  botanical,
  oliveBranch,
  wildflowers,
  floralSprig: (r: Rng, pen: Pen) => group('scale(1.3)', floralSprig(r, pen)),
  lotus,
  swallow,
  swallowBanner: (r: Rng, pen: Pen) => group('translate(0 -40)', swallow(r, pen)) + banner(pen, '', 130),
  eye,
  hummingbird,
  crane,
  koi,
  fox,
  moth,
  lantern,
  bee,
  snake,
  stag,
  dagger: (r: Rng, pen: Pen) => group('scale(1.3)', dagger(r, pen, true)),
  roseAndDagger: (r: Rng, pen: Pen) => group('translate(0 10) scale(1.3)', roseAndDagger(r, pen)),
  skull,
  hannya,
  heart: (r: Rng, pen: Pen) => heartBanner(r, pen, r.pick(['MOM', 'TRUE LOVE', 'FOREVER'])),
  script,
  mandala,
  sunAndMoon,
  sacredGeometry,
  compass,
  ornament,
  band,
  waveBand,
  negativeSpace,
  tribal,
  polynesian,
  brushstroke,
  flow,
  shapes,
  moonPhases: (r: Rng, pen: Pen) => group('scale(1.1)', moonPhases(r, pen)),
  wave,
  mountain,
  earCurated: (r: Rng, pen: Pen) =>
    ear(r, pen, [
      [-6, -146, 'stud'],
      [40, -148, 'stud'],
      [84, -60, 'hoop'],
      [10, -20, 'stud'],
      [-20, 140, 'stud'],
    ]),
  earLobes: (r: Rng, pen: Pen) =>
    ear(r, pen, [
      [-20, 146, 'stud'],
      [4, 134, 'stud'],
      [24, 116, 'stud'],
    ]),
  earHelix: (r: Rng, pen: Pen) => ear(r, pen, [[88, -70, 'hoop']]),
  earConch: (r: Rng, pen: Pen) => ear(r, pen, [[14, -6, 'stud']]),
  earTragus: (r: Rng, pen: Pen) => ear(r, pen, [[-40, 30, 'stud'], [-20, 144, 'stud']]),
  earDaith: (r: Rng, pen: Pen) => ear(r, pen, [[-26, -24, 'hoop']]),
  earIndustrial: (r: Rng, pen: Pen) => ear(r, pen, [[-8, -146, 'bar']]),
  nostril: (r: Rng, pen: Pen) => nose(r, pen, 'nostril'),
  septum: (r: Rng, pen: Pen) => nose(r, pen, 'septum'),
} satisfies Record<string, (r: Rng, pen: Pen) => string>;

export type MotifId = keyof typeof MOTIFS;

/** Motifs drawn wider than tall, framed square rather than portrait. */
export const WIDE_MOTIFS: ReadonlySet<MotifId> = new Set<MotifId>(['band', 'waveBand', 'moonPhases', 'wave', 'mountain', 'script']);

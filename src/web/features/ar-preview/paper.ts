/**
 * "Remove the paper": a scanned or drawn design usually sits on white or cream paper, which shows
 * as a tinted box on the skin even with multiply blending. The paper's colour is read from the
 * image's border, and each pixel's opacity follows how far its colour is from the paper's: paper
 * becomes clear, ink stays, and soft edges stay soft. Pure (works on RGBA bytes) and tested.
 */

export type Rgb = [number, number, number];

/** Colour distances below CLEAR are paper (fully clear); above SOLID they are ink (kept as is). */
const CLEAR = 24;
const SOLID = 96;

/**
 * The paper colour: the median of the opaque pixels on the image's outer edge, per channel; null
 * when most of the edge is already transparent (a cut-out PNG has no paper to remove).
 */
export function paperColour(data: Uint8ClampedArray, width: number, height: number): Rgb | null {
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  const take = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    if (data[i + 3]! < 128) return;
    r.push(data[i]!);
    g.push(data[i + 1]!);
    b.push(data[i + 2]!);
  };
  for (let x = 0; x < width; x++) {
    take(x, 0);
    take(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    take(0, y);
    take(width - 1, y);
  }
  const edge = width > 1 && height > 1 ? 2 * width + 2 * (height - 2) : width * height;
  if (r.length < edge / 2) return null;
  const median = (v: number[]) => v.sort((a, c) => a - c)[Math.floor(v.length / 2)]!;
  return [median(r), median(g), median(b)];
}

/** Makes the paper clear, in place. Pixels that are already transparent stay so. */
export function removePaper(data: Uint8ClampedArray, paper: Rgb): void {
  for (let i = 0; i < data.length; i += 4) {
    const d = Math.max(Math.abs(data[i]! - paper[0]), Math.abs(data[i + 1]! - paper[1]), Math.abs(data[i + 2]! - paper[2]));
    const keep = d <= CLEAR ? 0 : d >= SOLID ? 1 : (d - CLEAR) / (SOLID - CLEAR);
    data[i + 3] = Math.round(data[i + 3]! * keep);
  }
}

/**
 * The signature pad's strokes, kept apart from the canvas so undo, clear and "is there enough to
 * count as a signature" are plain functions (signature-model.test.ts). Points are in CSS pixels of
 * the pad; the canvas scales them for the screen's pixel ratio when it draws.
 */
export type Point = { x: number; y: number };
export type Stroke = Point[];

/** Points closer than this to the previous one add nothing visible and only grow the stroke. */
const MIN_STEP = 1.5;
/** Less ink than this (a tap, a short slip) is not a signature. */
export const MIN_INK_LENGTH = 40;

export function startStroke(strokes: readonly Stroke[], at: Point): Stroke[] {
  return [...strokes, [at]];
}

/** Adds a point to the stroke being drawn (the last one); drops points that barely moved. */
export function extendStroke(strokes: readonly Stroke[], at: Point): Stroke[] {
  const current = strokes[strokes.length - 1];
  if (!current) return startStroke(strokes, at);
  const last = current[current.length - 1]!;
  if (Math.hypot(at.x - last.x, at.y - last.y) < MIN_STEP) return strokes as Stroke[];
  return [...strokes.slice(0, -1), [...current, at]];
}

export function undoStroke(strokes: readonly Stroke[]): Stroke[] {
  return strokes.slice(0, -1);
}

/** The length of all lines drawn, in CSS pixels. */
export function inkLength(strokes: readonly Stroke[]): number {
  let total = 0;
  for (const stroke of strokes) for (let i = 1; i < stroke.length; i++) total += Math.hypot(stroke[i]!.x - stroke[i - 1]!.x, stroke[i]!.y - stroke[i - 1]!.y);
  return total;
}

export function hasSignature(strokes: readonly Stroke[]): boolean {
  return inkLength(strokes) >= MIN_INK_LENGTH;
}

/** Keeps a point inside the pad (a pointer captured by the pad can leave it while drawing). */
export function clampPoint(at: Point, width: number, height: number): Point {
  return { x: Math.min(Math.max(at.x, 0), width), y: Math.min(Math.max(at.y, 0), height) };
}

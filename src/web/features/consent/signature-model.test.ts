import { describe, expect, it } from 'vitest';
import { clampPoint, extendStroke, hasSignature, inkLength, MIN_INK_LENGTH, startStroke, undoStroke } from './signature-model.ts';

describe('signature strokes', () => {
  it('records strokes, drops points that barely moved, and undoes the last stroke', () => {
    let strokes = startStroke([], { x: 0, y: 0 });
    strokes = extendStroke(strokes, { x: 0.5, y: 0.5 });
    expect(strokes[0]).toHaveLength(1);
    strokes = extendStroke(strokes, { x: 30, y: 40 });
    strokes = startStroke(strokes, { x: 100, y: 0 });
    strokes = extendStroke(strokes, { x: 100, y: 20 });
    expect(strokes.map((s) => s.length)).toEqual([2, 2]);
    expect(inkLength(strokes)).toBe(70);
    expect(undoStroke(strokes)).toEqual([strokes[0]]);
    expect(undoStroke([])).toEqual([]);
  });

  it('counts as a signature only with enough ink (a tap is not one)', () => {
    expect(hasSignature(startStroke([], { x: 5, y: 5 }))).toBe(false);
    const short = extendStroke(startStroke([], { x: 0, y: 0 }), { x: MIN_INK_LENGTH - 1, y: 0 });
    expect(hasSignature(short)).toBe(false);
    expect(hasSignature(extendStroke(short, { x: MIN_INK_LENGTH + 5, y: 0 }))).toBe(true);
  });

  it('keeps a captured pointer that leaves the pad on its edge', () => {
    expect(clampPoint({ x: -10, y: 300 }, 200, 180)).toEqual({ x: 0, y: 180 });
  });
});

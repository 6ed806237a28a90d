import { describe, expect, it } from 'vitest';
import {
  affineFromTriangles,
  baseSize,
  centredPlacement,
  cornerKey,
  describePlacement,
  isConvex,
  isWarped,
  mapPoint,
  MOVE_STEP,
  pinch,
  placedQuad,
  placementKey,
  ROTATE_STEP,
  SCALE_MAX,
  SCALE_MIN,
  SCALE_STEP,
  squareToQuad,
  warpMesh,
  wheelScale,
  type Point,
  type Quad,
} from './placement.ts';

const stage = { width: 800, height: 600 };
const size = { width: 200, height: 100 };
const close = (a: Point, b: Point, digits = 6) => {
  expect(a.x).toBeCloseTo(b.x, digits);
  expect(a.y).toBeCloseTo(b.y, digits);
};
const apply = (t: number[], p: Point): Point => ({ x: t[0]! * p.x + t[2]! * p.y + t[4]!, y: t[1]! * p.x + t[3]! * p.y + t[5]! });

describe('placement', () => {
  it('starts centred, upright, at a base size of 40% of the shorter side, keeping the design’s ratio', () => {
    const p = centredPlacement(stage);
    expect(p).toMatchObject({ x: 400, y: 300, scale: 1, rotation: 0, blend: 'multiply' });
    expect(baseSize({ width: 1000, height: 500 }, stage)).toEqual({ width: 240, height: 120 });
    expect(baseSize({ width: 500, height: 1000 }, stage)).toEqual({ width: 120, height: 240 });
    expect(placedQuad(p, size)).toEqual([
      { x: 300, y: 250 },
      { x: 500, y: 250 },
      { x: 500, y: 350 },
      { x: 300, y: 350 },
    ]);
  });

  it('turns the design about its centre, clockwise on screen', () => {
    const q = placedQuad({ ...centredPlacement(stage), rotation: 90 }, size);
    // The top-left corner (-100, -50) goes to (50, -100) from the centre.
    close(q[0], { x: 450, y: 200 });
    close(q[2], { x: 350, y: 400 });
  });
});

describe('keyboard controls', () => {
  const p = centredPlacement(stage);
  it('arrows move by a step, Shift by ten', () => {
    expect(placementKey(p, { key: 'ArrowRight' }, stage)).toMatchObject({ x: 400 + MOVE_STEP, y: 300 });
    expect(placementKey(p, { key: 'ArrowLeft' }, stage)).toMatchObject({ x: 400 - MOVE_STEP, y: 300 });
    expect(placementKey(p, { key: 'ArrowUp', shiftKey: true }, stage)).toMatchObject({ x: 400, y: 300 - 10 * MOVE_STEP });
    expect(placementKey(p, { key: 'ArrowDown' }, stage)).toMatchObject({ x: 400, y: 300 + MOVE_STEP });
  });

  it('keeps the centre on the stage', () => {
    let q = p;
    for (let i = 0; i < 100; i++) q = placementKey(q, { key: 'ArrowLeft', shiftKey: true }, stage)!;
    expect(q.x).toBe(0);
  });

  it('+ and = grow, - and _ shrink, within the limits', () => {
    expect(placementKey(p, { key: '+' }, stage)!.scale).toBeCloseTo(SCALE_STEP);
    expect(placementKey(p, { key: '=' }, stage)!.scale).toBeCloseTo(SCALE_STEP);
    expect(placementKey(p, { key: '-' }, stage)!.scale).toBeCloseTo(1 / SCALE_STEP);
    let q = p;
    for (let i = 0; i < 200; i++) q = placementKey(q, { key: '+' }, stage)!;
    expect(q.scale).toBe(SCALE_MAX);
    for (let i = 0; i < 400; i++) q = placementKey(q, { key: '-' }, stage)!;
    expect(q.scale).toBe(SCALE_MIN);
  });

  it('[ and ] rotate, { and } (Shift) by more, wrapping at ±180°', () => {
    expect(placementKey(p, { key: ']' }, stage)!.rotation).toBe(ROTATE_STEP);
    expect(placementKey(p, { key: '[' }, stage)!.rotation).toBe(-ROTATE_STEP);
    expect(placementKey(p, { key: '}', shiftKey: true }, stage)!.rotation).toBe(10);
    expect(placementKey({ ...p, rotation: 179 }, { key: ']' }, stage)!.rotation).toBe(-179);
  });

  it('leaves other keys alone (Tab, Enter, letters)', () => {
    for (const key of ['Tab', 'Enter', 'a', ' ']) expect(placementKey(p, { key }, stage)).toBeNull();
  });

  it('a focused corner moves by arrows in screen directions, whatever the scale and rotation', () => {
    const turned = { ...p, scale: 2, rotation: 90 };
    const before = placedQuad(turned, size);
    const after = placedQuad(cornerKey(turned, 1, { key: 'ArrowRight' })!, size);
    close(after[1], { x: before[1].x + MOVE_STEP, y: before[1].y });
    // The other corners stay where they were.
    for (const i of [0, 2, 3]) close(after[i]!, before[i]!);
    expect(isWarped(cornerKey(turned, 1, { key: 'ArrowRight' })!)).toBe(true);
    expect(cornerKey(turned, 1, { key: '+' })).toBeNull();
    // The warp follows the design when it moves.
    const warped = cornerKey(turned, 1, { key: 'ArrowUp', shiftKey: true })!;
    const moved = placementKey(warped, { key: 'ArrowDown' }, stage)!;
    close(placedQuad(moved, size)[1], { x: placedQuad(warped, size)[1].x, y: placedQuad(warped, size)[1].y + MOVE_STEP });
  });
});

describe('gestures', () => {
  const p = centredPlacement(stage);
  it('pinch: follows the midpoint, scales with the distance and turns with the angle', () => {
    const from: [Point, Point] = [
      { x: 300, y: 300 },
      { x: 500, y: 300 },
    ];
    const to: [Point, Point] = [
      { x: 420, y: 200 },
      { x: 420, y: 600 },
    ];
    const q = pinch(p, from, to, stage);
    expect(q.x).toBeCloseTo(420);
    expect(q.y).toBeCloseTo(400);
    expect(q.scale).toBeCloseTo(2);
    expect(q.rotation).toBeCloseTo(90);
  });

  it('wheel: up grows, down shrinks, the same amount back and forth', () => {
    expect(wheelScale(p, -100).scale).toBeGreaterThan(1);
    expect(wheelScale(p, 100).scale).toBeLessThan(1);
    expect(wheelScale(wheelScale(p, -120), 120).scale).toBeCloseTo(1);
  });
});

describe('the four-corner warp', () => {
  const quad: Quad = [
    { x: 10, y: 20 },
    { x: 300, y: 40 },
    { x: 280, y: 260 },
    { x: 30, y: 200 },
  ];

  it('maps the unit square’s corners onto the quad', () => {
    const m = squareToQuad(quad);
    close(mapPoint(m, 0, 0), quad[0]);
    close(mapPoint(m, 1, 0), quad[1]);
    close(mapPoint(m, 1, 1), quad[2]);
    close(mapPoint(m, 0, 1), quad[3]);
  });

  it('is projective: straight lines stay straight, and the centre is where the diagonals cross (not the corners’ average)', () => {
    const m = squareToQuad(quad);
    const a = mapPoint(m, 0.25, 0);
    const b = mapPoint(m, 0.25, 0.5);
    const c = mapPoint(m, 0.25, 1);
    expect((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).toBeCloseTo(0, 6);
    // Intersection of the diagonals 0–2 and 1–3.
    const [p0, p1, p2, p3] = quad;
    const d = (p2.x - p0.x) * (p3.y - p1.y) - (p2.y - p0.y) * (p3.x - p1.x);
    const t = ((p1.x - p0.x) * (p3.y - p1.y) - (p1.y - p0.y) * (p3.x - p1.x)) / d;
    close(mapPoint(m, 0.5, 0.5), { x: p0.x + t * (p2.x - p0.x), y: p0.y + t * (p2.y - p0.y) });
    expect(mapPoint(m, 0.5, 0.5).x).not.toBeCloseTo((p0.x + p1.x + p2.x + p3.x) / 4, 1);
  });

  it('a parallelogram gives an affine map', () => {
    const m = squareToQuad(placedQuad({ ...centredPlacement(stage), rotation: 30 }, size));
    expect(m[6]).toBe(0);
    expect(m[7]).toBe(0);
  });

  it('the triangle transform sends each source corner to its destination', () => {
    const src: [Point, Point, Point] = [
      { x: 0, y: 0 },
      { x: 64, y: 0 },
      { x: 64, y: 64 },
    ];
    const dst: [Point, Point, Point] = [
      { x: 12, y: 7 },
      { x: 90, y: 20 },
      { x: 70, y: 110 },
    ];
    const t = affineFromTriangles(src, dst);
    for (let i = 0; i < 3; i++) close(apply(t, src[i]!), dst[i]!);
  });

  it('the mesh covers the design with 2n² triangles whose corners lie on the projection', () => {
    const image = { width: 512, height: 256 };
    const mesh = warpMesh(quad, image, 8);
    expect(mesh).toHaveLength(128);
    const m = squareToQuad(quad);
    for (const tri of mesh) {
      const t = affineFromTriangles(tri.src, tri.dst);
      for (let i = 0; i < 3; i++) {
        const s = tri.src[i]!;
        close(tri.dst[i]!, mapPoint(m, s.x / image.width, s.y / image.height));
        close(apply(t, s), tri.dst[i]!, 4);
      }
    }
    // The mesh's outer corners are the quad's corners.
    close(mesh[0]!.dst[0], quad[0]);
    close(mesh[mesh.length - 1]!.dst[1], quad[2]);
  });

  it('a corner dragged across the design is a fold, not a warp', () => {
    expect(isConvex(quad)).toBe(true);
    expect(isConvex([quad[0], quad[2], quad[1], quad[3]])).toBe(false);
  });
});

describe('what the live region says', () => {
  it('names position, size, rotation, opacity and the warp', () => {
    const p = { ...centredPlacement(stage), scale: 1.5, rotation: -12, opacity: 0.6 };
    expect(describePlacement(p, stage)).toBe('Design at 50% across, 50% down; size 150%; rotated -12°; opacity 60%.');
    expect(describePlacement(cornerKey(p, 0, { key: 'ArrowUp' })!, stage)).toContain('corners warped');
  });
});

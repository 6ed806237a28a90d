/**
 * The geometry of the AR preview (/ar-test): where the design sits on the picture, how keys and
 * gestures change that, and the four-corner warp for curved placements. Pure functions, no DOM:
 * the renderer (ar-renderer.ts) draws what these compute, and the unit tests check them.
 *
 * Coordinates are the stage's own pixels (the camera frame or the photo at its drawing size).
 * A placement is a centre, a scale and a rotation of the design's rectangle, plus an offset per
 * corner in the design's own frame (before scale and rotation), so a warp moves and turns with it.
 */

export type Point = { x: number; y: number };
/** Top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];
export type CornerIndex = 0 | 1 | 2 | 3;

export type Placement = {
  x: number;
  y: number;
  /** 1 = the design's base size (see basePlacement). */
  scale: number;
  /** Degrees, clockwise. */
  rotation: number;
  /** 0.1–1. */
  opacity: number;
  /** Skin blending: multiply lets the skin's shading show through the ink. */
  blend: 'multiply' | 'normal';
  /** Per-corner offsets in the design's frame (unscaled, unrotated), TL, TR, BR, BL. */
  warp: Quad;
};

export const SCALE_MIN = 0.1;
export const SCALE_MAX = 5;
export const OPACITY_MIN = 0.1;
export const OPACITY_MAX = 1;
/** Keyboard steps: arrows move by MOVE_STEP px (× BIG_STEP with Shift), +/- scale by SCALE_STEP, [ ] turn by ROTATE_STEP degrees. */
export const MOVE_STEP = 4;
export const BIG_STEP = 10;
export const SCALE_STEP = 1.05;
export const ROTATE_STEP = 2;
/** Shift+[ / Shift+] turn by ROTATE_STEP × ROTATE_BIG. */
export const ROTATE_BIG = 5;

export const NO_WARP: Quad = [
  { x: 0, y: 0 },
  { x: 0, y: 0 },
  { x: 0, y: 0 },
  { x: 0, y: 0 },
];

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** Rotation kept in (-180, 180]. */
export const normaliseAngle = (deg: number) => {
  const r = ((((deg + 180) % 360) + 360) % 360) - 180;
  return r === -180 ? 180 : r;
};

/** The design's size at scale 1: its longer side is 40% of the stage's shorter side. */
export function baseSize(design: { width: number; height: number }, stage: { width: number; height: number }): { width: number; height: number } {
  const long = 0.4 * Math.min(stage.width, stage.height);
  const ratio = design.width > 0 && design.height > 0 ? design.width / design.height : 1;
  return ratio >= 1 ? { width: long, height: long / ratio } : { width: long * ratio, height: long };
}

/** A design placed in the middle of the stage, upright, at its base size. */
export function centredPlacement(stage: { width: number; height: number }): Placement {
  return { x: stage.width / 2, y: stage.height / 2, scale: 1, rotation: 0, opacity: 0.85, blend: 'multiply', warp: NO_WARP };
}

const rotate = (p: Point, deg: number): Point => {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return { x: p.x * c - p.y * s, y: p.x * s + p.y * c };
};

/** The four corners of the placed (and warped) design on the stage. */
export function placedQuad(p: Placement, size: { width: number; height: number }): Quad {
  const hw = size.width / 2;
  const hh = size.height / 2;
  const base: Quad = [
    { x: -hw, y: -hh },
    { x: hw, y: -hh },
    { x: hw, y: hh },
    { x: -hw, y: hh },
  ];
  return base.map((b, i) => {
    const local = { x: (b.x + p.warp[i]!.x) * p.scale, y: (b.y + p.warp[i]!.y) * p.scale };
    const r = rotate(local, p.rotation);
    return { x: p.x + r.x, y: p.y + r.y };
  }) as Quad;
}

/** Moves one corner by (dx, dy) stage pixels, whatever the design's scale and rotation. */
export function moveCorner(p: Placement, corner: CornerIndex, dx: number, dy: number): Placement {
  const local = rotate({ x: dx, y: dy }, -p.rotation);
  const warp = p.warp.map((w, i) => (i === corner ? { x: w.x + local.x / p.scale, y: w.y + local.y / p.scale } : w)) as Quad;
  return { ...p, warp };
}

export const withScale = (p: Placement, scale: number): Placement => ({ ...p, scale: clamp(scale, SCALE_MIN, SCALE_MAX) });
export const withRotation = (p: Placement, rotation: number): Placement => ({ ...p, rotation: normaliseAngle(rotation) });
export const withOpacity = (p: Placement, opacity: number): Placement => ({ ...p, opacity: clamp(opacity, OPACITY_MIN, OPACITY_MAX) });
/** The centre stays on the stage, so the design can always be found and dragged back. */
export const withPosition = (p: Placement, x: number, y: number, stage: { width: number; height: number }): Placement => ({
  ...p,
  x: clamp(x, 0, stage.width),
  y: clamp(y, 0, stage.height),
});

export type KeyInput = { key: string; shiftKey?: boolean };

/**
 * The stage's keyboard controls: arrows move, + and - scale, [ and ] rotate (Shift for bigger
 * steps). Returns null for keys it does not handle, so the page lets them through.
 */
export function placementKey(p: Placement, input: KeyInput, stage: { width: number; height: number }): Placement | null {
  const big = input.shiftKey ? BIG_STEP : 1;
  const move = MOVE_STEP * big;
  switch (input.key) {
    case 'ArrowLeft':
      return withPosition(p, p.x - move, p.y, stage);
    case 'ArrowRight':
      return withPosition(p, p.x + move, p.y, stage);
    case 'ArrowUp':
      return withPosition(p, p.x, p.y - move, stage);
    case 'ArrowDown':
      return withPosition(p, p.x, p.y + move, stage);
    // '+' needs Shift on most layouts, so '=' (the same key) counts too; '_' likewise for '-'.
    case '+':
    case '=':
      return withScale(p, p.scale * SCALE_STEP);
    case '-':
    case '_':
      return withScale(p, p.scale / SCALE_STEP);
    // Shift+[ and Shift+] type '{' and '}': the bigger turn.
    case '[':
      return withRotation(p, p.rotation - ROTATE_STEP);
    case '{':
      return withRotation(p, p.rotation - ROTATE_STEP * ROTATE_BIG);
    case ']':
      return withRotation(p, p.rotation + ROTATE_STEP);
    case '}':
      return withRotation(p, p.rotation + ROTATE_STEP * ROTATE_BIG);
    default:
      return null;
  }
}

/** A focused corner handle's keys: arrows move that corner (Shift for bigger steps). */
export function cornerKey(p: Placement, corner: CornerIndex, input: KeyInput): Placement | null {
  const step = MOVE_STEP * (input.shiftKey ? BIG_STEP : 1);
  const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const delta = d[input.key];
  return delta ? moveCorner(p, corner, delta[0], delta[1]) : null;
}

/**
 * A two-finger gesture: the placement when it began, the two pointers then and now. The design
 * follows the fingers' midpoint, scales with their distance and turns with their angle.
 */
export function pinch(start: Placement, from: [Point, Point], to: [Point, Point], stage: { width: number; height: number }): Placement {
  const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
  const angle = (a: Point, b: Point) => (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const mid = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const d0 = dist(from[0], from[1]);
  const ratio = d0 > 0 ? dist(to[0], to[1]) / d0 : 1;
  const m0 = mid(from[0], from[1]);
  const m1 = mid(to[0], to[1]);
  const moved = withPosition(start, start.x + m1.x - m0.x, start.y + m1.y - m0.y, stage);
  return withRotation(withScale(moved, start.scale * ratio), start.rotation + angle(to[0], to[1]) - angle(from[0], from[1]));
}

/** A wheel turn: scroll up grows the design, down shrinks it (deltaY in pixels). */
export function wheelScale(p: Placement, deltaY: number): Placement {
  return withScale(p, p.scale * Math.exp(-deltaY / 500));
}

/** Whether the corners have been moved (the renderer then warps; otherwise one affine draw does). */
export const isWarped = (p: Placement) => p.warp.some((w) => Math.abs(w.x) > 1e-6 || Math.abs(w.y) > 1e-6);

// ---- The projective warp --------------------------------------------------------------------

/** A 3×3 matrix, row-major: [a, b, c, d, e, f, g, h, 1]. */
export type Homography = [number, number, number, number, number, number, number, number, number];

/**
 * The projective map from the unit square to a quad: (0,0)→q[0], (1,0)→q[1], (1,1)→q[2],
 * (0,1)→q[3] (Heckbert's closed form). A parallelogram gives an affine map (g = h = 0).
 */
export function squareToQuad(q: Quad): Homography {
  const [p0, p1, p2, p3] = q;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) {
    return [p1.x - p0.x, p3.x - p0.x, p0.x, p1.y - p0.y, p3.y - p0.y, p0.y, 0, 0, 1];
  }
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1];
}

export function mapPoint(m: Homography, u: number, v: number): Point {
  const w = m[6] * u + m[7] * v + m[8];
  return { x: (m[0] * u + m[1] * v + m[2]) / w, y: (m[3] * u + m[4] * v + m[5]) / w };
}

/** Whether a quad is convex with its corners in order (a warp that folds over itself is refused). */
export function isConvex(q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const c = q[(i + 2) % 4]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (Math.abs(cross) < 1e-9) return false;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** The canvas transform [a, b, c, d, e, f] (as setTransform takes it) that maps triangle src onto triangle dst. */
export function affineFromTriangles(src: [Point, Point, Point], dst: [Point, Point, Point]): [number, number, number, number, number, number] {
  const [s0, s1, s2] = src;
  const [d0, d1, d2] = dst;
  const ux = s1.x - s0.x;
  const uy = s1.y - s0.y;
  const vx = s2.x - s0.x;
  const vy = s2.y - s0.y;
  const det = ux * vy - vx * uy;
  // Inverse of [[ux vx][uy vy]] times the destination edges.
  const i00 = vy / det;
  const i01 = -vx / det;
  const i10 = -uy / det;
  const i11 = ux / det;
  const px = d1.x - d0.x;
  const py = d1.y - d0.y;
  const qx = d2.x - d0.x;
  const qy = d2.y - d0.y;
  const a = px * i00 + qx * i10;
  const c = px * i01 + qx * i11;
  const b = py * i00 + qy * i10;
  const d = py * i01 + qy * i11;
  const e = d0.x - a * s0.x - c * s0.y;
  const f = d0.y - b * s0.x - d * s0.y;
  return [a, b, c, d, e, f];
}

export type MeshTriangle = { src: [Point, Point, Point]; dst: [Point, Point, Point] };

/**
 * The warp as triangles: an n×n grid over the design (in its own pixels, width × height) mapped
 * through the homography onto the quad. Each cell is two triangles drawn with an affine transform;
 * with enough cells the piecewise-affine result is indistinguishable from the true projection.
 */
export function warpMesh(quad: Quad, image: { width: number; height: number }, n: number): MeshTriangle[] {
  const m = squareToQuad(quad);
  const src = (i: number, j: number): Point => ({ x: (i / n) * image.width, y: (j / n) * image.height });
  const dst = (i: number, j: number): Point => mapPoint(m, i / n, j / n);
  const out: MeshTriangle[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      out.push({ src: [src(i, j), src(i + 1, j), src(i + 1, j + 1)], dst: [dst(i, j), dst(i + 1, j), dst(i + 1, j + 1)] });
      out.push({ src: [src(i, j), src(i + 1, j + 1), src(i, j + 1)], dst: [dst(i, j), dst(i + 1, j + 1), dst(i, j + 1)] });
    }
  }
  return out;
}

/** Words for the live region after a change: what a screen-reader user needs to follow the placement. */
export function describePlacement(p: Placement, stage: { width: number; height: number }): string {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return `Design at ${pct(p.x / stage.width)} across, ${pct(p.y / stage.height)} down; size ${pct(p.scale)}; rotated ${Math.round(p.rotation)}°; opacity ${pct(p.opacity)}${isWarped(p) ? '; corners warped' : ''}.`;
}

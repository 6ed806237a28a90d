import { paperColour, removePaper } from './paper.ts';
import { affineFromTriangles, isWarped, placedQuad, warpMesh, type Placement, type Point } from './placement.ts';

/**
 * Draws the AR preview on a 2D canvas: the picture (a camera frame or a photo), then the design
 * layer over it with the chosen opacity and blending. The design layer (the design placed and
 * warped) is drawn into its own canvas only when the placement or the design changes, so a camera
 * frame costs two drawImage calls. Everything happens on this device; nothing is sent anywhere.
 */

/** Cells per side of the warp mesh (2 × WARP_CELLS² triangles). */
const WARP_CELLS = 8;
/** The design is rasterised once at most this many pixels on its longer side. */
const DESIGN_MAX = 1024;

export type Picture = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement;

/** The design as a bitmap canvas (SVGs are rasterised once, not on every frame), its paper removed if asked. */
export function rasteriseDesign(image: HTMLImageElement, withoutPaper: boolean): HTMLCanvasElement {
  const w = image.naturalWidth || 512;
  const h = image.naturalHeight || 512;
  const k = Math.min(1, DESIGN_MAX / Math.max(w, h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(w * k));
  canvas.height = Math.max(1, Math.round(h * k));
  const ctx = canvas.getContext('2d', { willReadFrequently: withoutPaper })!;
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  if (withoutPaper) {
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const paper = paperColour(pixels.data, canvas.width, canvas.height);
    if (paper) {
      removePaper(pixels.data, paper);
      ctx.putImageData(pixels, 0, 0);
    }
  }
  return canvas;
}

/** Grows a triangle a little about its centre, so neighbouring cells overlap and no seam shows. */
function inflate(t: [Point, Point, Point], by: number): [Point, Point, Point] {
  const cx = (t[0].x + t[1].x + t[2].x) / 3;
  const cy = (t[0].y + t[1].y + t[2].y) / 3;
  return t.map((p) => {
    const dx = p.x - cx;
    const dy = p.y - cy;
    const len = Math.hypot(dx, dy) || 1;
    return { x: p.x + (dx / len) * by, y: p.y + (dy / len) * by };
  }) as [Point, Point, Point];
}

type Box = { x: number; y: number; width: number; height: number };

/** The pixels a quad touches, with a margin, inside the canvas (empty when it is off the canvas). */
function boxOf(points: Point[], canvas: { width: number; height: number }): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 2);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 2);
  const x1 = Math.min(canvas.width, Math.ceil(Math.max(...xs)) + 2);
  const y1 = Math.min(canvas.height, Math.ceil(Math.max(...ys)) + 2);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Draws the placed design into ctx (cleared where the last one was) and answers the box it covers. */
export function drawDesignLayer(ctx: CanvasRenderingContext2D, design: HTMLCanvasElement, placement: Placement, size: { width: number; height: number }, previous: Box | null = null): Box {
  const { canvas } = ctx;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (previous) ctx.clearRect(previous.x, previous.y, previous.width, previous.height);
  else ctx.clearRect(0, 0, canvas.width, canvas.height);
  const quad = placedQuad(placement, size);
  const w = design.width;
  const h = design.height;
  if (!isWarped(placement)) {
    // A rectangle scaled and turned: one affine draw.
    const t = affineFromTriangles(
      [
        { x: 0, y: 0 },
        { x: w, y: 0 },
        { x: w, y: h },
      ],
      [quad[0], quad[1], quad[2]],
    );
    ctx.setTransform(t[0], t[1], t[2], t[3], t[4], t[5]);
    ctx.drawImage(design, 0, 0);
  } else {
    for (const tri of warpMesh(quad, { width: w, height: h }, WARP_CELLS)) {
      const clip = inflate(tri.dst, 0.6);
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      ctx.moveTo(clip[0].x, clip[0].y);
      ctx.lineTo(clip[1].x, clip[1].y);
      ctx.lineTo(clip[2].x, clip[2].y);
      ctx.closePath();
      ctx.clip();
      const t = affineFromTriangles(tri.src, tri.dst);
      ctx.setTransform(t[0], t[1], t[2], t[3], t[4], t[5]);
      ctx.drawImage(design, 0, 0);
      ctx.restore();
    }
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return boxOf(quad, canvas);
}

export class ArRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly layer: HTMLCanvasElement;
  private readonly layerCtx: CanvasRenderingContext2D;
  private layerFresh = false;
  /** Where the layer has pixels: only that part is cleared, redrawn and blended. */
  private layerBox: Box | null = null;
  private design: HTMLCanvasElement | null = null;
  private designSize = { width: 1, height: 1 };
  private placement: Placement | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d', { alpha: false })!;
    this.layer = document.createElement('canvas');
    this.layerCtx = this.layer.getContext('2d')!;
  }

  /** Sets the stage's pixel size (the picture's); the layer follows. */
  resize(width: number, height: number): void {
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    if (this.layer.width !== width || this.layer.height !== height) {
      this.layer.width = width;
      this.layer.height = height;
      this.layerFresh = false;
      this.layerBox = null;
    }
  }

  setDesign(design: HTMLCanvasElement | null, size: { width: number; height: number }): void {
    this.design = design;
    this.designSize = size;
    this.layerFresh = false;
  }

  setPlacement(placement: Placement): void {
    this.placement = placement;
    this.layerFresh = false;
  }

  /** One frame: the picture, then the design layer blended over it. */
  draw(picture: Picture | null): void {
    const { ctx, canvas } = this;
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    if (picture) ctx.drawImage(picture, 0, 0, canvas.width, canvas.height);
    else {
      ctx.fillStyle = '#e7e5e4';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    if (!this.design || !this.placement) return;
    if (!this.layerFresh) {
      this.layerBox = drawDesignLayer(this.layerCtx, this.design, this.placement, this.designSize, this.layerBox);
      this.layerFresh = true;
    }
    const box = this.layerBox;
    if (!box || box.width === 0 || box.height === 0) return;
    ctx.globalAlpha = this.placement.opacity;
    ctx.globalCompositeOperation = this.placement.blend === 'multiply' ? 'multiply' : 'source-over';
    ctx.drawImage(this.layer, box.x, box.y, box.width, box.height, box.x, box.y, box.width, box.height);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
  }
}

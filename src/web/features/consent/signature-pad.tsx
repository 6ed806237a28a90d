import { Eraser, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { clampPoint, extendStroke, hasSignature, startStroke, undoStroke, type Point, type Stroke } from './signature-model.ts';

const PAD_HEIGHT = 180;
/** Pixel ratios above this make a bigger PNG without a visibly better signature. */
const MAX_RATIO = 2;
const INK = '#1c1917';

function draw(canvas: HTMLCanvasElement, strokes: readonly Stroke[], ratio: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first.x, first.y, 1.5, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    // Through the midpoints, with each recorded point as the control point: smooth without lag.
    for (let i = 0; i < rest.length - 1; i++) {
      const p = rest[i]!;
      const next = rest[i + 1]!;
      ctx.quadraticCurveTo(p.x, p.y, (p.x + next.x) / 2, (p.y + next.y) / 2);
    }
    const last = rest[rest.length - 1]!;
    ctx.lineTo(last.x, last.y);
    ctx.stroke();
  }
}

/**
 * A signature drawn with a finger, pen or mouse (pointer events; touch events where a browser has no
 * pointer events), with undo and clear. Each finished stroke hands the drawing up as a PNG data URL,
 * or null while there is too little ink to count. The keyboard alternative (a typed name) lives
 * beside it in the form, since a drawing cannot be made with keys.
 */
export function SignaturePad({ label, describedBy, onChange, invalid }: { label: string; describedBy?: string; onChange: (png: string | null) => void; invalid?: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const strokesRef = useRef<Stroke[]>([]);
  const drawing = useRef(false);
  const ratioRef = useRef(1);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const update = useCallback((next: Stroke[], finished: boolean) => {
    strokesRef.current = next;
    setStrokes(next);
    const canvas = canvasRef.current;
    if (canvas) draw(canvas, next, ratioRef.current);
    if (finished) onChangeRef.current(canvas && hasSignature(next) ? canvas.toDataURL('image/png') : null);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pointAt = (clientX: number, clientY: number): Point => {
      const box = canvas.getBoundingClientRect();
      return clampPoint({ x: clientX - box.left, y: clientY - box.top }, box.width, box.height);
    };
    const resize = () => {
      const box = canvas.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
      ratioRef.current = ratio;
      canvas.width = Math.round(box.width * ratio);
      canvas.height = Math.round(box.height * ratio);
      draw(canvas, strokesRef.current, ratio);
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(canvas);

    const begin = (at: Point) => {
      drawing.current = true;
      update(startStroke(strokesRef.current, at), false);
    };
    const move = (at: Point) => {
      if (drawing.current) update(extendStroke(strokesRef.current, at), false);
    };
    const end = () => {
      if (!drawing.current) return;
      drawing.current = false;
      update(strokesRef.current, true);
    };

    const cleanups: Array<() => void> = [() => observer?.disconnect()];
    const listen = <K extends keyof HTMLElementEventMap>(type: K, handler: (event: HTMLElementEventMap[K]) => void) => {
      canvas.addEventListener(type, handler, { passive: false });
      cleanups.push(() => canvas.removeEventListener(type, handler));
    };
    if ('PointerEvent' in window) {
      listen('pointerdown', (event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        canvas.setPointerCapture(event.pointerId);
        begin(pointAt(event.clientX, event.clientY));
      });
      listen('pointermove', (event) => {
        if (!drawing.current) return;
        event.preventDefault();
        // Coalesced events keep fast strokes smooth where the browser batches them.
        const events = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
        for (const e of events.length ? events : [event]) move(pointAt(e.clientX, e.clientY));
      });
      listen('pointerup', end);
      listen('pointercancel', end);
    } else {
      // Older touch browsers: touch events, with the page kept from scrolling while signing.
      listen('touchstart', (event) => {
        const touch = event.touches[0];
        if (!touch) return;
        event.preventDefault();
        begin(pointAt(touch.clientX, touch.clientY));
      });
      listen('touchmove', (event) => {
        const touch = event.touches[0];
        if (!touch) return;
        event.preventDefault();
        move(pointAt(touch.clientX, touch.clientY));
      });
      listen('touchend', end);
      listen('touchcancel', end);
      listen('mousedown', (event) => begin(pointAt(event.clientX, event.clientY)));
      listen('mousemove', (event) => move(pointAt(event.clientX, event.clientY)));
      listen('mouseup', end);
      listen('mouseleave', end);
    }
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [update]);

  const signed = hasSignature(strokes);
  return (
    <div className="space-y-2">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`${label}: ${signed ? 'signature drawn' : 'empty'}. Draw with a finger, pen or mouse; or type your name instead.`}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        data-testid="signature-pad"
        style={{ height: PAD_HEIGHT, touchAction: 'none' }}
        className={`block w-full cursor-crosshair rounded-md border-2 border-dashed bg-white ${invalid ? 'border-red-700' : 'border-stone-400'}`}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => update(undoStroke(strokesRef.current), true)} disabled={strokes.length === 0}>
          <Undo2 className="h-4 w-4" aria-hidden="true" /> Undo<span className="sr-only"> the last stroke of {label.toLowerCase()}</span>
        </Button>
        <Button variant="secondary" onClick={() => update([], true)} disabled={strokes.length === 0}>
          <Eraser className="h-4 w-4" aria-hidden="true" /> Clear<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
        <p role="status" className="text-sm text-stone-700">
          {signed ? 'Signature drawn.' : strokes.length ? 'Keep going: that is too short to count as a signature.' : ''}
        </p>
      </div>
    </div>
  );
}

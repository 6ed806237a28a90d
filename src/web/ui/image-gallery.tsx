import { ChevronLeft, ChevronRight, ScanLine, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { TPortfolioImage } from '../../shared/contracts/artists.ts';
import { trackFunnel } from '../lib/analytics/events.ts';

/**
 * Thumbnails that open a lightbox; arrows move between images, Escape closes and focus returns.
 * `title` names the collection for screen readers ("Rosa's portfolio"); `describe` is an image's
 * text when it has no caption. `tryOnHref`, when given, adds "Try it on" (the AR preview) to the lightbox.
 */
export function ImageGallery({
  images,
  title,
  emptyText,
  describe,
  tryOnHref,
}: {
  images: TPortfolioImage[];
  title: string;
  emptyText: string;
  describe: (index: number) => string;
  tryOnHref?: (image: TPortfolioImage) => string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const lastShown = useRef(0);
  if (images.length === 0) return <p className="text-stone-700">{emptyText}</p>;
  const current = open === null ? null : images[open];
  const show = (i: number) => {
    // Spec §4 micro-conversion 2.2: the lightbox opened (not each step through it).
    if (open === null) trackFunnel('gallery_view');
    lastShown.current = i;
    setOpen(i);
  };
  const step = (delta: number) => {
    if (open !== null) show((open + delta + images.length) % images.length);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') step(1);
    if (e.key === 'ArrowLeft') step(-1);
  };
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {images.map((img, i) => (
          <li key={img.id}>
            <button
              type="button"
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              onClick={() => show(i)}
              className="block w-full overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
              aria-label={`Open image ${i + 1} of ${images.length}${img.caption ? `: ${img.caption}` : ''}`}
            >
              <img src={img.thumbUrl} alt="" width={300} height={300} loading="lazy" decoding="async" className="aspect-square w-full object-cover transition hover:scale-105" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Root open={current !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
          <Dialog.Content
            onKeyDown={onKeyDown}
            // Without a Dialog.Trigger, focus would fall to the page; return it to the thumbnail of the image last shown.
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              thumbs.current[lastShown.current]?.focus();
            }} className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 focus:outline-none" aria-describedby={undefined}>
            {current ? (
              <>
                <Dialog.Title className="sr-only">
                  {title}, image {open! + 1} of {images.length}
                </Dialog.Title>
                <img src={current.url} alt={current.caption || describe(open!)} width={current.width} height={current.height} className="max-h-[80vh] max-w-full rounded object-contain" />
                <p className="mt-3 text-center text-sm text-stone-200" aria-live="polite">
                  {current.caption} <span className="text-stone-400">({open! + 1} / {images.length})</span>
                </p>
                <div className="mt-4 flex gap-3">
                  <button type="button" onClick={() => step(-1)} className="rounded-full bg-white/10 p-3 text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400" aria-label="Previous image">
                    <ChevronLeft className="h-5 w-5" aria-hidden="true" />
                  </button>
                  <button type="button" onClick={() => step(1)} className="rounded-full bg-white/10 p-3 text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400" aria-label="Next image">
                    <ChevronRight className="h-5 w-5" aria-hidden="true" />
                  </button>
                  {tryOnHref ? (
                    // A full page load: the camera is allowed only on documents loaded at /ar-test (src/shared/media-capture.ts).
                    <a href={tryOnHref(current)} className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-3 text-sm font-medium text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
                      <ScanLine className="h-5 w-5" aria-hidden="true" />
                      Try it on
                    </a>
                  ) : null}
                  <Dialog.Close className="rounded-full bg-white/10 p-3 text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400" aria-label="Close">
                    <X className="h-5 w-5" aria-hidden="true" />
                  </Dialog.Close>
                </div>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

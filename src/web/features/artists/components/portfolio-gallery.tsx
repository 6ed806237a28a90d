import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { TPortfolioImage } from '../../../../shared/contracts/artists.ts';

/** Thumbnails that open a lightbox; arrows move between images, Escape closes and focus returns. */
export function PortfolioGallery({ images, artistName }: { images: TPortfolioImage[]; artistName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const lastShown = useRef(0);
  if (images.length === 0) return <p className="text-stone-700">{artistName} has not added portfolio images yet.</p>;
  const current = open === null ? null : images[open];
  const show = (i: number) => {
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
                  {artistName} portfolio, image {open! + 1} of {images.length}
                </Dialog.Title>
                <img src={current.url} alt={current.caption || `Portfolio image ${open! + 1} by ${artistName}`} width={current.width} height={current.height} className="max-h-[80vh] max-w-full rounded object-contain" />
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

import { CalendarPlus, MapPin, ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import type { TFlashDesign } from '../../shared/contracts/flash.ts';
import { FLASH_STATUS_NAMES } from '../../shared/flash-labels.ts';
import { bookFlashUrl, flashSizeText } from '../lib/flash.ts';
import { formatMoney } from '../lib/format.ts';
import { FavouriteToggle } from './favourite-toggle.tsx';
import { ShareButton } from './share-button.tsx';

/** A flash design: image, title, size, price, artist, and the way to book it while it is available. */
export function FlashCard({ design, showArtist = true, headingLevel = 3 }: { design: TFlashDesign; showArtist?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const available = design.status === 'available';
  return (
    <article id={`flash-${design.id}`} className="flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm" aria-labelledby={`flash-${design.id}-title`}>
      <div className="relative aspect-square bg-stone-100">
        <img
          src={design.thumbUrl}
          alt={`${design.title}, flash design by ${design.artist.displayName}`}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
        <div className="absolute right-2 top-2 flex gap-2">
          <ShareButton
            compact
            path={`/artists/${design.artist.slug}#flash-${design.id}`}
            title={`${design.title}, flash design by ${design.artist.displayName}`}
            label={`Share ${design.title} by ${design.artist.displayName}`}
          />
          <FavouriteToggle kind="flash" id={design.id} name={`${design.title} by ${design.artist.displayName}`} />
        </div>
        {!available ? (
          <span className="absolute left-2 top-2 rounded-full bg-stone-900 px-2.5 py-1 text-xs font-semibold text-white">{FLASH_STATUS_NAMES[design.status]}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Heading id={`flash-${design.id}-title`} className="text-lg font-semibold text-stone-900">
          {design.title}
        </Heading>
        {showArtist ? (
          <p className="flex items-center gap-1 text-sm text-stone-700">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            <Link to={`/artists/${design.artist.slug}`} className="underline underline-offset-2 hover:text-stone-900">
              {design.artist.displayName}
            </Link>
            <span>· {design.artist.city}</span>
          </p>
        ) : null}
        <dl className="mt-1 grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-stone-600">Size</dt>
            <dd className="font-medium text-stone-900">{flashSizeText(design)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Price</dt>
            <dd className="font-medium text-stone-900">{formatMoney(design.priceCents, design.currency)}</dd>
          </div>
        </dl>
        <p className="text-xs text-stone-600">
          {design.style ? `${design.style} · ` : ''}
          {design.repeatable ? 'Repeatable design' : 'One-off: tattooed once only'}
        </p>
        <div className="mt-auto flex flex-col gap-2 pt-3">
          {/* A full page load: the camera is allowed only on documents loaded at /ar-test (src/shared/media-capture.ts). */}
          <a
            href={`/ar-test?flash=${design.id}`}
            aria-label={`Try it on: ${design.title}`}
            className="flex w-full items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
          >
            <ScanLine className="h-4 w-4" aria-hidden="true" /> Try it on
          </a>
          {available ? (
            <Link
              to={bookFlashUrl(design)}
              data-cta="book-flash"
              data-cta-position="flash-card"
              aria-label={`Book this design: ${design.title}`}
              className="flex w-full items-center justify-center gap-2 rounded-md bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
            >
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Book this design
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function FlashCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-lg border border-stone-200">
      <div className="aspect-square bg-stone-200" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-9 w-full rounded bg-stone-200" />
      </div>
    </div>
  );
}

import type { TReviewPhoto } from '../../shared/contracts/artists.ts';

/** A review's photos: small lazy thumbnails, each opening the full picture; every one has alt text. */
export function ReviewPhotos({ photos, className = '' }: { photos: TReviewPhoto[]; className?: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label={`${photos.length} photo${photos.length === 1 ? '' : 's'} from the client`}>
      {photos.map((photo) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-md border border-stone-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
          >
            <img src={photo.thumbUrl} alt={photo.alt} width={96} height={96} loading="lazy" decoding="async" className="h-24 w-24 bg-stone-100 object-cover" />
            <span className="sr-only"> (opens the full photo in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { TReviewPhoto } from '../../../shared/contracts/artists.ts';
import { UPLOAD_ACCEPT } from '../../../shared/contracts/portfolio.ts';
import { REVIEW_MAX_PHOTOS, REVIEW_PHOTO_ALT_MAX } from '../../../shared/limits.ts';
import { errorMessage } from '../../lib/errors.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

const INPUT =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';

/**
 * Up to REVIEW_MAX_PHOTOS photos for a review: each is checked here, uploaded with a progress
 * bar and kept private until the review is published. The description typed first becomes the
 * photo's alt text.
 */
export function ReviewPhotosField({ photos, onChange }: { photos: TReviewPhoto[]; onChange: (photos: TReviewPhoto[]) => void }) {
  const id = useId();
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const room = REVIEW_MAX_PHOTOS - photos.length;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    if (files.length > room) {
      setError(room === 0 ? `A review can carry ${REVIEW_MAX_PHOTOS} photos.` : `You can add ${room} more photo${room === 1 ? '' : 's'} (${REVIEW_MAX_PHOTOS} in all).`);
      return;
    }
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) return setError(problem);
    }
    let list = photos;
    for (const file of files) {
      const form = new FormData();
      if (alt.trim()) form.append('alt', alt.trim());
      form.append('file', file);
      setProgress({ name: file.name, percent: 0 });
      try {
        const photo = await uploadWithProgress<TReviewPhoto>('/api/reviews/photos', form, (p) => setProgress({ name: file.name, percent: Math.round(p.fraction * 100) }));
        list = [...list, photo];
        onChange(list);
      } catch (e) {
        setError(errorMessage(e));
        break;
      } finally {
        setProgress(null);
      }
    }
    setAlt('');
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-900">Photos (optional, up to {REVIEW_MAX_PHOTOS})</legend>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        The healed piece or the fresh one. We remove location data from every photo; they are public with your review.
      </p>
      {photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos on this review">
          {photos.map((photo, i) => (
            <li key={photo.id} className="relative">
              <img src={photo.thumbUrl} alt={photo.alt} width={80} height={80} className="h-20 w-20 rounded-md border border-stone-200 object-cover" />
              <button
                type="button"
                onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
                className="absolute -right-2 -top-2 rounded-full border border-stone-300 bg-white p-1 text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
                <span className="sr-only">Remove photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="space-y-1">
            <label htmlFor={`${id}-alt`} className="block text-sm text-stone-800">
              What the next photo shows (optional, read aloud to people who cannot see it)
            </label>
            <input id={`${id}-alt`} className={INPUT} maxLength={REVIEW_PHOTO_ALT_MAX} value={alt} onChange={(e) => setAlt(e.target.value)} placeholder="Healed rose on my forearm, three months on" />
          </div>
          <label className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900 hover:bg-stone-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600">
            <ImagePlus className="h-4 w-4" aria-hidden="true" /> Add photos
            <input type="file" multiple accept={UPLOAD_ACCEPT} className="sr-only" disabled={progress !== null} onChange={(e) => void onFiles(e)} aria-describedby={`${id}-hint`} />
          </label>
        </div>
      ) : null}
      {progress ? (
        <div role="status" className="text-sm text-stone-800">
          Uploading {progress.name}… <progress className="ml-2 h-2 w-40 align-middle accent-stone-900" max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} /> {progress.percent}%
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { BOOKING_MAX_IMAGES } from '../../../shared/booking-rules.ts';
import type { TBookingImage, TBookingUpload } from '../../../shared/contracts/bookings.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '../../../shared/contracts/portfolio.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import { uploadWithProgress } from '../../lib/upload.ts';
import { bookingErrorText } from './booking-api.ts';

const MB = 1024 * 1024;

type Progress = { name: string; percent: number; processing: boolean } | null;

/**
 * One kind of photo (reference or placement): pick files, each is checked and then uploaded with
 * a progress bar; uploaded photos show as thumbnails that can be taken off the request again.
 */
export function PhotoUpload({
  kind,
  label,
  hint,
  images,
  total,
  signedIn,
  onSignIn,
  onAdded,
  onRemove,
}: {
  kind: 'reference' | 'placement';
  label: string;
  hint: string;
  images: TBookingImage[];
  /** Photos of every kind on the request, for the overall limit. */
  total: number;
  signedIn: boolean;
  onSignIn: () => void;
  onAdded: (image: TBookingImage) => void;
  onRemove: (image: TBookingImage) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const full = total >= BOOKING_MAX_IMAGES;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    setDone('');
    const room = BOOKING_MAX_IMAGES - total;
    if (files.length > room) {
      setError(room === 0 ? `A request can carry ${BOOKING_MAX_IMAGES} photos.` : `You can add ${room} more photo${room === 1 ? '' : 's'} (${BOOKING_MAX_IMAGES} in all).`);
      return;
    }
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) {
        setError(problem);
        return;
      }
    }
    let added = 0;
    for (const file of files) {
      setProgress({ name: file.name, percent: 0, processing: false });
      // The kind first, then the file: the server reads the form in order.
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file);
      try {
        const image = await uploadWithProgress<TBookingUpload>('/api/bookings/uploads', form, (p) =>
          setProgress({ name: file.name, percent: Math.round(p.fraction * 100), processing: p.fraction >= 1 }),
        );
        onAdded(image);
        added += 1;
      } catch (err) {
        setError(`“${file.name}” was not added: ${bookingErrorText(err)}`);
        break;
      } finally {
        setProgress(null);
      }
    }
    if (added) setDone(added === 1 ? 'Photo added.' : `${added} photos added.`);
  };

  const busy = progress !== null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {hint} {UPLOAD_TYPES_TEXT}, up to {UPLOAD_MAX_BYTES / MB} MB each. We remove location and camera data.
      </p>
      {signedIn ? (
        <input
          ref={input}
          id={id}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          disabled={busy || full}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void onChange(e)}
          className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-stone-700 disabled:opacity-60"
        />
      ) : (
        <p className="text-sm text-stone-800">
          <button type="button" id={id} onClick={onSignIn} className="font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
            Sign in to attach photos
          </button>{' '}
          — your answers so far are kept.
        </p>
      )}
      {progress ? (
        <div className="space-y-1" data-testid={`upload-progress-${kind}`}>
          <p id={`${id}-progress`} className="text-sm text-stone-800">
            {progress.processing ? `Processing ${progress.name}…` : `Uploading ${progress.name}… ${progress.percent}%`}
          </p>
          <div role="progressbar" aria-labelledby={`${id}-progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.processing ? 100 : progress.percent} className="h-2 w-full overflow-hidden rounded-full bg-stone-200">
            <div className={`h-full rounded-full bg-amber-500 transition-[width] ${progress.processing ? 'animate-pulse' : ''}`} style={{ width: `${progress.processing ? 100 : progress.percent}%` }} />
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p>
      ) : null}
      <p role="status" className="text-sm text-emerald-800">{done}</p>
      {images.length ? (
        <ul className="flex flex-wrap gap-3" aria-label={`${label}: attached`}>
          {images.map((image, i) => (
            <li key={image.id} className="relative">
              <img src={image.thumbUrl} alt={`${label} ${i + 1}`} width={96} height={96} className="h-24 w-24 rounded-md border border-stone-200 object-cover" />
              <button
                type="button"
                onClick={() => {
                  onRemove(image);
                  setDone('Photo removed from the request.');
                  input.current?.focus();
                }}
                aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
                className="absolute -right-2 -top-2 inline-flex h-7 w-7 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 shadow hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="inline-flex items-center gap-2 text-sm text-stone-600">
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> No photos yet.
        </p>
      )}
      {full ? <p className="text-sm text-stone-700">That is the most a request can carry ({BOOKING_MAX_IMAGES} photos).</p> : null}
    </div>
  );
}

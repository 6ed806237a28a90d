import { ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { TPortfolioImage } from '../../../shared/contracts/artists.ts';
import { UPLOAD_ACCEPT } from '../../../shared/contracts/portfolio.ts';
import { errorMessage } from '../../lib/errors.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

/** How many photos the onboarding offers to take at once; the portfolio page takes the rest. */
export const FIRST_PHOTOS_MAX = 6;

type Upload = { key: string; name: string; percent: number; image: TPortfolioImage | null; error: string | null };

/**
 * The first portfolio photos, right after the profile is published (a portfolio needs the profile
 * to exist): each file is checked here, then uploaded with its own progress bar.
 */
export function FirstPhotos({ artistId, onCountChange }: { artistId: string; onCountChange?: (count: number) => void }) {
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const done = uploads.filter((u) => u.image).length;
  const busy = uploads.some((u) => !u.image && !u.error);

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    const room = FIRST_PHOTOS_MAX - done;
    if (files.length > room) {
      setError(`Choose up to ${room} photo${room === 1 ? '' : 's'} here; add more any time under Portfolio and flash.`);
      return;
    }
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) return setError(problem);
    }
    const queued = files.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setUploads((list) => [...list, ...queued.map(({ key, file }) => ({ key, name: file.name, percent: 0, image: null, error: null }))]);
    let added = done;
    for (const { file, key } of queued) {
      const form = new FormData();
      form.append('file', file);
      try {
        const image = await uploadWithProgress<TPortfolioImage>(`/api/artists/${artistId}/portfolio`, form, (p) => patch(key, { percent: Math.round(p.fraction * 100) }));
        patch(key, { image, percent: 100 });
        added += 1;
        onCountChange?.(added);
      } catch (e) {
        patch(key, { error: errorMessage(e) });
      }
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Add your first photos
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Optional, but clients book from pictures: healed work in daylight shows best. JPEG, PNG, WebP or HEIC; we remove location data.
      </p>
      {uploads.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos you added">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-md border border-stone-200 p-2 text-sm">
              {u.image ? (
                <img src={u.image.thumbUrl} alt={`Uploaded: ${u.name}`} width={160} height={160} className="aspect-square w-full rounded object-cover" />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded bg-stone-100 text-stone-600">{u.error ? 'Not added' : `${u.percent}%`}</div>
              )}
              <p className="mt-1 truncate text-stone-800" title={u.name}>
                {u.name}
              </p>
              {!u.image && !u.error ? <progress className="h-2 w-full accent-stone-900" max={100} value={u.percent} aria-label={`Uploading ${u.name}`} /> : null}
              {u.error ? <p className="text-red-700">{u.error}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {done < FIRST_PHOTOS_MAX ? (
        <label className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900 hover:bg-stone-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600">
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> {done ? 'Add more photos' : 'Choose photos'}
          <input type="file" multiple accept={UPLOAD_ACCEPT} className="sr-only" disabled={busy} onChange={(e) => void onFiles(e)} />
        </label>
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 text-sm text-emerald-800">
        {done ? `${done} photo${done === 1 ? '' : 's'} added to your portfolio.` : ''}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

import type { TArtistListItem } from '../../../shared/contracts/artists.ts';
import type { TBookingUpload } from '../../../shared/contracts/bookings.ts';
import type { TFlashDesign } from '../../../shared/contracts/flash.ts';
import { ApiError, apiRequest, isNetworkError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

/** What is placed on the skin: where it came from, its picture, and the artist to ask, when known. */
export type ArDesign = {
  kind: 'design' | 'flash' | 'portfolio' | 'file';
  /** The design, flash design or portfolio picture (path) it came from; null for a file from this device. */
  ref: string | null;
  label: string;
  /** A same-origin URL or an object URL of a file on this device. */
  src: string;
  artist: { id: string; displayName: string } | null;
  /** A flash design is booked as itself (the booking link carries it). */
  flashId: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A public picture of ours (portfolio, flash): /uploads/<key>, nothing else. */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_\-/]*\.(webp|jpe?g|png)$/;

export const isUuid = (v: string | null): v is string => v !== null && UUID.test(v);
export const isUploadPath = (v: string | null): v is string => v !== null && UPLOAD_PATH.test(v) && !v.includes('//');

/** Words for a failed call on this page. */
export function arErrorText(error: unknown, what: string): string {
  if (isNetworkError(error)) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 401) return `Sign in to use ${what}.`;
    if (error.status === 403 || error.status === 404) return `${what[0]!.toUpperCase()}${what.slice(1)} could not be found, or is not yours to use.`;
    if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
    return error.body?.message ?? errorMessage(error);
  }
  return errorMessage(error);
}

/**
 * A design from the generator, by id. Designs are private to their owner, so the picture is
 * fetched with the session (a 401 or 404 becomes words) and shown from an object URL.
 */
export async function loadGeneratedDesign(id: string): Promise<ArDesign> {
  const res = await apiRequest('GET', `/api/designs/${id}/image`);
  const src = URL.createObjectURL(await res.blob());
  return { kind: 'design', ref: id, label: 'Your generated design', src, artist: null, flashId: null };
}

export async function loadFlashDesign(id: string): Promise<ArDesign> {
  const res = await apiRequest('GET', `/api/flash/${id}`);
  return flashAsDesign((await res.json()) as TFlashDesign);
}

export const flashAsDesign = (f: Pick<TFlashDesign, 'id' | 'title' | 'imageUrl' | 'artist'>): ArDesign => ({
  kind: 'flash',
  ref: f.id,
  label: `${f.title} (flash by ${f.artist.displayName})`,
  src: f.imageUrl,
  artist: { id: f.artist.id, displayName: f.artist.displayName },
  flashId: f.id,
});

/** A portfolio picture (public), with its artist when the launching page named one. */
export async function loadPortfolioImage(path: string, artistIdOrSlug: string | null): Promise<ArDesign> {
  let artist: ArDesign['artist'] = null;
  if (artistIdOrSlug && /^[A-Za-z0-9-]{1,80}$/.test(artistIdOrSlug)) {
    const res = await apiRequest('GET', `/api/artists/${encodeURIComponent(artistIdOrSlug)}`);
    const profile = (await res.json()) as { id: string; displayName: string };
    artist = { id: profile.id, displayName: profile.displayName };
  }
  return { kind: 'portfolio', ref: path, label: artist ? `Portfolio picture by ${artist.displayName}` : 'Portfolio picture', src: path, artist, flashId: null };
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The picture could not be opened. Try another one (JPEG, PNG or WebP).'));
    img.src = src;
  });
}

/** Tattoo artists by name, for attaching the snapshot to a booking request. */
export async function findArtists(q: string): Promise<TArtistListItem[]> {
  const res = await apiRequest('GET', `/api/artists?kind=tattoo&q=${encodeURIComponent(q)}&limit=6`);
  return ((await res.json()) as { items: TArtistListItem[] }).items;
}

/**
 * The snapshot as a booking reference photo: the booking flow's own upload (POST
 * /api/bookings/uploads: checked, re-encoded, private). Called only when the person attaches it.
 */
export function uploadSnapshot(blob: Blob, onProgress?: (fraction: number) => void): Promise<TBookingUpload> {
  const form = new FormData();
  form.append('kind', 'reference');
  form.append('file', new File([blob], 'ar-preview.jpg', { type: blob.type || 'image/jpeg' }));
  return uploadWithProgress<TBookingUpload>('/api/bookings/uploads', form, (p) => onProgress?.(p.fraction));
}

/** "inkhaven-ar-preview-2026-11-25-1432.jpg", in the viewer's local time. */
export function snapshotFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `inkhaven-ar-preview-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.jpg`;
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ExternalLink, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TPortfolioImage } from '../../../shared/contracts/artists.ts';
import { PORTFOLIO_CAPTION_MAX, UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '../../../shared/contracts/portfolio.ts';
import { PORTFOLIO_MAX_IMAGES, UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { apiRequest } from '../../lib/api.ts';
import { useOwnArtist } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { FlashManager } from './flash-manager.tsx';
import { invalidateArtistProfile } from '../../lib/artist-profile-cache.ts';
import { checkFile, ConfirmDelete, FILE_INPUT, INPUT, UploadStatus, useAnnouncer, useUpload } from './upload-parts.tsx';

type OwnArtist = { id: string; slug: string; displayName: string; kind: 'tattoo' | 'piercing' | 'both' };

const MOVE_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:text-stone-400';

const portfolioKey = (artistId: string) => [`/api/artists/${artistId}/portfolio`] as const;

function PortfolioUpload({ artist, count }: { artist: OwnArtist; count: number }) {
  const queryClient = useQueryClient();
  const upload = useUpload();
  const [done, setDone] = useState('');
  const fileId = useId();
  const captionId = useId();
  const full = count >= PORTFOLIO_MAX_IMAGES;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const formEl = event.currentTarget;
    const data = new FormData(formEl);
    const file = data.get('file') as File | null;
    const problem = checkFile(file);
    if (problem) return upload.fail(problem);
    // Text fields first, then the file: the server reads the form in order.
    const body = new FormData();
    body.append('caption', String(data.get('caption') ?? ''));
    body.append('file', file as File);
    const image = await upload.start<TPortfolioImage>(`/api/artists/${artist.id}/portfolio`, body);
    if (!image) return;
    queryClient.setQueryData<TPortfolioImage[]>(portfolioKey(artist.id), (old) => [...(old ?? []), image]);
    void invalidateArtistProfile(queryClient, artist);
    formEl.reset();
    setDone('Photo added to your portfolio.');
  };

  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} aria-labelledby="portfolio-upload-heading" className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h3 id="portfolio-upload-heading" className="font-semibold text-stone-900">Add a photo</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={fileId} className="block text-sm font-medium text-stone-900">Photo</label>
          <input id={fileId} name="file" type="file" accept={UPLOAD_ACCEPT} aria-describedby={`${fileId}-hint`} className={FILE_INPUT} disabled={upload.busy || full} />
          <p id={`${fileId}-hint`} className="text-xs text-stone-600">
            {UPLOAD_TYPES_TEXT}, up to {UPLOAD_MAX_BYTES / (1024 * 1024)} MB. We remove the location and camera data before anyone sees it.
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={captionId} className="block text-sm font-medium text-stone-900">Caption (optional)</label>
          <input id={captionId} name="caption" maxLength={PORTFOLIO_CAPTION_MAX} className={INPUT} disabled={upload.busy || full} placeholder="Fine line peony, inner forearm, healed" />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={upload.busy || full}>
          <Upload className="h-4 w-4" aria-hidden="true" /> Upload photo
        </Button>
        {full ? <p className="text-sm text-stone-700">Your portfolio is full ({PORTFOLIO_MAX_IMAGES} photos). Delete one to add another.</p> : null}
        {done ? <p role="status" className="text-sm text-emerald-800">{done}</p> : null}
      </div>
      <UploadStatus state={upload.state} label="portfolio" />
    </form>
  );
}

function CaptionEditor({ artist, image, index }: { artist: OwnArtist; image: TPortfolioImage; index: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(image.caption);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  // A caption changed elsewhere (saved, or reloaded) replaces what the field shows.
  const [shown, setShown] = useState(image.caption);
  if (shown !== image.caption) {
    setShown(image.caption);
    setValue(image.caption);
  }
  const save = useMutation({
    mutationFn: async (caption: string) =>
      (await apiRequest('PATCH', `/api/artists/${artist.id}/portfolio/${image.id}`, { caption })).json() as Promise<TPortfolioImage>,
    onSuccess: (saved) => {
      queryClient.setQueryData<TPortfolioImage[]>(portfolioKey(artist.id), (old) => old?.map((p) => (p.id === saved.id ? saved : p)));
      void invalidateArtistProfile(queryClient, artist);
      setNote({ ok: true, text: 'Caption saved.' });
    },
    onError: (error) => setNote({ ok: false, text: errorMessage(error) }),
  });
  const changed = value.trim() !== image.caption;
  return (
    <form
      method="post"
      className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        setNote(null);
        save.mutate(value.trim());
      }}
    >
      <div className="flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-stone-900">Caption for image {index + 1}</label>
        <input id={id} value={value} maxLength={PORTFOLIO_CAPTION_MAX} onChange={(e) => setValue(e.target.value)} className={INPUT} />
        {note ? <p role={note.ok ? 'status' : 'alert'} className={`text-xs ${note.ok ? 'text-emerald-800' : 'text-red-800'}`}>{note.text}</p> : null}
      </div>
      <Button type="submit" variant="secondary" disabled={!changed || save.isPending} aria-label={`Save caption for image ${index + 1}`}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

function PortfolioList({ artist, images }: { artist: OwnArtist; images: TPortfolioImage[] }) {
  const queryClient = useQueryClient();
  const [region, announce] = useAnnouncer();
  const [error, setError] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterMove = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);

  // Saves run one after another (a mutation scope), so quick successive moves land in the order they were made.
  const order = useMutation({
    scope: { id: `portfolio-order-${artist.id}` },
    mutationFn: async (ids: string[]) => (await apiRequest('POST', `/api/artists/${artist.id}/portfolio/order`, { ids })).json() as Promise<TPortfolioImage[]>,
    onSuccess: () => void invalidateArtistProfile(queryClient, artist),
    onError: (err) => {
      setError(`${errorMessage(err)} The order was reloaded.`);
      void queryClient.invalidateQueries({ queryKey: portfolioKey(artist.id) });
    },
  });
  const remove = useMutation({
    mutationFn: async (imageId: string) => apiRequest('DELETE', `/api/artists/${artist.id}/portfolio/${imageId}`),
    onSuccess: (_res, imageId) => {
      queryClient.setQueryData<TPortfolioImage[]>(portfolioKey(artist.id), (old) => old?.filter((p) => p.id !== imageId));
      void invalidateArtistProfile(queryClient, artist);
      announce('Image deleted.');
      heading.current?.focus();
    },
    onError: (err) => setError(errorMessage(err)),
  });

  // A button that moved to the top or bottom is disabled there; keep focus on the moved image.
  useEffect(() => {
    if (!focusAfterMove.current) return;
    const { id, dir } = focusAfterMove.current;
    focusAfterMove.current = null;
    const preferred = buttons.current.get(`${id}:${dir}`);
    const other = buttons.current.get(`${id}:${dir === 'up' ? 'down' : 'up'}`);
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  }, [images]);

  const move = (index: number, dir: 'up' | 'down') => {
    const target = dir === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= images.length) return;
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    setError(null);
    queryClient.setQueryData<TPortfolioImage[]>(portfolioKey(artist.id), next);
    focusAfterMove.current = { id: moved!.id, dir };
    announce(`Image moved to position ${target + 1} of ${next.length}.`);
    order.mutate(next.map((p) => p.id));
  };

  return (
    <div className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-stone-900 focus:outline-none">
        Your photos ({images.length} of {PORTFOLIO_MAX_IMAGES})
      </h3>
      <p className="text-sm text-stone-700">The first photo is the one clients see on your card in search results.</p>
      {region}
      {error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      {images.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-700">No photos yet. Add your best healed work first.</p>
      ) : (
        <ol className="space-y-3" aria-label="Portfolio photos, in the order clients see them">
          {images.map((image, index) => (
            <li key={image.id} className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-center" data-testid="portfolio-item">
              <img src={image.thumbUrl} alt={image.caption ? `Image ${index + 1}: ${image.caption}` : `Image ${index + 1}`} width={96} height={96} className="h-24 w-24 shrink-0 rounded-md object-cover" />
              <CaptionEditor artist={artist} image={image} index={index} />
              <div className="flex flex-wrap gap-2" role="group" aria-label={`Arrange image ${index + 1}`}>
                <button
                  type="button"
                  className={MOVE_BUTTON}
                  ref={(el) => {
                    buttons.current.set(`${image.id}:up`, el);
                  }}
                  disabled={index === 0}
                  aria-label={`Move image ${index + 1} up`}
                  onClick={() => move(index, 'up')}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" /> Up
                </button>
                <button
                  type="button"
                  className={MOVE_BUTTON}
                  ref={(el) => {
                    buttons.current.set(`${image.id}:down`, el);
                  }}
                  disabled={index === images.length - 1}
                  aria-label={`Move image ${index + 1} down`}
                  onClick={() => move(index, 'down')}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" /> Down
                </button>
                <ConfirmDelete
                  label={`Delete image ${index + 1}`}
                  title="Delete this photo?"
                  description="It will be removed from your profile and cannot be restored."
                  onConfirm={() => remove.mutate(image.id)}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Manager({ artist }: { artist: OwnArtist }) {
  const portfolio = useQuery<TPortfolioImage[]>({ queryKey: portfolioKey(artist.id) });
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Portfolio and flash</h1>
      <p className="mt-1 text-stone-700">
        What clients see on your profile.{' '}
        <Link to={`/artists/${artist.slug}`} className="inline-flex items-center gap-1 font-medium text-stone-900 underline underline-offset-2">
          View your public profile <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </Link>
      </p>

      <section aria-labelledby="portfolio-heading" className="mt-8 space-y-4">
        <h2 id="portfolio-heading" className="text-xl font-semibold text-stone-900">Portfolio</h2>
        <PortfolioUpload artist={artist} count={portfolio.data?.length ?? 0} />
        {portfolio.isPending ? <p role="status" className="text-stone-600">Loading your photos…</p> : null}
        {portfolio.isError ? <p role="alert" className="text-red-800">{errorMessage(portfolio.error)}</p> : null}
        {portfolio.isSuccess ? <PortfolioList artist={artist} images={portfolio.data} /> : null}
      </section>

      {artist.kind !== 'piercing' ? <FlashManager artistId={artist.id} /> : null}
    </div>
  );
}

/** /dashboard/portfolio: the signed-in artist curates their portfolio and flash designs. */
export default function PortfolioManagerPage() {
  const me = useOwnArtist<OwnArtist>();
  if (me.isPending) return <p role="status" className="px-4 py-12 text-center text-stone-600">Loading your artist profile…</p>;
  if (!me.error && !me.profile) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">Portfolio and flash</h1>
        <p className="mt-3 text-stone-700">Portfolios belong to artist profiles. Create yours first; it takes a few minutes.</p>
        <Link data-cta="artist-create" to="/artist/create" className="mt-6 inline-flex rounded-md bg-stone-900 px-5 py-3 font-semibold text-white hover:bg-stone-700">Create your artist profile</Link>
      </div>
    );
  }
  if (!me.profile) return <p role="alert" className="px-4 py-12 text-center text-red-800">{errorMessage(me.error)}</p>;
  return <Manager artist={me.profile} />;
}

import { useQuery } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { TSavedArtist, TSavedFlashDesign } from '../../../shared/contracts/favourites.ts';
import { FAVOURITE_FORM_PATH, type TFavouriteKind } from '../../../shared/favourites.ts';
import { FLASH_STATUS_NAMES } from '../../../shared/flash-labels.ts';
import { favouritesOptions, useFavourite } from '../../lib/favourites.ts';
import { bookFlashUrl, flashSizeText } from '../../lib/flash.ts';
import { formatMoney } from '../../lib/format.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { ErrorNote, Section, Skeleton } from './dashboard-parts.tsx';

const ROW_BUTTON = 'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 disabled:opacity-60';

/** "Remove", as a form that posts like the heart does, so it works before hydration too. */
function RemoveButton({ kind, id, name }: { kind: TFavouriteKind; id: string; name: string }) {
  const favourite = useFavourite(kind, id, name);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    favourite.remove();
  };
  return (
    <form method="post" action={FAVOURITE_FORM_PATH} onSubmit={onSubmit}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="returnTo" value="/dashboard" />
      <button type="submit" className={ROW_BUTTON} disabled={favourite.busy} aria-label={`Remove ${name} from Saved`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
      </button>
    </form>
  );
}

function Thumb({ src, alt }: { src: string | null; alt: string }) {
  return src ? (
    <img src={src} alt={alt} width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded-md bg-stone-100 object-cover" />
  ) : (
    <div aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-stone-100 text-stone-400">
      <Heart className="h-5 w-5" />
    </div>
  );
}

function SavedArtistRow({ artist }: { artist: TSavedArtist }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Thumb src={artist.photoUrl} alt="" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <Link to={`/artists/${artist.slug}`} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
          {artist.displayName}
        </Link>
        <p className="text-sm text-stone-700">
          {artist.city}
          {artist.styles.length ? ` · ${artist.styles.slice(0, 3).join(', ')}` : ''}
        </p>
        {artist.rating.value !== null ? <StarRating value={artist.rating.value} count={artist.rating.count} size={14} /> : <p className="text-sm text-stone-600">No reviews yet</p>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <ButtonLink to={`/book/${artist.id}`} variant="secondary" className="px-3 py-1.5 text-sm" aria-label={`Book ${artist.displayName}`}>
          Book
        </ButtonLink>
        <RemoveButton kind="artist" id={artist.id} name={artist.displayName} />
      </div>
    </li>
  );
}

function SavedFlashRow({ design }: { design: TSavedFlashDesign }) {
  const available = design.status === 'available';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Thumb src={design.thumbUrl} alt={`${design.title}, flash design by ${design.artist.displayName}`} />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-semibold text-stone-900">{design.title}</p>
        <p className="text-sm text-stone-700">
          by{' '}
          <Link to={`/artists/${design.artist.slug}`} className="underline underline-offset-2 hover:text-stone-900">
            {design.artist.displayName}
          </Link>{' '}
          · {design.artist.city}
        </p>
        <p className="text-sm text-stone-700">
          {flashSizeText(design)} · {formatMoney(design.priceCents, design.currency)}
          {available ? '' : ` · ${FLASH_STATUS_NAMES[design.status]}: no longer bookable`}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        {available ? (
          <ButtonLink to={bookFlashUrl(design)} variant="secondary" className="px-3 py-1.5 text-sm" aria-label={`Book this design: ${design.title}`}>
            Book
          </ButtonLink>
        ) : null}
        <RemoveButton kind="flash" id={design.id} name={`${design.title} by ${design.artist.displayName}`} />
      </div>
    </li>
  );
}

/** /dashboard "Saved": the artists and flash designs this person saved with the heart, newest first. */
export function SavedSection() {
  const query = useQuery(favouritesOptions());
  const data = query.data;
  const empty = data && data.artists.length === 0 && data.flash.length === 0;
  return (
    <Section id="saved" title="Saved">
      {query.isPending ? <Skeleton label="Loading what you saved" rows={2} /> : null}
      {query.isError ? <ErrorNote error={query.error} what="what you saved" /> : null}
      {empty ? (
        <div className="rounded-md bg-stone-50 p-4 text-stone-700">
          <p>Nothing saved yet. Press the heart on an artist or a flash design to keep it here.</p>
          <p className="mt-2 flex flex-wrap gap-4">
            <Link to="/artists" className="font-medium text-stone-900 underline underline-offset-2">Find an artist</Link>
            <Link to="/flash" className="font-medium text-stone-900 underline underline-offset-2">Browse flash designs</Link>
          </p>
        </div>
      ) : null}
      {data && !empty ? (
        <div className="space-y-6">
          <div>
            <h3 className="text-lg font-semibold text-stone-900">Artists</h3>
            {data.artists.length ? (
              <ul className="divide-y divide-stone-200" aria-label="Saved artists">
                {data.artists.map((a) => (
                  <SavedArtistRow key={a.id} artist={a} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-stone-700">
                No saved artists. <Link to="/artists" className="underline underline-offset-2">Find an artist</Link>
              </p>
            )}
          </div>
          <div>
            <h3 className="text-lg font-semibold text-stone-900">Flash designs</h3>
            {data.flash.length ? (
              <ul className="divide-y divide-stone-200" aria-label="Saved flash designs">
                {data.flash.map((d) => (
                  <SavedFlashRow key={d.id} design={d} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-stone-700">
                No saved flash designs. <Link to="/flash" className="underline underline-offset-2">Browse flash designs</Link>
              </p>
            )}
          </div>
        </div>
      ) : null}
    </Section>
  );
}

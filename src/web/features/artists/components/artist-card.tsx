import { BadgeCheck, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { TArtistListItem } from '../../../../shared/contracts/artists.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { StarRating } from '../../../ui/star-rating.tsx';
import { FavouriteToggle } from '../../../ui/favourite-toggle.tsx';

/** `priority`: a card in the first screen; its photo is fetched at once instead of lazily. */
export function ArtistCard({ artist, priority = false }: { artist: TArtistListItem; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition hover:border-stone-400 hover:shadow">
      {/* Above the card's stretched link, so pressing the heart saves rather than opens the profile. */}
      <FavouriteToggle kind="artist" id={artist.id} name={artist.displayName} className="absolute right-2 top-2 z-10" />
      <div className="aspect-[4/3] bg-stone-100">
        {artist.photoUrl ? (
          <img
            src={artist.photoUrl}
            alt=""
            width={300}
            height={225}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-stone-500">No portfolio yet</div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="flex items-center gap-1.5 text-lg font-semibold text-stone-900">
          <Avatar id={artist.id} name={artist.displayName} url={artist.avatarUrl} size="sm" decorative className="mr-1" />
          <Link to={`/artists/${artist.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
            {artist.displayName}
          </Link>
          {artist.verified ? (
            <span className="inline-flex items-center gap-0.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" /> Verified
            </span>
          ) : null}
        </h3>
        <p className="flex items-center gap-1 text-sm text-stone-700">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          {artist.studioName ? `${artist.studioName} · ` : ''}
          {artist.city}
          {artist.distanceKm !== undefined ? ` · ${artist.distanceKm} km away` : ''}
        </p>
        {artist.rating.value !== null ? (
          <StarRating value={artist.rating.value} count={artist.rating.count} size={14} />
        ) : (
          <p className="text-sm text-stone-600">No reviews yet</p>
        )}
        <ul className="flex flex-wrap gap-1" aria-label="Styles">
          {artist.styles.slice(0, 4).map((s) => (
            <li key={s} className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-800">{s}</li>
          ))}
        </ul>
        <dl className="mt-auto grid grid-cols-2 gap-2 pt-2 text-sm">
          <div>
            <dt className="text-stone-600">From</dt>
            <dd className="font-medium text-stone-900">{artist.priceFromCents !== null ? formatMoney(artist.priceFromCents, artist.currency) : '—'}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Deposit</dt>
            <dd className="font-medium text-stone-900">{artist.depositFromCents !== null ? formatMoney(artist.depositFromCents, artist.currency) : '—'}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export function ArtistCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-lg border border-stone-200">
      <div className="aspect-[4/3] bg-stone-200" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-4 w-1/3 rounded bg-stone-200" />
      </div>
    </div>
  );
}

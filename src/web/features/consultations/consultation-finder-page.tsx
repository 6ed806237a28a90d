import { useQuery } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { videoConsultationUrl } from '../../../shared/contracts/consultations.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDuration, formatMoney } from '../../lib/format.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { consultationArtistsOptions, consultationKindParam } from './consultation-queries.ts';

const KINDS = [
  { value: '', label: 'All artists' },
  { value: 'tattoo', label: 'Tattoo' },
  { value: 'piercing', label: 'Piercing' },
] as const;

/**
 * /consultation: the public way in to a video consultation. It lists artists who offer a
 * consultation and starts their booking form in video mode (`/book/{artistId}?serviceId=…&mode=video`).
 * The kind filter is a GET form, so it works before the page hydrates.
 */
export default function ConsultationFinderPage() {
  const [params] = useSearchParams();
  const kind = consultationKindParam(params);
  const selectId = useId();
  const { data, error, isPending } = useQuery(consultationArtistsOptions(kind));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">Book a video consultation</h1>
      <p className="mt-1 max-w-2xl text-stone-700">
        Talk your idea through with an artist by video before you book a session: placement, size, style and price. Pick an artist and a time; the call happens right here in
        your browser, no app to install.
      </p>
      <form method="get" role="search" aria-label="Find artists for a video consultation" className="mt-4 flex flex-wrap items-end gap-2">
        <label htmlFor={selectId} className="text-sm font-medium text-stone-900">
          Kind of artist
          <select id={selectId} name="kind" defaultValue={kind ?? ''} className="mt-1 block rounded-md border border-stone-400 bg-white px-3 py-2">
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100">
          Show artists
        </button>
      </form>
      {isPending ? (
        <p role="status" className="mt-6 text-stone-700">
          Loading artists…
        </p>
      ) : error ? (
        <p role="alert" className="mt-6 text-red-900">
          Artists could not be loaded: {errorMessage(error)}
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-6 text-stone-700">
          No artist offers a video consultation yet. <Link to="/artists" className="underline underline-offset-2">Browse all artists</Link>.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {data.items.map((a) => {
            const service = a.services[0]!;
            return (
              <li key={a.id} className="flex flex-col rounded-lg border border-stone-200 bg-white p-4">
                <div className="flex items-center gap-3">
                  <Avatar id={a.id} name={a.displayName} url={a.avatarUrl} decorative />
                  <div className="min-w-0">
                    <h2 className="font-semibold text-stone-900">
                      <Link to={`/artists/${a.slug}`} className="hover:underline">
                        {a.displayName}
                      </Link>
                    </h2>
                    <p className="text-sm text-stone-700">
                      {a.city}, {a.country}
                    </p>
                  </div>
                </div>
                {a.rating.count > 0 ? (
                  <StarRating value={a.rating.value} count={a.rating.count} className="mt-2" />
                ) : null}
                <p className="mt-2 text-sm text-stone-800">
                  {service.name} · {formatDuration(service.durationMinutes)} · {service.depositCents > 0 ? formatMoney(service.depositCents, service.currency) : 'Free'}
                </p>
                <ButtonLink to={videoConsultationUrl(a.id, service.id)} className="mt-3 self-start" aria-label={`Book a video consultation with ${a.displayName}`}>
                  <Video className="mr-1.5 h-4 w-4" aria-hidden="true" /> Book a video call
                </ButtonLink>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

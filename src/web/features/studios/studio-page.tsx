import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatMoney, weekdayName, zoneLabel } from '../../lib/format.ts';
import { StarRating } from '../../ui/star-rating.tsx';
import { studioOptions } from './studio-queries.ts';

/** /studios/{slug}: address, hours, map coordinates and the artists who work there. */
export default function StudioPage() {
  const { slug = '' } = useParams();
  const { data: studio } = useQuery(studioOptions(slug));
  if (!studio) return <p role="status" className="px-4 py-12 text-center text-stone-600">Loading studio…</p>;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${studio.lat}&mlon=${studio.lng}#map=17/${studio.lat}/${studio.lng}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">{studio.name}</h1>
      <p className="mt-2 flex items-center gap-1 text-stone-700">
        <MapPin className="h-4 w-4" aria-hidden="true" /> {studio.address}, {studio.city}
      </p>
      {studio.description ? <p className="mt-4 max-w-3xl text-stone-800">{studio.description}</p> : null}
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="studio-artists">
          <h2 id="studio-artists" className="text-xl font-semibold text-stone-900">Artists</h2>
          {studio.artists.length === 0 ? <p className="mt-2 text-stone-700">No artists listed at this studio yet.</p> : null}
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {studio.artists.map((a) => (
              <li key={a.id} className="relative rounded-lg border border-stone-200 p-4 hover:border-stone-400">
                <h3 className="font-semibold text-stone-900">
                  <Link to={`/artists/${a.slug}`} className="after:absolute after:inset-0">{a.displayName}</Link>
                </h3>
                <p className="text-sm text-stone-700">{a.styles.slice(0, 3).join(', ')}</p>
                {a.rating.value !== null ? <StarRating value={a.rating.value} count={a.rating.count} size={14} /> : <p className="text-sm text-stone-600">No reviews yet</p>}
                {a.priceFromCents !== null ? <p className="text-sm text-stone-700">From {formatMoney(a.priceFromCents, a.currency)}</p> : null}
              </li>
            ))}
          </ul>
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="studio-hours" className="rounded-lg border border-stone-200 p-5">
            <h2 id="studio-hours" className="font-semibold text-stone-900">Opening hours</h2>
            <dl className="mt-2 grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
              {[1, 2, 3, 4, 5, 6, 7].map((d) => {
                const ranges = studio.hours[String(d) as keyof typeof studio.hours] ?? [];
                return (
                  <div key={d} className="contents">
                    <dt className="text-stone-700">{weekdayName(d)}</dt>
                    <dd className="text-stone-900">{ranges.length ? ranges.map(([a, b]) => `${a}–${b}`).join(', ') : 'Closed'}</dd>
                  </div>
                );
              })}
            </dl>
            <p className="mt-2 text-xs text-stone-600">Times are in {zoneLabel(studio.timezone)}.</p>
          </section>
          <section aria-labelledby="studio-map" className="rounded-lg border border-stone-200 p-5">
            <h2 id="studio-map" className="font-semibold text-stone-900">Location</h2>
            <p className="mt-1 text-sm text-stone-700">
              {studio.lat.toFixed(5)}, {studio.lng.toFixed(5)}
            </p>
            <a href={mapUrl} rel="noopener noreferrer" target="_blank" className="mt-2 inline-block text-sm font-medium text-stone-900 underline underline-offset-2">
              Open in a map (new tab)
            </a>
          </section>
        </aside>
      </div>
    </div>
  );
}

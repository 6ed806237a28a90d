import { useQuery } from '@tanstack/react-query';
import { MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { TStudioSummary } from './studio-queries.ts';
import { studiosOptions } from './studio-queries.ts';

function groupByCity(studios: TStudioSummary[]) {
  const groups = new Map<string, TStudioSummary[]>();
  for (const s of studios) groups.set(s.city, [...(groups.get(s.city) ?? []), s]);
  return [...groups];
}

/** /studios: every studio, grouped by city. */
export default function StudiosPage() {
  const { data, isPending, isError } = useQuery(studiosOptions());
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Studios</h1>
      <p className="mt-1 text-stone-700">Tattoo and piercing studios on Inkhaven, with the artists who work there.</p>
      {isPending ? <p role="status" className="mt-6 text-stone-600">Loading studios…</p> : null}
      {isError ? <p role="alert" className="mt-6 text-red-800">We could not load studios. Please try again.</p> : null}
      {data && data.items.length === 0 ? <p className="mt-6 text-stone-700">No studios listed yet.</p> : null}
      {data
        ? groupByCity(data.items).map(([city, studios]) => (
            <section key={city} aria-labelledby={`city-${city}`} className="mt-8">
              <h2 id={`city-${city}`} className="text-xl font-semibold text-stone-900">{city}</h2>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {studios.map((s) => (
                  <li key={s.id} className="relative rounded-lg border border-stone-200 p-5 hover:border-stone-400">
                    <h3 className="font-semibold text-stone-900">
                      <Link to={`/studios/${s.slug}`} className="after:absolute after:inset-0">{s.name}</Link>
                    </h3>
                    <p className="mt-1 flex items-center gap-1 text-sm text-stone-700"><MapPin className="h-4 w-4" aria-hidden="true" /> {s.address}</p>
                    <p className="mt-1 flex items-center gap-1 text-sm text-stone-700"><Users className="h-4 w-4" aria-hidden="true" /> {s.artistCount} artist{s.artistCount === 1 ? '' : 's'}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
    </div>
  );
}

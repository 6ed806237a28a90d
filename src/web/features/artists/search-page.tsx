import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { List, LocateFixed, Map as MapIcon, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { searchPlaces } from '../../../shared/cities.ts';
import type { TArtistPage, TMapSettings } from '../../../shared/contracts/artists.ts';
import { PIERCING_STYLES } from '../../../shared/guides/piercing-styles.ts';
import { slugify } from '../../../shared/guides/search-links.ts';
import { TATTOO_CATEGORIES } from '../../../shared/guides/tattoo-styles.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { artistSearchOptions, canonicalSearch } from './api/artist-queries.ts';
import { useSearchImpressions } from './api/search-impressions.ts';
import { ArtistCard, ArtistCardSkeleton } from './components/artist-card.tsx';
import { LoadError } from '../../ui/load-error.tsx';

// Leaflet and its CSS load only when the map view is opened.
const ResultsMap = lazy(() => import('./components/results-map.tsx'));

const TATTOO_STYLE_NAMES = TATTOO_CATEGORIES.flatMap((c) => c.styles);
const PIERCING_STYLE_NAMES = PIERCING_STYLES.map((s) => s.name);
const SELECT = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';

function Select({ label, name, value, children }: { label: string; name: string; value: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      <select id={id} name={name} defaultValue={value} className={SELECT}>
        {children}
      </select>
    </div>
  );
}

/** In the artist's own zone, so the server-rendered page and the browser agree. */
function artistLocalTime(iso: string, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  return `${when} (${timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone} time)`;
}

const plural = (n: number) => (n === 1 ? 'artist' : 'artists');

/** "12 artists found", or "1,000+ artists found" past the count limit; without a count (availability filters), what is shown so far. */
function resultCount(first: TArtistPage | undefined, shown: number, more: boolean): string {
  const total = first?.total;
  if (!total) return `${shown}${more ? '+' : ''} ${plural(shown)} with free time${more ? ' so far' : ''}`;
  if (!total.exact) return `${total.count.toLocaleString('en-US')}+ artists found (more than we count exactly)`;
  return `${total.count.toLocaleString('en-US')} ${plural(total.count)} found`;
}

/** How the server read the query: a corrected text, a guessed place, a suggestion, an unknown place. */
function SearchNotes({ first, params }: { first: TArtistPage | undefined; params: URLSearchParams }) {
  if (!first) return null;
  /** The same search with another text; `exact` searches it as typed, without typo correction. */
  const withQ = (q: string, exact = false) => {
    const next = new URLSearchParams(params);
    next.set('q', q);
    if (exact) next.set('exact', '1');
    else next.delete('exact');
    return `/artists?${canonicalSearch(next)}`;
  };
  const notes: React.ReactNode[] = [];
  const typed = params.get('q');
  if (first.correctedQuery && typed) {
    notes.push(
      <>
        Showing results for <strong>{first.correctedQuery}</strong>. Search instead for{' '}
        <Link to={withQ(typed, true)} className="font-semibold text-amber-800 underline">
          {typed}
        </Link>
      </>,
    );
  }
  if (first.didYouMean) {
    notes.push(
      <>
        Did you mean{' '}
        <Link to={withQ(first.didYouMean)} className="font-semibold text-amber-800 underline">
          {first.didYouMean}
        </Link>
        ?
      </>,
    );
  }
  if (first.place) {
    const where = first.place.radiusKm === null ? `in ${first.place.label}` : `within ${first.place.radiusKm} km of ${first.place.label}`;
    notes.push(<>Showing artists {where}{first.place.exact ? '' : ` — the closest place we know to “${params.get('city')}”`}.</>);
  }
  if (first.unknownPlace) {
    notes.push(<>We do not know a place called “{first.unknownPlace}”. Type a city or a neighbourhood, for example Brooklyn, Shoreditch or Portland, or use Near me.</>);
  }
  if (!notes.length) return null;
  return (
    <div className="mb-3 space-y-1 text-sm text-stone-800">
      {notes.map((note, i) => (
        <p key={i}>{note}</p>
      ))}
    </div>
  );
}

/** The City field: suggestions from the bundled places while typing, and what to type when none matches. */
function PlaceField({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const listId = useId();
  const suggestions = searchPlaces(text, 8);
  const noMatch = text.trim().length >= 2 && suggestions.length === 0;
  return (
    <div className="space-y-1">
      <label htmlFor="artist-city" className="block text-sm font-medium text-stone-900">City or neighbourhood</label>
      <input
        id="artist-city"
        name="city"
        value={text}
        onChange={(e) => setText(e.target.value)}
        list={listId}
        aria-describedby="artist-city-help"
        className={SELECT}
        autoComplete="off"
        placeholder="e.g. Brooklyn or Portland"
      />
      <datalist id={listId}>
        {suggestions.map((p) => (
          <option key={p.id} value={p.label} />
        ))}
      </datalist>
      <p id="artist-city-help" className="text-xs text-stone-600" aria-live="polite">
        {noMatch ? 'No place we know starts like that. Try the city’s name, a borough such as Brooklyn, or use Near me.' : 'Cities, boroughs and neighbourhoods.'}
      </p>
    </div>
  );
}

/** /artists: every filter lives in the URL, so a search can be shared and the back button works. */
export default function ArtistSearchPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const search = canonicalSearch(params);
  const results = useInfiniteQuery(artistSearchOptions(queryClient, search));
  const [locating, setLocating] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const mapSettings = useQuery<TMapSettings>({ queryKey: ['/api/map/settings'], enabled: view === 'map', staleTime: 5 * 60_000 });
  const formKey = search; // remount the form when the URL changes (back button), so fields show the URL's values

  const apply = (next: URLSearchParams) => setParams(new URLSearchParams(canonicalSearch(next)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    if (data.get('verified') === 'on') next.set('verified', 'true');
    if (data.get('maxDeposit')) next.set('maxDeposit', String(Math.round(Number(data.get('maxDeposit')) * 100)));
    if (params.get('near')) next.set('near', params.get('near')!);
    if (!next.get('near')) next.delete('radiusKm');
    if (next.get('sort') === 'distance' && !next.get('near')) next.delete('sort');
    apply(next);
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setLocating('Your browser cannot share a location. Type a city instead.');
      return;
    }
    setLocating('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(null);
        const next = new URLSearchParams(params);
        next.set('near', `${pos.coords.latitude.toFixed(3)},${pos.coords.longitude.toFixed(3)}`);
        next.set('sort', 'distance');
        if (!next.get('radiusKm')) next.set('radiusKm', '50');
        next.delete('city');
        apply(next);
      },
      () => setLocating('We could not get your location. Check the browser permission, or type a city instead.'),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  const clearNear = () => {
    const next = new URLSearchParams(params);
    next.delete('near');
    next.delete('radiusKm');
    if (next.get('sort') === 'distance') next.delete('sort');
    apply(next);
  };

  // One array per answer, so the map redraws only when the results change.
  const items = useMemo(() => results.data?.pages.flatMap((p) => p.items) ?? [], [results.data]);
  const shownIds = useMemo(() => items.map((a) => a.id), [items]);
  useSearchImpressions(search, shownIds);
  const kind = params.get('kind') ?? '';
  const styleNames = kind === 'piercing' ? PIERCING_STYLE_NAMES : kind === 'tattoo' ? TATTOO_STYLE_NAMES : [...TATTOO_STYLE_NAMES, ...PIERCING_STYLE_NAMES];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Find an artist</h1>
      <p className="mt-1 text-stone-700">Search tattoo and piercing artists by name, style, city or distance.</p>

      <form key={formKey} onSubmit={onSubmit} role="search" aria-label="Artist search" className="mt-6 space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <label htmlFor="artist-q" className="block text-sm font-medium text-stone-900">Search</label>
            <input id="artist-q" name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder="Name, style or city — e.g. fine line Portland" className={SELECT} />
          </div>
          <Button type="submit" className="sm:w-32">Search</Button>
          <Button type="button" variant="secondary" className="sm:hidden" aria-expanded={filtersOpen} aria-controls="artist-filters" onClick={() => setFiltersOpen((o) => !o)}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filters
          </Button>
        </div>
        <div id="artist-filters" className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-4`}>
          <Select label="Kind" name="kind" value={kind}>
            <option value="">Tattoo and piercing</option>
            <option value="tattoo">Tattoo</option>
            <option value="piercing">Piercing</option>
          </Select>
          <Select label="Style" name="style" value={params.get('style') ?? ''}>
            <option value="">Any style</option>
            {styleNames.map((s) => (
              <option key={s} value={slugify(s)}>{s}</option>
            ))}
          </Select>
          <PlaceField initial={params.get('city') ?? ''} />
          <Select label="Minimum rating" name="minRating" value={params.get('minRating') ?? ''}>
            <option value="">Any rating</option>
            <option value="4.5">4.5 and up</option>
            <option value="4">4 and up</option>
            <option value="3">3 and up</option>
          </Select>
          <div className="space-y-1">
            <label htmlFor="artist-deposit" className="block text-sm font-medium text-stone-900">Max deposit (USD)</label>
            <input id="artist-deposit" name="maxDeposit" type="number" min={0} step={10} inputMode="numeric" defaultValue={params.get('maxDeposit') ? String(Number(params.get('maxDeposit')) / 100) : ''} className={SELECT} />
          </div>
          <div className="space-y-1">
            <label htmlFor="artist-available-from" className="block text-sm font-medium text-stone-900">Available from</label>
            <input id="artist-available-from" name="availableFrom" type="date" defaultValue={params.get('availableFrom') ?? ''} className={SELECT} />
          </div>
          <div className="space-y-1">
            <label htmlFor="artist-available-to" className="block text-sm font-medium text-stone-900">Available to</label>
            <input id="artist-available-to" name="availableTo" type="date" defaultValue={params.get('availableTo') ?? ''} className={SELECT} />
          </div>
          <Select label="Sort by" name="sort" value={params.get('sort') ?? ''}>
            <option value="">Best match</option>
            <option value="rating">Rating</option>
            <option value="soonest">Soonest available</option>
            {params.get('near') ? <option value="distance">Distance</option> : null}
          </Select>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input id="artist-verified" name="verified" type="checkbox" defaultChecked={params.get('verified') === 'true'} className="h-4 w-4 rounded border-stone-400 accent-stone-900" />
            <label htmlFor="artist-verified" className="text-sm text-stone-900">Verified artists only</label>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:col-span-4">
            {params.get('near') ? (
              <>
                <Select label="Within" name="radiusKm" value={params.get('radiusKm') ?? '50'}>
                  {[10, 25, 50, 100, 250].map((km) => (
                    <option key={km} value={km}>{km} km of you</option>
                  ))}
                </Select>
                <Button variant="ghost" onClick={clearNear} className="self-end">Stop using my location</Button>
              </>
            ) : (
              <Button variant="secondary" onClick={useMyLocation}>
                <LocateFixed className="h-4 w-4" aria-hidden="true" /> Near me
              </Button>
            )}
          </div>
        </div>
        {locating ? <p role="status" className="text-sm text-stone-700">{locating}</p> : null}
      </form>

      <section aria-labelledby="results-heading" className="mt-8">
        <h2 id="results-heading" className="sr-only">Results</h2>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-stone-700">
            {results.isSuccess ? resultCount(results.data.pages[0], items.length, results.hasNextPage) : null}
          </p>
          <div role="group" aria-label="Show results as" className="inline-flex rounded-md border border-stone-300 bg-white p-0.5">
            <Button variant={view === 'list' ? 'primary' : 'ghost'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
              <List className="h-4 w-4" aria-hidden="true" /> List
            </Button>
            <Button variant={view === 'map' ? 'primary' : 'ghost'} aria-pressed={view === 'map'} onClick={() => setView('map')}>
              <MapIcon className="h-4 w-4" aria-hidden="true" /> Map
            </Button>
          </div>
        </div>
        <SearchNotes first={results.data?.pages[0]} params={params} />
        {view === 'map' ? (
          <div className="mb-6">
            {mapSettings.isPending ? <p role="status" className="text-sm text-stone-700">Loading the map…</p> : null}
            {mapSettings.isError || (mapSettings.data && !mapSettings.data.tilesReachable) ? (
              <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                The map cannot load right now (its map tiles are out of reach). The list below shows every result.
              </p>
            ) : null}
            {mapSettings.data?.tilesReachable ? (
              <Suspense fallback={<p role="status" className="text-sm text-stone-700">Loading the map…</p>}>
                <ResultsMap artists={items} settings={mapSettings.data} />
                {results.hasNextPage ? <p className="mt-1 text-sm text-stone-700">The map shows the artists listed below; show more artists to add them.</p> : null}
              </Suspense>
            ) : null}
          </div>
        ) : null}
        {results.isError ? (
          <LoadError onRetry={() => void results.refetch()}>{errorMessage(results.error)}</LoadError>
        ) : null}
        {results.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" role="status" aria-label="Loading artists">
            {Array.from({ length: 8 }, (_, i) => <ArtistCardSkeleton key={i} />)}
          </div>
        ) : null}
        {results.isSuccess && items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-stone-300 p-10 text-center">
            <h3 className="text-lg font-semibold text-stone-900">No artists match all of that</h3>
            <p className="mt-2 text-stone-700">Try fewer filters, a larger radius or a nearby city.</p>
            <Button variant="secondary" className="mt-4" onClick={() => setParams(new URLSearchParams())}>Clear all filters</Button>
          </div>
        ) : null}
        {items.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((a, i) => (
              <li key={a.id}>
                {/* The first cards are in the first screen: their photos load at once (the largest paint). */}
                <ArtistCard artist={a} priority={i < 2} />
                {a.firstAvailableAt ? <p className="mt-2 text-sm text-stone-800">Next available {artistLocalTime(a.firstAvailableAt, a.timezone)}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {results.hasNextPage ? (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
              {results.isFetchingNextPage ? 'Loading…' : 'Show more artists'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FLASH_SIZE_NAMES, FLASH_SIZES } from '../../../shared/flash-labels.ts';
import { TATTOO_CATEGORIES } from '../../../shared/guides/tattoo-styles.ts';
import { slugify } from '../../../shared/guides/search-links.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { FlashCard, FlashCardSkeleton } from '../../ui/flash-card.tsx';
import { canonicalFlashSearch, flashSearchOptions } from './flash-queries.ts';
import { LoadError } from '../../ui/load-error.tsx';

// Flash is tattoo work: the styles of the tattoo guide (the contract module would bring zod into this public page).
const STYLE_NAMES = TATTOO_CATEGORIES.flatMap((c) => c.styles);
const INPUT = 'block h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      {children(id)}
    </div>
  );
}

const dollars = (cents: string | null) => (cents ? String(Number(cents) / 100) : '');
const cents = (value: FormDataEntryValue | null) => {
  const n = Number(typeof value === 'string' ? value.trim() : '');
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? String(Math.round(n * 100)) : null;
};

/** /flash: ready-made designs across artists; every filter lives in the URL. */
export default function FlashPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const search = canonicalFlashSearch(params);
  const results = useInfiniteQuery(flashSearchOptions(queryClient, search));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = search !== '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['style', 'size', 'city'] as const) {
      const v = data.get(name);
      if (typeof v === 'string' && v.trim()) next.set(name, v.trim());
    }
    const min = cents(data.get('minPrice'));
    const max = cents(data.get('maxPrice'));
    if (min) next.set('minPrice', min);
    if (max) next.set('maxPrice', max);
    if (min && max && Number(min) > Number(max)) {
      next.set('minPrice', max);
      next.set('maxPrice', min);
    }
    setParams(new URLSearchParams(canonicalFlashSearch(next)));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Flash designs</h1>
      <p className="mt-1 max-w-3xl text-stone-700">
        Ready-made designs drawn by the artists themselves, with a fixed size and price. Pick one you love and book it; one-off designs are tattooed only once.
      </p>

      <form key={search} onSubmit={onSubmit} role="search" aria-label="Filter flash designs" className="mt-6 space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
        <div className="flex items-center justify-between sm:hidden">
          <Button type="button" variant="secondary" aria-expanded={filtersOpen} aria-controls="flash-filters" onClick={() => setFiltersOpen((o) => !o)}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filters
          </Button>
        </div>
        <div id="flash-filters" className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-6 lg:items-end`}>
          <Labelled label="Style">
            {(id) => (
              <select id={id} name="style" defaultValue={params.get('style') ?? ''} className={INPUT}>
                <option value="">Any style</option>
                {STYLE_NAMES.map((s) => (
                  <option key={s} value={slugify(s)}>{s}</option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Size">
            {(id) => (
              <select id={id} name="size" defaultValue={params.get('size') ?? ''} className={INPUT}>
                <option value="">Any size</option>
                {FLASH_SIZES.map((s) => (
                  <option key={s} value={s}>{FLASH_SIZE_NAMES[s]}</option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Min price (USD)">
            {(id) => <input id={id} name="minPrice" type="number" min={0} step={10} inputMode="numeric" defaultValue={dollars(params.get('minPrice'))} className={INPUT} />}
          </Labelled>
          <Labelled label="Max price (USD)">
            {(id) => <input id={id} name="maxPrice" type="number" min={0} step={10} inputMode="numeric" defaultValue={dollars(params.get('maxPrice'))} className={INPUT} />}
          </Labelled>
          <Labelled label="City">
            {(id) => <input id={id} name="city" defaultValue={params.get('city') ?? ''} autoComplete="address-level2" className={INPUT} />}
          </Labelled>
          <Button type="submit">Show designs</Button>
        </div>
      </form>

      <section aria-labelledby="flash-results-heading" className="mt-8">
        <h2 id="flash-results-heading" className="sr-only">Designs</h2>
        <div aria-live="polite" className="mb-3 flex min-h-6 flex-wrap items-center gap-3 text-sm text-stone-700">
          {results.isSuccess ? `${items.length}${results.hasNextPage ? '+' : ''} design${items.length === 1 ? '' : 's'} available` : null}
          {filtered && results.isSuccess ? (
            <Link to="/flash" className="font-medium text-stone-900 underline underline-offset-2">Clear filters</Link>
          ) : null}
        </div>
        {results.isError ? (
          <LoadError onRetry={() => void results.refetch()}>{errorMessage(results.error)}</LoadError>
        ) : null}
        {results.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" role="status" aria-label="Loading designs">
            {Array.from({ length: 8 }, (_, i) => <FlashCardSkeleton key={i} />)}
          </div>
        ) : null}
        {results.isSuccess && items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-stone-300 p-10 text-center">
            <h3 className="text-lg font-semibold text-stone-900">{filtered ? 'No designs match all of that' : 'No flash designs yet'}</h3>
            <p className="mt-2 text-stone-700">
              {filtered ? 'Try another style or size, a wider price range, or a nearby city.' : 'Artists are drawing new flash all the time. Meanwhile, find an artist for a custom piece.'}
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              {filtered ? <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>Clear all filters</Button> : null}
              <Link data-cta="artists" to="/artists?kind=tattoo" className="inline-flex items-center rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900 hover:bg-stone-100">Find a tattoo artist</Link>
            </div>
          </div>
        ) : null}
        {items.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((d) => (
              <li key={d.id}>
                <FlashCard design={d} />
              </li>
            ))}
          </ul>
        ) : null}
        {results.hasNextPage ? (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
              {results.isFetchingNextPage ? 'Loading…' : 'Show more designs'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

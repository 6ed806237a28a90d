import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TBookingDetail } from '../../shared/contracts/bookings.ts';
import { useAutoRetry } from '../lib/auto-retry.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { Button } from './button.tsx';

type SavedLink = { to: string; label: string };

/** The guides are part of the app itself: readable offline whether or not they were opened before. */
const BUILT_IN: SavedLink[] = [
  { to: '/tattoo-styles', label: 'Tattoo styles guide' },
  { to: '/piercing-styles', label: 'Piercing styles guide' },
  { to: '/aftercare-guides', label: 'Aftercare guides' },
];

/** Bookings and profiles whose data is on this device (fetched this session or restored), so their pages open offline. */
function savedLinks(queryClient: ReturnType<typeof useQueryClient>): { bookings: SavedLink[]; dashboard: boolean; profiles: SavedLink[] } {
  const bookings: SavedLink[] = [];
  const profiles: SavedLink[] = [];
  let dashboard = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    const path = query.queryKey[0];
    const data = query.state.data;
    if (typeof path !== 'string' || data === undefined || data === null) continue;
    if (/^\/api\/bookings\/[A-Za-z0-9-]+$/.test(path)) {
      const b = data as TBookingDetail;
      if (b.id && b.service && b.artist) bookings.push({ to: `/bookings/${b.id}`, label: `${b.service.name} with ${b.artist.displayName}` });
    } else if (/^\/api\/bookings\?/.test(path) && query.queryKey[1] === 'pages') {
      dashboard = true;
    } else if (/^\/api\/artists\/[A-Za-z0-9-]+$/.test(path) && path !== '/api/artists/profile') {
      const a = data as { slug?: string; displayName?: string };
      if (a.slug && a.displayName) profiles.push({ to: `/artists/${a.slug}`, label: a.displayName });
    }
  }
  const unique = (links: SavedLink[]) => [...new Map(links.map((l) => [l.to, l])).values()];
  return { bookings: unique(bookings), dashboard, profiles: unique(profiles) };
}

function LinkList({ title, links }: { title: string; links: SavedLink[] }) {
  if (links.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-600">{title}</h2>
      <ul className="mt-2 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="font-medium text-stone-900 underline underline-offset-2 hover:text-stone-700">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What a page shows when it needs the server and cannot reach it (issue 11 §3): what happened in
 * plain words, what can be read offline instead, a retry button — and it retries by itself when the
 * browser comes back online, and on a backoff while it believes it is online.
 */
export function OfflinePanel({ title, children, onRetry }: { title: string; children?: ReactNode; onRetry: () => void }) {
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const online = useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
  const retry = () => {
    setRetrying(true);
    onRetry();
    setTimeout(() => setRetrying(false), 1_000);
  };
  useAutoRetry(onRetry);
  // Read once per render from the cache: the lists change only when data arrives, which re-renders the page anyway.
  const hydrated = useHydrated();
  const saved = hydrated ? savedLinks(queryClient) : { bookings: [], dashboard: false, profiles: [] };
  const yours: SavedLink[] = [...(saved.dashboard ? [{ to: '/dashboard', label: 'Your bookings (dashboard)' }] : []), ...saved.bookings];

  return (
    <section aria-labelledby="offline-panel-heading" className="mx-auto max-w-2xl px-4 py-12" data-testid="offline-panel">
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-6 sm:p-8">
        <WifiOff className="h-8 w-8 text-amber-900" aria-hidden="true" />
        <h1 id="offline-panel-heading" className="mt-3 text-2xl font-bold text-stone-950">{title}</h1>
        <div className="mt-3 space-y-2 text-stone-800">
          {children}
          <p role="status">
            {online
              ? 'Inkhaven cannot be reached right now. We keep trying, and this page fills in by itself as soon as it answers.'
              : 'You are offline. This page fills in by itself as soon as you are back online.'}
          </p>
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button onClick={retry} disabled={retrying}>
            {retrying ? 'Trying…' : 'Try again'}
          </Button>
        </div>
      </div>
      <div className="mt-8 space-y-6">
        <p className="text-stone-800">Saved on this device, readable offline:</p>
        <LinkList title="Yours" links={yours} />
        <LinkList title="Artists you viewed" links={saved.profiles.slice(0, 10)} />
        <LinkList title="Guides" links={BUILT_IN} />
      </div>
    </section>
  );
}

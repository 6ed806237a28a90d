import { History } from 'lucide-react';
import { useBrowserZone } from '../lib/browser-zone.ts';
import { useSavedAt } from '../lib/saved-copy.ts';

/** "Tue, Nov 24, 3:42 PM EST": when the saved data was fetched, in the viewer's zone. */
export function formatSavedAt(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(at));
}

/**
 * "Saved <time>" above data that is a saved copy (issue 11 §3): restored from this device, or shown
 * while the server cannot be reached. `matches` picks the queries (by path) the page shows; the note
 * goes away by itself once they are fetched again.
 */
export function SavedNote({ matches }: { matches: (path: string) => boolean }) {
  const at = useSavedAt(matches);
  const zone = useBrowserZone();
  return (
    <div role="status" className="empty:hidden">
      {at !== null && zone ? (
        <p data-testid="saved-note" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <History className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Saved {formatSavedAt(at, zone)}.</strong> This is the copy on this device; it updates by itself when
            Inkhaven can be reached.
          </span>
        </p>
      ) : null}
    </div>
  );
}

import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useBrowserZone } from '../../../lib/browser-zone.ts';
import { useSavedAt } from '../../../lib/saved-copy.ts';
import { formatSavedAt } from '../../../ui/saved-note.tsx';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Online unless the browser says otherwise; the server always renders the online state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export const OFFLINE_MESSAGE = 'You are offline. Showing saved pages; changes will not be saved until you reconnect.';

/**
 * Says when the browser is offline (the service worker then serves saved pages or the app shell).
 * The status region stays in the page so screen readers announce the change when it fills.
 */
// The page's own data, not the shell's (who is signed in, the bell): those are as old as the session, not the page.
const SHELL_PATHS = new Set(['/api/auth/user', '/api/artists/profile/me', '/api/notifications']);
const isPageData = (path: string) => !SHELL_PATHS.has(path);

export function OfflineNotice() {
  const online = useOnline();
  // When the data on this page was fetched (the oldest of it), so "saved" has a time (issue 11 §3).
  const savedAt = useSavedAt(isPageData);
  const zone = useBrowserZone();
  return (
    <div role="status" className="pointer-events-auto empty:hidden">
      {online ? null : (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 shadow-lg">
          <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {OFFLINE_MESSAGE}
            {savedAt !== null && zone ? <span className="mt-1 block font-normal">Saved {formatSavedAt(savedAt, zone)}.</span> : null}
          </span>
        </p>
      )}
    </div>
  );
}

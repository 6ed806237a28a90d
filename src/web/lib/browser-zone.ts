import { useSyncExternalStore } from 'react';

/** The browser's IANA zone; call it only in the browser (after hydration), never while rendering on the server. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const noSubscribe = () => () => {};

/**
 * The browser's time zone, or null while rendering on the server and hydrating: the server does
 * not know the visitor's zone, and the first browser render must match the server's HTML.
 */
export function useBrowserZone(): string | null {
  return useSyncExternalStore(noSubscribe, browserZone, () => null);
}

import { useSyncExternalStore } from 'react';
import { listDrafts, subscribeDrafts, type BookingDraft } from './draft.ts';
import { browserZone } from './time.ts';

const noSubscribe = () => () => {};

/**
 * The browser's time zone, or null while rendering on the server and hydrating: the server does
 * not know the visitor's zone, and the first browser render must match the server's HTML.
 */
export function useBrowserZone(): string | null {
  return useSyncExternalStore(noSubscribe, browserZone, () => null);
}

/** The drafts in this tab (null on the server and while hydrating), kept current as they change. */
export function useDrafts(): BookingDraft[] | null {
  // The snapshot is the JSON text: equal drafts give an equal string, so React sees no change.
  const json = useSyncExternalStore(subscribeDrafts, () => JSON.stringify(listDrafts()), () => null);
  return json === null ? null : (JSON.parse(json) as BookingDraft[]);
}

import { useSyncExternalStore } from 'react';
import { listDrafts, subscribeDrafts, type BookingDraft } from './draft.ts';


/** The drafts in this tab (null on the server and while hydrating), kept current as they change. */
export function useDrafts(): BookingDraft[] | null {
  // The snapshot is the JSON text: equal drafts give an equal string, so React sees no change.
  const json = useSyncExternalStore(subscribeDrafts, () => JSON.stringify(listDrafts()), () => null);
  return json === null ? null : (JSON.parse(json) as BookingDraft[]);
}

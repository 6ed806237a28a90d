import { lazy, Suspense, type ComponentProps } from 'react';
import type { OfflinePanel as OfflinePanelType } from './offline-panel.tsx';

// Shown only without a connection: its code stays out of the first page load (the service worker precaches it).
const OfflinePanel = lazy(() => import('./offline-panel.tsx').then((m) => ({ default: m.OfflinePanel })));

/** The offline panel for code that every page loads (the shell, route boundaries). */
export function LazyOfflinePanel(props: ComponentProps<typeof OfflinePanelType>) {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-2xl px-4 py-12 text-stone-800">
          {props.title}. You are offline, or Inkhaven cannot be reached right now.
        </p>
      }
    >
      <OfflinePanel {...props} />
    </Suspense>
  );
}

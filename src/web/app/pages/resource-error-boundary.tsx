import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { isNetworkError } from '../../lib/api.ts';
import { LazyOfflinePanel } from '../../ui/lazy-offline-panel.tsx';

// Only shown for a missing artist or studio, so its code loads then rather than with every page.
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

/**
 * For pages of one thing (an artist, a studio): a 404 shows the not-found page inside the shell; no
 * answer at all (offline) shows what can be read instead and loads the page once the server answers;
 * anything else goes up to the root boundary.
 */
export function ResourceErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={<p className="mx-auto max-w-2xl px-4 py-16 text-stone-700">Page not found.</p>}>
        <NotFoundPage />
      </Suspense>
    );
  if (isNetworkError(error))
    return (
      <LazyOfflinePanel title="This page is not saved on this device" onRetry={() => void revalidator.revalidate()}>
        <p>Pages you opened before can be read offline; this one needs a connection first.</p>
      </LazyOfflinePanel>
    );
  throw error;
}

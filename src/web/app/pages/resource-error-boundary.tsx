import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// Only shown for a missing artist or studio, so its code loads then rather than with every page.
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

/** For pages of one thing (an artist, a studio): a 404 shows the not-found page inside the shell; anything else goes up to the root boundary. */
export function ResourceErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={<p className="mx-auto max-w-2xl px-4 py-16 text-stone-700">Page not found.</p>}>
        <NotFoundPage />
      </Suspense>
    );
  throw error;
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundPage from './not-found-page.tsx';

/** For pages of one thing (an artist, a studio): a 404 shows the not-found page inside the shell; anything else goes up to the root boundary. */
export function ResourceErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}

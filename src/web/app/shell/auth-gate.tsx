import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth.ts';

/** Spec §4: a protected route, not signed in, loading finished → full-page navigation to /api/login. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  const redirecting = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (redirecting) {
      const returnTo = `${location.pathname}${location.search}`;
      window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    }
  }, [redirecting, location.pathname, location.search]);

  if (isLoading) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center text-stone-600">
        Loading...
      </div>
    );
  }
  if (redirecting) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center text-stone-600">
        Redirecting to login...
      </div>
    );
  }
  return <>{children}</>;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AUTH_USER_KEY, useAuth } from '../../lib/auth.ts';
import { LazyOfflinePanel } from '../../ui/lazy-offline-panel.tsx';

/**
 * Spec §4: a protected route, not signed in, loading finished → full-page navigation to /api/login.
 * "Not signed in" means the server said so (a 401): when it could not be asked (offline), the page
 * says that instead of sending a signed-in user to the sign-in form (issue 11 §3).
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, isUnknown } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const redirecting = !isLoading && !isAuthenticated && !isUnknown;
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
  if (isUnknown) {
    return (
      <LazyOfflinePanel title="This page is not saved on this device" onRetry={() => void queryClient.refetchQueries({ queryKey: AUTH_USER_KEY, exact: true })}>
        <p>It needs your account, and we cannot check who is signed in without a connection.</p>
      </LazyOfflinePanel>
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

import { Outlet, useLocation, useMatches } from 'react-router';
import { AuthGate } from './shell/auth-gate.tsx';
import { deferred } from './shell/deferred.tsx';
import { AppErrorBoundary } from './shell/error-boundary.tsx';
import { Navbar } from './shell/navbar.tsx';
import { Prefetch } from './shell/prefetch.tsx';
import { RouteHead } from './shell/route-head.tsx';
import { SiteFooter } from './shell/site-footer.tsx';
import { SkipLinks } from './shell/skip-links.tsx';
import type { RouteHandle } from './route-meta.ts';
import { useAuth } from '../lib/auth.ts';

// Not needed for the first paint: loaded when the browser is idle (toasts raised earlier wait in their store).
const PwaBanners = deferred<object>(() => import('./shell/pwa/pwa-banners.tsx').then((m) => ({ default: m.PwaBanners })));
const Toaster = deferred<object>(() => import('./shell/toaster.tsx').then((m) => ({ default: m.Toaster })));
const AnalyticsConsent = deferred<object>(() => import('./shell/analytics-consent.tsx').then((m) => ({ default: m.AnalyticsConsent })));
// The socket and its badge: signed-in users only (visitors get no socket), after the first paint.
const RealtimeConnection = deferred<{ userId: string }>(() => import('./shell/realtime-connection.tsx').then((m) => ({ default: m.RealtimeConnection })));

function Realtime() {
  const { user } = useAuth();
  return user ? <RealtimeConnection key={user.id} userId={user.id} /> : null;
}

export function RootLayout() {
  const matches = useMatches();
  const isProtected = matches.some((m) => (m.handle as RouteHandle | undefined)?.protected);
  const { pathname } = useLocation();
  return (
    <>
      <RouteHead />
      <SkipLinks />
      <Navbar />
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100vh-4rem)] pt-16 outline-none">
        <AppErrorBoundary resetKey={pathname}>
          {isProtected ? (
            <AuthGate>
              <Outlet />
            </AuthGate>
          ) : (
            <Outlet />
          )}
        </AppErrorBoundary>
      </main>
      <SiteFooter />
      <PwaBanners />
      <AnalyticsConsent />
      <Prefetch />
      <Toaster />
      <Realtime />
    </>
  );
}

import { Outlet, useMatches } from 'react-router';
import { AuthGate } from './shell/auth-gate.tsx';
import { Navbar } from './shell/navbar.tsx';
import { RouteHead } from './shell/route-head.tsx';
import { SkipLinks } from './shell/skip-links.tsx';
import type { RouteHandle } from './route-meta.ts';

export function RootLayout() {
  const matches = useMatches();
  const isProtected = matches.some((m) => (m.handle as RouteHandle | undefined)?.protected);
  return (
    <>
      <RouteHead />
      <SkipLinks />
      <Navbar />
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100vh-4rem)] pt-16 outline-none">
        {isProtected ? (
          <AuthGate>
            <Outlet />
          </AuthGate>
        ) : (
          <Outlet />
        )}
      </main>
    </>
  );
}

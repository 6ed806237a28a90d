import { lazy, Suspense, type ComponentType } from 'react';
import { FormResult } from '../../ui/form-result.tsx';
import { useAuth } from '../../lib/auth.ts';
import LandingPage from '../../features/marketing/landing-page.tsx';

const importHomePage = () => import('../../features/home/home-page.tsx');

/** The home page's component once its code has loaded; until then the lazy one below stands in. */
let LoadedHomePage: ComponentType | null = null;
const LazyHomePage = lazy(() =>
  importHomePage().then((module) => {
    LoadedHomePage = module.default;
    return module;
  }),
);

/**
 * Loads the home page's code ahead of rendering a signed-in "/". The route's `lazy` calls it on the
 * server and in the browser before hydrating, so both render the home page at once. Without it the
 * server's first signed-in render suspended on the lazy component and sent the landing page as the
 * fallback of an unfinished boundary, which the browser reported as React error #419 and rendered
 * again (React.lazy resolves only when React first asks for it, so this struck once per server start).
 */
export async function preloadHomePage(): Promise<void> {
  LoadedHomePage ??= (await importHomePage()).default;
}

/** Spec §2: "/" is the landing page for visitors (and while loading), the home page when signed in. */
export default function IndexPage() {
  const { user, isLoading } = useAuth();
  if (isLoading || !user) {
    return (
      <>
        {/* After "Delete my account" (src/server/features/account/routes.ts) the browser lands here. */}
        <div className="mx-auto max-w-6xl px-4 pt-4 empty:hidden">
          <FormResult messages={{ 'account-deleted': 'Your account has been deleted and you are signed out. Thank you for using Inkhaven.' }} />
        </div>
        <LandingPage />
      </>
    );
  }
  return <Suspense fallback={<LandingPage />}>{LoadedHomePage ? <LoadedHomePage /> : <LazyHomePage />}</Suspense>;
}

import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth.ts';
import LandingPage from '../../features/marketing/landing-page.tsx';

const HomePage = lazy(() => import('../../features/home/home-page.tsx'));

/** Spec §2: "/" is the landing page for visitors (and while loading), the home page when signed in. */
export default function IndexPage() {
  const { user, isLoading } = useAuth();
  if (isLoading || !user) return <LandingPage />;
  return (
    <Suspense fallback={<LandingPage />}>
      <HomePage />
    </Suspense>
  );
}

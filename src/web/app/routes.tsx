import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import type { RouteHandle, RouteMeta } from './route-meta.ts';

type PageModule = { default: React.ComponentType };
type Importer = () => Promise<PageModule>;

/** One route: a lazily loaded page with its head data. */
function page(path: string, meta: RouteMeta, importer: Importer, opts: { protected?: boolean } = {}): RouteObject {
  const handle: RouteHandle = { meta: opts.protected ? { ...meta, noindex: true } : meta, protected: Boolean(opts.protected) };
  return {
    path,
    handle,
    lazy: async () => ({ Component: (await importer()).default }),
  };
}

const comingSoon = (path: string, title: string, opts: { protected?: boolean } = {}) =>
  page(path, { title, description: `${title} on Inkhaven.` }, () => import('./pages/coming-soon-page.tsx'), opts);

const FEATURE_PAGES: Array<[slug: string, title: string]> = [
  ['smart-discovery', 'Smart discovery'],
  ['seamless-booking', 'Seamless booking'],
  ['virtual-consultations', 'Virtual consultations'],
  ['digital-consent', 'Digital consent'],
  ['secure-payments', 'Secure payments'],
  ['aftercare-automation', 'Aftercare automation'],
  ['real-time-messaging', 'Real-time messaging'],
  ['analytics-dashboard', 'Analytics dashboard'],
  ['flash-design-gallery', 'Flash design gallery'],
  ['identity-safety', 'Identity safety'],
];

/**
 * The route table of spec §2. Built per QueryClient so loaders can prime the cache on the
 * server (one client per request) and in the browser.
 */
export function createRoutes(_queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      children: [
        page('/', { title: 'Find tattoo and piercing artists', description: 'Find and book tattoo and piercing artists you can trust.' }, () => import('./pages/index-page.tsx')),
        page('/home', { title: 'Home' }, () => import('../features/home/home-page.tsx'), { protected: true }),
        page('/login', { title: 'Sign in', description: 'Sign in or create your Inkhaven account.' }, () => import('../features/auth/login-page.tsx')),
        { path: '/discover', loader: ({ request }) => redirect(`/artists${new URL(request.url).search}`) },

        comingSoon('/artists', 'All artists'),
        comingSoon('/tattoo-artists', 'Tattoo artists'),
        comingSoon('/piercing-artists', 'Piercing artists'),
        comingSoon('/studios', 'Studios'),
        comingSoon('/studios/:slug', 'Studio'),
        comingSoon('/artists/:slug', 'Artist'),
        comingSoon('/artist/:slug', 'Artist'),
        comingSoon('/flash', 'Flash designs'),
        comingSoon('/booking', 'Book an artist'),
        comingSoon('/booking/:artistId', 'Book an appointment'),
        comingSoon('/book/:artistId', 'Book an appointment'),
        comingSoon('/consent-form', 'Consent form'),
        comingSoon('/demo-consent-form', 'Consent form demo'),
        comingSoon('/ar-test', 'AR preview'),
        comingSoon('/test-switches', 'Switches'),
        comingSoon('/accessibility-demo', 'Accessibility'),
        comingSoon('/piercing-styles', 'Piercing styles'),
        comingSoon('/tattoo-styles', 'Tattoo styles'),
        comingSoon('/aftercare-guides', 'Aftercare guides'),
        comingSoon('/virtual-consultations', 'Virtual consultations'),
        comingSoon('/support', 'Support'),
        comingSoon('/consultation', 'Consultation'),
        ...FEATURE_PAGES.map(([slug, title]) => comingSoon(`/features/${slug}`, title)),

        comingSoon('/messages', 'Messages', { protected: true }),
        comingSoon('/messages/:id', 'Conversation', { protected: true }),
        comingSoon('/consultations', 'Video calls', { protected: true }),
        comingSoon('/ai-generator', 'AI tattoo generator', { protected: true }),
        comingSoon('/dashboard', 'Dashboard', { protected: true }),
        comingSoon('/github/repositories', 'GitHub repositories', { protected: true }),
        comingSoon('/github/projects', 'GitHub projects', { protected: true }),
        comingSoon('/bookings/:id', 'Booking', { protected: true }),
        comingSoon('/reviews', 'Reviews', { protected: true }),
        comingSoon('/admin-dashboard', 'Admin dashboard', { protected: true }),
        comingSoon('/admin/perf', 'Performance', { protected: true }),
        page('/admin/telemetry', { title: 'Error telemetry' }, () => import('../features/admin/telemetry-page.tsx'), { protected: true }),
        comingSoon('/artist/create', 'Create your artist profile', { protected: true }),
        comingSoon('/artist/onboarding', 'Create your artist profile', { protected: true }),
        comingSoon('/artists/new', 'Create your artist profile', { protected: true }),
        comingSoon('/artist/payment-setup', 'Payment setup', { protected: true }),
        comingSoon('/artist/payment-setup/:action', 'Payment setup', { protected: true }),
        comingSoon('/artist/consent-forms', 'Consent forms', { protected: true }),

        {
          path: '*',
          handle: { meta: { title: 'Page not found', noindex: true }, notFound: true } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('./pages/not-found-page.tsx')).default }),
        },
      ],
    },
  ];
}

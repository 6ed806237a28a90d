import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { pageImporters } from './page-registry.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './shell/error-boundary.tsx';
import type { RouteHandle } from './route-meta.ts';
import { studioOptions, studiosOptions, type TStudio } from '../features/studios/studio-queries.ts';
import { artistProfileOptions, artistReviewsOptions, artistSearchOptions, canonicalSearch } from '../features/artists/api/artist-queries.ts';
import { ensureOr404 } from '../lib/query-client.ts';
import { AUTH_USER_KEY, OWN_ARTIST_KEY } from '../lib/auth.ts';
import { artistFlashOptions } from '../lib/flash.ts';
import { prefetchFavouriteIds } from '../lib/favourites.ts';
import { bookingConsentOptions } from '../lib/consent.ts';
import { bookingOptions } from '../lib/bookings.ts';
import { aftercareOptions } from '../features/aftercare/aftercare-queries.ts';
import { canonicalFlashSearch, flashSearchOptions } from '../features/flash/flash-queries.ts';
import type { TArtistProfile } from '../../shared/contracts/artists.ts';
import { ResourceErrorBoundary } from './pages/resource-error-boundary.tsx';
import { FEATURE_PAGE_PATHS, SUPPORT_PATH, VIRTUAL_CONSULTATIONS_PATH } from '../../shared/feature-paths.ts';
import { loadHighlights } from '../features/marketing/landing-queries.ts';
import { loadAftercareTestimonials } from '../features/guides/aftercare-queries.ts';
import { consultationArtistsOptions, consultationKindParam } from '../features/consultations/consultation-queries.ts';
import { PLANNED_ROUTES } from '../../shared/live-routes.ts';
import { PROBLEM_REFERENCE_PARAM, PROBLEM_REFERENCE_PATTERN, PROBLEM_REPORTS_PATH } from '../../shared/problem-reference.ts';
import { ACCESSIBILITY_META, PRIVACY_META, TERMS_META } from '../../shared/site-pages.ts';
import { DISPLAY_COOKIE, parseDisplayPreferences, readCookie } from '../../shared/display-preferences.ts';

type PageModule = { default: React.ComponentType };
type Importer = () => Promise<PageModule>;

type Meta = RouteHandle['meta'] & object;
/**
 * Head data that loads with the page instead of living in the route table: long descriptions,
 * FAQ JSON-LD. The server resolves a matched route's `lazy` before rendering the head, and the
 * browser does the same before hydrating (main.tsx), so the first HTML is unchanged; the text just
 * stays out of the JavaScript every public page downloads first.
 */
type LazyMeta = { load: () => Promise<Meta> };
const lazyMeta = (load: () => Promise<Meta>): LazyMeta => ({ load });

/** One route: a lazily loaded page with its head data. */
function page(
  path: string,
  meta: Meta | LazyMeta,
  importer: Importer,
  opts: {
    protected?: boolean;
    loader?: LoaderFunction;
    errorBoundary?: React.ComponentType;
    /** More code the page renders at once, loaded with it (the server renders it, and the browser needs it to hydrate). */
    alsoLoad?: () => Promise<void>;
  } = {},
): RouteObject {
  pageImporters.set(path, importer);
  const withProtection = (m: Meta): Meta =>
    !opts.protected ? m : typeof m === 'function' ? (data: unknown) => ({ ...m(data), noindex: true }) : { ...m, noindex: true };
  const lazyHead = 'load' in meta ? meta.load : null;
  const handle: RouteHandle = { ...(lazyHead ? {} : { meta: withProtection(meta as Meta) }), protected: Boolean(opts.protected) };
  return {
    path,
    // React Router ignores a lazily returned property that the route also defines statically, so a
    // route with lazy head data gets its whole handle from `lazy`.
    ...(lazyHead ? {} : { handle }),
    ...(opts.loader ? { loader: opts.loader } : {}),
    ...(opts.errorBoundary ? { ErrorBoundary: opts.errorBoundary } : {}),
    lazy: async () => {
      const [module, head] = await Promise.all([importer(), lazyHead?.(), opts.alsoLoad?.()]);
      return { Component: module.default, ...(head ? { handle: { ...handle, meta: withProtection(head) } } : {}) };
    },
  };
}

function StartingUp() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center text-stone-600">
      Loading...
    </div>
  );
}

const comingSoon = (path: string, title: string, opts: { protected?: boolean } = {}) =>
  page(path, { title, description: `${title} on Inkhaven.` }, () => import('./pages/coming-soon-page.tsx'), opts);

const guideHeads = () => import('../features/guides/guide-heads.ts');
const featureHeads = () => import('../features/marketing/feature-heads.ts');

/**
 * The route table of spec §2. Built per QueryClient so loaders can prime the cache on the
 * server (one client per request) and in the browser.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      // Shown only when the browser renders without a server render (the app shell the service worker
      // serves offline) while the page's code loads; a server-rendered page hydrates with its data instead.
      HydrateFallback: StartingUp,
      children: [
        page('/', { title: 'Find tattoo and piercing artists', description: 'Find and book tattoo and piercing artists you can trust.' }, () => import('./pages/index-page.tsx'), {
          // Signed in, "/" renders the home page: its code loads with the route (see preloadHomePage).
          alsoLoad: async () => {
            if (queryClient.getQueryData(AUTH_USER_KEY)) await (await import('./pages/index-page.tsx')).preloadHomePage();
          },
        }),
        page('/home', { title: 'Home' }, () => import('../features/home/home-page.tsx'), { protected: true }),
        page('/login', { title: 'Sign in', description: 'Sign in or create your Inkhaven account.' }, () => import('../features/auth/login-page.tsx')),
        { path: '/discover', loader: ({ request }) => redirect(`/artists${new URL(request.url).search}`) },

        page(
          '/artists',
          { title: 'All artists', description: 'Search tattoo and piercing artists by style, city, distance, rating and deposit.' },
          () => import('../features/artists/search-page.tsx'),
          {
            // Server-render the first page of results; the browser reuses it without refetching.
            loader: async ({ request }) => {
              const search = canonicalSearch(new URL(request.url).searchParams);
              await Promise.all([queryClient.prefetchInfiniteQuery(artistSearchOptions(queryClient, search)), prefetchFavouriteIds(queryClient)]);
              return null;
            },
          },
        ),
        // Landing pages: the loader primes review statistics and live counts, so the first HTML has real figures.
        page('/tattoo-artists', lazyMeta(async () => (await import('../features/marketing/landing-head.ts')).landingHead('tattoo')), () => import('../features/marketing/tattoo-artists-page.tsx'), {
          loader: async () => loadHighlights(queryClient, 'tattoo'),
        }),
        page('/piercing-artists', lazyMeta(async () => (await import('../features/marketing/landing-head.ts')).landingHead('piercing')), () => import('../features/marketing/piercing-artists-page.tsx'), {
          loader: async () => loadHighlights(queryClient, 'piercing'),
        }),
        page('/studios', { title: 'Studios', description: 'Tattoo and piercing studios on Inkhaven, by city, with their artists and opening hours.' }, () => import('../features/studios/studios-page.tsx'), {
          loader: async () => {
            await queryClient.prefetchQuery(studiosOptions());
            return null;
          },
        }),
        page('/studios/:slug', lazyMeta(async () => (await import('../features/studios/studio-meta.ts')).studioMeta), () => import('../features/studios/studio-page.tsx'), {
          loader: async ({ params }) => ensureOr404<TStudio>(queryClient, studioOptions(params.slug ?? '')),
          errorBoundary: ResourceErrorBoundary,
        }),
        // Spec §2 lists /artist/: an artist lands on their own profile, everyone else on the artist list.
        {
          path: '/artist',
          loader: () => {
            const own = queryClient.getQueryData<{ slug?: string } | null>(OWN_ARTIST_KEY);
            return redirect(own?.slug ? `/artists/${own.slug}` : '/artists');
          },
        },
        ...['/artists/:slug', '/artist/:slug'].map((path) =>
          page(path, lazyMeta(async () => (await import('../features/artists/profile-meta.ts')).artistProfileMeta), () => import('../features/artists/profile-page.tsx'), {
            loader: async ({ params }) => {
              const slug = params.slug ?? '';
              const [profile] = await Promise.all([
                ensureOr404<TArtistProfile>(queryClient, artistProfileOptions(slug)),
                queryClient.prefetchInfiniteQuery(artistReviewsOptions(queryClient, slug)),
                prefetchFavouriteIds(queryClient),
              ]);
              if (profile.kind !== 'piercing') await queryClient.prefetchQuery(artistFlashOptions(profile.id));
              return profile;
            },
            errorBoundary: ResourceErrorBoundary,
          }),
        ),
        page(
          '/flash',
          { title: 'Flash designs', description: 'Ready-made tattoo designs with a fixed size and price, by style, size, price and city. Book one directly with its artist.' },
          () => import('../features/flash/flash-page.tsx'),
          {
            loader: async ({ request }) => {
              await Promise.all([
                queryClient.prefetchInfiniteQuery(flashSearchOptions(queryClient, canonicalFlashSearch(new URL(request.url).searchParams))),
                prefetchFavouriteIds(queryClient),
              ]);
              return null;
            },
          },
        ),
        page('/booking', { title: 'Book an artist', description: 'Book a tattoo or piercing artist on Inkhaven: pick an artist, or continue a booking in progress.' }, () => import('../features/booking/booking-start-page.tsx')),
        ...['/booking/:artistId', '/book/:artistId'].map((path) =>
          page(path, { title: 'Book an appointment', description: 'Book a consultation, a session or a flash design on Inkhaven.', noindex: true }, () => import('../features/booking/booking-flow-page.tsx')),
        ),
        page('/test-switches', { title: 'Switches', description: 'Accessible switch demos.' }, () => import('../features/test-switches/test-switches-page.tsx')),
        page('/piercing-styles', lazyMeta(async () => (await guideHeads()).piercingStylesHead), () => import('../features/guides/piercing-styles-page.tsx')),
        page('/tattoo-styles', lazyMeta(async () => (await guideHeads()).tattooStylesHead), () => import('../features/guides/tattoo-styles-page.tsx')),
        page('/aftercare-guides', lazyMeta(async () => (await guideHeads()).aftercareHead), () => import('../features/guides/aftercare-guides-page.tsx'), {
          loader: async () => loadAftercareTestimonials(queryClient),
        }),
        page(VIRTUAL_CONSULTATIONS_PATH, lazyMeta(async () => (await featureHeads()).virtualConsultationsHead), () => import('../features/marketing/feature-page.tsx')),
        page(SUPPORT_PATH, lazyMeta(async () => (await featureHeads()).supportHead), () => import('../features/marketing/support-page.tsx'), {
          // Back from "Report a problem": the report's GitHub issue link is in the first HTML (prefetch never throws).
          loader: async ({ request }) => {
            const reference = new URL(request.url).searchParams.get(PROBLEM_REFERENCE_PARAM);
            if (reference && PROBLEM_REFERENCE_PATTERN.test(reference)) await queryClient.prefetchQuery({ queryKey: [`${PROBLEM_REPORTS_PATH}/${reference}`] });
            return null;
          },
        }),
        page(PRIVACY_META.path, PRIVACY_META, () => import('../features/legal/privacy-page.tsx')),
        page(TERMS_META.path, TERMS_META, () => import('../features/legal/terms-page.tsx')),
        page(ACCESSIBILITY_META.path, ACCESSIBILITY_META, () => import('../features/legal/accessibility-page.tsx')),
        page(
          '/accessibility-demo',
          { title: 'Accessibility demo', description: 'Try Inkhaven’s accessibility features: more contrast, larger text, skip links, reduced motion, screen-reader announcements and keyboard use of the time picker and image viewer.' },
          () => import('../features/accessibility/accessibility-demo-page.tsx'),
          // The display settings as the server received them, so the first HTML shows the saved choices checked.
          { loader: ({ request }) => parseDisplayPreferences(readCookie(typeof document === 'undefined' ? (request.headers.get('cookie') ?? undefined) : document.cookie, DISPLAY_COOKIE)) },
        ),
        ...FEATURE_PAGE_PATHS.map((path) => page(path, lazyMeta(async () => (await featureHeads()).featureHead(path)), () => import('../features/marketing/feature-page.tsx'))),

        page('/account', { title: 'Your account' }, () => import('../features/account/account-page.tsx'), { protected: true }),
        page('/dashboard', { title: 'Dashboard' }, () => import('../features/dashboard/dashboard-page.tsx'), { protected: true }),
        page('/dashboard/booking-settings', { title: 'Booking settings' }, () => import('../features/dashboard/booking-settings-page.tsx'), { protected: true }),
        page('/dashboard/portfolio', { title: 'Portfolio and flash' }, () => import('../features/portfolio/portfolio-manager-page.tsx'), { protected: true }),
        page('/dashboard/availability', { title: 'Availability' }, () => import('../features/availability/availability-page.tsx'), { protected: true }),
        page('/bookings/:id', { title: 'Booking' }, () => import('../features/booking/booking-page.tsx'), {
          protected: true,
          // Rendered whole on the server for a signed-in viewer: a form posted without JavaScript
          // (the consent form, a report) comes back here and shows what it did.
          loader: async ({ params }) => {
            if (typeof document === 'undefined' && params.id && queryClient.getQueryData(AUTH_USER_KEY)) await queryClient.prefetchQuery(bookingOptions(params.id));
            return null;
          },
        }),
        page('/bookings/:id/aftercare', { title: 'Aftercare' }, () => import('../features/aftercare/aftercare-page.tsx'), {
          protected: true,
          // Rendered whole on the server for a signed-in viewer: the check-in form posts itself without JavaScript.
          loader: async ({ params }) => {
            if (typeof document === 'undefined' && params.id && queryClient.getQueryData(AUTH_USER_KEY)) {
              await Promise.all([queryClient.prefetchQuery(bookingOptions(params.id)), queryClient.prefetchQuery(aftercareOptions(params.id))]);
            }
            return null;
          },
        }),
        page('/messages', { title: 'Messages' }, () => import('../features/messaging/messages-page.tsx'), { protected: true }),
        page('/messages/new', { title: 'Message an artist' }, () => import('../features/messaging/new-inquiry-page.tsx'), { protected: true }),
        page('/messages/:id', { title: 'Conversation' }, () => import('../features/messaging/thread-page.tsx'), { protected: true }),
        page('/consultations', { title: 'Video calls' }, () => import('../features/consultations/consultations-page.tsx'), { protected: true }),
        page('/consultations/:bookingId', { title: 'Video call' }, () => import('../features/consultations/call-room-page.tsx'), { protected: true }),
        page('/ai-generator', { title: 'Tattoo design generator' }, () => import('../features/generator/generator-page.tsx'), { protected: true }),
        // Issue 15 §2: public (spec §2 lists /ar-test among the public routes); the camera and photos stay in the browser.
        page(
          '/ar-test',
          { title: 'AR preview: try a tattoo on', description: 'See a tattoo design on your skin before you book: use your camera or a photo, place, resize, turn and bend the design, and keep a snapshot. Nothing leaves your device unless you attach it.' },
          () => import('../features/ar-preview/ar-preview-page.tsx'),
        ),
        page(
          '/consultation',
          { title: 'Video consultations with tattoo and piercing artists', description: 'Find an artist who offers a video consultation and book a call: talk through your idea, placement and price from home.' },
          () => import('../features/consultations/consultation-finder-page.tsx'),
          {
            // Server-render the list: the page's first HTML names the artists.
            loader: async ({ request }) => {
              await queryClient.prefetchQuery(consultationArtistsOptions(consultationKindParam(new URL(request.url).searchParams)));
              return null;
            },
          },
        ),
        // Consent (issue 13): the client's form, the artist's templates, and the try-it form that stores nothing.
        page('/consent-form', { title: 'Consent form' }, () => import('../features/consent/consent-form-page.tsx'), {
          protected: true,
          // Rendered with its questions on the server for a signed-in client, so the form can be
          // signed before the page's JavaScript runs, or without it (it posts to this address).
          loader: async ({ request }) => {
            const bookingId = new URL(request.url).searchParams.get('booking');
            if (typeof document === 'undefined' && bookingId && queryClient.getQueryData(AUTH_USER_KEY)) {
              await Promise.all([queryClient.prefetchQuery(bookingConsentOptions(bookingId)), queryClient.prefetchQuery(bookingOptions(bookingId))]);
            }
            return null;
          },
        }),
        page('/artist/consent-forms', { title: 'Consent forms' }, () => import('../features/consent/consent-templates-page.tsx'), { protected: true }),
        page(
          '/demo-consent-form',
          { title: 'Try the consent form', description: 'Try Inkhaven’s digital consent form: health questions, ID photo and a signature. A demo that sends and stores nothing.' },
          () => import('../features/consent/demo-consent-page.tsx'),
        ),
        page('/reviews', { title: 'Reviews' }, () => import('../features/reviews/reviews-page.tsx'), { protected: true }),
        page('/admin-dashboard', { title: 'Admin dashboard' }, () => import('../features/admin/admin-dashboard-page.tsx'), { protected: true }),
        page('/admin/telemetry', { title: 'Error telemetry' }, () => import('../features/admin/telemetry-page.tsx'), { protected: true }),
        page('/admin/perf', { title: 'Performance' }, () => import('../features/admin/perf-page.tsx'), { protected: true }),
        page('/admin/analytics', { title: 'Funnels and click heatmap' }, () => import('../features/admin/analytics-page.tsx'), { protected: true }),
        page('/admin/artists', { title: 'Artists and verification' }, () => import('../features/admin/admin-artists-page.tsx'), { protected: true }),
        page('/admin/reports', { title: 'Reports' }, () => import('../features/admin/admin-reports-page.tsx'), { protected: true }),
        page('/github/repositories', { title: 'GitHub repositories' }, () => import('../features/github/repositories-page.tsx'), { protected: true }),
        page('/github/projects', { title: 'GitHub projects' }, () => import('../features/github/projects-page.tsx'), { protected: true }),
        page('/admin/users', { title: 'Users, bookings and payments' }, () => import('../features/admin/admin-users-page.tsx'), { protected: true }),
        page('/admin/audit', { title: 'Audit log' }, () => import('../features/admin/admin-audit-page.tsx'), { protected: true }),
        page('/dashboard/verification', { title: 'Licences and verification' }, () => import('../features/identity/verification-page.tsx'), { protected: true }),
        ...['/artist/create', '/artist/onboarding', '/artists/new'].map((path) =>
          page(path, { title: 'Create your artist profile', description: 'Create your Inkhaven artist profile.' }, () => import('../features/onboarding/onboarding-page.tsx'), { protected: true }),
        ),
        page('/dashboard/profile', { title: 'Edit profile' }, () => import('../features/onboarding/edit-profile-page.tsx'), { protected: true }),
        ...['/artist/payment-setup', '/artist/payment-setup/:action'].map((path) =>
          page(path, { title: 'Payment setup' }, () => import('../features/payments/payment-setup-page.tsx'), { protected: true }),
        ),

        // Spec routes whose feature has not shipped: an honest placeholder, never linked (src/shared/live-routes.ts).
        ...PLANNED_ROUTES.filter((r) => !r.live).map((r) => comingSoon(r.path, r.title, { protected: r.protected })),

        {
          path: '*',
          handle: { meta: { title: 'Page not found', noindex: true }, notFound: true } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('./pages/not-found-page.tsx')).default }),
        },
      ],
    },
  ];
}

import { hydrate as hydrateQueries, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, UNSAFE_ErrorResponseImpl, type RouteObject } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createRoutes } from './app/routes.tsx';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './app/ssr-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { AUTH_USER_KEY, OWN_ARTIST_KEY } from './lib/auth.ts';
import { seedFormats } from './lib/ssr-formats.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { startDisplayPreferences } from './lib/display-preferences.ts';
import { SW_UPDATE_CHECK_MS } from '../shared/limits.ts';
import './styles.css';

/**
 * Ends the current task and resumes in a new one. Start-up runs in several tasks (the entry's
 * evaluation, route matching, starting the page's chunks, creating the router, hydration) rather
 * than two or three long ones, so the browser can paint and handle input in between, and none of
 * them counts as a long task on a slow phone (bench/README.md, Lighthouse).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The route objects behind the server's matched route ids. React Router names a route without an
 * id by its position in the tree ("0-12"); walking the tree is far cheaper than `matchRoutes`,
 * which flattens and ranks every route, and `createBrowserRouter` does that once more anyway.
 */
function routesById(routes: RouteObject[], ids: string[]): RouteObject[] | null {
  const wanted = new Set(ids);
  const found = new Map<string, RouteObject>();
  const walk = (list: RouteObject[], parentPath: string[]) =>
    list.forEach((route, index) => {
      const treePath = [...parentPath, String(index)];
      const id = route.id ?? treePath.join('-');
      if (wanted.has(id)) found.set(id, route);
      if (route.children) walk(route.children, treePath);
    });
  walk(routes, []);
  const matched = ids.map((id) => found.get(id));
  return matched.every((r): r is RouteObject => r !== undefined) ? matched : null;
}

/** Load the lazy modules of the current page first, so hydration sees the same tree as the server. */
async function preloadLazyMatches(routes: RouteObject[], serverMatches: string[] | undefined) {
  const matched = (serverMatches && routesById(routes, serverMatches)) ?? (matchRoutes(routes, window.location) ?? []).map((m) => m.route);
  await Promise.all(
    matched.map(async (route) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The service worker marks a page it answered from its cache with this meta element (sw.ts). */
const SAVED_PAGE_META = 'inkhaven-saved-at';
const VIEWER_PATHS = new Set<unknown>([AUTH_USER_KEY[0], OWN_ARTIST_KEY[0]]);

/** A saved page's idea of who is signed in is as old as the page: left out, so the device's saved data decides. */
function withoutViewer(queries: DehydratedState): DehydratedState {
  return { ...queries, queries: queries.queries.filter((q) => !VIEWER_PATHS.has(q.queryKey[0])) };
}

/**
 * Offline data (docs/decisions/0015). A page the server rendered just now knows who is signed in:
 * the device's saved data is brought in once the browser is idle. A page from the service worker's
 * cache, or the bare app shell, was rendered without the server: the saved data (the signed-in user
 * included) must be in place before the first render, or a signed-in user would look signed out.
 */
async function startOfflineData(queryClient: QueryClient, live: boolean): Promise<void> {
  const load = async () => {
    const offline = await import('./lib/offline-store.ts');
    await offline.restoreSavedData(queryClient, { viewerKnown: live });
    offline.startSavingData(queryClient);
  };
  if (!live) return load().catch((error: unknown) => console.warn('Saved data could not be read', error));
  const later = () => void load().catch((error: unknown) => console.warn('Saved data could not be read', error));
  // Soon: a page glanced at for a few seconds should still be readable offline later.
  if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 2_000 });
  else setTimeout(later, 1_000);
}

async function start() {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const stateElement = document.getElementById(SSR_STATE_ELEMENT_ID);
  const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;
  // Rendered by the server for this visit, rather than a saved copy or the app shell.
  const live = state !== null && !document.querySelector(`meta[name="${SAVED_PAGE_META}"]`);
  if (state) {
    hydrateQueries(queryClient, live ? state.queries : withoutViewer(state.queries));
    if (state.formats) seedFormats(state.formats);
  }
  await startOfflineData(queryClient, live);
  const routes = createRoutes(queryClient);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');

  // A saved page is rendered afresh rather than hydrated: its HTML may show another sign-in state than the saved data.
  if (state && live) {
    await preloadLazyMatches(routes, state.matches);
    const errors = state.errors
      ? Object.fromEntries(Object.entries(state.errors).map(([id, e]) => [id, new UNSAFE_ErrorResponseImpl(e.status, e.statusText, e.data)]))
      : null;
    const router = createBrowserRouter(routes, { hydrationData: { loaderData: state.loaderData, errors } });
    await yieldToBrowser();
    // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
    // of walking the whole page in one task (a default-priority hydration is never time-sliced):
    // that single task was most of the pages' total blocking time (bench/README.md, Lighthouse).
    // The page is already painted, and a click before hydration ends still hydrates at once and is
    // replayed. React Router's own entry.client does the same.
    startTransition(() => {
      hydrateRoot(
        rootElement,
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
  } else {
    const router = createBrowserRouter(routes);
    createRoot(rootElement).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }
}

// Spec §4: the install prompt can fire before React mounts, so its listener is set at once. The worker
// registers at start-up once the page has loaded (its code stays out of the first paint), not in dev,
// where Vite serves modules the worker would cache.
startDisplayPreferences();
listenForInstallPrompt();
if (!import.meta.env.DEV) {
  const register = () => void import('./lib/service-worker.ts').then((m) => m.registerServiceWorker({ updateIntervalMs: SW_UPDATE_CHECK_MS }));
  // In a task of its own once the browser is idle: the load event fires at the end of the entry's
  // evaluation, and starting the worker's chunks there made that long task longer still.
  const registerWhenIdle = () => void ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 2_000 }) : setTimeout(register, 0));
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}
void start();

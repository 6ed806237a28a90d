// First: zod's settings must be in place before any chunk builds a schema.
import './app/zod-jitless.ts';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, UNSAFE_ErrorResponseImpl, type RouteObject } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createRoutes } from './app/routes.tsx';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './app/ssr-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { seedFormats } from './lib/ssr-formats.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
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

async function start() {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const stateElement = document.getElementById(SSR_STATE_ELEMENT_ID);
  const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;
  if (state) {
    hydrateQueries(queryClient, state.queries);
    if (state.formats) seedFormats(state.formats);
  }
  const routes = createRoutes(queryClient);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');

  if (state) {
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

import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, UNSAFE_ErrorResponseImpl, type RouteObject } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createRoutes } from './app/routes.tsx';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './app/ssr-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { SW_UPDATE_CHECK_MS } from '../shared/limits.ts';
import './styles.css';

/** Load the lazy modules of the current page first, so hydration sees the same tree as the server. */
async function preloadLazyMatches(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async (m) => {
      const lazy = m.route.lazy;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(m.route, loaded, { lazy: undefined });
    }),
  );
}

async function start() {
  const queryClient = createQueryClient();
  const stateElement = document.getElementById(SSR_STATE_ELEMENT_ID);
  const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;
  if (state) hydrateQueries(queryClient, state.queries);
  const routes = createRoutes(queryClient);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');

  if (state) {
    await preloadLazyMatches(routes);
    const errors = state.errors
      ? Object.fromEntries(Object.entries(state.errors).map(([id, e]) => [id, new UNSAFE_ErrorResponseImpl(e.status, e.statusText, e.data)]))
      : null;
    const router = createBrowserRouter(routes, { hydrationData: { loaderData: state.loaderData, errors } });
    hydrateRoot(
      rootElement,
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
void start();

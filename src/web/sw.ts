/// <reference lib="webworker" />
/**
 * The service worker (spec §7, served at /service-worker.js and /sw.js). Built by
 * vite-plugin-pwa in injectManifest mode: `self.__WB_MANIFEST` becomes the list of built assets.
 *
 * - Built assets and the app shell (index.html without server-rendered content) are precached.
 * - Page navigations go to the network first; visited pages are kept so they can be shown
 *   offline, and any other page falls back to the app shell, which renders on the client.
 *   The browser's own offline error page never shows.
 * - Only pages rendered for nobody in particular are kept: a page the server marks private (rendered
 *   for a signed-in user) is not, since this cache is shared by everyone who uses the browser. A
 *   signed-in user's pages are rendered offline from the app shell and the data saved on the device
 *   for that user (lib/offline-store.ts, docs/decisions/0015).
 * - A page answered from the cache carries <meta name="inkhaven-saved-at">, so the app knows it is a
 *   saved copy (its sign-in state is as old as the page) and can say when it was saved.
 * - The consent pages are never cached (lib/pwa-rules.ts isNeverCachedPage): health data.
 * - /api/* is never cached. Signing out empties the page cache and the saved data.
 * - A waiting worker takes over only when the page sends a skip-waiting message (update notice).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { clearOfflineData } from './lib/offline-db.ts';
import { isNeverCachedPage } from './lib/pwa-rules.ts';

declare const self: ServiceWorkerGlobalScope;

const SHELL_URL = 'index.html';
const PAGES_CACHE_PREFIX = 'inkhaven-pages-';
const PAGES_MAX_ENTRIES = 60;
const PAGES_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const NAVIGATION_TIMEOUT_SECONDS = 6;

const manifest = self.__WB_MANIFEST;
// Cached pages link to hashed assets of the build that rendered them; a new build's worker starts
// a new page cache so an offline page never points at assets that are no longer precached.
const shellEntry = manifest.find((entry) => typeof entry !== 'string' && entry.url === SHELL_URL);
const buildId = typeof shellEntry === 'object' && shellEntry.revision ? shellEntry.revision.slice(0, 12) : 'dev';
const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${buildId}`;

// No directory index or clean URLs: "/" must reach the server-rendered page, not the bare shell.
precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
clientsClaim();

async function deletePageCaches(keep?: string): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PAGES_CACHE_PREFIX) && n !== keep).map((n) => caches.delete(n)));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(deletePageCaches(PAGES_CACHE));
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'string' ? data : (data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING' || type === 'skip-waiting') void self.skipWaiting();
});

const OFFLINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | Inkhaven</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem;color:#1c1917"><main><h1>Inkhaven</h1><p role="status">You are offline. Showing saved pages; changes will not be saved until you reconnect.</p><p><a href="/">Try again</a></p></main></body></html>`;

/** The precached app shell, or (should the precache be gone) a minimal page that still says what happened. */
async function appShell(): Promise<Response> {
  const shell = await matchPrecache(SHELL_URL);
  if (shell) return shell;
  return new Response(OFFLINE_HTML, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

const SIGN_OUT_OFFLINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign out | Inkhaven</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem;color:#1c1917;max-width:40rem"><main><h1>Signing out needs a connection</h1><p role="status">You are offline. The bookings and pages saved on this device have been removed, but your Inkhaven session ends only when you sign out while online.</p><p><a href="/api/logout">Try again</a> · <a href="/">Back to Inkhaven</a></p></main></body></html>`;

/** Empties the saved data of the signed-in user (IndexedDB); never holds up the navigation for long. */
async function clearSavedData(): Promise<void> {
  await Promise.race([clearOfflineData().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000))]);
}

// Full-page navigations to the API (sign-in, sign-out) are never cached.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && url.pathname.startsWith('/api/'),
  async ({ request, url }) => {
    // Signing out: nothing of this user may stay on the device, even if the server cannot be told.
    if (url.pathname === '/api/logout') await Promise.all([deletePageCaches(), clearSavedData()]);
    try {
      return await fetch(request);
    } catch {
      // Offline: the sign-in page itself still renders from the shell and says it is offline.
      if (url.pathname === '/api/login') return Response.redirect(new URL(`/login${url.search}`, self.location.origin).href, 302);
      if (url.pathname === '/api/logout') return new Response(SIGN_OUT_OFFLINE_HTML, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
      return appShell();
    }
  },
);

/** A page rendered for a signed-in user (the server sends those `private, no-store`). */
function isPrivatePage(response: Response): boolean {
  return /\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '');
}

/** The cached page with a marker saying when it was fetched (its Date header), for the app to read. */
async function markedAsSaved(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = await response.text();
  const fetchedAt = Date.parse(response.headers.get('date') ?? '');
  const savedAt = Number.isFinite(fetchedAt) ? new Date(fetchedAt).toISOString() : '';
  const meta = `<meta name="inkhaven-saved-at" content="${savedAt}">`;
  const at = html.indexOf('</head>');
  const body = at === -1 ? meta + html : html.slice(0, at) + meta + html.slice(at);
  const headers = new Headers(response.headers);
  // The body is plain text now, whatever the network sent.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
  plugins: [
    {
      // Only complete, successful pages are worth replaying offline (no 404s, redirects or errors),
      // and only pages rendered for nobody in particular (see the top of this file).
      cacheWillUpdate: async ({ request, response }) =>
        response.status === 200 && response.type === 'basic' && !isPrivatePage(response) && !isNeverCachedPage(new URL(request.url).pathname) ? response : null,
      cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markedAsSaved(cachedResponse) : null),
    },
    new ExpirationPlugin({ maxEntries: PAGES_MAX_ENTRIES, maxAgeSeconds: PAGES_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
  ],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return appShell();
      }
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

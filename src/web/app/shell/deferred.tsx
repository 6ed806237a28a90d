import { startTransition, useEffect, useState, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** After a failed load while the browser says it is online, wait this long, doubling up to the max. */
export const DEFERRED_RETRY_FIRST_MS = 2_000;
export const DEFERRED_RETRY_MAX_MS = 60_000;

/**
 * A component whose code loads when the browser is idle after the first paint (or earlier,
 * through `preload()`), so the shell's rarely needed pieces (dialogs, toasts, banners) stay
 * out of the initial JavaScript. It renders nothing until loaded, and nothing on the server.
 *
 * A load that fails (the network dropped while the page was still loading) is not kept: it is
 * tried again when the browser is back online, or after a growing delay — the real-time
 * connection is one of these pieces, and without it a tab would stay without live updates until
 * it was reloaded.
 */
export function deferred<P extends object>(loader: Loader<P>, idleTimeoutMs = 2_000) {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= loader().then(
      (m) => {
        Loaded = m.default;
        return m.default;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function Deferred(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => Loaded);
    useEffect(() => {
      if (Component) return;
      let cancelled = false;
      let retryDelay = DEFERRED_RETRY_FIRST_MS;
      let retryTimer: ReturnType<typeof setTimeout> | undefined;
      const retry = () => {
        if (cancelled) return;
        if (!navigator.onLine) {
          window.addEventListener('online', run, { once: true });
          return;
        }
        retryTimer = setTimeout(run, retryDelay);
        retryDelay = Math.min(retryDelay * 2, DEFERRED_RETRY_MAX_MS);
      };
      // A transition, so rendering the loaded piece (Radix toasts, banners) yields to the browser
      // instead of running as one long task while the page is still loading.
      function run() {
        void preload().then((c) => !cancelled && startTransition(() => setComponent(() => c)), retry);
      }
      const idle = window.requestIdleCallback?.(run, { timeout: idleTimeoutMs });
      const timer = idle === undefined ? setTimeout(run, 200) : undefined;
      return () => {
        cancelled = true;
        if (idle !== undefined) window.cancelIdleCallback(idle);
        if (timer !== undefined) clearTimeout(timer);
        if (retryTimer !== undefined) clearTimeout(retryTimer);
        window.removeEventListener('online', run);
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  Deferred.preload = preload;
  return Deferred;
}

import { startTransition, useEffect, useState, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A component whose code loads when the browser is idle after the first paint (or earlier,
 * through `preload()`), so the shell's rarely needed pieces (dialogs, toasts, banners) stay
 * out of the initial JavaScript. It renders nothing until loaded, and nothing on the server.
 */
export function deferred<P extends object>(loader: Loader<P>, idleTimeoutMs = 2_000) {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= loader().then((m) => {
      Loaded = m.default;
      return m.default;
    }));

  function Deferred(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => Loaded);
    useEffect(() => {
      if (Component) return;
      let cancelled = false;
      // A transition, so rendering the loaded piece (Radix toasts, banners) yields to the browser
      // instead of running as one long task while the page is still loading.
      const run = () => void preload().then((c) => !cancelled && startTransition(() => setComponent(() => c)));
      const idle = window.requestIdleCallback?.(run, { timeout: idleTimeoutMs });
      const timer = idle === undefined ? setTimeout(run, 200) : undefined;
      return () => {
        cancelled = true;
        if (idle !== undefined) window.cancelIdleCallback(idle);
        if (timer !== undefined) clearTimeout(timer);
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  Deferred.preload = preload;
  return Deferred;
}

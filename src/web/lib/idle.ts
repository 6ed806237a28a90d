import { startTransition, useEffect, useState } from 'react';

// Once the page has hydrated and gone idle, later pages need not wait again.
let wentIdle = false;

/**
 * False until the browser has been idle once after this page's first render, then true (at once on
 * later client-side pages). Work a page can start a moment later — a fetch for a panel that shows
 * "Checking…" meanwhile — waits for it, so it runs in a task of its own instead of inside the
 * hydration commit, which was one of a phone's long tasks (bench/README.md, Lighthouse).
 */
export function useIdleReady(timeoutMs = 2_000): boolean {
  const [ready, setReady] = useState(wentIdle);
  useEffect(() => {
    if (ready) return;
    const run = () => {
      wentIdle = true;
      startTransition(() => setReady(true));
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [ready, timeoutMs]);
  return ready;
}

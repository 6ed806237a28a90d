import { startTransition, useEffect, useState } from 'react';

// Once the page has hydrated and gone idle, later pages need not wait again.
let wentIdle = false;

/**
 * null until the browser has been idle once after this page's first render, then `compute()` (at
 * once on later client-side pages). For values the server cannot know and a page can show a moment
 * later, whose first computation is costly: the browser's time zone sets up ICU (~25 ms of CPU, a
 * long task on a slow phone). Computed in an idle callback of its own, it is neither part of the
 * hydration commit nor of the render that first needs it (bench/README.md, Lighthouse).
 */
export function useIdleValue<T>(compute: () => T, timeoutMs = 2_000): T | null {
  const [value, setValue] = useState<{ v: T } | null>(() => (wentIdle ? { v: compute() } : null));
  useEffect(() => {
    if (value) return;
    const run = () => {
      wentIdle = true;
      const v = compute();
      startTransition(() => setValue({ v }));
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [value, compute, timeoutMs]);
  return value ? value.v : null;
}

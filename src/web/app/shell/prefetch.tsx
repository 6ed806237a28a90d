import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HOME_PREFETCH_DELAY_MS, PREFETCH_IDLE_TIMEOUT_MS, PREFETCH_STAGGER_MS, prefetchTargets } from '../prefetch-hints.ts';
import { importerFor } from '../page-registry.ts';

/** Loads the code of the pages a visitor is likely to open next, when the browser is idle. */
export function Prefetch() {
  const { pathname } = useLocation();
  useEffect(() => {
    const targets = prefetchTargets(pathname);
    if (targets.length === 0) return;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const idle = (fn: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: PREFETCH_IDLE_TIMEOUT_MS }) : timers.push(setTimeout(fn, 0));
    const start = pathname === '/' || pathname === '/home' ? HOME_PREFETCH_DELAY_MS : 0;
    targets.forEach((target, i) => {
      timers.push(
        setTimeout(() => idle(() => void importerFor(target)?.().catch(() => {})), start + i * PREFETCH_STAGGER_MS),
      );
    });
    return () => timers.forEach(clearTimeout);
  }, [pathname]);
  return null;
}

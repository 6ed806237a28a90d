import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { PRIVACY_PATH } from '../../../shared/site-pages.ts';
import { useConsentValue, writeConsent } from '../../lib/analytics/consent.ts';
import { Button } from '../../ui/button.tsx';

// Loaded at once when consent is (or becomes) "accepted"; the page view still goes out 100 ms after it mounts.
const AnalyticsTracker = lazy(() => import('../../lib/analytics/analytics-tracker.tsx'));

/**
 * The bar's height while it is open: the page gets that much room at its end (styles.css), and the
 * notices and toasts at the bottom of the screen sit above it.
 */
const BAR_HEIGHT_VAR = '--consent-bar-height';

/**
 * Spec §5: asks once whether usage analytics may run; nothing is tracked until the answer is
 * "accepted". The question is a bar, not a dialog: it takes no focus and traps nothing. It is fixed
 * to the bottom of the screen, and the page gets bottom padding of its height, so scrolling to the
 * end of any page brings everything above it into view; nothing underneath stays out of reach.
 */
export function AnalyticsConsent() {
  const consent = useConsentValue();
  if (consent === 'accepted') {
    return (
      <Suspense fallback={null}>
        <AnalyticsTracker />
      </Suspense>
    );
  }
  return consent === null ? <ConsentBar /> : null;
}

function ConsentBar() {
  const titleId = useId();
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(BAR_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VAR);
    };
  }, []);

  return (
    <section
      ref={bar}
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-300 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgba(28,25,23,0.08)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1 text-sm">
          <h2 id={titleId} className="font-semibold text-stone-900">
            Help us improve Inkhaven
          </h2>
          <p className="text-stone-700">
            May we record which pages you visit and what you click? No ads, no selling data.{' '}
            <Link to={`${PRIVACY_PATH}#analytics`} className="font-medium text-stone-900 underline underline-offset-2">
              What we record
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button className="py-1.5" onClick={() => writeConsent('accepted')}>
            Allow analytics
          </Button>
          <Button variant="secondary" className="py-1.5" onClick={() => writeConsent('declined')}>
            No thanks
          </Button>
        </div>
      </div>
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { useConsentValue, writeConsent } from '../../lib/analytics/consent.ts';
import { Button } from '../../ui/button.tsx';

// Loaded at once when consent is (or becomes) "accepted"; the page view still goes out 100 ms after it mounts.
const AnalyticsTracker = lazy(() => import('../../lib/analytics/analytics-tracker.tsx'));

/** Asks once whether anonymous usage analytics may run; nothing is tracked until the answer is yes. */
export function AnalyticsConsent() {
  const consent = useConsentValue();
  if (consent === 'accepted') {
    return (
      <Suspense fallback={null}>
        <AnalyticsTracker />
      </Suspense>
    );
  }
  if (consent !== null) return null;
  const answer = (value: 'accepted' | 'declined') => writeConsent(value);
  return (
    <section aria-labelledby="analytics-consent-title" className="fixed inset-x-2 bottom-2 z-40 mx-auto max-w-xl rounded-lg border border-stone-300 bg-white p-4 shadow-lg sm:inset-x-4">
      <h2 id="analytics-consent-title" className="font-semibold text-stone-900">Help us improve Inkhaven</h2>
      <p className="mt-1 text-sm text-stone-700">
        May we record which pages you visit and what you click, without ads or selling data? It helps us find what is confusing.
      </p>
      <div className="mt-3 flex gap-2">
        <Button onClick={() => answer('accepted')}>Allow analytics</Button>
        <Button variant="secondary" onClick={() => answer('declined')}>No thanks</Button>
      </div>
    </section>
  );
}

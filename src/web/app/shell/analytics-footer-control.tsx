import { useState } from 'react';
import { Link } from 'react-router';
import { PRIVACY_PATH } from '../../../shared/site-pages.ts';
import { useConsentValue, writeConsent } from '../../lib/analytics/consent.ts';

const CONTROL_CLASS =
  'inline-flex min-h-11 items-center rounded-md px-2 font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/**
 * Issue 14 §1: a way to withdraw analytics consent on every page. With analytics on, a button turns
 * it off at once (the transport then sends nothing more); otherwise — and before the page has
 * hydrated — a link to the privacy page's analytics section, where the choice can be changed.
 */
export function AnalyticsFooterControl() {
  const consent = useConsentValue();
  const [turnedOff, setTurnedOff] = useState(false);
  return (
    <>
      {consent === 'accepted' ? (
        <button
          type="button"
          className={CONTROL_CLASS}
          onClick={() => {
            writeConsent('declined');
            setTurnedOff(true);
          }}
        >
          Turn off analytics
        </button>
      ) : (
        <Link to={`${PRIVACY_PATH}#analytics`} className={CONTROL_CLASS}>
          Analytics choices
        </Link>
      )}
      {/* Present from the start, so the change is announced. */}
      <span role="status" className="sr-only">
        {turnedOff ? 'Analytics turned off. Nothing more is sent.' : ''}
      </span>
    </>
  );
}

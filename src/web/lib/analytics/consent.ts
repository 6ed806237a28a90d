import { useSyncExternalStore } from 'react';

/** Spec §3/§5: analytics runs only when this local-storage flag equals "accepted". */
export const ANALYTICS_CONSENT_KEY = 'analytics-consent';
export type ConsentValue = 'accepted' | 'declined';

export function readConsent(): ConsentValue | null {
  try {
    const v = window.localStorage.getItem(ANALYTICS_CONSENT_KEY);
    return v === 'accepted' || v === 'declined' ? v : null;
  } catch {
    return null;
  }
}


export function writeConsent(value: ConsentValue): void {
  try {
    window.localStorage.setItem(ANALYTICS_CONSENT_KEY, value);
    window.dispatchEvent(new Event(CONSENT_EVENT));
  } catch {
    // Private mode without storage: analytics simply stays off.
  }
}

const CONSENT_EVENT = 'analytics-consent-change';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CONSENT_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CONSENT_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored answer; 'unknown' while rendering on the server, where no storage exists. */
export function useConsentValue(): ConsentValue | null | 'unknown' {
  return useSyncExternalStore(subscribe, readConsent, () => 'unknown' as const);
}

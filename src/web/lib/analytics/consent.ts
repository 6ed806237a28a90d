import { useSyncExternalStore } from 'react';

/** Spec §3/§5: analytics runs only when this local-storage flag equals "accepted". */
export const ANALYTICS_CONSENT_KEY = 'analytics-consent';
export type ConsentValue = 'accepted' | 'declined';

const CONSENT_EVENT = 'analytics-consent-change';

/**
 * The answer given in this page when storage refused it (storage disabled, private modes): it
 * holds for this visit, so the bar goes away and the install offer may follow.
 */
let answeredWithoutStorage: ConsentValue | null = null;

export function readConsent(): ConsentValue | null {
  try {
    const v = window.localStorage.getItem(ANALYTICS_CONSENT_KEY);
    return v === 'accepted' || v === 'declined' ? v : answeredWithoutStorage;
  } catch {
    return answeredWithoutStorage;
  }
}

export function writeConsent(value: ConsentValue): void {
  try {
    window.localStorage.setItem(ANALYTICS_CONSENT_KEY, value);
  } catch {
    // Without storage the answer lasts for this visit only; analytics still runs only on "accepted".
    answeredWithoutStorage = value;
  }
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/** Forgets the answer (the privacy page's "change my choice"): analytics stops and the question comes back. */
export function forgetConsent(): void {
  answeredWithoutStorage = null;
  try {
    window.localStorage.removeItem(ANALYTICS_CONSENT_KEY);
  } catch {
    // Nothing stored to remove.
  }
  window.dispatchEvent(new Event(CONSENT_EVENT));
}


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

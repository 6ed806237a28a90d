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

export const hasAnalyticsConsent = () => readConsent() === 'accepted';

export function writeConsent(value: ConsentValue): void {
  try {
    window.localStorage.setItem(ANALYTICS_CONSENT_KEY, value);
    window.dispatchEvent(new Event('analytics-consent-change'));
  } catch {
    // Private mode without storage: analytics simply stays off.
  }
}

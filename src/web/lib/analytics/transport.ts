import { apiRequest, cachedCsrfToken, getCsrfToken } from '../api.ts';
import { readConsent } from './consent.ts';

/**
 * The last gate of every analytics call: nothing leaves the browser unless the stored answer is
 * "accepted" at the moment of sending — not before consent, and not after it is withdrawn, even for
 * a timer, buffer or web-vitals report that was already under way.
 */
export const analyticsAllowed = (): boolean => readConsent() === 'accepted';

/** Analytics never bothers the person: failures are logged, never shown (spec §8). */
export async function send(path: string, body: unknown): Promise<Response | null> {
  if (!analyticsAllowed()) return null;
  try {
    return await apiRequest('POST', path, body);
  } catch (error) {
    console.warn('[analytics]', path, error instanceof Error ? error.message : error);
    return null;
  }
}

/** On unload only a beacon survives; it cannot carry headers, so the CSRF token rides in the query. */
export function beacon(path: string, body: unknown): void {
  if (!analyticsAllowed()) return;
  const token = cachedCsrfToken();
  if (!token || typeof navigator.sendBeacon !== 'function') return;
  const url = `${path}${path.includes('?') ? '&' : '?'}csrf=${encodeURIComponent(token)}`;
  navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'application/json' }));
}

/** Warm the token so a later beacon has one. */
export function primeToken(): void {
  void getCsrfToken().catch(() => {});
}

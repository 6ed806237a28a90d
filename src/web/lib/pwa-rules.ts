import { INSTALL_REPROMPT_AFTER_MS } from '../../shared/limits.ts';

/** Local-storage keys of spec §3. */
export const PWA_INSTALLED_KEY = 'pwa-installed';
export const PWA_PROMPT_DISMISSED_KEY = 'pwa-prompt-dismissed';

/**
 * Spec §4: an update notice is deferred while the user is in the middle of something that a
 * reload would break (booking, paying, signing a consent form, writing a message).
 * /dashboard, /consultations and /booking-detail are busy pages too, but still notify.
 */
export function isCriticalUpdatePath(pathname: string): boolean {
  if (pathname.startsWith('/bookings/')) return true;
  // The demo consent form too: a reload would throw away what someone is trying out.
  return ['/payment', '/checkout', '/consent-form', '/demo-consent-form', '/messages'].some((prefix) => pathname.startsWith(prefix));
}

/**
 * Pages the service worker never keeps (issue 13 §4): the consent pages hold health questions,
 * dates of birth and signatures while they are filled in. A signed-in user's pages are not cached
 * anyway (they are `private`), but the demo form is public, and this list keeps that true whatever
 * the server's headers say.
 */
const NEVER_CACHED_PAGES = ['/consent-form', '/demo-consent-form', '/artist/consent-forms'];

export function isNeverCachedPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return NEVER_CACHED_PAGES.includes(path);
}

/** Reads the stored dismissal time; anything unreadable counts as never dismissed. */
export function parseDismissedAt(value: string | null): number | null {
  if (!value) return null;
  const asNumber = Number(value);
  if (Number.isFinite(asNumber) && asNumber > 0) return asNumber;
  // Older clients may have stored an ISO date instead of epoch milliseconds.
  const asDate = Date.parse(value);
  return Number.isFinite(asDate) ? asDate : null;
}

/** Spec §4: offer installation unless installed or dismissed within the past 7 days. */
export function shouldOfferInstall(input: { installed: boolean; dismissedAt: number | null; now: number }): boolean {
  if (input.installed) return false;
  if (input.dismissedAt === null) return true;
  return input.now - input.dismissedAt > INSTALL_REPROMPT_AFTER_MS;
}

/** iOS Safari has no install prompt: the user adds the app from the share sheet. */
export function isIosSafari(userAgent: string, platform = '', maxTouchPoints = 0): boolean {
  const iosDevice = /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  if (!iosDevice) return false;
  return /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
}

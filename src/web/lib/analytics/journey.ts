import { beacon, send } from './transport.ts';

const SESSION_KEY = 'inkhaven-analytics-session';
const JOURNEY_KEY = 'inkhaven-journey';
const JOURNEY_DONE_KEY = 'inkhaven-journey-converted';

export function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

/** A local fingerprint when the server cannot be reached (spec §7: "local fallback on failure"). */
async function localFingerprint(parts: string[]): Promise<string> {
  const bytes = new TextEncoder().encode(parts.join('|'));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function referrerSource(referrer: string): string {
  if (!referrer) return 'direct';
  try {
    const host = new URL(referrer).hostname;
    if (host === location.hostname) return 'internal';
    if (/google\.|bing\.|duckduckgo\.|yahoo\.|ecosia\./.test(host)) return 'search';
    if (/facebook\.|instagram\.|t\.co|twitter\.|x\.com|tiktok\.|pinterest\.|reddit\./.test(host)) return 'social';
    return 'referral';
  } catch {
    return 'unknown';
  }
}

const STARTED_AT_KEY = 'inkhaven-journey-started-at';
let startedAt = 0;
let journeyId: string | null = null;
/** The start under way: calls made meanwhile (a page view and a click) share it, so one journey starts. */
let starting: Promise<string | null> | null = null;

/** Spec §4: one journey per session, its id kept in session storage; ends after a conversion. */
export async function ensureJourney(pageType: string): Promise<string | null> {
  if (journeyEnded()) return null;
  journeyId ??= sessionStorage.getItem(JOURNEY_KEY);
  if (journeyId) {
    startedAt ||= Number(sessionStorage.getItem(STARTED_AT_KEY)) || Date.now();
    return journeyId;
  }
  starting ??= startJourney(pageType).finally(() => {
    starting = null;
  });
  return starting;
}

/** Spec §4: "tracking ends after a conversion" — no journey calls for the rest of the session. */
export const journeyEnded = (): boolean => sessionStorage.getItem(JOURNEY_DONE_KEY) !== null;

async function startJourney(pageType: string): Promise<string | null> {
  startedAt = Date.now();
  const device = {
    userAgent: navigator.userAgent,
    screenResolution: `${screen.width}x${screen.height}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: navigator.language,
    platform: navigator.platform || 'unknown',
    cookieEnabled: navigator.cookieEnabled,
  };
  const fpRes = await send('/api/journey/fingerprint', device);
  const fp = fpRes ? ((await fpRes.json()) as { fingerprint: string; deviceFingerprint: string }) : null;
  const fallback = fp ? null : await localFingerprint(Object.values(device).map(String));
  const params = new URLSearchParams(location.search);
  const res = await send('/api/journey/start', {
    sessionId: sessionId(),
    fingerprint: fp?.fingerprint ?? fallback,
    deviceFingerprint: fp?.deviceFingerprint ?? fallback,
    entryPageType: pageType,
    entryUrl: location.pathname + location.search,
    entryReferrer: document.referrer || null,
    entryReferrerSource: referrerSource(document.referrer),
    entrySearchQuery: params.get('q'),
  });
  if (!res) return null;
  const body = (await res.json()) as { journey: { id: string } };
  journeyId = body.journey.id;
  sessionStorage.setItem(JOURNEY_KEY, journeyId);
  sessionStorage.setItem(STARTED_AT_KEY, String(startedAt));
  return journeyId;
}

const sinceStart = () => (startedAt ? Date.now() - startedAt : null);

export type StepInput = {
  stepType: 'page_view' | 'navigation' | 'cta_click' | 'booking_step' | 'form_submission' | 'search';
  pageType: string;
  url: string;
  previousUrl?: string | null;
  ctaType?: string;
  ctaText?: string;
  searchQuery?: string | null;
};

export async function trackStep(step: StepInput): Promise<void> {
  const id = await ensureJourney(step.pageType);
  if (!id) return;
  await send(`/api/journey/${id}/steps`, { sessionId: sessionId(), ...step, timeFromJourneyStart: sinceStart() });
}

export async function trackNavigation(nav: {
  fromUrl: string;
  toUrl: string;
  timeOnPreviousPage: number;
  fromPageType: string;
  toPageType: string;
  linkText?: string | null;
  linkPosition?: string | null;
  transitionType?: string;
}) {
  const id = await ensureJourney(nav.toPageType);
  if (!id) return;
  await send(`/api/journey/${id}/navigation`, { sessionId: sessionId(), transitionType: 'link', ...nav });
}

export async function trackConversion(conversionStep: string, conversionValue?: number, bookingId?: string) {
  const id = await ensureJourney('conversion');
  if (!id) return;
  await send(`/api/journey/${id}/conversion`, { conversionStep, conversionValue: conversionValue ?? null, bookingId: bookingId ?? null });
  sessionStorage.setItem(JOURNEY_DONE_KEY, '1');
  sessionStorage.removeItem(JOURNEY_KEY);
  sessionStorage.removeItem(STARTED_AT_KEY);
  journeyId = null;
}

/** The last step of a page, sent as a beacon on unload with the time spent on it. */
export function beaconExitStep(step: StepInput & { timeOnPage: number }): void {
  if (!journeyId || journeyEnded()) return;
  beacon(`/api/journey/${journeyId}/steps`, { sessionId: sessionId(), ...step, exitPage: true, timeFromJourneyStart: sinceStart() });
}

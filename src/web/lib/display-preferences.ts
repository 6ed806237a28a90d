import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_DISPLAY,
  DISPLAY_COOKIE,
  DISPLAY_COOKIE_MAX_AGE_SECONDS,
  displayAttributes,
  parseDisplayPreferences,
  readCookie,
  serializeDisplayPreferences,
  type TDisplayPreferences,
} from '../../shared/display-preferences.ts';

const MORE_CONTRAST_QUERY = '(prefers-contrast: more)';
const listeners = new Set<() => void>();
let current: TDisplayPreferences | null = null;

function read(): TDisplayPreferences {
  current ??= parseDisplayPreferences(readCookie(document.cookie, DISPLAY_COOKIE));
  return current;
}

/**
 * Puts the settings on <html>, where styles.css reads them. The server already wrote them into
 * the page; this also covers the app shell served offline and 'device', which only the browser
 * can answer (the operating system's "increase contrast").
 */
function apply(prefs: TDisplayPreferences): void {
  const root = document.documentElement;
  const attrs = displayAttributes(prefs);
  if (prefs.contrast === 'device' && window.matchMedia(MORE_CONTRAST_QUERY).matches) attrs['data-contrast'] = 'more';
  for (const name of ['data-contrast', 'data-text-size']) {
    const value = attrs[name];
    if (value === undefined) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
}

/** At start-up: apply what is saved, and follow the device's contrast setting while it is chosen. */
export function startDisplayPreferences(): void {
  apply(read());
  window.matchMedia(MORE_CONTRAST_QUERY).addEventListener('change', () => apply(read()));
}

/** Applies at once and keeps them for a year (the same cookie the no-script form post sets). */
export function saveDisplayPreferences(prefs: TDisplayPreferences): void {
  current = prefs;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DISPLAY_COOKIE}=${encodeURIComponent(serializeDisplayPreferences(prefs))}; Path=/; Max-Age=${DISPLAY_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  apply(prefs);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved settings; the server render (which has no document) uses `fromServer`. */
export function useDisplayPreferences(fromServer: TDisplayPreferences = DEFAULT_DISPLAY): TDisplayPreferences {
  return useSyncExternalStore(subscribe, read, () => fromServer);
}

/** Whether a media query matches now and as it changes; null in the server render. */
export function useMediaQuery(query: string): boolean | null {
  const subscribeToMedia = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribeToMedia, () => window.matchMedia(query).matches, () => null);
}

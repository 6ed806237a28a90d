import { useSyncExternalStore } from 'react';
import { PWA_INSTALLED_KEY, PWA_PROMPT_DISMISSED_KEY, parseDismissedAt } from './pwa-rules.ts';

/**
 * The browser's install prompt (spec §4). Chromium fires `beforeinstallprompt` once the app is
 * installable — possibly before React has mounted — so the event is caught at start-up and kept
 * here until the install banner uses it.
 */
type InstallChoice = { outcome: 'accepted' | 'dismissed'; platform?: string };
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<InstallChoice>;
};

export type InstallOutcome = { outcome: 'accepted' | 'dismissed' } | { outcome: 'error'; error: string };

export type InstallPromptState = {
  /** When the browser said the app can be installed (epoch ms), or null. */
  availableAt: number | null;
  /** Installed in this browser (accepted here, or the appinstalled event). */
  installed: boolean;
};

const INITIAL: InstallPromptState = { availableAt: null, installed: false };
let state: InstallPromptState = INITIAL;
let deferred: BeforeInstallPromptEvent | null = null;
let listening = false;
const listeners = new Set<() => void>();

function setState(next: InstallPromptState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Storage can be disabled or full (private browsing): the banner then simply asks again next time. */
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: see readStorage.
  }
}

export function readInstallFlags(): { installed: boolean; dismissedAt: number | null } {
  return {
    installed: readStorage(PWA_INSTALLED_KEY) === 'true',
    dismissedAt: parseDismissedAt(readStorage(PWA_PROMPT_DISMISSED_KEY)),
  };
}

export function markInstalled(): void {
  writeStorage(PWA_INSTALLED_KEY, 'true');
  deferred = null;
  setState({ availableAt: null, installed: true });
}

/** "Not Now" / "Got it": remember when, so the banner stays away for 7 days. */
export function dismissInstallPrompt(now = Date.now()): void {
  writeStorage(PWA_PROMPT_DISMISSED_KEY, String(now));
}

/** Running as the installed app (Android/desktop standalone window, or an iOS home-screen app). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Catches the install events for the whole tab; call once at start-up. */
export function listenForInstallPrompt(): void {
  if (typeof window === 'undefined' || listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the banner offers installation at the right moment.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    setState({ ...state, availableAt: state.availableAt ?? Date.now() });
  });
  window.addEventListener('appinstalled', () => markInstalled());
}

/** Shows the browser's install dialog. Spec §8: a missing or failing prompt gives an error outcome. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferred;
  if (!event || typeof event.prompt !== 'function') {
    return { outcome: 'error', error: 'Install prompt is not available.' };
  }
  try {
    await event.prompt();
    const choice = await event.userChoice;
    // A prompt event can be used only once.
    deferred = null;
    setState({ ...state, availableAt: null });
    if (choice.outcome === 'accepted') markInstalled();
    return { outcome: choice.outcome };
  } catch (error) {
    deferred = null;
    setState({ ...state, availableAt: null });
    return { outcome: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useInstallPromptState(): InstallPromptState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

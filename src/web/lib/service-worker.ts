import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { SW_UPDATE_HOOK_DEFAULT_MS } from '../../shared/limits.ts';

/**
 * Service-worker glue (spec §4, §7): register at start-up, look for a new version on an interval,
 * and tell the shell when a new worker is waiting so the update notice can offer it.
 * Module state on purpose: there is one registration per tab, not per component.
 */
export const SERVICE_WORKER_URL = '/service-worker.js';
export const SERVICE_WORKER_SCOPE = '/';

export type ServiceWorkerState = {
  /** A new worker is installed and waits for the page to send skip-waiting. */
  updateWaiting: boolean;
  /** Bumped each time a (new) waiting worker is found, so a dismissed notice can come back for it. */
  updateSerial: number;
};

const INITIAL: ServiceWorkerState = { updateWaiting: false, updateSerial: 0 };
let state: ServiceWorkerState = INITIAL;
let workbox: Workbox | null = null;
let registration: ServiceWorkerRegistration | null = null;
let seenWaiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setState(next: ServiceWorkerState) {
  state = next;
  for (const listener of listeners) listener();
}

function noteWaiting(worker: ServiceWorker | null) {
  // Only an update matters: the very first worker activates by itself and has nothing to replace.
  if (!worker || !navigator.serviceWorker.controller || worker === seenWaiting) return;
  seenWaiting = worker;
  setState({ updateWaiting: true, updateSerial: state.updateSerial + 1 });
}

/**
 * workbox-window stops following updates once it has seen one it did not start (another tab's,
 * or any found more than a minute after registering), so the registration is watched directly too.
 */
function watchRegistration(reg: ServiceWorkerRegistration) {
  noteWaiting(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') noteWaiting(reg.waiting ?? installing);
    });
  });
}

/** Registers the worker at scope "/" and checks for updates every `updateIntervalMs`. Failures are only logged (spec §8). */
export function registerServiceWorker({ updateIntervalMs = SW_UPDATE_HOOK_DEFAULT_MS }: { updateIntervalMs?: number } = {}): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || workbox) return;
  workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  workbox.addEventListener('waiting', (event) => noteWaiting(event.sw ?? registration?.waiting ?? null));
  workbox
    .register()
    .then((reg) => {
      if (!reg) return;
      registration = reg;
      watchRegistration(reg);
      setInterval(() => void checkForServiceWorkerUpdate(), updateIntervalMs);
    })
    .catch((error: unknown) => {
      // The app works without the worker (no offline pages): a warning, never an error screen.
      console.warn('Service worker registration failed', error);
    });
}

/** Asks the browser to fetch the worker script again; offline or failing checks are ignored. */
export async function checkForServiceWorkerUpdate(): Promise<void> {
  if (!registration) return;
  try {
    await registration.update();
  } catch (error) {
    console.warn('Service worker update check failed', error);
  }
}

/** Spec §7: a skip-waiting message applies the waiting update (the worker then claims this page). */
export function applyServiceWorkerUpdate(): void {
  const waiting = registration?.waiting ?? seenWaiting;
  if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' });
  else workbox?.messageSkipWaiting();
  setState({ ...state, updateWaiting: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useServiceWorkerState(): ServiceWorkerState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

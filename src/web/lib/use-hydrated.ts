import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False while rendering on the server and hydrating, true after: what depends on the browser
 * (its clock, zone, storage) renders only once this is true, so hydration sees the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

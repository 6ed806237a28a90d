import type { DehydratedState } from '@tanstack/react-query';

/** What the server hands the browser to hydrate without refetching. */
export type SsrState = {
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
  /** Route errors by route id; only HTTP-like errors (404s) are carried over. */
  errors: Record<string, SerializedRouteError> | null;
  /** Strings the page rendered with `Intl`, by key (lib/format.ts), so hydrating needs no `Intl`. */
  formats?: Record<string, string>;
  /** Ids of the routes the server matched, outermost first, so the browser need not match them again before hydrating. */
  matches?: string[];
};

export type SerializedRouteError = { status: number; statusText: string; data: unknown };

export const SSR_STATE_ELEMENT_ID = '__INKHAVEN_STATE__';

/** JSON that is safe inside a <script type="application/json"> element. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

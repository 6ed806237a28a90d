/** Head data a route declares in `handle.meta`; the server renders it and the client keeps it in sync. */
export type RouteMeta = {
  title: string;
  description?: string;
  /** Public pages are indexable; private ones get noindex. */
  noindex?: boolean;
  ogImage?: string;
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
};

export type RouteHandle = {
  meta?: RouteMeta | ((loaderData: unknown) => RouteMeta);
  /** Protected routes show the auth gate to visitors. */
  protected?: boolean;
  /** The catch-all: the server answers 404. */
  notFound?: boolean;
};

export const SITE_NAME = 'Inkhaven';
export const DEFAULT_DESCRIPTION =
  'Find and book tattoo and piercing artists near you: browse portfolios, book consultations and sessions, and pay deposits securely.';

export function fullTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
}

export function resolveMeta(handle: RouteHandle | undefined, loaderData: unknown): RouteMeta | null {
  if (!handle?.meta) return null;
  return typeof handle.meta === 'function' ? handle.meta(loaderData) : handle.meta;
}

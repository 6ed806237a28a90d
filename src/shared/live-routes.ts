/**
 * Routes of the spec (§2) whose feature has not shipped yet. The route table renders the
 * coming-soon page for each entry that is not live, and nothing in the app links to it: the
 * navigation, quick actions, feature-page buttons, notification actions and support page all
 * ask `isLiveHref` first (DESIGN §3 "honest surfaces").
 *
 * When a feature ships: register its page in src/web/app/routes.tsx and set `live: true` here;
 * every link that was held back appears by itself.
 */
export type PlannedRoute = {
  /** A React Router pattern: `:name` matches one path segment. */
  path: string;
  /** The page title while it is a placeholder. */
  title: string;
  protected: boolean;
  live: boolean;
};

export const PLANNED_ROUTES: readonly PlannedRoute[] = [
  { path: '/messages', title: 'Messages', protected: true, live: true },
  { path: '/messages/:id', title: 'Conversation', protected: true, live: true },
  { path: '/consultations', title: 'Video calls', protected: true, live: true },
  { path: '/consultations/:bookingId', title: 'Video call', protected: true, live: true },
  { path: '/consultation', title: 'Consultation', protected: false, live: true },
  { path: '/ai-generator', title: 'Tattoo design generator', protected: true, live: true },
  { path: '/consent-form', title: 'Consent form', protected: true, live: true },
  { path: '/demo-consent-form', title: 'Consent form demo', protected: false, live: true },
  { path: '/artist/consent-forms', title: 'Consent forms', protected: true, live: true },
  { path: '/ar-test', title: 'AR preview', protected: false, live: true },
  { path: '/accessibility-demo', title: 'Accessibility demo', protected: false, live: true },
  { path: '/github/repositories', title: 'GitHub repositories', protected: true, live: true },
  { path: '/github/projects', title: 'GitHub projects', protected: true, live: true },
  { path: '/admin/perf', title: 'Performance', protected: true, live: true },
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, i) => (segment.startsWith(':') ? got[i]!.length > 0 : segment === got[i]));
}

/** The planned route a path would render, if it is one of them. */
export function plannedRouteFor(pathname: string, routes: readonly PlannedRoute[] = PLANNED_ROUTES): PlannedRoute | undefined {
  return routes.find((r) => matches(r.path, pathname));
}

/**
 * Whether a link may be shown: false only for an app path whose page is still a placeholder.
 * Other sites, `mailto:` and in-page anchors are not ours to judge and count as live.
 */
export function isLiveHref(href: string, routes: readonly PlannedRoute[] = PLANNED_ROUTES): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  const pathname = href.split(/[?#]/, 1)[0] ?? '/';
  return plannedRouteFor(pathname, routes)?.live ?? true;
}

/** The items whose link may be shown, for lists of links (`to` or `href`). */
export function liveLinksOnly<T extends { to: string } | { href: string }>(items: readonly T[], routes: readonly PlannedRoute[] = PLANNED_ROUTES): T[] {
  return items.filter((item) => isLiveHref('to' in item ? item.to : item.href, routes));
}

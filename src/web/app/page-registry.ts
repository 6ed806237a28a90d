import { matchRoutes } from 'react-router';

type Importer = () => Promise<{ default: React.ComponentType }>;

/** Page module loaders by route pattern, filled by routes.tsx, so likely next pages can be fetched ahead (spec §2). */
export const pageImporters = new Map<string, Importer>();

/**
 * The loader of the page that would render at `path`, ranked as React Router ranks routes (a static
 * segment beats a parameter: `/artist/create` is the wizard, not the profile `/artist/:slug`).
 */
export function importerFor(path: string): Importer | null {
  const match = matchRoutes([...pageImporters.keys()].map((pattern) => ({ path: pattern })), path)?.[0];
  return (match?.route.path && pageImporters.get(match.route.path)) || null;
}

import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { DEFAULT_DESCRIPTION, fullTitle, resolveMeta, type RouteHandle } from '../route-meta.ts';

/** Keeps the document title and description in step with client-side navigation (the server renders them first). */
export function RouteHead() {
  const matches = useMatches();
  const deepest = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.meta);
  const meta = deepest ? resolveMeta(deepest.handle as RouteHandle, deepest.loaderData) : null;
  const title = fullTitle(meta?.title ?? 'Inkhaven');
  const description = meta?.description ?? DEFAULT_DESCRIPTION;
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}

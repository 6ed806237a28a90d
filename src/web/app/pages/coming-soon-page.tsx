import { Link, useMatches } from 'react-router';
import { resolveMeta, type RouteHandle } from '../route-meta.ts';

/**
 * An honest placeholder for a route whose feature has not shipped yet (never a 404). Nothing links
 * here (src/shared/live-routes.ts); the marker lets the link crawl in tests/e2e/shell.spec.ts spot it.
 */
export default function ComingSoonPage() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const title = resolveMeta(last?.handle as RouteHandle | undefined, last?.loaderData)?.title ?? 'This page';
  return (
    <section data-placeholder="coming-soon" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-700">
        This part of Inkhaven is coming soon. We are building it now; everything else in the app works today.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link data-cta="home" to="/" className="rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-700">Go home</Link>
        <Link data-cta="artists" to="/artists" className="rounded-md border border-stone-300 px-4 py-2 font-medium text-stone-900 hover:bg-stone-100">Browse artists</Link>
      </div>
    </section>
  );
}

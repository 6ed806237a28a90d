import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">404</p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">Page not found</h1>
      <p className="mt-4 text-stone-700">We could not find that page. It may have moved, or the link may be mistyped.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link data-cta="home" to="/" className="rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-700">Go home</Link>
        <Link data-cta="artists" to="/artists" className="rounded-md border border-stone-300 px-4 py-2 font-medium text-stone-900 hover:bg-stone-100">Browse artists</Link>
      </div>
    </section>
  );
}

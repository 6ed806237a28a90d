import { Link } from 'react-router';
import { useAuth } from '../../lib/auth.ts';

export default function HomePage() {
  const { user } = useAuth();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900">Welcome back, {user?.firstName || 'User'}</h1>
      <p className="mt-2 text-stone-700">Pick up where you left off.</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        <Link to="/artists" className="rounded-lg border border-stone-200 p-6 hover:border-stone-400">
          <h2 className="font-semibold text-stone-900">Find an artist</h2>
          <p className="mt-1 text-sm text-stone-700">Search by style, city and availability.</p>
        </Link>
        <Link to="/dashboard" className="rounded-lg border border-stone-200 p-6 hover:border-stone-400">
          <h2 className="font-semibold text-stone-900">Your bookings</h2>
          <p className="mt-1 text-sm text-stone-700">Upcoming appointments and requests.</p>
        </Link>
        <Link to="/messages" className="rounded-lg border border-stone-200 p-6 hover:border-stone-400">
          <h2 className="font-semibold text-stone-900">Messages</h2>
          <p className="mt-1 text-sm text-stone-700">Talk to your artists.</p>
        </Link>
      </div>
    </section>
  );
}

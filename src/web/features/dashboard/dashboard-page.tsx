import { useOwnArtistProfile } from '../../lib/bookings.ts';
import { ArtistDashboard } from './artist-dashboard.tsx';
import { ClientBookings } from './client-dashboard.tsx';
import { ErrorNote, Skeleton } from './dashboard-parts.tsx';

/** /dashboard: an artist's working view when the user has an artist profile, else their bookings as a client. */
export default function DashboardPage() {
  const own = useOwnArtistProfile();
  if (own.isPending) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold text-stone-900">Dashboard</h1>
        <Skeleton label="Loading your dashboard" />
      </div>
    );
  }
  if (own.error) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold text-stone-900">Dashboard</h1>
        <ErrorNote error={own.error} what="your dashboard" />
      </div>
    );
  }
  if (own.artist) return <ArtistDashboard artist={own.artist} />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ClientBookings />
    </div>
  );
}

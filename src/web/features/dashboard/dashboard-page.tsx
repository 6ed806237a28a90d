import { useQueryClient } from '@tanstack/react-query';
import { isNetworkError } from '../../lib/api.ts';
import { OWN_ARTIST_KEY } from '../../lib/auth.ts';
import { useRetryUnanswered } from '../../lib/auto-retry.ts';
import { useOwnArtistProfile } from '../../lib/bookings.ts';
import { OfflinePanel } from '../../ui/offline-panel.tsx';
import { ArtistDashboard } from './artist-dashboard.tsx';
import { ClientBookings } from './client-dashboard.tsx';
import { isDashboardPath } from './dashboard-api.ts';
import { ErrorNote, Skeleton } from './dashboard-parts.tsx';
import { SavedSection } from './saved-section.tsx';

/** /dashboard: an artist's working view when the user has an artist profile, else their bookings as a client. */
export default function DashboardPage() {
  const own = useOwnArtistProfile();
  const queryClient = useQueryClient();
  // Offline or the server unavailable: what is on screen is fetched again by itself once it answers.
  useRetryUnanswered(isDashboardPath);
  if (own.isPending) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold text-stone-900">Dashboard</h1>
        <Skeleton label="Loading your dashboard" />
      </div>
    );
  }
  // A saved copy of the artist profile is enough to show the (saved) dashboard; without one, say what is missing.
  if (own.error && !own.artist) {
    if (isNetworkError(own.error)) {
      return (
        <OfflinePanel title="Your dashboard is not saved on this device" onRetry={() => void queryClient.refetchQueries({ queryKey: OWN_ARTIST_KEY, exact: true })}>
          <p>Open it once while online and it stays readable offline.</p>
        </OfflinePanel>
      );
    }
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold text-stone-900">Dashboard</h1>
        <ErrorNote error={own.error} what="your dashboard" />
      </div>
    );
  }
  // Artists save artists and designs too: their "Saved" follows their working view.
  if (own.artist) {
    return (
      <>
        <ArtistDashboard artist={own.artist} />
        <div className="mx-auto max-w-6xl px-4 pb-8">
          <SavedSection />
        </div>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <ClientBookings />
      <SavedSection />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TService } from '../../../../shared/contracts/artists.ts';
import type { TAvailability } from '../../../../shared/contracts/availability.ts';
import { browserZone } from '../../../lib/browser-zone.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDuration } from '../../../lib/format.ts';
import { useIdleValue } from '../../../lib/idle.ts';

const SHOWN = 6;

function slotLabel(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/**
 * "Next available": the first open times of the artist's consultation (or shortest service),
 * shown in the visitor's zone with both zones named. Fetched in the browser only: open times
 * change by the minute and depend on the visitor's zone, so they are not part of the cached page.
 */
export function NextAvailable({ artistId, timezone, services }: { artistId: string; timezone: string; services: TService[] }) {
  const consultation = services.find((s) => s.kind === 'consultation');
  const zone = useIdleValue(browserZone);
  const query = useQuery<TAvailability>({
    queryKey: [`/api/artists/${artistId}/availability?${new URLSearchParams({ ...(consultation ? { serviceId: consultation.id } : {}), limit: String(SHOWN) }).toString()}`],
    // Waits for the visitor's zone, known at the first idle moment: the fetch and its subscription
    // used to start inside the hydration commit, and the first render of the times set up ICU in the
    // same task as their arrival; the panel says "Checking" meanwhile.
    enabled: services.length > 0 && zone !== null,
    staleTime: 60_000,
  });
  if (services.length === 0) return <p className="text-sm text-stone-700">This artist has not listed any services to book yet.</p>;
  if (query.isPending || zone === null) return <p role="status" className="text-sm text-stone-600">Checking open times…</p>;
  if (query.isError) return <p role="alert" className="text-sm text-red-800">{errorMessage(query.error)}</p>;
  const data = query.data;
  const service = services.find((s) => s.id === data.serviceId);
  return (
    <div>
      {service ? (
        <p className="text-sm text-stone-700">
          {service.name} · {formatDuration(data.durationMinutes)}
        </p>
      ) : null}
      {data.slots.length === 0 ? (
        <p className="mt-2 text-sm text-stone-800">No open times in the next four weeks. Check back soon, or join the waitlist from the booking page.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2" aria-label="Next available times">
          {data.slots.map((slot) => (
            <li key={slot.startsAt}>
              <Link data-cta="book-next-available"
                to={`/book/${artistId}?serviceId=${data.serviceId}&startsAt=${encodeURIComponent(slot.startsAt)}`}
                className="block rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-900 hover:border-stone-900 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
              >
                <time dateTime={slot.startsAt}>{slotLabel(slot.startsAt, zone)}</time>
                {slot.location ? <span className="block text-xs font-normal text-stone-700">Guest spot in {slot.location.city}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-stone-700" data-testid="zone-note">
        Times shown in your time zone ({zone}); the artist works in {timezone}.
      </p>
    </div>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { Link } from 'react-router';
import { BOOKING_STATUS_LABELS } from '../../../shared/booking-rules.ts';
import { callWindow } from '../../../shared/call-window.ts';
import type { TConsultation } from '../../../shared/contracts/consultations.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { formatCallTime, formatClock } from './call-time.ts';
import { CONSULTATIONS_KEY, consultationsOptions } from './consultations-api.ts';
import { useWindowClock } from './use-window-clock.ts';

function ConsultationRow({ c, zone, now }: { c: TConsultation; zone: string; now: number }) {
  const other = c.viewerRole === 'client' ? { id: c.artist.id, name: c.artist.displayName, url: c.artist.avatarUrl } : { id: c.client.id, name: c.client.firstName, url: c.client.avatarUrl };
  const callState = callWindow(c, now);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar id={other.id} name={other.name} url={other.url} decorative />
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {c.viewerRole === 'client' ? `With ${other.name}` : `With ${other.name} (client)`}
          </p>
          <p className="text-sm text-stone-700">
            <time dateTime={c.startsAt}>{formatCallTime(c.startsAt, zone)}</time> · {c.service.name} · {BOOKING_STATUS_LABELS[c.status]}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {callState.state === 'open' ? (
          <ButtonLink to={`/consultations/${c.id}`} aria-label={`Join the call with ${other.name}`}>
            <Video className="mr-1.5 h-4 w-4" aria-hidden="true" /> Join
          </ButtonLink>
        ) : callState.state === 'upcoming' ? (
          <>
            <Button disabled aria-describedby={`opens-${c.id}`}>
              <Video className="mr-1.5 h-4 w-4" aria-hidden="true" /> Join
            </Button>
            <span id={`opens-${c.id}`} className="text-sm text-stone-700">
              Opens at {formatClock(callState.opensAt, zone)}
            </span>
          </>
        ) : callState.state === 'ended' && c.viewerRole === 'artist' ? (
          <ButtonLink variant="secondary" to={`/consultations/${c.id}`}>
            Follow up
          </ButtonLink>
        ) : null}
        <Link to={`/bookings/${c.id}`} className="text-sm font-medium text-stone-900 underline underline-offset-2">
          Booking
        </Link>
      </div>
    </li>
  );
}

function Section({ title, items, empty, zone, now }: { title: string; items: TConsultation[]; empty: string; zone: string; now: number }) {
  return (
    <section className="mt-8" aria-labelledby={`h-${title}`}>
      <h2 id={`h-${title}`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-stone-700">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((c) => (
            <ConsultationRow key={c.id} c={c} zone={zone} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /consultations ("Video Calls"): the person's video consultations; Join opens 10 minutes before the start. */
export default function ConsultationsPage() {
  const zone = useBrowserZone();
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery(consultationsOptions());
  const now = useWindowClock(data ? data.upcoming : []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">Video calls</h1>
      <p className="mt-1 text-stone-700">Your video consultations. Join opens 10 minutes before the start and stays open until the end.</p>
      {isPending || !zone ? (
        <p role="status" className="mt-6 text-stone-700">
          Loading your calls…
        </p>
      ) : error ? (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p>Your calls could not be loaded: {errorMessage(error)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void queryClient.invalidateQueries({ queryKey: CONSULTATIONS_KEY })}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Section title="Upcoming" items={data.upcoming} zone={zone} now={now} empty="No video consultations coming up." />
          {data.upcoming.length === 0 ? (
            <p className="mt-3">
              <ButtonLink variant="secondary" to="/consultation">
                Find an artist for a video consultation
              </ButtonLink>
            </p>
          ) : null}
          <Section title="Past" items={data.past} zone={zone} now={now} empty="No past video consultations yet." />
        </>
      )}
    </div>
  );
}

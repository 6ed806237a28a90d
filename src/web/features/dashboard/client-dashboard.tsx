import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CreditCard, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { TBooking, TWaitlistEntry } from '../../../shared/contracts/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { SavedNote } from '../../ui/saved-note.tsx';
import { bookingPagesOptions, isDashboardPath, leaveWaitlist, myReviewsOptions, waitlistOptions } from './dashboard-api.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { ConsentListLine } from '../../ui/consent-status.tsx';
import { depositLine, ErrorNote, formatWhen, Section, ShowMore, Skeleton, StatusBadge } from './dashboard-parts.tsx';

function BookingItem({ booking, zone, extra }: { booking: TBooking; zone: string; extra?: React.ReactNode }) {
  const deposit = depositLine(booking);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Avatar id={booking.artist.id} name={booking.artist.displayName} url={booking.artist.avatarUrl} decorative />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Link to={`/bookings/${booking.id}`} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
              {booking.service.name} with {booking.artist.displayName}
            </Link>
            <StatusBadge booking={booking} />
          </p>
          <p className="text-sm text-stone-700">
            <time dateTime={booking.startsAt}>{formatWhen(booking.startsAt, zone)}</time>
            {booking.mode === 'video' ? ' · video call' : ` · ${booking.artist.city}`}
          </p>
          {deposit ? <p className="text-sm text-stone-600">{deposit}</p> : null}
          <ConsentListLine booking={booking} />
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {extra}
        <ButtonLink to={`/bookings/${booking.id}`} variant="secondary" className="px-3 py-1.5 text-sm" aria-label={`View booking: ${booking.service.name} with ${booking.artist.displayName}`}>
          View booking
        </ButtonLink>
      </div>
    </li>
  );
}

function EmptyBookings({ text }: { text: string }) {
  return (
    <div className="rounded-md bg-stone-50 p-4 text-stone-700">
      <p>{text}</p>
      <Link to="/artists" className="mt-2 inline-block font-medium text-stone-900 underline underline-offset-2">Find an artist</Link>
    </div>
  );
}

/** Accepted bookings whose deposit is due now: what to pay, by when, and where. */
function DepositsDue({ bookings, zone }: { bookings: TBooking[]; zone: string }) {
  const due = bookings.filter((b) => b.depositStatus === 'due' && (b.status === 'accepted' || b.status === 'awaiting_deposit'));
  if (due.length === 0) return null;
  return (
    <section aria-labelledby="due-heading" className="rounded-lg border border-amber-400 bg-amber-50 p-4 sm:p-6">
      <h2 id="due-heading" className="flex items-center gap-2 text-lg font-semibold text-stone-950">
        <CreditCard className="h-5 w-5" aria-hidden="true" /> {due.length === 1 ? 'A deposit is due' : `${due.length} deposits are due`}
      </h2>
      <ul className="mt-3 space-y-3">
        {due.map((b) => (
          <li key={b.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-stone-900">
              <strong>{formatMoney(b.depositCents, b.currency)}</strong> for {b.service.name} with {b.artist.displayName}
              {b.depositDueAt ? (
                <>
                  {' '}— pay by <time dateTime={b.depositDueAt}>{formatWhen(b.depositDueAt, zone)}</time> or the time is released.
                </>
              ) : null}
              {b.policy.depositMethod === 'studio' ? ' Paid at the studio.' : null}
            </p>
            <ButtonLink to={`/bookings/${b.id}`} variant="accent" className="shrink-0 px-3 py-1.5 text-sm" aria-label={`${b.policy.depositMethod === 'stripe' ? 'Pay deposit' : 'How to pay'}: ${b.service.name} with ${b.artist.displayName}`}>
              {b.policy.depositMethod === 'stripe' ? 'Pay deposit' : 'How to pay'}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingList({ scope, zone, title, empty }: { scope: 'upcoming' | 'past'; zone: string; title: string; empty: string }) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(bookingPagesOptions(queryClient, { as: 'client', scope }));
  const reviews = useQuery({ ...myReviewsOptions(), enabled: scope === 'past' });
  const toReview = new Set(reviews.data?.toReview.map((r) => r.bookingId) ?? []);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {scope === 'upcoming' && items.length > 0 ? <DepositsDue bookings={items} zone={zone} /> : null}
      <Section id={`client-${scope}`} title={title}>
        {pages.isPending ? <Skeleton label={`Loading ${title.toLowerCase()}`} /> : null}
        {pages.isError && pages.data === undefined ? <ErrorNote error={pages.error} what={title.toLowerCase()} /> : null}
        {pages.data && items.length === 0 ? <EmptyBookings text={empty} /> : null}
        {items.length > 0 ? (
          <ul className="divide-y divide-stone-200" aria-label={title}>
            {items.map((b) => (
              <BookingItem
                key={b.id}
                booking={b}
                zone={zone}
                extra={
                  toReview.has(b.id) ? (
                    <ButtonLink to={`/reviews?booking=${b.id}`} variant="accent" className="px-3 py-1.5 text-sm" aria-label={`Write a review: ${b.service.name} with ${b.artist.displayName}`}>
                      Write a review
                    </ButtonLink>
                  ) : null
                }
              />
            ))}
          </ul>
        ) : null}
        <ShowMore pages={pages} />
      </Section>
    </>
  );
}

function formatDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d)));
}

function Waitlist() {
  const queryClient = useQueryClient();
  const query = useQuery(waitlistOptions());
  const remove = useMutation({
    mutationFn: (entry: TWaitlistEntry) => leaveWaitlist(queryClient, entry.id),
    onSuccess: (_v, entry) => toast({ title: 'Removed from the waitlist', description: `${entry.artist.displayName} will not tell you about free times any more.` }),
    onError: (error) => toast({ title: 'Could not leave the waitlist', description: errorMessage(error), variant: 'error' }),
  });
  return (
    <Section id="waitlist" title="Waitlists">
      {query.isPending ? <Skeleton label="Loading your waitlists" rows={1} /> : null}
      {query.isError && query.data === undefined ? <ErrorNote error={query.error} what="your waitlists" /> : null}
      {query.data && query.data.items.length === 0 ? (
        <p className="text-stone-700">
          You are on no waitlists. When an artist is fully booked, join their waitlist from their booking page and we tell you when a time frees up.
        </p>
      ) : null}
      {query.data && query.data.items.length > 0 ? (
        <ul className="divide-y divide-stone-200" aria-label="Waitlists">
          {query.data.items.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <Link to={`/artists/${entry.artist.slug}`} className="font-medium text-stone-900 underline-offset-2 hover:underline">{entry.artist.displayName}</Link>
                <p className="text-sm text-stone-700">
                  {entry.fromDate === entry.toDate ? formatDay(entry.fromDate) : `${formatDay(entry.fromDate)} – ${formatDay(entry.toDate)}`}
                  {entry.notifiedAt ? ' · a time freed up, we told you' : ''}
                  {entry.note ? ` · ${entry.note}` : ''}
                </p>
              </div>
              <Button variant="ghost" onClick={() => remove.mutate(entry)} disabled={remove.isPending} aria-label={`Leave the waitlist of ${entry.artist.displayName}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Leave
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** The client's bookings: upcoming (with deposits due), past (with reviews to write) and waitlists. */
export function ClientBookings({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const zone = useBrowserZone();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Heading className={headingLevel === 1 ? 'text-3xl font-bold text-stone-900' : 'text-xl font-semibold text-stone-900'}>Your bookings</Heading>
          <p className="mt-1 text-sm text-stone-700">{zone ? `Times are shown in your time zone (${zone}).` : '\u00a0'}</p>
        </div>
        <ButtonLink to="/artists" variant="secondary" className="px-4 py-2 text-sm">
          <CalendarDays className="h-4 w-4" aria-hidden="true" /> Book an artist
        </ButtonLink>
      </header>
      {/* Inside the artist dashboard (a tab of it), the artist's own header carries the note. */}
      {headingLevel === 1 ? <SavedNote matches={isDashboardPath} /> : null}
      {zone ? (
        <>
          <BookingList scope="upcoming" zone={zone} title="Upcoming" empty="No upcoming appointments. When you request a time with an artist it shows here." />
          <BookingList scope="past" zone={zone} title="Past" empty="No past appointments yet." />
          <Waitlist />
        </>
      ) : (
        <Skeleton label="Loading your bookings" />
      )}
    </div>
  );
}

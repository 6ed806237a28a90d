import { CALL_STATUSES } from '../../../shared/call-window.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarPlus, CheckCircle2, HeartPulse, Info, MapPin, MessageSquare, Navigation } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { bookingStatusLabel, COMPLETION_GRACE_HOURS, isInsideNotice, type TBookingStatus } from '../../../shared/booking-rules.ts';
import { contactLinks, presentWhere } from '../../../shared/booking-place.ts';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { depositIsDueNow, depositStatusLabel } from '../../../shared/deposit-status.ts';
import type { TBookingDetail, TBookingEvent, TLedgerEntry } from '../../../shared/contracts/bookings.ts';
import { ApiError, isNetworkError } from '../../lib/api.ts';
import { useAutoRetry } from '../../lib/auto-retry.ts';
import { bookingOptions } from '../../lib/bookings.ts';
import { formatDuration, formatMoney } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { OfflinePanel } from '../../ui/offline-panel.tsx';
import { SavedNote } from '../../ui/saved-note.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ReviewPhotos } from '../../ui/review-photos.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { ConsentPanel, showsConsent } from '../../ui/consent-status.tsx';
import { FormResult } from '../../ui/form-result.tsx';
import { CONSENT_SIGNED_DONE } from '../../../shared/contracts/consent.ts';
import { ReportForm } from '../../ui/report-form.tsx';
import { BLOCK_FORM_PATH } from '../../../shared/contracts/identity.ts';
import { BookingActions } from './booking-actions.tsx';
import { bookingErrorText } from './booking-api.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { dateTime, dateTimeRange } from './time.ts';

const STATUS_STYLE: Record<TBookingStatus, string> = {
  requested: 'bg-sky-100 text-sky-900 ring-sky-300',
  accepted: 'bg-amber-100 text-amber-900 ring-amber-300',
  awaiting_deposit: 'bg-amber-100 text-amber-900 ring-amber-300',
  confirmed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  completed: 'bg-stone-200 text-stone-900 ring-stone-300',
  declined: 'bg-red-100 text-red-900 ring-red-300',
  expired: 'bg-stone-200 text-stone-800 ring-stone-300',
  cancelled_by_client: 'bg-red-100 text-red-900 ring-red-300',
  cancelled_by_artist: 'bg-red-100 text-red-900 ring-red-300',
  no_show: 'bg-red-100 text-red-900 ring-red-300',
};

const EVENT_LABELS: Record<string, string> = {
  created: 'Booking requested',
  accepted: 'Accepted by the artist',
  deposit_due: 'Deposit requested',
  deposit_paid: 'Deposit received',
  confirmed: 'Confirmed',
  declined: 'Declined',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'Marked as a no-show',
  expired: 'Expired',
  deposit_refunded: 'Deposit refunded',
  deposit_forfeited: 'Deposit kept by the artist',
};

const LEDGER_LABELS: Record<TLedgerEntry['kind'], string> = {
  deposit_paid: 'Deposit paid',
  deposit_refunded: 'Deposit refunded',
  deposit_forfeited: 'Deposit kept by the artist',
};

const METHOD_TEXT = { stripe: 'by card (Stripe)', studio: 'at the studio' } as const;
const LIVE: TBookingStatus[] = ['requested', 'accepted', 'awaiting_deposit', 'confirmed'];
/** After a Stripe payment the webhook confirms the booking within seconds: look again for this long. */
const PAYMENT_WATCH_MS = 60_000;

export function StatusBadge({ booking }: { booking: { status: TBookingStatus; endsAt: string } }) {
  const { status } = booking;
  // Read once: a confirmed booking whose time has passed reads "Awaiting completion".
  const [now] = useState(() => Date.now());
  return (
    <span data-testid="booking-status" className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${STATUS_STYLE[status]}`}>
      {bookingStatusLabel(booking, now)}
    </span>
  );
}

function Card({ title, id, children, className = '' }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-stone-200 p-4 sm:p-6 ${className}`}>
      <h2 id={id} className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-stone-700">{term}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

function Banner({ tone, children }: { tone: 'success' | 'info' | 'warning'; children: ReactNode }) {
  const style = { success: 'border-emerald-300 bg-emerald-50 text-emerald-950', info: 'border-sky-300 bg-sky-50 text-sky-950', warning: 'border-amber-300 bg-amber-50 text-amber-950' }[tone];
  const Icon = { success: CheckCircle2, info: Info, warning: AlertTriangle }[tone];
  return (
    <div role="status" className={`flex gap-3 rounded-lg border p-4 ${style}`}>
      <Icon className="mt-0.5 h-5 w-5 flex-none" aria-hidden="true" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}

function DepositBanner({ booking, param, zone }: { booking: TBookingDetail; param: string | null; zone: string }) {
  if (param === 'success') {
    if (booking.depositStatus === 'paid')
      return (
        <Banner tone="success">
          <p className="font-semibold">Deposit paid — your booking is confirmed.</p>
        </Banner>
      );
    return (
      <Banner tone="info">
        <p className="font-semibold">Thank you — your payment went through.</p>
        <p>We confirm the booking as soon as the card payment is settled, usually within seconds. This page updates by itself.</p>
      </Banner>
    );
  }
  if (param === 'cancelled')
    return (
      <Banner tone="warning">
        <p className="font-semibold">Payment cancelled — nothing was charged.</p>
        {booking.depositDueAt ? <p>You can pay the deposit until {dateTime(booking.depositDueAt, zone)}.</p> : null}
      </Banner>
    );
  return null;
}

/** What the person should do next, in one sentence, by status and role. */
function NextStep({ booking, zone }: { booking: TBookingDetail; zone: string }) {
  const client = booking.viewerRole === 'client';
  const amount = formatMoney(booking.depositCents, booking.currency);
  const due = booking.depositDueAt ? dateTime(booking.depositDueAt, zone) : null;
  const [now] = useState(() => Date.now());
  // Accepted after the notice period had begun: the deposit window is shorter than usual; say why.
  const lateNote =
    booking.depositDueAt && isInsideNotice(booking.startsAt, booking.policy.noticeHours, Date.parse(booking.depositDueAt))
      ? ` The appointment is less than ${booking.policy.noticeHours} hours away, so the deposit is due sooner than usual.`
      : '';
  switch (booking.status) {
    case 'requested':
      return (
        <p>
          {client ? `${booking.artist.displayName} has your request and answers soon.` : `${booking.client.firstName} asks for this time. Accept or decline.`}
          {booking.respondBy ? ` The request expires if not answered by ${dateTime(booking.respondBy, zone)}.` : ''}
        </p>
      );
    case 'accepted':
    case 'awaiting_deposit':
      if (booking.depositStatus !== 'due') return <p>Accepted. The time is held.</p>;
      if (!client) return <p>Waiting for {booking.client.firstName}’s {amount} deposit{due ? `, due by ${due}` : ''}.{booking.policy.depositMethod === 'studio' ? ' Mark it received once they have paid you.' : ''}</p>;
      return booking.policy.depositMethod === 'studio' ? (
        <div className="space-y-2" data-testid="studio-deposit">
          <p>
            Accepted! Pay the <strong>{amount}</strong> deposit at the studio{due ? <> by <strong>{due}</strong></> : ''} to secure your time. The artist marks it received and your booking is confirmed.
            {lateNote}
          </p>
          {booking.policy.depositInstructions ? <p className="whitespace-pre-line rounded-md bg-white/60 p-3">{booking.policy.depositInstructions}</p> : null}
        </div>
      ) : (
        <p>
          Accepted! Pay the <strong>{amount}</strong> deposit by card{due ? <> by <strong>{due}</strong></> : ''} to secure your time.
          {lateNote}
        </p>
      );
    case 'confirmed':
      if (now >= Date.parse(booking.endsAt)) {
        const autoAt = dateTime(new Date(Date.parse(booking.endsAt) + COMPLETION_GRACE_HOURS * 3_600_000).toISOString(), zone);
        return client ? (
          <p>The appointment has ended. {booking.artist.displayName} marks it completed, or it completes by itself on {autoAt}; then you can leave a review.</p>
        ) : (
          <p>The appointment has ended. Mark it completed, or a no-show if {booking.client.firstName} did not come. Unmarked, it completes by itself on {autoAt}.</p>
        );
      }
      return <p>Confirmed. {client ? 'See you there!' : 'The time is in your calendar.'}</p>;
    case 'completed':
      return <p>Completed.{client && !booking.review ? ' How did it go? Your review helps others choose.' : ''}</p>;
    case 'declined':
      return <p>{client ? `${booking.artist.displayName} could not take this booking.` : 'You declined this request.'}</p>;
    case 'expired':
      return <p>This booking expired: {booking.events.some((e) => e.action === 'accepted') ? 'the deposit was not paid in time' : 'the request was not answered in time'}, so the time was released.</p>;
    case 'cancelled_by_client':
      return <p>Cancelled by {client ? 'you' : booking.client.firstName}.</p>;
    case 'cancelled_by_artist':
      return <p>Cancelled by {client ? booking.artist.displayName : 'you'}.</p>;
    case 'no_show':
      return <p>Marked as a no-show.</p>;
  }
}

function Timeline({ events, zone }: { events: TBookingEvent[]; zone: string }) {
  const sorted = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <ol className="relative space-y-4 border-l-2 border-stone-200 pl-5" aria-label="Booking history">
      {sorted.map((event) => (
        <li key={event.id} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-stone-700" />
          <p className="font-medium text-stone-900">{EVENT_LABELS[event.action] ?? event.action.replace(/_/g, ' ')}</p>
          <p className="text-sm text-stone-700">
            <time dateTime={event.createdAt}>{dateTime(event.createdAt, zone)}</time>
            {event.actor ? ` · ${event.actor.name}` : ''}
          </p>
          {event.note ? <p className="mt-1 whitespace-pre-line rounded-md bg-stone-50 p-2 text-sm text-stone-800">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function When({ booking, zone }: { booking: TBookingDetail; zone: string }) {
  const zones: Array<[string, string]> = [[`Your time (${zone})`, zone]];
  if (booking.artist.timezone !== zone) zones.push([`Artist’s time (${booking.artist.timezone})`, booking.artist.timezone]);
  if (booking.viewerRole !== 'client' && booking.clientTimezone !== zone && booking.clientTimezone !== booking.artist.timezone)
    zones.push([`Client’s time (${booking.clientTimezone})`, booking.clientTimezone]);
  return (
    <dl>
      {zones.map(([term, z]) => (
        <Row key={z} term={term}>
          <time dateTime={booking.startsAt}>{dateTimeRange(booking.startsAt, booking.endsAt, z)}</time>
        </Row>
      ))}
      <Row term="Length">{formatDuration(booking.service.durationMinutes)}</Row>
      <Row term="Where">
        <Where booking={booking} />
      </Row>
      {booking.viewerRole === 'client' ? (
        <Row term={`Reach ${booking.artist.displayName}`}>
          <Contact booking={booking} />
        </Row>
      ) : null}
    </dl>
  );
}

const OUTSIDE_LINK = 'font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/** The studio with its address, a map and directions; the city for an artist without a studio; the truth about video calls. */
function Where({ booking }: { booking: TBookingDetail }) {
  const where = presentWhere(booking);
  return (
    <div className="space-y-1" data-testid="booking-where">
      {where.kind === 'video' ? (
        <>
          <p>{where.title}</p>
          {where.note ? <p className="text-sm text-stone-700">{where.note}</p> : null}
          {(CALL_STATUSES as readonly string[]).includes(booking.status) ? (
            <p>
              {/* A document of its own: only call pages' documents may use the camera (src/shared/media-capture.ts). */}
              <Link to={`/consultations/${booking.id}`} reloadDocument className={OUTSIDE_LINK}>
                Open the call room
              </Link>
            </p>
          ) : null}
        </>
      ) : where.kind === 'studio' ? (
        <>
          <p>
            <Link to={where.studioPath} className={OUTSIDE_LINK}>{where.name}</Link>
          </p>
          <p>{where.address}</p>
          {where.locality ? <p>{where.locality}</p> : null}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <OpenStreetMapLink href={where.mapUrl} label="Map" hidden={`of ${where.name}`} icon={<MapPin className="h-4 w-4" aria-hidden="true" />} />
            <OpenStreetMapLink href={where.directionsUrl} label="Directions" hidden={`to ${where.name}`} icon={<Navigation className="h-4 w-4" aria-hidden="true" />} />
          </p>
        </>
      ) : (
        <>
          <p>
            {where.place} <OpenStreetMapLink href={where.mapUrl} label="Map" hidden={`of ${where.place}`} />
          </p>
          <p className="text-sm text-stone-700">{where.note}</p>
        </>
      )}
    </div>
  );
}

/** A link out to OpenStreetMap; the visible word is short, screen readers hear what and where. */
function OpenStreetMapLink({ href, label, hidden, icon }: { href: string; label: string; hidden: string; icon?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={`inline-flex items-center gap-1 text-sm ${OUTSIDE_LINK}`}>
      {icon} {label}
      <span className="sr-only"> {hidden} on OpenStreetMap (opens in a new tab)</span>
    </a>
  );
}

/** Only what the artist gave Inkhaven: their Instagram and their studio's page. */
function Contact({ booking }: { booking: TBookingDetail }) {
  const links = contactLinks(booking);
  if (links.length === 0) return <p className="text-stone-800">{booking.artist.displayName} has not shared contact details on Inkhaven; this page and its e-mails carry their answers.</p>;
  return (
    <ul className="space-y-1" aria-label={`How to reach ${booking.artist.displayName}`}>
      {links.map((l) => (
        <li key={l.href}>
          <span className="text-sm text-stone-700">{l.label}: </span>
          {l.href.startsWith('/') ? (
            <Link to={l.href} className={OUTSIDE_LINK}>{l.text}</Link>
          ) : (
            <a href={l.href} target="_blank" rel="noreferrer" className={OUTSIDE_LINK}>
              {l.text}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function Deposit({ booking, zone }: { booking: TBookingDetail; zone: string }) {
  if (booking.depositCents === 0 && booking.ledger.length === 0) return <p className="text-stone-800">No deposit for this booking.</p>;
  return (
    <div className="space-y-3">
      <dl>
        <Row term="Amount">{formatMoney(booking.depositCents, booking.currency)}</Row>
        <Row term="Status">
          <span data-testid="deposit-status">{depositStatusLabel(booking)}</span>
        </Row>
        <Row term="Paid how">{booking.policy.depositMethod === 'stripe' ? 'By card through Stripe' : 'At the studio'}</Row>
        {booking.depositDueAt && depositIsDueNow(booking) ? (
          <Row term="Due by">
            <time dateTime={booking.depositDueAt}>{dateTime(booking.depositDueAt, zone)}</time>
          </Row>
        ) : null}
      </dl>
      {booking.ledger.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Deposit payments</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-700">
              <th scope="col" className="py-2 pr-3 font-medium">What</th>
              <th scope="col" className="py-2 pr-3 font-medium">Amount</th>
              <th scope="col" className="py-2 font-medium">When</th>
            </tr>
          </thead>
          <tbody>
            {booking.ledger.map((row) => (
              <tr key={row.id} className="border-b border-stone-100">
                <td className="py-2 pr-3 text-stone-900">
                  {LEDGER_LABELS[row.kind]} <span className="text-stone-600">{METHOD_TEXT[row.method]}</span>
                  {row.note ? <span className="block text-xs text-stone-600">{row.note}</span> : null}
                </td>
                <td className="py-2 pr-3 text-stone-900">{formatMoney(row.amountCents, row.currency)}</td>
                <td className="py-2 text-stone-800">
                  <time dateTime={row.createdAt}>{dateTime(row.createdAt, zone)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function Details({ booking }: { booking: TBookingDetail }) {
  const colour = booking.colour === 'colour' ? 'Colour' : booking.colour === 'black_and_grey' ? 'Black and grey' : null;
  return (
    <div className="space-y-4">
      <dl>
        <Row term="Service">
          {booking.service.name}
          {booking.service.kind === 'consultation' ? ` · ${booking.mode === 'video' ? 'video call' : 'in person'}` : ''}
        </Row>
        {booking.flashDesign ? (
          <Row term="Flash design">
            <span className="flex items-center gap-3">
              <img src={booking.flashDesign.thumbUrl} alt="" width={56} height={56} className="h-14 w-14 rounded-md object-cover" />
              {booking.flashDesign.title}
            </span>
          </Row>
        ) : null}
        <Row term="Idea">
          <span className="whitespace-pre-line">{booking.idea}</span>
        </Row>
        {booking.placement ? <Row term="Placement">{booking.placement}</Row> : null}
        {booking.size ? <Row term="Size">{booking.size}</Row> : null}
        {colour ? <Row term="Colour">{colour}</Row> : null}
      </dl>
      {booking.images.length ? (
        <div>
          <h3 className="text-sm font-medium text-stone-700">Photos</h3>
          <ul className="mt-2 flex flex-wrap gap-3" aria-label="Photos">
            {booking.images.map((image, i) => (
              <li key={image.id}>
                <a href={image.url} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  <img src={image.thumbUrl} alt={`${image.kind === 'placement' ? 'Placement' : 'Reference'} photo ${i + 1}`} width={112} height={112} loading="lazy" className="h-28 w-28 rounded-md border border-stone-200 object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function Policy({ booking, zone }: { booking: TBookingDetail; zone: string }) {
  const p = booking.policy;
  return (
    <dl>
      <Row term="Deposit">{p.depositCents > 0 ? `${formatMoney(p.depositCents, p.currency)}, paid ${METHOD_TEXT[p.depositMethod]}, within ${p.depositWindowHours} hours of acceptance` : 'None'}</Row>
      <Row term="Notice">{p.noticeHours} hours before the appointment</Row>
      <Row term="Reschedules">
        <span data-testid="reschedules-used">
          {booking.rescheduleCount} of {p.maxReschedules} used
        </span>
      </Row>
      <Row term="Late cancellation">{p.depositCents > 0 ? `A client who cancels within ${p.noticeHours} hours loses the deposit; an artist cancellation refunds it in full.` : `Please cancel at least ${p.noticeHours} hours ahead.`}</Row>
      {booking.policyAcceptedAt ? (
        <Row term="Accepted">
          <time dateTime={booking.policyAcceptedAt}>{dateTime(booking.policyAcceptedAt, zone)}</time>
        </Row>
      ) : null}
    </dl>
  );
}

function Review({ booking }: { booking: TBookingDetail }) {
  const review = booking.review;
  if (review)
    return (
      <Card title={booking.viewerRole === 'client' ? 'Your review' : 'Review'} id="review-heading">
        <StarRating value={review.ratingValue} />
        <p className="mt-2 font-semibold text-stone-900">{review.headline}</p>
        <p className="mt-1 whitespace-pre-line text-stone-800">{review.reviewBody}</p>
        <ReviewPhotos photos={review.photos} className="mt-3" />
        {review.reply ? <p className="mt-3 rounded-md bg-stone-50 p-3 text-sm text-stone-800">Reply from {booking.artist.displayName}: {review.reply.body}</p> : null}
      </Card>
    );
  if (booking.status !== 'completed' || booking.viewerRole !== 'client') return null;
  return (
    <Card title="How did it go?" id="review-heading">
      <p className="text-stone-800">Reviews from completed bookings are marked “Verified Booking” and help other clients choose.</p>
      <ButtonLink to={`/reviews?booking=${booking.id}`} className="mt-4">Leave a review</ButtonLink>
    </Card>
  );
}

function Skeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" role="status" aria-live="polite">
      <span className="sr-only">Loading the booking…</span>
      <div aria-hidden="true" className="animate-pulse space-y-4">
        <div className="h-8 w-1/2 rounded bg-stone-200" />
        <div className="h-6 w-32 rounded-full bg-stone-200" />
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <div className="h-64 rounded-lg bg-stone-200" />
          <div className="h-64 rounded-lg bg-stone-200" />
        </div>
      </div>
    </div>
  );
}

function Problem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p role="alert" className="mt-3 text-stone-700">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {onRetry ? <Button variant="secondary" onClick={onRetry}>Try again</Button> : null}
        <ButtonLink to="/dashboard">Go to your bookings</ButtonLink>
      </div>
    </div>
  );
}

const isBookingPath = (path: string) => path.startsWith('/api/bookings/');

/** /bookings/:id: where a booking stands, its history and details, and what the viewer can do now. */
/** Report this booking, block the other person: forms the browser posts itself (303 back here). */
function Safety({ booking, client }: { booking: TBookingDetail; client: boolean }) {
  const other = client ? booking.artist.displayName : booking.client.firstName;
  const returnTo = `/bookings/${booking.id}`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">If something about this booking worries you, tell the Inkhaven team. If you are in danger, call local emergency services first.</p>
      <ReportForm targetType="booking" targetId={booking.id} label="Report this booking" returnTo={returnTo} />
      <form method="post" action={BLOCK_FORM_PATH}>
        <input type="hidden" name="intent" value="block" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="text-sm text-stone-700 underline underline-offset-2 hover:text-stone-900">Block {other}</button>
      </form>
    </div>
  );
}

export default function BookingPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const depositParam = params.get('deposit');
  // The viewer's zone is known only in the browser (null while hydrating keeps the server's HTML stable).
  const browserZone = useBrowserZone();
  const [openedAt] = useState(() => Date.now());
  const query = useQuery({
    ...bookingOptions(id),
    refetchInterval: (q) => (depositParam === 'success' && q.state.data?.depositStatus === 'due' && Date.now() - openedAt < PAYMENT_WATCH_MS ? 3000 : false),
  });

  const status = query.isError && query.error instanceof ApiError ? query.error.status : 0;
  // Without an answer (offline, or the server down for a moment), try again by itself; with a saved copy, show that.
  const unanswered = query.isError && query.data === undefined && (isNetworkError(query.error) || status >= 500);
  const retry = () => void query.refetch({ cancelRefetch: false });
  useAutoRetry(retry, unanswered);

  if (status === 404) return <Problem title="Booking not found" text="We could not find this booking. It may not exist, or it belongs to someone else's account." />;
  if (status === 403) return <Problem title="Not your booking" text="This booking belongs to another account. Sign in with the account that made it." />;
  if (query.isError && query.data === undefined) {
    if (isNetworkError(query.error)) {
      return (
        <OfflinePanel title="This booking is not saved on this device" onRetry={retry}>
          <p>Bookings you opened before can be read offline; this one needs a connection first.</p>
        </OfflinePanel>
      );
    }
    return <Problem title="Could not load this booking" text={bookingErrorText(query.error)} onRetry={retry} />;
  }
  if (!query.data) return <Skeleton />;
  const booking = query.data;
  const client = booking.viewerRole === 'client';
  // Until the browser names its zone (server render, hydration), times show in the zone the viewer
  // booked or works in, so the page reads whole before its JavaScript runs, or without it.
  const zone = browserZone ?? (client ? booking.clientTimezone : booking.artist.timezone);
  const live = LIVE.includes(booking.status);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-3">
        <p className="text-sm">
          <Link to="/dashboard" className="text-stone-700 underline underline-offset-2 hover:text-stone-900">
            All bookings
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
            {client ? (
              <>
                {booking.service.name} with <Link to={`/artists/${booking.artist.slug}`} className="underline underline-offset-4">{booking.artist.displayName}</Link>
              </>
            ) : (
              `${booking.service.name} for ${booking.client.firstName}`
            )}
          </h1>
          <StatusBadge booking={booking} />
        </div>
        <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="People on this booking">
          <li className="flex items-center gap-2">
            <Avatar id={booking.artist.id} name={booking.artist.displayName} url={booking.artist.avatarUrl} decorative />
            <span className="text-sm leading-tight text-stone-900">
              {booking.artist.displayName}
              <span className="block text-xs text-stone-600">{client ? 'Your artist' : 'You, the artist'}</span>
            </span>
          </li>
          <li className="flex items-center gap-2">
            <Avatar id={booking.client.id} name={booking.client.firstName} url={booking.client.avatarUrl} decorative />
            <span className="text-sm leading-tight text-stone-900">
              {booking.client.firstName}
              <span className="block text-xs text-stone-600">{client ? 'You, the client' : 'Client'}</span>
            </span>
          </li>
        </ul>
        <p className="text-stone-800">
          <time dateTime={booking.startsAt}>{dateTimeRange(booking.startsAt, booking.endsAt, zone)}</time>
        </p>
        {booking.conversationId && isLiveHref('/messages') ? (
          <p>
            <Link to={`/messages/${booking.conversationId}`} className="inline-flex items-center gap-2 font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <MessageSquare className="h-4 w-4" aria-hidden="true" /> Message {client ? booking.artist.displayName : booking.client.firstName} about this booking
            </Link>
          </p>
        ) : null}
        {booking.status === 'completed' && booking.service.kind !== 'consultation' ? (
          <p>
            <Link to={`/bookings/${booking.id}/aftercare`} className="inline-flex items-center gap-2 font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <HeartPulse className="h-4 w-4" aria-hidden="true" /> {client ? 'Aftercare plan and “how is it healing?” check-ins' : 'Aftercare plan and the client’s healing check-ins'}
            </Link>
          </p>
        ) : null}
        <SavedNote matches={isBookingPath} />
        {!client && booking.clientNoShows && booking.clientNoShows > 0 ? (
          <p className="inline-flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="client-no-shows">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" />
            {booking.client.firstName} has {booking.clientNoShows} earlier no-show{booking.clientNoShows === 1 ? '' : 's'}.
          </p>
        ) : null}
      </header>

      <DepositBanner booking={booking} param={depositParam} zone={zone} />
      <FormResult
        messages={{
          reported: 'Thank you. The Inkhaven team will look at your report.',
          blocked: 'Blocked. Neither of you can message the other; unblock in your account settings.',
          [CONSENT_SIGNED_DONE]: 'Thank you: your consent form is signed and sealed. You can download it below.',
        }}
      />

      <section aria-labelledby="now-heading" className="space-y-4 rounded-lg border border-stone-300 bg-stone-50 p-4 sm:p-6">
        <h2 id="now-heading" className="text-lg font-semibold text-stone-900">Where it stands</h2>
        <div className="text-stone-900" data-testid="next-step">
          <NextStep booking={booking} zone={zone} />
        </div>
        {booking.artistMessage ? (
          <p className="whitespace-pre-line rounded-md bg-white p-3 text-stone-800">
            <span className="font-medium">{client ? `${booking.artist.displayName} wrote:` : 'Your message:'}</span> {booking.artistMessage}
          </p>
        ) : null}
        {booking.cancelReason ? <p className="whitespace-pre-line rounded-md bg-white p-3 text-stone-800"><span className="font-medium">Reason given:</span> {booking.cancelReason}</p> : null}
        <BookingActions booking={booking} viewerZone={zone} />
        {live ? (
          <p>
            <a href={`/api/bookings/${booking.id}/calendar.ics`} download={`inkhaven-booking-${booking.id}.ics`} className="inline-flex items-center gap-2 font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Add to calendar
            </a>
          </p>
        ) : null}
      </section>

      {showsConsent(booking) ? (
        <Card title="Consent form" id="consent-heading">
          <ConsentPanel booking={booking} />
        </Card>
      ) : null}

      <Review booking={booking} />

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Card title="When" id="when-heading">
            <When booking={booking} zone={zone} />
          </Card>
          <Card title="Details" id="details-heading">
            <Details booking={booking} />
          </Card>
          <Card title="Deposit" id="deposit-heading">
            <Deposit booking={booking} zone={zone} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card title="History" id="history-heading">
            <Timeline events={booking.events} zone={zone} />
          </Card>
          <Card title="Policy accepted" id="policy-heading">
            <Policy booking={booking} zone={zone} />
          </Card>
          <Card title="Safety" id="safety-heading">
            <Safety booking={booking} client={client} />
          </Card>
        </div>
      </div>
    </div>
  );
}

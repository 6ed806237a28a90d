import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CalendarClock, Copy, CreditCard, FileSignature, Images, Link2, RefreshCw, Settings, Star, UserRoundPen } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TBooking, TBookingListQuery, TDepositSummary } from '../../../shared/contracts/bookings.ts';
import { depositIsDueNow } from '../../../shared/deposit-status.ts';
import { bookingListOptions, bookingSettingsOptions, type TOwnArtist } from '../../lib/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney, zoneLabel } from '../../lib/format.ts';
import { formatDistance } from '../../lib/relative-time.ts';
import { toast } from '../../lib/toast.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { BookingCalendar } from './booking-calendar.tsx';
import { ClientBookings } from './client-dashboard.tsx';
import { SavedNote } from '../../ui/saved-note.tsx';
import { ConsentListLine } from '../../ui/consent-status.tsx';
import { bookingPagesOptions, depositSummaryOptions, isDashboardPath, recentLedgerOptions, resetCalendarLink } from './dashboard-api.ts';
import { BookingActionButton, CARD, depositLine, DIALOG_ACTIONS, ErrorNote, formatTimeRange, formatWhen, Section, ShowMore, Skeleton, StatusBadge } from './dashboard-parts.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { DepositBar } from './deposit-chart.tsx';

const DepositChart = lazy(() => import('./deposit-chart.tsx'));
const InsightsPanel = lazy(() => import('./insights-panel.tsx'));

const TABS = [
  { id: 'requests', label: 'Requests' },
  { id: 'today', label: 'Today' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'deposits', label: 'Deposits due' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'mine', label: 'My appointments' },
  { id: 'insights', label: 'Insights' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const isTab = (v: string | null): v is TabId => TABS.some((t) => t.id === v);

const TOOLS: Array<{ to: string; label: string; icon: typeof Settings }> = [
  { to: '/dashboard/profile', label: 'Profile and services', icon: UserRoundPen },
  { to: '/dashboard/portfolio', label: 'Portfolio and flash', icon: Images },
  { to: '/dashboard/availability', label: 'Availability', icon: CalendarClock },
  { to: '/dashboard/booking-settings', label: 'Booking settings', icon: Settings },
  { to: '/artist/payment-setup', label: 'Payment setup', icon: CreditCard },
  { to: '/artist/consent-forms', label: 'Consent forms', icon: FileSignature },
  { to: '/reviews', label: 'Reviews', icon: Star },
  { to: '/dashboard/verification', label: 'Licences and verification', icon: BadgeCheck },
];

function RequestItem({ booking, zone }: { booking: TBooking; zone: string }) {
  const [now] = useState(() => Date.now());
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <Avatar id={booking.client.id} name={booking.client.firstName || 'Client'} url={booking.client.avatarUrl} size="sm" decorative />
        <Link to={`/bookings/${booking.id}`} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
          {booking.service.name} for {booking.client.firstName || 'a client'}
        </Link>
        {booking.flashDesign ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">Flash: {booking.flashDesign.title}</span> : null}
        {booking.mode === 'video' ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">Video</span> : null}
      </div>
      <p className="text-sm text-stone-800">
        <time dateTime={booking.startsAt}>{formatWhen(booking.startsAt, zone)}</time> ({formatTimeRange(booking.startsAt, booking.endsAt, zone)})
      </p>
      <p className="line-clamp-3 text-sm text-stone-700">{booking.idea}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
        {booking.placement ? (
          <div>
            <dt className="inline font-medium">Placement: </dt>
            <dd className="inline">{booking.placement}</dd>
          </div>
        ) : null}
        {booking.size ? (
          <div>
            <dt className="inline font-medium">Size: </dt>
            <dd className="inline">{booking.size}</dd>
          </div>
        ) : null}
        {booking.depositCents > 0 ? (
          <div>
            <dt className="inline font-medium">Deposit: </dt>
            <dd className="inline">{formatMoney(booking.depositCents, booking.currency)}</dd>
          </div>
        ) : null}
        {booking.clientNoShows ? (
          <div className="text-red-800">
            <dt className="inline font-medium">Earlier no-shows: </dt>
            <dd className="inline">{booking.clientNoShows}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <BookingActionButton booking={booking} action="accept" />
        <BookingActionButton booking={booking} action="decline" />
        {booking.respondBy ? (
          <p className="text-sm text-amber-900">
            Answer by <time dateTime={booking.respondBy}>{formatWhen(booking.respondBy, zone)}</time>
            {Date.parse(booking.respondBy) > now ? ` (in ${formatDistance(booking.respondBy, now)})` : ''}; unanswered requests expire.
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ArtistBookingItem({ booking, zone }: { booking: TBooking; zone: string }) {
  const deposit = depositLine(booking);
  const actions = DIALOG_ACTIONS.filter((a) => booking.allowedActions.includes(a));
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Avatar id={booking.client.id} name={booking.client.firstName || 'Client'} url={booking.client.avatarUrl} decorative />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Link to={`/bookings/${booking.id}`} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
              {booking.service.name} for {booking.client.firstName || 'a client'}
            </Link>
            <StatusBadge booking={booking} />
          </p>
          <p className="text-sm text-stone-700">
            <time dateTime={booking.startsAt}>{formatWhen(booking.startsAt, zone)}</time> ({formatTimeRange(booking.startsAt, booking.endsAt, zone)})
          </p>
          {deposit ? (
            <p className="text-sm text-stone-600">
              {deposit}
              {depositIsDueNow(booking) && booking.depositDueAt ? (
                <>
                  {' '}· due by <time dateTime={booking.depositDueAt}>{formatWhen(booking.depositDueAt, zone)}</time>
                </>
              ) : null}
            </p>
          ) : null}
          <ConsentListLine booking={booking} />
        </div>
      </div>
      {actions.length > 0 ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {actions.map((a) => (
            <BookingActionButton key={a} booking={booking} action={a} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

function ArtistList({ scope, zone, label, empty, kind = 'booking' }: { scope: TBookingListQuery['scope']; zone: string; label: string; empty: ReactNode; kind?: 'request' | 'booking' }) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(bookingPagesOptions(queryClient, { as: 'artist', scope }));
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      {pages.isPending ? <Skeleton label={`Loading ${label.toLowerCase()}`} /> : null}
      {pages.isError && pages.data === undefined ? <ErrorNote error={pages.error} what={label.toLowerCase()} /> : null}
      {pages.data && items.length === 0 ? <div className="rounded-md bg-stone-50 p-4 text-stone-700">{empty}</div> : null}
      {items.length > 0 ? (
        <ul className="divide-y divide-stone-200" aria-label={label}>
          {items.map((b) => (kind === 'request' ? <RequestItem key={b.id} booking={b} zone={zone} /> : <ArtistBookingItem key={b.id} booking={b} zone={zone} />))}
        </ul>
      ) : null}
      <ShowMore pages={pages} />
    </div>
  );
}

/** How many items a scope holds, for the tab labels and the overview (the first page is enough to say "50+"). */
function useScopeCount(scope: TBookingListQuery['scope']): string | null {
  const query = useQuery(bookingListOptions({ as: 'artist', scope }));
  if (!query.data) return null;
  return `${query.data.items.length}${query.data.nextCursor ? '+' : ''}`;
}

/**
 * The summary's figures are disjoint (each deposit paid in is in exactly one), so they are shown
 * side by side and their sum is what clients paid in all. Awaiting refund appears only when there is some.
 */
function DepositFigures({ summary }: { summary: TDepositSummary }) {
  // recharts measures the page after hydration; the server has nothing to measure.
  const mounted = useHydrated();
  const figures: Array<DepositBar & { explain: string }> = [
    { label: 'Held', cents: summary.heldCents, colour: '#0369a1', explain: 'paid for appointments still to come' },
    { label: 'Received', cents: summary.receivedCents, colour: '#047857', explain: 'paid for appointments that took place' },
    { label: 'Forfeited', cents: summary.forfeitedCents, colour: '#b45309', explain: 'kept after late cancellations and no-shows' },
    { label: 'Refunded', cents: summary.refundedCents, colour: '#a8a29e', explain: 'returned to clients' },
  ];
  if (summary.awaitingRefundCents !== 0)
    figures.push({ label: 'Awaiting refund', cents: summary.awaitingRefundCents, colour: '#be123c', explain: 'paid for cancelled bookings, on its way back to clients' });
  const paidIn = figures.reduce((sum, f) => sum + f.cents, 0);
  const bars: DepositBar[] = figures.map(({ label, cents, colour }) => ({ label, cents, colour }));
  const any = figures.some((b) => b.cents > 0);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3" data-testid="deposit-figures">
        {figures.map((b) => (
          <div key={b.label} className="rounded-md bg-stone-50 p-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-stone-600">{b.label}</dt>
            <dd className="text-xl font-bold text-stone-900">{formatMoney(b.cents, summary.currency)}</dd>
            <dd className="text-xs text-stone-600">{b.explain}</dd>
          </div>
        ))}
      </dl>
      {any ? <p className="text-sm text-stone-700">Each deposit is counted once, where it ended up: clients have paid {formatMoney(paidIn, summary.currency)} in deposits in all.</p> : null}
      {summary.dueCount > 0 ? (
        <p className="text-sm text-amber-900">
          {summary.dueCount === 1 ? 'One deposit is' : `${summary.dueCount} deposits are`} due from clients: {formatMoney(summary.outstandingCents, summary.currency)} outstanding, not yet paid.
        </p>
      ) : null}
      {any && mounted ? (
        <Suspense fallback={<div className="h-44 animate-pulse rounded-md bg-stone-100 motion-reduce:animate-none" />}>
          <DepositChart bars={bars} currency={summary.currency} />
        </Suspense>
      ) : null}
    </div>
  );
}

const LEDGER_KIND: Record<string, string> = { deposit_paid: 'Deposit paid', deposit_refunded: 'Refunded', deposit_forfeited: 'Forfeited' };

function Deposits({ zone }: { zone: string }) {
  const summary = useQuery(depositSummaryOptions());
  const ledger = useQuery(recentLedgerOptions());
  return (
    <Section id="deposits" title="Deposits" action={<Link to="/artist/payment-setup" className="text-sm font-medium underline underline-offset-2">Payment setup</Link>}>
      {summary.isPending ? <Skeleton label="Loading deposits" rows={2} /> : null}
      {summary.isError && summary.data === undefined ? <ErrorNote error={summary.error} what="your deposits" /> : null}
      {summary.data ? <DepositFigures summary={summary.data} /> : null}
      <h3 className="mt-6 font-semibold text-stone-900">Recent payments</h3>
      {ledger.isPending ? <Skeleton label="Loading recent payments" rows={2} /> : null}
      {ledger.isError && ledger.data === undefined ? <ErrorNote error={ledger.error} what="recent payments" /> : null}
      {ledger.data && ledger.data.items.length === 0 ? <p className="mt-2 text-sm text-stone-700">No deposits have been paid, refunded or kept yet.</p> : null}
      {ledger.data && ledger.data.items.length > 0 ? (
        <ul className="mt-2 divide-y divide-stone-200" aria-label="Recent payments">
          {ledger.data.items.map((row) => (
            <li key={row.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <Link to={`/bookings/${row.bookingId}`} className="font-medium text-stone-900 underline-offset-2 hover:underline">
                  {row.booking.serviceName}, {row.booking.clientFirstName || 'client'}
                </Link>
                <p className="text-xs text-stone-600">
                  <time dateTime={row.createdAt}>{new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(row.createdAt))}</time> ·{' '}
                  {LEDGER_KIND[row.kind] ?? row.kind}, {row.method === 'stripe' ? 'by card' : 'at the studio'}
                </p>
              </div>
              <span className={`shrink-0 font-semibold ${row.kind === 'deposit_refunded' ? 'text-stone-600' : 'text-stone-900'}`}>
                {row.kind === 'deposit_refunded' ? '−' : ''}
                {formatMoney(row.amountCents, row.currency)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function CalendarFeed({ artist }: { artist: TOwnArtist }) {
  const queryClient = useQueryClient();
  const settings = useQuery(bookingSettingsOptions(artist.id));
  const [resetting, setResetting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const url = settings.data?.calendarFeedUrl ?? null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it into your calendar app as a subscription (“From URL”).', variant: 'success' });
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      toast({ title: 'Copy it by hand', description: 'Your browser did not allow copying; the link is selected.' });
    }
  };
  const reset = async () => {
    setResetting(true);
    try {
      await resetCalendarLink(queryClient, artist.id);
      setConfirming(false);
      toast({ title: url ? 'New calendar link ready' : 'Calendar link created', description: url ? 'The old link has stopped working. Subscribe again with the new one.' : 'Subscribe to it from your calendar app.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not reset the link', description: errorMessage(error), variant: 'error' });
    } finally {
      setResetting(false);
    }
  };

  return (
    <Section id="feed" title="Calendar feed">
      <p className="text-sm text-stone-700">
        Subscribe from Google Calendar, Apple Calendar or Outlook to see your confirmed and pending appointments there. The link is private: anyone who has it can read your schedule.
      </p>
      {settings.isPending ? <Skeleton label="Loading your calendar link" rows={1} /> : null}
      {settings.isError && settings.data === undefined ? <ErrorNote error={settings.error} what="your calendar link" /> : null}
      {settings.isSuccess ? (
        <div className="mt-3 space-y-3">
          {url ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <label htmlFor={`${id}-url`} className="sr-only">Private calendar feed address</label>
              <input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 rounded-md border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-xs text-stone-900" />
              <Button variant="secondary" onClick={() => void copy()}>
                <Copy className="h-4 w-4" aria-hidden="true" /> Copy
              </Button>
            </div>
          ) : (
            <p className="text-sm text-stone-700">You have no calendar link yet.</p>
          )}
          {confirming ? (
            <div role="group" aria-label="Confirm reset" className="rounded-md bg-amber-50 p-3 text-sm text-stone-900">
              <p>Calendars subscribed with the current link stop updating. Reset it?</p>
              <div className="mt-2 flex gap-2">
                <Button onClick={() => void reset()} disabled={resetting}>{resetting ? 'Resetting…' : 'Yes, reset the link'}</Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
              </div>
            </div>
          ) : url ? (
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Reset link
            </Button>
          ) : (
            <Button onClick={() => void reset()} disabled={resetting}>
              <Link2 className="h-4 w-4" aria-hidden="true" /> {resetting ? 'Creating…' : 'Create a calendar link'}
            </Button>
          )}
        </div>
      ) : null}
    </Section>
  );
}

function Overview({ counts }: { counts: Record<'requests' | 'today' | 'deposits', string | null> }) {
  const items: Array<[string, string | null]> = [
    ['Requests to answer', counts.requests],
    ['Appointments today', counts.today],
    ['Deposits due', counts.deposits],
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map(([label, value]) => (
        <div key={label} className={`${CARD} !p-3 sm:!p-4`}>
          <dt className="text-xs font-medium text-stone-600 sm:text-sm">{label}</dt>
          <dd className="text-2xl font-bold text-stone-900">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The artist's dashboard: requests to answer, today, upcoming, deposits due, a calendar, money and the calendar feed. */
export function ArtistDashboard({ artist }: { artist: TOwnArtist }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'requests';
  const counts = { requests: useScopeCount('requests'), today: useScopeCount('today'), deposits: useScopeCount('deposits_due') };
  const zone = artist.timezone;

  const setTab = (next: string) => {
    const p = new URLSearchParams(params);
    if (next === 'requests') p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const countFor = (t: TabId) => (t === 'requests' ? counts.requests : t === 'today' ? counts.today : t === 'deposits' ? counts.deposits : null);

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-stone-900">Dashboard</h1>
        <p className="text-stone-700">
          {artist.displayName} · times in <strong>{zoneLabel(zone)}</strong> ({zone}) ·{' '}
          <Link to={`/artists/${artist.slug}`} className="underline underline-offset-2">public profile</Link>
        </p>
        <nav aria-label="Artist tools">
          <ul className="flex flex-wrap gap-2">
            {TOOLS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link data-cta="dashboard-action" to={to} className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  <Icon className="h-4 w-4" aria-hidden="true" /> {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SavedNote matches={isDashboardPath} />
      </header>

      <Overview counts={counts} />

      <Tabs.Root value={tab} onValueChange={setTab} className={CARD}>
        <Tabs.List aria-label="Bookings" className="-mx-1 mb-4 flex gap-1 overflow-x-auto border-b border-stone-200 pb-2">
          {TABS.map((t) => {
            const n = countFor(t.id);
            return (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="shrink-0 rounded-md px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 data-[state=active]:bg-stone-900 data-[state=active]:text-white"
              >
                {t.label}
                {n && n !== '0' ? <span className="ml-1.5 rounded-full bg-amber-400 px-1.5 text-xs font-bold text-stone-950">{n}</span> : null}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <Tabs.Content value="requests">
          <h2 className="sr-only">Requests to answer</h2>
          <ArtistList scope="requests" zone={zone} label="Requests to answer" kind="request" empty="No requests waiting for an answer." />
        </Tabs.Content>
        <Tabs.Content value="today">
          <h2 className="sr-only">Today</h2>
          <ArtistList scope="today" zone={zone} label="Today" empty="Nothing booked today." />
        </Tabs.Content>
        <Tabs.Content value="upcoming">
          <h2 className="sr-only">Upcoming</h2>
          <ArtistList scope="upcoming" zone={zone} label="Upcoming" empty="No upcoming appointments yet." />
        </Tabs.Content>
        <Tabs.Content value="deposits">
          <h2 className="sr-only">Deposits due</h2>
          <ArtistList scope="deposits_due" zone={zone} label="Deposits due" empty="No deposits outstanding." />
        </Tabs.Content>
        <Tabs.Content value="calendar">
          <h2 className="sr-only">Calendar</h2>
          <BookingCalendar timezone={zone} />
        </Tabs.Content>
        <Tabs.Content value="mine">
          <ClientBookings headingLevel={2} />
        </Tabs.Content>
        <Tabs.Content value="insights">
          {tab === 'insights' ? (
            <Suspense fallback={<Skeleton label="Loading your insights" />}>
              <InsightsPanel zone={zone} />
            </Suspense>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Deposits zone={zone} />
        <CalendarFeed artist={artist} />
      </div>
    </div>
  );
}

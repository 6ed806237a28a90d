import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { WAITLIST_MAX_DAYS } from '../../../shared/booking-rules.ts';
import type { TAvailabilitySlot } from '../../../shared/contracts/availability.ts';
import { daysBetween, parseDateKey } from '../../../shared/zoned-time.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { SlotRadioGroup } from '../../ui/slot-radio-group.tsx';
import { availabilityOptions, bookingErrorText, joinWaitlist } from './booking-api.ts';
import { dayHeading, groupByDay, localDateKey, timeOnly, weekLabel, weekOffsetOf, weekRange } from './time.ts';
import { LoadError } from '../../ui/load-error.tsx';

/** How far the pager goes; the artist's own booking horizon usually ends the slots sooner. */
export const MAX_WEEKS_AHEAD = 52;
const INPUT = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';

export function ZoneNote({ viewerZone, artistZone }: { viewerZone: string; artistZone: string }) {
  return (
    <p className="text-sm text-stone-700" data-testid="zone-note">
      Times in your zone ({viewerZone}).{viewerZone === artistZone ? ' The artist works in the same zone.' : ` The artist works in ${artistZone}.`}
    </p>
  );
}

function SlotsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">Loading open times…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="animate-pulse space-y-2">
          <div className="h-4 w-40 rounded bg-stone-200" />
          <div className="flex flex-wrap gap-2">
            {[0, 1, 2, 3].map((j) => (
              <div key={j} className="h-10 w-24 rounded-md bg-stone-200" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function Waitlist({ artistId, serviceId, viewerZone, from, to, signedIn, onSignIn }: { artistId: string; serviceId: string; viewerZone: string; from: string; to: string; signedIn: boolean; onSignIn: () => void }) {
  const id = useId();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [today] = useState(() => localDateKey(Date.now(), viewerZone));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const data = new FormData(event.currentTarget);
    const fromDate = String(data.get('fromDate') ?? '');
    const toDate = String(data.get('toDate') ?? '') || fromDate;
    const a = parseDateKey(fromDate);
    const b = parseDateKey(toDate);
    if (!a || !b) return setNote({ ok: false, text: 'Choose the first and last day that would suit you.' });
    if (toDate < fromDate) return setNote({ ok: false, text: 'The last day must be on or after the first day.' });
    if (daysBetween(a, b) > WAITLIST_MAX_DAYS) return setNote({ ok: false, text: `Choose at most ${WAITLIST_MAX_DAYS} days.` });
    setPending(true);
    try {
      const noteText = String(data.get('note') ?? '').trim();
      await joinWaitlist({ artistId, serviceId, fromDate, toDate, ...(noteText ? { note: noteText } : {}) });
      setNote({ ok: true, text: 'You are on the waitlist. We will tell you as soon as a time opens up in those days.' });
      toast({ title: 'Added to the waitlist', variant: 'success' });
    } catch (error) {
      setNote({ ok: false, text: bookingErrorText(error) });
    } finally {
      setPending(false);
    }
  };

  if (!signedIn)
    return (
      <p className="text-sm text-stone-800">
        <button type="button" onClick={onSignIn} className="font-medium underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
          Sign in to join the waitlist
        </button>{' '}
        and we will tell you when a time opens up.
      </p>
    );
  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} aria-label="Join the waitlist" className="grid gap-3 rounded-md bg-stone-50 p-3 sm:grid-cols-2">
      <p className="text-sm text-stone-800 sm:col-span-2">Join the waitlist: when someone cancels in these days, you hear first.</p>
      <div className="space-y-1">
        <label htmlFor={`${id}-from`} className="block text-sm font-medium text-stone-900">First day</label>
        <input id={`${id}-from`} name="fromDate" type="date" min={today} defaultValue={from < today ? today : from} required className={INPUT} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="block text-sm font-medium text-stone-900">Last day</label>
        <input id={`${id}-to`} name="toDate" type="date" min={today} defaultValue={to} className={INPUT} />
      </div>
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-stone-900">Note for the artist (optional)</label>
        <input id={`${id}-note`} name="note" maxLength={120} placeholder="Evenings suit me best" className={INPUT} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={pending}>{pending ? 'Joining…' : 'Join the waitlist'}</Button>
        {note ? <p role={note.ok ? 'status' : 'alert'} className={`text-sm ${note.ok ? 'text-emerald-800' : 'text-red-800'}`}>{note.text}</p> : null}
      </div>
    </form>
  );
}

/**
 * Open times of one service, a week at a time, grouped by day in the viewer's zone, as one radio
 * group (SlotRadioGroup).
 */
export function SlotPicker({
  artistId,
  serviceId,
  artistZone,
  viewerZone,
  weekOffset,
  onWeekChange,
  selected,
  onSelect,
  exclude,
  notBefore,
  waitlist,
  label = 'Open times',
}: {
  artistId: string;
  serviceId: string;
  artistZone: string;
  viewerZone: string;
  weekOffset: number;
  onWeekChange: (offset: number) => void;
  selected: string | null;
  onSelect: (slot: TAvailabilitySlot) => void;
  /** A time not to offer (the booking's current one when rescheduling). */
  exclude?: string;
  /** Offer no time that starts before this instant (a reschedule keeps the artist's notice). */
  notBefore?: number;
  /** Offer the waitlist when a week has nothing (the booking flow does; a reschedule does not). */
  waitlist?: { signedIn: boolean; onSignIn: () => void };
  label?: string;
}) {
  // One "now" per picker: slots that start before it are not offered, and the weeks count from it.
  const [now] = useState(() => Date.now());
  const week = useMemo(() => weekRange(now, viewerZone, weekOffset), [now, viewerZone, weekOffset]);
  const query = useQuery({ ...availabilityOptions(artistId, { serviceId, from: week.from, to: week.to }), refetchOnMount: 'always' });
  const slots = useMemo(
    () => (query.data?.slots ?? []).filter((s) => s.startsAt !== exclude && Date.parse(s.startsAt) > now && Date.parse(s.startsAt) >= (notBefore ?? now)),
    [query.data, exclude, now, notBefore],
  );
  const days = useMemo(() => groupByDay(slots, viewerZone), [slots, viewerZone]);
  const empty = query.isSuccess && slots.length === 0;
  // When a week is empty, look ahead for the next open time so the person need not page blindly.
  const ahead = useQuery({ ...availabilityOptions(artistId, { serviceId, from: new Date(Date.parse(week.to) + 1000).toISOString(), limit: 1 }), enabled: empty });
  const next = ahead.data?.slots[0];
  const nextOffset = next ? weekOffsetOf(Date.parse(next.startsAt), now, viewerZone) : null;
  const firstDay = localDateKey(Date.parse(week.from), viewerZone);
  const lastDay = localDateKey(Date.parse(week.to), viewerZone);

  return (
    <div className="space-y-4">
      <ZoneNote viewerZone={viewerZone} artistZone={artistZone} />
      <div className="flex items-center justify-between gap-2">
        <Button variant="secondary" onClick={() => onWeekChange(weekOffset - 1)} disabled={weekOffset === 0} aria-label="Previous week">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> <span className="hidden sm:inline">Previous week</span>
        </Button>
        <p className="text-center font-medium text-stone-900" aria-live="polite" data-testid="week-label">
          {weekOffset === 0 ? 'This week: ' : ''}
          {weekLabel(week.days)}
        </p>
        <Button variant="secondary" onClick={() => onWeekChange(weekOffset + 1)} disabled={weekOffset >= MAX_WEEKS_AHEAD} aria-label="Next week">
          <span className="hidden sm:inline">Next week</span> <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>

      {query.isPending ? <SlotsSkeleton /> : null}
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>{bookingErrorText(query.error)}</LoadError>
      ) : null}
      {empty ? (
        <div className="space-y-3 rounded-md border border-dashed border-stone-300 p-4">
          <p className="font-medium text-stone-900">No open times this week.</p>
          {next && nextOffset !== null && nextOffset > weekOffset ? (
            <p className="text-sm text-stone-800">
              The next open time is{' '}
              <time dateTime={next.startsAt}>{dayHeading(localDateKey(Date.parse(next.startsAt), viewerZone))}, {timeOnly(next.startsAt, viewerZone)}</time>.{' '}
              <button type="button" onClick={() => onWeekChange(nextOffset)} className="font-medium underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                Show that week
              </button>
            </p>
          ) : ahead.isSuccess ? (
            <p className="text-sm text-stone-800">Nothing in the four weeks after it either.</p>
          ) : null}
          {waitlist ? <Waitlist artistId={artistId} serviceId={serviceId} viewerZone={viewerZone} from={firstDay} to={lastDay} signedIn={waitlist.signedIn} onSignIn={waitlist.onSignIn} /> : null}
        </div>
      ) : null}
      {days.length ? (
        <SlotRadioGroup
          label={label}
          busy={query.isFetching}
          selected={selected}
          onSelect={(value) => {
            const slot = slots.find((s) => s.startsAt === value);
            if (slot) onSelect(slot);
          }}
          days={days.map(({ day, slots: daySlots }) => ({
            key: day,
            heading: dayHeading(day),
            slots: daySlots.map((slot) => ({ value: slot.startsAt, label: timeOnly(slot.startsAt, viewerZone), ...(slot.location ? { note: `Guest spot in ${slot.location.city}` } : {}) })),
          }))}
        />
      ) : null}
    </div>
  );
}

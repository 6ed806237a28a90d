import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BOOKING_MESSAGE_MAX, bookingStatusLabel, type TBookingAction, type TBookingStatus } from '../../../shared/booking-rules.ts';
import { depositStatusLabel } from '../../../shared/deposit-status.ts';
import type { TBooking } from '../../../shared/contracts/bookings.ts';
import { runBookingAction } from '../../lib/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { STATUS_STYLES } from './calendar-model.ts';

export const CARD = 'rounded-lg border border-stone-200 bg-white p-4 sm:p-6';
export const INPUT =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700';

/** "Tue, Mar 3, 2026, 2:00 PM" in a zone. */
export function formatWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** "2:00 PM – 5:00 PM" in a zone. */
export function formatTimeRange(startIso: string, endIso: string, timeZone: string): string {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${fmt.format(new Date(startIso))} – ${fmt.format(new Date(endIso))}`;
}

export function StatusBadge({ booking }: { booking: { status: TBookingStatus; endsAt: string } }) {
  const { status } = booking;
  // Read once: a confirmed booking whose time has passed reads "Awaiting completion".
  const [now] = useState(() => Date.now());
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold no-underline ${STATUS_STYLES[status].replace('line-through', '')}`}>
      {bookingStatusLabel(booking, now)}
    </span>
  );
}

/** What the deposit line under a booking says (in the booking's state: a withdrawn request was never charged). */
export function depositLine(b: TBooking): string | null {
  if (b.depositCents <= 0 || b.depositStatus === 'not_required') return null;
  return `Deposit ${formatMoney(b.depositCents, b.currency)}: ${depositStatusLabel(b).toLowerCase()}`;
}

export function Skeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-md bg-stone-100 motion-reduce:animate-none" />
      ))}
    </div>
  );
}

export function ErrorNote({ error, what }: { error: unknown; what: string }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      Could not load {what}. {errorMessage(error)}
    </p>
  );
}

export function Section({ id, title, action, children, className = '' }: { id: string; title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`${CARD} ${className}`}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-stone-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

type DialogAction = Extract<TBookingAction, 'accept' | 'decline' | 'complete' | 'no-show' | 'mark-deposit-paid'>;

const ACTION_COPY: Record<DialogAction, { button: string; title: string; confirm: string; done: string; message: string | null; tone: 'primary' | 'secondary' }> = {
  accept: { button: 'Accept', title: 'Accept this request', confirm: 'Accept request', done: 'Request accepted', message: 'Message to the client (optional)', tone: 'primary' },
  decline: { button: 'Decline', title: 'Decline this request', confirm: 'Decline request', done: 'Request declined', message: 'Message to the client (optional)', tone: 'secondary' },
  complete: { button: 'Mark completed', title: 'Mark this appointment completed', confirm: 'Mark completed', done: 'Marked completed', message: 'Note to the client (optional)', tone: 'primary' },
  'no-show': { button: 'No-show', title: 'Mark the client as a no-show', confirm: 'Mark no-show', done: 'Marked as a no-show', message: 'Note (optional)', tone: 'secondary' },
  'mark-deposit-paid': { button: 'Deposit received', title: 'Mark the deposit received', confirm: 'Mark deposit received', done: 'Deposit marked received', message: null, tone: 'primary' },
};

export const DIALOG_ACTIONS = Object.keys(ACTION_COPY) as DialogAction[];

function explain(action: DialogAction, b: TBooking): string {
  const who = b.client.firstName || 'The client';
  switch (action) {
    case 'accept': {
      const outcome =
        b.depositCents > 0
          ? `${who} will be asked for the ${formatMoney(b.depositCents, b.currency)} deposit and has ${b.policy.depositWindowHours} hours to pay it; the time is held for them meanwhile.`
          : `The appointment is confirmed and ${who} is told right away.`;
      return b.mode === 'video' ? `${outcome} This is a video call in Inkhaven: you both join it from Video Calls, from 10 minutes before the start.` : outcome;
    }
    case 'decline':
      return `${who} is told, the time opens again for others, and nothing is charged.`;
    case 'complete':
      return `${who} can then leave a verified review of the appointment.`;
    case 'no-show':
      return `The no-show is counted on ${who}'s record that artists see.`;
    case 'mark-deposit-paid':
      return `Confirm that ${who} paid the ${formatMoney(b.depositCents, b.currency)} deposit at the studio. The appointment becomes confirmed.`;
  }
}

/** A button that opens a dialog for one booking action, with an optional message, and runs it. */
export function BookingActionButton({ booking, action, label }: { booking: TBooking; action: DialogAction; label?: string }) {
  const copy = ACTION_COPY[action];
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const trimmed = message.trim();
      await runBookingAction(queryClient, booking.id, action, copy.message && trimmed ? { message: trimmed } : {});
      setOpen(false);
      setMessage('');
      toast({ title: copy.done, description: `${booking.service.name} with ${booking.client.firstName || 'your client'}.`, variant: 'success' });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant={copy.tone} className="px-3 py-1.5 text-sm">
          {label ?? copy.button}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/50" />
        <Dialog.Content
          aria-describedby={`${id}-desc`}
          className="fixed left-1/2 top-1/2 z-[70] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900">{copy.title}</Dialog.Title>
            <Dialog.Close className="-m-1 inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description id={`${id}-desc`} className="mt-2 text-sm text-stone-700">
            {booking.service.name} · {formatWhen(booking.startsAt, booking.artist.timezone)}. {explain(action, booking)}
          </Dialog.Description>
          <form method="post" onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
            {copy.message ? (
              <div className="space-y-1">
                <label htmlFor={`${id}-msg`} className="block text-sm font-medium text-stone-900">{copy.message}</label>
                <textarea id={`${id}-msg`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={BOOKING_MESSAGE_MAX} rows={4} className={INPUT} />
              </div>
            ) : null}
            {error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Go back</Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>{pending ? 'Working…' : copy.confirm}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Show more" under a paged booking list. */
export function ShowMore({ pages }: { pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="secondary" className="mt-4" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
      {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
    </Button>
  );
}

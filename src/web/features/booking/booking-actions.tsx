import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { BOOKING_MESSAGE_MAX, clientCancellationOutcome, earliestRescheduleStart, type TBookingAction } from '../../../shared/booking-rules.ts';
import type { TAvailabilitySlot } from '../../../shared/contracts/availability.ts';
import type { TBookingDetail, TDepositAnswer } from '../../../shared/contracts/bookings.ts';
import { ApiError } from '../../lib/api.ts';
import { runBookingAction } from '../../lib/bookings.ts';
import { formatMoney } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { bookingErrorText, refreshAvailability, requestDeposit } from './booking-api.ts';
import { MAX_WEEKS_AHEAD, SlotPicker } from './slot-picker.tsx';
import { dateTime, dateTimeRange, weekOffsetOf } from './time.ts';

const TEXTAREA = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';
const DANGER = 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300';

type Variant = 'primary' | 'secondary' | 'danger';

function TriggerButton({ variant, children, ...props }: { variant: Variant; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button variant={variant === 'danger' ? 'secondary' : variant} className={variant === 'danger' ? 'border-red-300 text-red-800 hover:bg-red-50' : ''} {...props}>
      {children}
    </Button>
  );
}

/**
 * One action behind a dialog: what will happen, an optional message to the other person, and a
 * confirm button that shows progress. Radix keeps focus inside while open and returns it to the
 * button that opened it; errors stay in the dialog so the person can try again.
 */
function ActionDialog({
  trigger,
  triggerVariant = 'secondary',
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  confirmVariant = 'primary',
  message,
  canConfirm = true,
  onConfirm,
  wide = false,
}: {
  trigger: string;
  triggerVariant?: Variant;
  title: string;
  /** A function gets the moment the dialog opened, for texts that depend on the time (the cancellation outcome). */
  description: ReactNode | ((openedAt: number) => ReactNode);
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  confirmVariant?: 'primary' | 'danger';
  /** Label of the optional message field; no field when absent. */
  message?: string;
  canConfirm?: boolean;
  onConfirm: (message: string) => Promise<string | null>;
  wide?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(0);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    const problem = await onConfirm(text.trim());
    setPending(false);
    if (problem) setError(problem);
    else {
      setOpen(false);
      setText('');
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) setOpenedAt(Date.now());
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <TriggerButton variant={triggerVariant}>{trigger}</TriggerButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900">{title}</Dialog.Title>
            <Dialog.Close
              disabled={pending}
              aria-label="Close"
              className="-mr-2 -mt-2 inline-flex h-10 w-10 flex-none items-center justify-center rounded-md text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-stone-800">{typeof description === 'function' ? description(openedAt) : description}</div>
          </Dialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          {message ? (
            <div className="mt-4 space-y-1">
              <label htmlFor={`${id}-message`} className="block text-sm font-medium text-stone-900">{message}</label>
              <textarea id={`${id}-message`} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={BOOKING_MESSAGE_MAX} className={TEXTAREA} />
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>Not now</Button>
            </Dialog.Close>
            <Button onClick={() => void submit()} disabled={pending || !canConfirm} className={confirmVariant === 'danger' ? DANGER : ''}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const SUCCESS: Partial<Record<TBookingAction, string>> = {
  accept: 'Request accepted',
  decline: 'Request declined',
  cancel: 'Booking cancelled',
  reschedule: 'Booking moved',
  complete: 'Marked as completed',
  'no-show': 'Marked as a no-show',
  'mark-deposit-paid': 'Deposit marked as received',
};

function useRun(booking: TBookingDetail) {
  const queryClient = useQueryClient();
  return async (action: TBookingAction, body: Record<string, unknown>): Promise<string | null> => {
    try {
      await runBookingAction(queryClient, booking.id, action, body);
      if (action === 'cancel' || action === 'decline' || action === 'reschedule') void refreshAvailability(queryClient, booking.artistId);
      toast({ title: SUCCESS[action] ?? 'Saved', variant: 'success' });
      return null;
    } catch (error) {
      const text = bookingErrorText(error);
      toast({ title: 'That did not work', description: text, variant: 'error' });
      // A refusal means the booking (or the chosen time) moved on meanwhile: show where things stand now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: [`/api/bookings/${booking.id}`] });
        if (action === 'reschedule' || action === 'accept') void refreshAvailability(queryClient, booking.artistId);
      }
      return text;
    }
  };
}

const withMessage = (message: string) => (message ? { message } : {});

export function cancelOutcomeText(booking: TBookingDetail, now: number): string {
  const amount = formatMoney(booking.depositCents, booking.currency);
  if (booking.viewerRole !== 'client') {
    return booking.depositStatus === 'paid'
      ? `The client’s deposit of ${amount} is refunded in full${booking.policy.depositMethod === 'studio' ? ': return it to them in person' : ' to their card'}.`
      : 'No deposit has been paid, so there is nothing to refund.';
  }
  switch (clientCancellationOutcome(booking, now)) {
    case 'nothing_paid':
      return 'No deposit has been paid, so nothing is charged.';
    case 'refund':
      return `You cancel with at least ${booking.policy.noticeHours} hours’ notice, so your ${amount} deposit is refunded in full${booking.policy.depositMethod === 'studio' ? ' by the artist' : ' to your card'}.`;
    case 'forfeit':
      return `This is less than ${booking.policy.noticeHours} hours before the appointment, so under the policy you accepted the artist keeps your ${amount} deposit.`;
  }
}

function RescheduleDialog({ booking, viewerZone, run }: { booking: TBookingDetail; viewerZone: string; run: ReturnType<typeof useRun> }) {
  const [slot, setSlot] = useState<TAvailabilitySlot | null>(null);
  // The dialog opens on the booking's own week: a move is usually to a nearby day.
  const [now] = useState(() => Date.now());
  const [week, setWeek] = useState(() => Math.max(0, Math.min(MAX_WEEKS_AHEAD, weekOffsetOf(Date.parse(booking.startsAt), now, viewerZone))));
  const { maxReschedules, noticeHours } = booking.policy;
  return (
    <ActionDialog
      trigger="Reschedule"
      title="Move this booking"
      wide
      description={
        <>
          <p>
            Now: <time dateTime={booking.startsAt}>{dateTimeRange(booking.startsAt, booking.endsAt, viewerZone)}</time>.
          </p>
          <p data-testid="reschedule-count">
            {booking.rescheduleCount} of {maxReschedules} reschedules used. A booking can be moved up to {noticeHours} hours before it starts, to a time at least {noticeHours} hours away; the deposit carries over.
          </p>
        </>
      }
      message="Message (optional)"
      confirmLabel={slot ? `Move to ${dateTime(slot.startsAt, viewerZone)}` : 'Choose a new time'}
      pendingLabel="Moving…"
      canConfirm={slot !== null}
      onConfirm={async (message) => {
        if (!slot) return 'Choose a new time first.';
        const problem = await run('reschedule', { startsAt: slot.startsAt, ...withMessage(message) });
        if (problem) setSlot(null);
        return problem;
      }}
    >
      <SlotPicker
        artistId={booking.artistId}
        serviceId={booking.serviceId}
        artistZone={booking.artist.timezone}
        viewerZone={viewerZone}
        weekOffset={week}
        onWeekChange={setWeek}
        selected={slot?.startsAt ?? null}
        onSelect={setSlot}
        exclude={booking.startsAt}
        notBefore={earliestRescheduleStart(booking, now)}
        label="New time"
      />
    </ActionDialog>
  );
}

function PayDeposit({ booking }: { booking: TBookingDetail }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [studio, setStudio] = useState<Extract<TDepositAnswer, { method: 'studio' }> | null>(null);
  const pay = async () => {
    setPending(true);
    try {
      const answer = await requestDeposit(queryClient, booking.id);
      if (answer.method === 'stripe') {
        toast({ title: 'Opening secure payment…' });
        window.location.assign(answer.checkoutUrl);
        return;
      }
      setStudio(answer);
      setPending(false);
    } catch (error) {
      setPending(false);
      toast({ title: 'The payment could not start', description: bookingErrorText(error), variant: 'error' });
    }
  };
  return (
    <div className="space-y-3">
      <Button variant="accent" onClick={() => void pay()} disabled={pending}>
        {pending ? 'Opening payment…' : `Pay ${formatMoney(booking.depositCents, booking.currency)} deposit`}
      </Button>
      {studio ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-stone-900">
          Pay {formatMoney(studio.amountCents, studio.currency)} at the studio. {studio.instructions}
        </div>
      ) : null}
    </div>
  );
}

/** The buttons for what the viewer may do now (the server's allowedActions), each with its dialog. */
export function BookingActions({ booking, viewerZone }: { booking: TBookingDetail; viewerZone: string }) {
  const run = useRun(booking);
  const allowed = new Set(booking.allowedActions);
  const amount = formatMoney(booking.depositCents, booking.currency);
  const other = booking.viewerRole === 'client' ? booking.artist.displayName : booking.client.firstName;
  if (allowed.size === 0) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {allowed.has('pay-deposit') ? <PayDeposit booking={booking} /> : null}
      {allowed.has('accept') ? (
        <ActionDialog
          trigger="Accept"
          triggerVariant="primary"
          title="Accept this request?"
          description={
            <p>
              The time is held for {booking.client.firstName}.{' '}
              {booking.depositCents > 0
                ? `They then have ${booking.policy.depositWindowHours} hours to pay the ${amount} deposit, or the time is released.`
                : 'No deposit is needed, so the booking is confirmed right away.'}
              {booking.mode === 'video' ? ' This is a video call in Inkhaven: you both join it from Video Calls, from 10 minutes before the start.' : ''}
            </p>
          }
          message={`Message to ${booking.client.firstName} (optional)`}
          confirmLabel="Accept request"
          pendingLabel="Accepting…"
          onConfirm={(message) => run('accept', withMessage(message))}
        />
      ) : null}
      {allowed.has('mark-deposit-paid') ? (
        <ActionDialog
          trigger="Mark deposit received"
          triggerVariant="primary"
          title="Mark the deposit as received?"
          description={<p>Confirm that {booking.client.firstName} paid you the {amount} deposit. The booking is then confirmed and the payment is recorded.</p>}
          confirmLabel={`Yes, ${amount} received`}
          pendingLabel="Saving…"
          onConfirm={() => run('mark-deposit-paid', {})}
        />
      ) : null}
      {allowed.has('complete') ? (
        <ActionDialog
          trigger="Mark as completed"
          triggerVariant="primary"
          title="Mark this appointment as completed?"
          description={<p>{booking.client.firstName} is then asked for a review.</p>}
          confirmLabel="Mark as completed"
          pendingLabel="Saving…"
          onConfirm={() => run('complete', {})}
        />
      ) : null}
      {allowed.has('reschedule') ? <RescheduleDialog booking={booking} viewerZone={viewerZone} run={run} /> : null}
      {allowed.has('no-show') ? (
        <ActionDialog
          trigger="Mark as no-show"
          triggerVariant="danger"
          title="Mark as a no-show?"
          description={<p>Only if {booking.client.firstName} did not turn up. It shows on their record for artists they book later.</p>}
          confirmLabel="Mark as no-show"
          confirmVariant="danger"
          pendingLabel="Saving…"
          onConfirm={() => run('no-show', {})}
        />
      ) : null}
      {allowed.has('decline') ? (
        <ActionDialog
          trigger="Decline"
          triggerVariant="danger"
          title="Decline this request?"
          description={<p>{booking.client.firstName} is told straight away. A kind word about why helps them find the right artist.</p>}
          message={`Message to ${booking.client.firstName} (optional)`}
          confirmLabel="Decline request"
          confirmVariant="danger"
          pendingLabel="Declining…"
          onConfirm={(message) => run('decline', withMessage(message))}
        />
      ) : null}
      {allowed.has('cancel') ? (
        <ActionDialog
          trigger={booking.status === 'requested' && booking.viewerRole === 'client' ? 'Withdraw request' : 'Cancel booking'}
          triggerVariant="danger"
          title={booking.status === 'requested' && booking.viewerRole === 'client' ? 'Withdraw this request?' : 'Cancel this booking?'}
          description={(openedAt) => (
            <>
              <p data-testid="cancel-outcome">{cancelOutcomeText(booking, openedAt)}</p>
              <p>{other} is told straight away, and the time opens up for others.</p>
            </>
          )}
          message={`Reason for ${other} (optional)`}
          confirmLabel="Yes, cancel"
          confirmVariant="danger"
          pendingLabel="Cancelling…"
          onConfirm={(message) => run('cancel', withMessage(message))}
        />
      ) : null}
    </div>
  );
}

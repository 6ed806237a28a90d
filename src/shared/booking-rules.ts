/**
 * Booking domain rules shared by the API (which enforces them) and the UI (which shows only the
 * actions allowed now and explains the policy). DESIGN §5: states, notice, reschedules, deposits.
 */

export const BOOKING_STATUSES = [
  'requested',
  'accepted',
  'awaiting_deposit',
  'confirmed',
  'completed',
  'declined',
  'expired',
  'cancelled_by_client',
  'cancelled_by_artist',
  'no_show',
] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold the artist's time (the exclusion constraint covers exactly these). */
export const SLOT_HOLDING_STATUSES = ['accepted', 'awaiting_deposit', 'confirmed'] as const satisfies readonly TBookingStatus[];
/** Statuses in which a booking is still going somewhere. */
export const LIVE_STATUSES = ['requested', 'accepted', 'awaiting_deposit', 'confirmed'] as const satisfies readonly TBookingStatus[];
export const FINAL_STATUSES = ['completed', 'declined', 'expired', 'cancelled_by_client', 'cancelled_by_artist', 'no_show'] as const satisfies readonly TBookingStatus[];

export const BOOKING_STATUS_LABELS: Record<TBookingStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  awaiting_deposit: 'Awaiting deposit',
  confirmed: 'Confirmed',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled_by_client: 'Cancelled by client',
  cancelled_by_artist: 'Cancelled by artist',
  no_show: 'No-show',
};

export const DEPOSIT_STATUSES = ['not_required', 'pending', 'due', 'paid', 'refunded', 'forfeited'] as const;
export type TDepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** The stored status's own name; what a person reads depends on the booking too: see depositStatusLabel (deposit-status.ts). */
export const DEPOSIT_STATUS_LABELS: Record<TDepositStatus, string> = {
  not_required: 'No deposit',
  pending: 'Due once accepted',
  due: 'Due now',
  paid: 'Paid',
  refunded: 'Refunded',
  forfeited: 'Kept by the artist',
};

export type TDepositMethod = 'stripe' | 'studio';

/** Defaults of DESIGN §5; artists tune them within these bounds. */
export const BOOKING_DEFAULTS = {
  noticeHours: 48,
  maxReschedules: 2,
  depositWindowHours: 48,
} as const;
export const DEPOSIT_WINDOW_HOURS = { min: 12, max: 168, default: 48 } as const;
export const MAX_RESCHEDULES = { min: 0, max: 5, default: 2 } as const;
/** An unanswered request expires after this long, or when its start time arrives, whichever is first. */
export const REQUEST_RESPONSE_HOURS = 72;
/** The reminder goes out this long before the appointment. */
export const REMINDER_BEFORE_HOURS = 24;
/**
 * After a confirmed appointment ends, the artist is asked to mark it completed or a no-show; one
 * left unmarked this long completes by itself (the client came, in almost every case), so the
 * booking moves on and the client can review it.
 */
export const COMPLETION_GRACE_HOURS = 72;

export const BOOKING_IDEA_MAX = 2000;
export const BOOKING_TEXT_MAX = 120;
export const BOOKING_MESSAGE_MAX = 1000;
export const BOOKING_MAX_IMAGES = 8;
export const WAITLIST_MAX_DAYS = 90;

/** Actions a person can take on a booking (the POST /api/bookings/{id}/{action} verbs). */
export const BOOKING_ACTIONS = ['accept', 'decline', 'cancel', 'reschedule', 'complete', 'no-show', 'mark-deposit-paid', 'pay-deposit'] as const;
export type TBookingAction = (typeof BOOKING_ACTIONS)[number];

/** Who is acting, relative to one booking. Admins act with the artist's powers (and are audited). */
export type TBookingRole = 'client' | 'artist' | 'admin';

export type BookingPolicySnapshot = {
  depositCents: number;
  currency: string;
  noticeHours: number;
  maxReschedules: number;
  depositWindowHours: number;
  depositMethod: TDepositMethod;
  depositInstructions: string;
};

export type BookingState = {
  status: TBookingStatus;
  startsAt: string | Date;
  rescheduleCount: number;
  depositStatus: TDepositStatus;
  policy: Pick<BookingPolicySnapshot, 'noticeHours' | 'maxReschedules' | 'depositMethod'>;
};

const HOUR = 3_600_000;
const ms = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** The status as a person should read it now: a confirmed booking whose time has passed awaits completion. */
export function bookingStatusLabel(b: { status: TBookingStatus; endsAt: string | Date }, now: number): string {
  return b.status === 'confirmed' && now >= ms(b.endsAt) ? 'Awaiting completion' : BOOKING_STATUS_LABELS[b.status];
}

/** True when `now` is inside the notice window before the start (too late to reschedule, late to cancel). */
export function isInsideNotice(startsAt: string | Date, noticeHours: number, now: number): boolean {
  return now > ms(startsAt) - noticeHours * HOUR;
}

/** Why a reschedule is refused now, in words for the person; null when it is allowed. */
export function rescheduleRefusal(b: BookingState, now: number): string | null {
  if (!(['requested', 'awaiting_deposit', 'confirmed'] as TBookingStatus[]).includes(b.status))
    return `A ${BOOKING_STATUS_LABELS[b.status].toLowerCase()} booking cannot be rescheduled.`;
  if (b.rescheduleCount >= b.policy.maxReschedules)
    return b.policy.maxReschedules === 0
      ? 'This booking cannot be rescheduled under the artist’s policy.'
      : `This booking has already been rescheduled ${b.rescheduleCount} times, the most the policy allows.`;
  if (isInsideNotice(b.startsAt, b.policy.noticeHours, now))
    return `Rescheduling needs at least ${b.policy.noticeHours} hours’ notice before the appointment.`;
  return null;
}

/** Statuses whose time is promised to the client: moving them must keep the artist's notice at the new time too. */
const NOTICE_BOUND_STATUSES: readonly TBookingStatus[] = ['accepted', 'awaiting_deposit', 'confirmed'];

/**
 * The earliest instant a booking may move to now: a move is a promise like the first one, so the
 * notice that protects the artist's (and the client's deposit's) plans applies at the new time as
 * well as the old. A request is not promised yet: the artist approves its new time when accepting.
 */
export function earliestRescheduleStart(b: Pick<BookingState, 'status' | 'policy'>, now: number): number {
  return NOTICE_BOUND_STATUSES.includes(b.status) ? now + b.policy.noticeHours * HOUR : now;
}

/** Why the booking cannot move to `startsAt`, in words for the person; null when it may. */
export function rescheduleTargetRefusal(b: Pick<BookingState, 'status' | 'policy'>, startsAt: number, now: number): string | null {
  if (startsAt <= now) return 'That time has already passed; pick a time from the calendar.';
  if (startsAt < earliestRescheduleStart(b, now))
    return `The new time must also be at least ${b.policy.noticeHours} hours away: the artist’s notice period applies to the new time as well as the old one.`;
  return null;
}

/** When the notice has already begun at acceptance, the deposit is due within this long (or half the time left, if less). */
export const LATE_DEPOSIT_WINDOW_HOURS = 12;

/**
 * When a deposit falls due, decided at acceptance. It must be early enough for the artist to give
 * the time to someone else: at the latest when the notice period before the start begins. When that
 * moment has already passed (a booking accepted a day ahead with 48 hours' notice), a short window
 * that still ends well before the start: LATE_DEPOSIT_WINDOW_HOURS, or half the time left if less.
 */
export function depositDueAt(policy: Pick<BookingPolicySnapshot, 'depositWindowHours' | 'noticeHours'>, startsAt: number, now: number): { dueAt: number; late: boolean } {
  const noticeBegins = startsAt - policy.noticeHours * HOUR;
  if (noticeBegins > now) return { dueAt: Math.min(now + policy.depositWindowHours * HOUR, noticeBegins), late: false };
  return { dueAt: now + Math.min(LATE_DEPOSIT_WINDOW_HOURS * HOUR, Math.max(0, startsAt - now) / 2), late: true };
}

/** What a client's cancellation would do to the deposit right now. */
export function clientCancellationOutcome(b: BookingState, now: number): 'nothing_paid' | 'refund' | 'forfeit' {
  if (b.depositStatus !== 'paid') return 'nothing_paid';
  return isInsideNotice(b.startsAt, b.policy.noticeHours, now) ? 'forfeit' : 'refund';
}

/** The actions `role` may take on the booking at `now`; the API refuses anything else with 409 (or 403 for the wrong person). */
export function allowedActions(b: BookingState, role: TBookingRole, now: number): TBookingAction[] {
  const started = now >= ms(b.startsAt);
  const actions: TBookingAction[] = [];
  const asArtist = role === 'artist' || role === 'admin';
  switch (b.status) {
    case 'requested':
      if (asArtist) actions.push('accept', 'decline');
      if (role === 'client') actions.push('cancel');
      break;
    case 'accepted':
    case 'awaiting_deposit':
      if (role === 'client' && b.policy.depositMethod === 'stripe' && b.depositStatus === 'due') actions.push('pay-deposit');
      // A card deposit is confirmed by Stripe's webhook only; marking by hand is for pay-at-studio.
      if (asArtist && b.policy.depositMethod === 'studio' && b.depositStatus === 'due') actions.push('mark-deposit-paid');
      actions.push('cancel');
      break;
    case 'confirmed':
      if (asArtist && started) actions.push('complete', 'no-show');
      if (!started) actions.push('cancel');
      break;
    default:
      break;
  }
  if (rescheduleRefusal(b, now) === null && !started) actions.push('reschedule');
  return actions;
}

/** The status a cancellation leads to, by who cancels. */
export function cancelledStatus(role: TBookingRole): TBookingStatus {
  return role === 'client' ? 'cancelled_by_client' : 'cancelled_by_artist';
}

import { z } from 'zod';
import {
  BOOKING_IDEA_MAX,
  BOOKING_MAX_IMAGES,
  BOOKING_MESSAGE_MAX,
  BOOKING_TEXT_MAX,
  DEPOSIT_WINDOW_HOURS,
  MAX_RESCHEDULES,
  WAITLIST_MAX_DAYS,
  type BookingPolicySnapshot,
  type TBookingAction,
  type TBookingRole,
  type TBookingStatus,
  type TDepositMethod,
  type TDepositStatus,
} from '../booking-rules.ts';
import { NOTICE_HOURS_MAX, NOTICE_HOURS_MIN } from './artist-profile.ts';
import type { TReview } from './artists.ts';
import type { TConsentStatus } from './consent.ts';
import { ZDate, ZInstant, ZUuid, zText } from './input.ts';
import { REVIEW_MAX_PHOTOS } from '../limits.ts';

// Building an Intl.DateTimeFormat costs more than the rest of a booking request's validation, and
// clients send a handful of zones: remember the ones already accepted.
const knownZones = new Set<string>();
const timeZone = zText().max(100).refine((tz) => {
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size < 1000) knownZones.add(tz);
  return true;
}, 'not a known time zone');
const optionalText = (max: number, opts: { multiline?: boolean } = {}) =>
  zText(opts)
    .trim()
    .max(max, `keep it under ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const BOOKING_MODES = ['in_person', 'video'] as const;
export type TBookingMode = (typeof BOOKING_MODES)[number];
export const BOOKING_COLOURS = ['colour', 'black_and_grey'] as const;
export type TBookingColour = (typeof BOOKING_COLOURS)[number];

/**
 * POST /api/bookings (header `Idempotency-Key` makes a retry return the first answer). For a flash
 * design the design decides the session (flashSessionService): serviceId may be left out, and when
 * sent it must be that session.
 */
export const ZBookingCreate = z.strictObject({
  artistId: ZUuid,
  serviceId: ZUuid.optional(),
  startsAt: ZInstant,
  mode: z.enum(BOOKING_MODES).optional(),
  flashDesignId: ZUuid.optional(),
  idea: zText({ multiline: true }).trim().min(10, 'describe your idea in a sentence or two (at least 10 characters)').max(BOOKING_IDEA_MAX),
  placement: optionalText(BOOKING_TEXT_MAX),
  size: optionalText(BOOKING_TEXT_MAX),
  colour: z.enum(BOOKING_COLOURS).optional(),
  referenceImageIds: z.array(ZUuid).max(BOOKING_MAX_IMAGES, `attach at most ${BOOKING_MAX_IMAGES} photos`).optional(),
  clientTimezone: timeZone.optional(),
  /** The client read the deposit, notice and reschedule policy shown on the confirm step. */
  acceptPolicy: z.literal(true, 'please read and accept the booking policy'),
}).refine((b) => b.serviceId !== undefined || b.flashDesignId !== undefined, { message: 'choose a service', path: ['serviceId'] });
export type TBookingCreate = z.input<typeof ZBookingCreate>;

/** Body of accept, decline, cancel, complete and no-show: an optional message to the other person. */
export const ZBookingActionBody = z.strictObject({ message: optionalText(BOOKING_MESSAGE_MAX, { multiline: true }) });
export const ZBookingReschedule = z.strictObject({ startsAt: ZInstant, message: optionalText(BOOKING_MESSAGE_MAX, { multiline: true }) });

export const BOOKING_LIST_SCOPES = ['upcoming', 'past', 'requests', 'deposits_due', 'today', 'all'] as const;
/** GET /api/bookings: mine as client (default) or as the artist. */
export const ZBookingListQuery = z.strictObject({
  as: z.enum(['client', 'artist']).default('client'),
  scope: z.enum(BOOKING_LIST_SCOPES).default('all'),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  cursor: zText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TBookingListQuery = z.infer<typeof ZBookingListQuery>;

export type TBookingImage = { id: string; kind: 'reference' | 'placement' | 'healing'; url: string; thumbUrl: string; width: number; height: number };

export type TBooking = {
  id: string;
  status: TBookingStatus;
  artistId: string;
  clientId: string;
  serviceId: string;
  flashDesignId: string | null;
  mode: TBookingMode;
  startsAt: string;
  endsAt: string;
  clientTimezone: string;
  idea: string;
  placement: string | null;
  size: string | null;
  colour: TBookingColour | null;
  depositCents: number;
  currency: string;
  depositStatus: TDepositStatus;
  /** When the unpaid deposit lets the slot go (awaiting_deposit only). */
  depositDueAt: string | null;
  /** When an unanswered request expires (requested only). */
  respondBy: string | null;
  rescheduleCount: number;
  instant: boolean;
  artistMessage: string | null;
  cancelReason: string | null;
  policy: BookingPolicySnapshot;
  policyAcceptedAt: string | null;
  createdAt: string;
  updatedAt: string;
  artist: { id: string; slug: string; displayName: string; timezone: string; city: string; avatarUrl: string | null };
  client: { id: string; firstName: string; avatarUrl: string | null };
  service: { id: string; name: string; kind: 'consultation' | 'tattoo' | 'piercing'; durationMinutes: number };
  flashDesign: { id: string; title: string; thumbUrl: string } | null;
  images: TBookingImage[];
  /** How the person asking relates to the booking, and what they may do now. */
  viewerRole: TBookingRole;
  allowedActions: TBookingAction[];
  /** Shown to the artist only: the client's earlier no-shows with any artist. */
  clientNoShows?: number;
  /** Whether the session's consent form is signed (issue 13): the dashboard shows "consent not signed". */
  consentStatus: TConsentStatus;
};

export type TBookingEvent = {
  id: string;
  action: string;
  fromStatus: TBookingStatus | null;
  toStatus: TBookingStatus;
  note: string | null;
  actor: { id: string; name: string } | null;
  createdAt: string;
};

export type TLedgerEntry = {
  id: string;
  kind: 'deposit_paid' | 'deposit_refunded' | 'deposit_forfeited';
  method: TDepositMethod;
  amountCents: number;
  currency: string;
  note: string | null;
  createdAt: string;
};

/**
 * Where the appointment is and how to reach the artist, from what Inkhaven stores: the artist's
 * studio (name, address, coordinates) when they work at one, else their city; their Instagram
 * handle when they gave one. Studios have no phone, e-mail or website on Inkhaven.
 */
export type TBookingPlace = {
  studio: { slug: string; name: string; address: string; city: string; country: string; lat: number; lng: number } | null;
  city: string;
  country: string;
  instagram: string | null;
};

export type TBookingDetail = TBooking & {
  events: TBookingEvent[];
  ledger: TLedgerEntry[];
  review: TReview | null;
  place: TBookingPlace;
  /** The booking's conversation (issue 12: opened with the request), for the page's link to it. */
  conversationId: string | null;
};
export type TBookingList = { items: TBooking[]; nextCursor: string | null };

/** POST /api/bookings/{id}/deposit: Stripe answers a Checkout URL; pay-at-studio answers what to bring. */
export type TDepositAnswer =
  | { method: 'stripe'; checkoutUrl: string }
  | { method: 'studio'; amountCents: number; currency: string; instructions: string };

/** POST /api/bookings/uploads (multipart: file + kind) → the image, to attach with referenceImageIds. */
export type TBookingUpload = TBookingImage;

// --- Waitlist -------------------------------------------------------------------------------------

export const ZWaitlistCreate = z
  .strictObject({
    artistId: ZUuid,
    serviceId: ZUuid.optional(),
    fromDate: ZDate,
    toDate: ZDate,
    note: optionalText(BOOKING_TEXT_MAX),
  })
  .refine((w) => w.toDate >= w.fromDate, { message: 'toDate must not be before fromDate', path: ['toDate'] })
  .refine((w) => (Date.parse(w.toDate) - Date.parse(w.fromDate)) / 86_400_000 <= WAITLIST_MAX_DAYS, {
    message: `a waitlist range can span at most ${WAITLIST_MAX_DAYS} days`,
    path: ['toDate'],
  });
export type TWaitlistCreate = z.input<typeof ZWaitlistCreate>;
export type TWaitlistEntry = {
  id: string;
  artist: { id: string; slug: string; displayName: string };
  serviceId: string | null;
  fromDate: string;
  toDate: string;
  note: string;
  notifiedAt: string | null;
  createdAt: string;
};

// --- Artist booking settings and payments ---------------------------------------------------------

/** GET/PUT /api/artists/{id}/booking-settings */
export const ZBookingSettingsInput = z.strictObject({
  instantBookConsultations: z.boolean(),
  instantBookFlash: z.boolean(),
  depositInstructions: zText({ multiline: true }).trim().max(BOOKING_MESSAGE_MAX),
  noticeHours: z
    .number()
    .int()
    .min(NOTICE_HOURS_MIN, `notice must be between ${NOTICE_HOURS_MIN} and ${NOTICE_HOURS_MAX} hours`)
    .max(NOTICE_HOURS_MAX, `notice must be between ${NOTICE_HOURS_MIN} and ${NOTICE_HOURS_MAX} hours`),
  maxReschedules: z.number().int().min(MAX_RESCHEDULES.min).max(MAX_RESCHEDULES.max),
  depositWindowHours: z.number().int().min(DEPOSIT_WINDOW_HOURS.min).max(DEPOSIT_WINDOW_HOURS.max),
  /** Messages before a booking (the profile's Message button); left out, it stays as it was. */
  acceptInquiries: z.boolean().optional(),
});
export type TBookingSettingsInput = z.infer<typeof ZBookingSettingsInput>;
export type TBookingSettings = Required<TBookingSettingsInput> & { calendarFeedUrl: string | null };

/** GET /api/payments/setup: which deposit mode is on and the artist's Stripe Connect state. */
export type TPaymentSetup = {
  mode: TDepositMethod;
  stripe: { accountId: string | null; chargesEnabled: boolean } | null;
  depositInstructions: string;
};

/**
 * GET /api/payments/summary: the artist's deposits in minor units. Every deposit paid in sits in
 * exactly one of the first five figures, so they add up to what the ledger says was paid; nothing
 * is counted twice. Outstanding is what clients were asked for and have not paid: never in the ledger.
 */
export type TDepositSummary = {
  currency: string;
  /** Paid for appointments still to come. */
  heldCents: number;
  /** Paid for appointments that took place (credited to the price). */
  receivedCents: number;
  /** Kept by the artist after late cancellations and no-shows. */
  forfeitedCents: number;
  /** Returned to clients. */
  refundedCents: number;
  /** Paid for bookings that ended without the appointment (cancelled by the artist, expired) and not returned yet. */
  awaitingRefundCents: number;
  /** Deposits due now from clients (bookings waiting for their deposit). */
  outstandingCents: number;
  dueCount: number;
};

// --- Reviews ---------------------------------------------------------------------------------------

export const REVIEW_HEADLINE_MAX = 120;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_ASPECTS = ['Artistry', 'Hygiene', 'Communication', 'Value', 'Aftercare advice'] as const;

export const ZReviewCreate = z.strictObject({
  bookingId: ZUuid,
  ratingValue: z
    .number()
    .min(1, 'rate from 1 to 5 stars')
    .max(5, 'rate from 1 to 5 stars')
    .refine((v) => Number.isInteger(v * 2), 'use whole or half stars'),
  headline: zText().trim().min(3, 'add a short headline').max(REVIEW_HEADLINE_MAX),
  reviewBody: zText({ multiline: true }).trim().min(REVIEW_BODY_MIN, `tell others a little more (at least ${REVIEW_BODY_MIN} characters)`).max(REVIEW_BODY_MAX),
  reviewAspect: z.enum(REVIEW_ASPECTS).optional(),
  pros: optionalText(500),
  cons: optionalText(500),
  /** Photos uploaded first (POST /api/reviews/photos), in the order to show them. */
  photoIds: z
    .array(ZUuid)
    .max(REVIEW_MAX_PHOTOS, `a review can carry up to ${REVIEW_MAX_PHOTOS} photos; remove one and send it again`)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'each photo can be added once')
    .optional(),
});
export type TReviewCreate = z.input<typeof ZReviewCreate>;
export const ZReviewReply = z.strictObject({ reply: zText({ multiline: true }).trim().min(2, 'write a reply').max(BOOKING_MESSAGE_MAX) });

/** GET /api/reviews/mine: what I wrote, and (for artists) what I received; plus completed bookings still to review. */
export type TMyReviews = {
  written: Array<TReview & { bookingId: string; artist: { id: string; slug: string; displayName: string } }>;
  received: Array<TReview & { bookingId: string }> | null;
  toReview: Array<{ bookingId: string; artist: { id: string; slug: string; displayName: string }; serviceName: string; startsAt: string }>;
};

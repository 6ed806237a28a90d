import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, DEPOSIT_STATUSES, type BookingPolicySnapshot } from '../../../shared/booking-rules.ts';
import { users } from './auth.ts';

export const artistKind = pgEnum('artist_kind', ['tattoo', 'piercing', 'both']);
export const serviceKind = pgEnum('service_kind', ['consultation', 'tattoo', 'piercing']);
export const difficulty = pgEnum('difficulty', ['Beginner', 'Intermediate', 'Advanced', 'Expert']);

/** Weekly hours: ISO weekday (1 = Monday) → list of [start, end) "HH:MM" ranges in the artist's zone. */
export type WeeklyHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', Array<[string, string]>>>;

export const studios = pgTable('studios', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  address: text('address').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  timezone: text('timezone').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  hours: jsonb('hours').$type<WeeklyHours>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const artistProfiles = pgTable(
  'artist_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    displayName: text('display_name').notNull(),
    kind: artistKind('kind').notNull(),
    bio: text('bio').notNull().default(''),
    styles: text('styles').array().notNull().default(sql`'{}'::text[]`),
    studioId: uuid('studio_id').references(() => studios.id, { onDelete: 'set null' }),
    city: text('city').notNull(),
    country: text('country').notNull(),
    timezone: text('timezone').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    verified: boolean('verified').notNull().default(false),
    instagram: text('instagram'),
    workingHours: jsonb('working_hours').$type<WeeklyHours>().notNull().default({}),
    noticeHours: integer('notice_hours').notNull().default(48),
    maxReschedules: integer('max_reschedules').notNull().default(2),
    depositWindowHours: integer('deposit_window_hours').notNull().default(48),
    // Availability settings (issue 4 §1): gap kept free between appointments, how soon and how far ahead clients may book.
    bufferMinutes: integer('buffer_minutes').notNull().default(15),
    minNoticeHours: integer('min_notice_hours').notNull().default(24),
    maxAdvanceDays: integer('max_advance_days').notNull().default(90),
    // Booking policy (issue 4 §2): which bookings skip the request step, and what clients read about paying at the studio.
    instantBookConsultations: boolean('instant_book_consultations').notNull().default(false),
    instantBookFlash: boolean('instant_book_flash').notNull().default(false),
    depositInstructions: text('deposit_instructions').notNull().default(''),
    // Messaging (issue 12 §1): whether clients may write before booking (the profile's Message button).
    acceptInquiries: boolean('accept_inquiries').notNull().default(true),
    // Stripe Connect Express (issue 4 §3): the artist's connected account, once they start onboarding.
    stripeAccountId: text('stripe_account_id').unique(),
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    // Secret part of the artist's private .ics feed URL; rotating it revokes old subscriptions.
    calendarToken: text('calendar_token').unique(),
    // Review aggregates, maintained in the same transaction as each review insert.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: numeric('rating_sum', { precision: 10, scale: 1, mode: 'number' }).notNull().default(0),
    /** Its artist deleted their account: kept, anonymised, for the bookings clients keep; out of search and profiles (decision 0023). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('artist_profiles_kind_idx').on(t.kind),
    index('artist_profiles_city_idx').on(t.city),
    check('artist_profiles_notice_hours', sql`${t.noticeHours} between 48 and 72`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: serviceKind('kind').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceMinCents: integer('price_min_cents').notNull(),
    priceMaxCents: integer('price_max_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    difficulty: difficulty('difficulty'),
    // The spec's search metadata (healingTime, aftercareRequired, safetyProtocols); the aftercare plan reads them.
    /** "N-M weeks" or "N-M months" (src/shared/aftercare-plan.ts parses it); null when the artist gave none. */
    healingTime: text('healing_time'),
    aftercareRequired: boolean('aftercare_required').notNull().default(true),
    safetyProtocols: text('safety_protocols').array().notNull().default(sql`'{}'::text[]`),
    /** A piercing style of the guide (its slug): the plan uses that style's healing range. */
    piercingStyle: text('piercing_style'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_artist_idx').on(t.artistId),
    check('services_duration_positive', sql`${t.durationMinutes} > 0`),
    check('services_price_range', sql`${t.priceMinCents} >= 0 and ${t.priceMaxCents} >= ${t.priceMinCents}`),
    check('services_deposit_nonnegative', sql`${t.depositCents} >= 0`),
  ],
);

export const portfolioImages = pgTable(
  'portfolio_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_images_artist_idx').on(t.artistId, t.position)],
);

export const flashStatus = pgEnum('flash_status', ['available', 'reserved', 'gone']);
export const flashSize = pgEnum('flash_size', ['small', 'medium', 'large']);

/** Ready-made designs an artist offers; a one-off design can be booked once, a repeatable one many times. */
export const flashDesigns = pgTable(
  'flash_designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    style: text('style'),
    size: flashSize('size').notNull(),
    sizeLabel: text('size_label').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    repeatable: boolean('repeatable').notNull().default(false),
    status: flashStatus('status').notNull().default('available'),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flash_designs_artist_idx').on(t.artistId, t.position),
    index('flash_designs_status_idx').on(t.status, t.createdAt),
    check('flash_designs_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A version per artist's schedule, bumped by triggers (migration 0008) whenever anything their
 * availability is computed from changes; cached availability answers are reused only while it holds.
 */
export const availabilityVersions = pgTable('availability_versions', {
  artistId: uuid('artist_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Each artist's free days, precomputed for availability search (migration 0030): per home-zone
 * local day with a free slot, its first and last free slot start, computed at `version` of the
 * artist's availability (a row whose version is behind availability_versions is stale).
 */
export const artistFreeDays = pgTable('artist_free_days', {
  artistId: uuid('artist_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  coveredThrough: date('covered_through').notNull(),
  days: date('days').array().notNull(),
  firstStarts: timestamp('first_starts', { withTimezone: true }).array().notNull(),
  lastStarts: timestamp('last_starts', { withTimezone: true }).array().notNull(),
});

/** One row: bumped by the database on every change artist search reads (migration 0009). */
export const catalogueVersion = pgTable('catalogue_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Days an artist does not work (holidays, days off), inclusive local dates in the artist's zone. */
export const artistTimeOff = pgTable(
  'artist_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artist_time_off_artist_idx').on(t.artistId, t.startsOn), check('artist_time_off_order', sql`${t.endsOn} >= ${t.startsOn}`)],
);

/** A guest spot: the artist works in another city (and its zone) for a date range, bookable there. */
export const guestSpots = pgTable(
  'guest_spots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    country: text('country').notNull(),
    timezone: text('timezone').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    venue: text('venue').notNull().default(''),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_spots_artist_idx').on(t.artistId, t.startsOn), check('guest_spots_order', sql`${t.endsOn} >= ${t.startsOn}`)],
);

/** The onboarding wizard's saved progress, one per user, until the profile is created. */
export const artistDrafts = pgTable('artist_drafts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(0),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

export const bookingMode = pgEnum('booking_mode', ['in_person', 'video']);
export const bookingColour = pgEnum('booking_colour', ['colour', 'black_and_grey']);
/** Where the deposit stands; kept beside the ledger (same transaction) so lists need no aggregate. */
export const depositStatus = pgEnum('deposit_status', DEPOSIT_STATUSES);


export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'restrict' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    flashDesignId: uuid('flash_design_id').references(() => flashDesigns.id, { onDelete: 'set null' }),
    status: bookingStatus('status').notNull().default('requested'),
    mode: bookingMode('mode').notNull().default('in_person'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    clientTimezone: text('client_timezone').notNull().default('UTC'),
    idea: text('idea').notNull().default(''),
    placement: text('placement'),
    size: text('size'),
    depositCents: integer('deposit_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    colour: bookingColour('colour'),
    /** The policy the client accepted, frozen on the booking: later edits by the artist do not change it. */
    policy: jsonb('policy').$type<BookingPolicySnapshot>(),
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }),
    instant: boolean('instant').notNull().default(false),
    depositStatus: depositStatus('deposit_status').notNull().default('pending'),
    /** When an accepted booking's unpaid deposit lets the slot go (awaiting_deposit only). */
    depositDueAt: timestamp('deposit_due_at', { withTimezone: true }),
    /** When an unanswered request expires. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    /** The artist's last word to the client (decline reason, accept note, cancellation reason). */
    artistMessage: text('artist_message'),
    cancelReason: text('cancel_reason'),
    /** Stripe Checkout for the deposit: the key is stored before the API call so a retry reuses the session. */
    checkoutSessionId: text('checkout_session_id'),
    checkoutIdempotencyKey: text('checkout_idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_artist_idx').on(t.artistId, t.startsAt),
    index('bookings_client_idx').on(t.clientId, t.startsAt),
    index('bookings_status_idx').on(t.status, t.startsAt),
    uniqueIndex('bookings_client_idempotency_idx').on(t.clientId, t.idempotencyKey),
    check('bookings_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    // The no-overlap exclusion constraint lives in a hand-written migration (drizzle-kit cannot express it).
  ],
);

export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: bookingStatus('from_status'),
    toStatus: bookingStatus('to_status').notNull(),
    /** What happened, in words the timeline shows: created, accepted, declined, deposit_paid, rescheduled, cancelled, … */
    action: text('action').notNull().default('status'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.createdAt)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratingValue: numeric('rating_value', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    headline: text('headline').notNull(),
    reviewBody: text('review_body').notNull(),
    reviewAspect: text('review_aspect'),
    pros: text('pros'),
    cons: text('cons'),
    authorLocation: text('author_location'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The client's follow-up note once the tattoo or piercing healed (decision 0022). */
    healedNote: text('healed_note'),
    healedAt: timestamp('healed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_artist_idx').on(t.artistId, t.createdAt),
    check('reviews_rating_range', sql`${t.ratingValue} between 1 and 5 and (${t.ratingValue} * 2) = floor(${t.ratingValue} * 2)`),
  ],
);

/**
 * Photos on a review (up to REVIEW_MAX_PHOTOS): uploaded by the client before the review is sent,
 * then attached to it. Until attached they are the uploader's alone; once attached they are as
 * public as the review.
 */
export const reviewImages = pgTable(
  'review_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** What the photo shows, for screen readers; empty until the client says. */
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_images_review_idx').on(t.reviewId, t.position), index('review_images_owner_idx').on(t.ownerId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_ISSUE_REASONS, PAYMENT_ISSUE_STATUSES } from '../../../shared/contracts/admin.ts';
import { healingCheckIns } from './aftercare.ts';
import { users } from './auth.ts';
import { artistProfiles, bookings, services } from './marketplace.ts';

/**
 * Reference and placement photos a client attaches to a booking request (uploaded before the booking
 * exists), and healing photos of an aftercare check-in (attached to the booking with their check-in).
 */
export const bookingImageKind = pgEnum('booking_image_kind', ['reference', 'placement', 'healing']);
export const bookingImages = pgTable(
  'booking_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    kind: bookingImageKind('kind').notNull().default('reference'),
    checkInId: uuid('check_in_id').references(() => healingCheckIns.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_images_booking_idx').on(t.bookingId),
    index('booking_images_owner_idx').on(t.ownerId, t.createdAt),
    index('booking_images_check_in_idx').on(t.checkInId),
  ],
);

/**
 * The money ledger: every deposit payment, refund and forfeit is one row, written in the same
 * transaction as the booking change it belongs to. Amounts are positive minor units; the kind says
 * which way the money went.
 */
export const ledgerKind = pgEnum('ledger_kind', ['deposit_paid', 'deposit_refunded', 'deposit_forfeited']);
export const ledgerMethod = pgEnum('ledger_method', ['stripe', 'studio']);
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'restrict' }),
    kind: ledgerKind('kind').notNull(),
    method: ledgerMethod('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Stripe object id (payment intent, refund) when there is one: one ledger row per external event. */
    externalId: text('external_id'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.bookingId, t.createdAt),
    index('ledger_entries_artist_idx').on(t.artistId, t.createdAt),
    // A deposit is paid, refunded or forfeited at most once per booking, whatever the race or replay.
    uniqueIndex('ledger_entries_booking_kind_idx').on(t.bookingId, t.kind),
    uniqueIndex('ledger_entries_external_idx').on(t.externalId),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Card payments that arrived for a booking's deposit with another amount or currency than the
 * deposit. They are kept out of the ledger (whose one deposit_paid row per booking must stay free
 * for the right payment, which still confirms the booking), refunded by a job and listed for admins.
 * One row per Checkout Session and per payment intent, whichever event reports it.
 */
export const paymentIssueReason = pgEnum('payment_issue_reason', PAYMENT_ISSUE_REASONS);
export const paymentIssueStatus = pgEnum('payment_issue_status', PAYMENT_ISSUE_STATUSES);
export const paymentIssues = pgTable(
  'payment_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'restrict' }),
    reason: paymentIssueReason('reason').notNull(),
    status: paymentIssueStatus('status').notNull().default('refund_pending'),
    expectedCents: integer('expected_cents').notNull(),
    expectedCurrency: text('expected_currency').notNull(),
    receivedCents: integer('received_cents').notNull(),
    receivedCurrency: text('received_currency').notNull(),
    /** The event that reported the payment first. */
    stripeEventId: text('stripe_event_id').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    refundId: text('refund_id'),
    /** Why the refund could not be made, or how it was made elsewhere. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_issues_checkout_session_idx').on(t.checkoutSessionId),
    uniqueIndex('payment_issues_payment_intent_idx').on(t.paymentIntentId),
    index('payment_issues_created_idx').on(t.createdAt),
  ],
);

/** Stripe webhook events already handled, by event id: a replayed or duplicated event does nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Durable jobs (reminders, expiries, mail). Claimed with FOR UPDATE SKIP LOCKED; a dedupe key makes
 * "enqueue" safe to repeat, so a job is never scheduled twice for the same purpose.
 */
export const jobStatus = pgEnum('job_status', ['pending', 'running', 'done', 'failed', 'cancelled']);
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: jobStatus('status').notNull().default('pending'),
    dedupeKey: text('dedupe_key').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The job worker running it (job_workers.id): when that worker stops beating, the job is taken again. */
    workerId: uuid('worker_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/**
 * One row per running job worker, beating every few seconds. A 'running' job whose worker's beat is
 * stale belongs to a process that died: it is claimable at once instead of when its lock runs out.
 * No foreign key from jobs: a worker's row may be deleted (long gone) while its jobs remain.
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail the app sends. With SMTP configured a row is 'sent' once the server accepted it;
 * without SMTP it stays in the outbox ('outbox') for admins to read.
 */
export const mailStatus = pgEnum('mail_status', ['queued', 'sent', 'outbox', 'failed']);
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One mail per purpose (e.g. "booking:<id>:reminder_24h"): sending the same purpose twice is refused. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: mailStatus('status').notNull().default('queued'),
    messageId: text('message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** A client waiting for a freed slot with an artist between two dates (artist's local dates). */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    note: text('note').notNull().default(''),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_entries_artist_idx').on(t.artistId, t.createdAt),
    uniqueIndex('waitlist_entries_unique_idx').on(t.artistId, t.clientId, t.fromDate, t.toDate),
    check('waitlist_entries_order', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);


import { bigint, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { artistProfiles } from './marketplace.ts';

/**
 * What only the server sees happen to a profile (decision 0027): a view, with a coarse referrer
 * source, and an appearance in search results. No visitor identity is kept.
 */
export const artistStatEvents = pgTable(
  'artist_stat_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['profile_view', 'search_impression'] }).notNull(),
    referrerSource: text('referrer_source'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Covering (INCLUDE kind, referrer_source) in migration 0024.
  (t) => [index('artist_stat_events_artist_idx').on(t.artistId, t.occurredAt)],
);

/** One artist's day (in the artist's time zone), rebuilt by the insights.rollup job. */
export const artistDailyStats = pgTable(
  'artist_daily_stats',
  {
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    profileViews: integer('profile_views').notNull().default(0),
    searchImpressions: integer('search_impressions').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    confirmed: integer('confirmed').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    cancelledByClient: integer('cancelled_by_client').notNull().default(0),
    cancelledByArtist: integer('cancelled_by_artist').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
    depositsPaidCents: bigint('deposits_paid_cents', { mode: 'number' }).notNull().default(0),
    depositsRefundedCents: bigint('deposits_refunded_cents', { mode: 'number' }).notNull().default(0),
    depositsForfeitedCents: bigint('deposits_forfeited_cents', { mode: 'number' }).notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
    ratingSum: numeric('rating_sum', { precision: 12, scale: 1, mode: 'number' }).notNull().default(0),
    /** 24 counts: appointments starting in each local hour of this day. */
    appointmentHours: jsonb('appointment_hours').$type<number[]>().notNull().default([]),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.artistId, t.day] })],
);

export const artistDailyReferrers = pgTable(
  'artist_daily_referrers',
  {
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    source: text('source').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.artistId, t.day, t.source] })],
);

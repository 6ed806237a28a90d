import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './marketplace.ts';

/**
 * The aftercare plan of a completed session, as it was when the session completed: the client's zone,
 * the plan's first day and the healing range. Its messages are derived from it (src/shared/aftercare-plan.ts).
 */
export const aftercarePlans = pgTable(
  'aftercare_plans',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'tattoo' | 'piercing'>().notNull(),
    timezone: text('timezone').notNull(),
    /** Day 1 of the plan: the appointment's date in the client's zone. */
    dayOne: date('day_one').notNull(),
    healingMin: integer('healing_min').notNull(),
    healingMax: integer('healing_max').notNull(),
    healingUnit: text('healing_unit').$type<'weeks' | 'months'>().notNull(),
    styleName: text('style_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('aftercare_plans_kind', sql`${t.kind} in ('tattoo', 'piercing')`),
    check('aftercare_plans_unit', sql`${t.healingUnit} in ('weeks', 'months')`),
    check('aftercare_plans_range', sql`${t.healingMin} > 0 and ${t.healingMax} >= ${t.healingMin}`),
  ],
);

/** "How is it healing?": the client's answers after a completed session; private to the booking's two people and admins. */
export const healingCheckIns = pgTable(
  'healing_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made by the client's page: sending the same check-in again stores it once. */
    clientCheckInId: uuid('client_check_in_id').notNull(),
    feeling: smallint('feeling').notNull(),
    symptoms: text('symptoms').array().notNull().default(sql`'{}'::text[]`),
    note: text('note').notNull().default(''),
    /** Whether the answers describe a warning sign (src/shared/aftercare-plan.ts), as judged when sent. */
    warning: boolean('warning').notNull(),
    /** The plan's day the check-in was sent on (day 1 = the appointment's date). */
    day: integer('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('healing_check_ins_client_id_idx').on(t.bookingId, t.clientCheckInId),
    index('healing_check_ins_booking_idx').on(t.bookingId, t.createdAt),
    check('healing_check_ins_feeling', sql`${t.feeling} between 1 and 5`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const notificationType = pgEnum('notification_type', ['booking', 'message', 'review', 'payment', 'reminder']);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionUrl: text('action_url'),
    actionLabel: text('action_label'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Client-side render errors reported by the error boundary (spec §3 telemetry payload). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    componentStack: text('component_stack'),
    url: text('url'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    /** The group an error belongs to (/admin/telemetry): its message and top stack frame, hashed by the database. */
    groupKey: text('group_key').generatedAlwaysAs(
      sql`md5("message" || E'\\n' || coalesce(substring("stack" from '(?:^|\\n)\\s*((?:at [^\\n]+)|(?:[^\\n@]*@[^\\n]+))'), ''))`,
    ),
    /** The URL without its query string, and the browser family of the user agent (migration 0024). */
    page: text('page').generatedAlwaysAs(sql`split_part("url", '?', 1)`),
    browser: text('browser').generatedAlwaysAs(sql`CASE WHEN "user_agent" IS NULL THEN 'Unknown' ELSE 'see migration 0024' END`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_reports_created_idx').on(t.createdAt), index('error_reports_group_idx').on(t.groupKey, t.createdAt)],
);

/** An error group an admin marked resolved or ignored; a group without a row is open. */
export const errorGroupStates = pgTable('error_group_states', {
  groupKey: text('group_key').primaryKey(),
  status: text('status', { enum: ['resolved', 'ignored'] }).notNull(),
  changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const journeys = pgTable(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fingerprint: text('fingerprint'),
    deviceFingerprint: text('device_fingerprint'),
    entryPageType: text('entry_page_type'),
    entryUrl: text('entry_url'),
    entryReferrer: text('entry_referrer'),
    entryReferrerSource: text('entry_referrer_source'),
    entrySearchQuery: text('entry_search_query'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journeys_session_idx').on(t.sessionId), index('journeys_created_idx').on(t.createdAt)],
);

/**
 * Every analytics call of spec §7 other than journey start lands here: kind names the
 * call (step, navigation, conversion, page_view, scroll_depth, cta_click, heatmap_click,
 * conversion_funnel); payload is the validated body.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    sessionId: text('session_id'),
    journeyId: uuid('journey_id').references(() => journeys.id, { onDelete: 'cascade' }),
    pageType: text('page_type'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_kind_idx').on(t.kind, t.createdAt),
    index('analytics_events_journey_idx').on(t.journeyId),
    index('analytics_events_created_idx').on(t.createdAt),
    // Admin funnels and heatmap (migration 0026, decision 0030).
    index('analytics_events_funnel_session_idx').on(t.sessionId).where(sql`${t.kind} = 'conversion_funnel'`),
    index('analytics_events_heatmap_path_idx').on(sql`split_part(${t.payload}->>'url', '?', 1)`, t.createdAt).where(sql`${t.kind} = 'heatmap_click'`),
    index('analytics_events_heatmap_type_idx').on(t.pageType, t.createdAt).where(sql`${t.kind} = 'heatmap_click'`),
  ],
);

/**
 * Heatmap clicks per UTC day, page path (no query string) and page type (migration 0028): written
 * only by the `count_heatmap_click` row trigger on analytics_events (migration 0032; a bulk load
 * calls `rebuild_heatmap_rollups()`), read by the admin heatmap's page list; pruned with the raw events.
 */
export const analyticsHeatmapPages = pgTable(
  'analytics_heatmap_pages',
  {
    day: date('day').notNull(),
    page: text('page').notNull(),
    pageType: text('page_type').notNull().default(''),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_heatmap_pages_pk', columns: [t.day, t.page, t.pageType] })],
);

/**
 * The admin heatmap's rollups per UTC hour (migration 0032, decision 0030), kept by the same
 * trigger: clicks per page, for the page list's partial first and last days ...
 */
export const analyticsHeatmapPageHours = pgTable(
  'analytics_heatmap_page_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    page: text('page').notNull(),
    pageType: text('page_type').notNull().default(''),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_heatmap_page_hours_pk', columns: [t.hour, t.page, t.pageType] })],
);

/** ... clicks per grid cell of a page (a path, or a page type when `byType`) at a width bucket ... */
export const analyticsHeatmapCells = pgTable(
  'analytics_heatmap_cells',
  {
    page: text('page').notNull(),
    byType: boolean('by_type').notNull(),
    bucket: text('bucket').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    col: integer('col'),
    band: integer('band'),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [unique('analytics_heatmap_cells_key').on(t.page, t.byType, t.bucket, t.hour, t.col, t.band).nullsNotDistinct()],
);

/** ... and clicks per element (tag and text) of a page at a width bucket, which also give the widths. */
export const analyticsHeatmapElements = pgTable(
  'analytics_heatmap_elements',
  {
    page: text('page').notNull(),
    byType: boolean('by_type').notNull(),
    bucket: text('bucket').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    element: text('element'),
    text: text('text').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [unique('analytics_heatmap_elements_key').on(t.page, t.byType, t.bucket, t.hour, t.element, t.text).nullsNotDistinct()],
);

/** Real-user Core Web Vitals (`POST /api/analytics/web-vitals`, consent-gated), read back by /admin/perf. */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
    metricId: text('metric_id').notNull(),
    url: text('url').notNull(),
    pageType: text('page_type').notNull(),
    navigationType: text('navigation_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_vitals_created_idx').on(t.createdAt, t.name)],
);

/** One random salt per UTC day for fingerprints that mix in an IP address; older days are deleted. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectType, t.subjectId)],
);

import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TErrorReport, TPerfVitalRow, TWebVitalReport, ZFingerprintRequest, ZJourneyStart } from '../../../shared/contracts/analytics.ts';
import type { AppContext } from '../../context.ts';
import { preparedPerDatabase, preparedSql, queryRows, type Db } from '../../db/client.ts';
import { analyticsSalts, errorReports, journeys } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';

export async function recordErrorReport(ctx: AppContext, report: TErrorReport, userId: string | null) {
  await ctx.database.db.insert(errorReports).values({
    userId,
    type: report.type,
    message: report.message,
    stack: report.stack ?? null,
    componentStack: report.componentStack ?? null,
    url: report.url ?? null,
    userAgent: report.userAgent ?? null,
    occurredAt: report.timestamp ? new Date(report.timestamp) : null,
  });
}

export async function listErrorReports(ctx: AppContext, limit = 100) {
  const rows = await ctx.database.db.select().from(errorReports).orderBy(desc(errorReports.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    message: r.message,
    stack: r.stack,
    componentStack: r.componentStack,
    url: r.url,
    userAgent: r.userAgent,
    occurredAt: r.occurredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const saltCache = new WeakMap<Db, { day: string; salt: string }>();

/**
 * Today's random salt (one per UTC day, shared by every server on the database). When a new day's
 * salt is made, the older ones are deleted: a hash that mixed in an IP address can then be neither
 * recomputed nor matched with another day's (issue 14 §1: no raw IP stored).
 */
export async function dailySalt(ctx: AppContext, now = new Date()): Promise<string> {
  const db = ctx.database.db;
  const day = utcDay(now);
  const cached = saltCache.get(db);
  if (cached?.day === day) return cached.salt;
  await db.insert(analyticsSalts).values({ day, salt: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day)).limit(1);
  if (!row) throw new Error('analytics salt missing after insert');
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  saltCache.set(db, { day, salt: row.salt });
  return row.salt;
}

/**
 * A coarse device fingerprint. `fingerprint` mixes in the IP address, so it is hashed with the
 * day's salt and changes every day; the address itself is never stored. `deviceFingerprint` is what
 * the browser reports only, salted with the server secret so it cannot be matched across sites.
 */
export async function computeFingerprint(ctx: AppContext, input: z.infer<typeof ZFingerprintRequest>, ip: string, now = new Date()) {
  const device = [input.userAgent, input.screenResolution, input.timezone, input.language, input.platform, String(input.cookieEnabled)].join('|');
  const salt = await dailySalt(ctx, now);
  const hash = (key: string, s: string) => createHash('sha256').update(key).update(s).digest('hex').slice(0, 32);
  return { fingerprint: hash(salt, `${device}|${ip}`), deviceFingerprint: hash(ctx.secret, device) };
}

export async function startJourney(ctx: AppContext, input: z.infer<typeof ZJourneyStart>, userId: string | null) {
  const [row] = await ctx.database.db
    .insert(journeys)
    .values({
      sessionId: input.sessionId,
      userId,
      fingerprint: input.fingerprint ?? null,
      deviceFingerprint: input.deviceFingerprint ?? null,
      entryPageType: input.entryPageType ?? null,
      entryUrl: input.entryUrl ?? null,
      entryReferrer: input.entryReferrer ?? null,
      entryReferrerSource: input.entryReferrerSource ?? null,
      entrySearchQuery: input.entrySearchQuery ?? null,
    })
    .returning({ id: journeys.id, createdAt: journeys.createdAt });
  if (!row) throw new Error('journey insert returned no row');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

export type AnalyticsKind =
  | 'journey_step'
  | 'journey_navigation'
  | 'journey_conversion'
  | 'page_view'
  | 'scroll_depth'
  | 'cta_click'
  | 'heatmap_click'
  | 'conversion_funnel';

// The tracking calls are the busiest writes of the app (every visitor with consent sends a dozen a
// page). Each call still answers only once its row is committed, but the calls that arrive together
// are written together: one prepared statement and one commit for a group (bench/analytics.ts
// measures the ingest). One commit per call made PostgreSQL wait on its WAL flush for every event,
// and concurrent clicks on one page queued on the heatmap's counter rows (decision 0030).
//
// These commits do not wait for their WAL flush either (`synchronous_commit` off for the statement's
// own transaction, set inside it): a crash of the PostgreSQL server itself can lose the last fraction
// of a second of tracking rows, never half of one, and nothing else's durability changes. A 204
// for a page view is not worth a disk flush on the path of every visitor's click (decision 0024).

/** Most rows one statement writes; a busier moment is written in several statements, one after another. */
const MAX_ROWS_PER_STATEMENT = 500;

type Pending<Row> = { row: Row; resolve: (written: boolean) => void; reject: (error: unknown) => void };

/**
 * Queues rows for one database and writes each group with `writeGroup` (which says, per row, whether
 * it was written): what arrives while a statement runs goes in the next one. One statement at a
 * time per writer, so two groups never wait on each other's counter rows; under load the groups grow
 * instead.
 */
function groupedWriter<Row>(writeGroup: (db: Db, rows: Row[]) => Promise<boolean[]>) {
  const forDb = preparedPerDatabase((db: Db) => {
    let queue: Array<Pending<Row>> = [];
    let writing = false;

    const write = async (group: Array<Pending<Row>>) => {
      const written = await writeGroup(db, group.map((p) => p.row));
      group.forEach((p, n) => p.resolve(written[n] === true));
    };

    const writeNext = async () => {
      const group = queue.slice(0, MAX_ROWS_PER_STATEMENT);
      queue = queue.slice(group.length);
      try {
        await write(group);
      } catch (error) {
        // One row the database refuses must not fail the others that shared its statement: each is
        // tried alone (when the database is away, each then fails as it would have on its own).
        if (group.length === 1) group[0]!.reject(error);
        else for (const p of group) await write([p]).catch(p.reject);
      }
      if (queue.length > 0) void writeNext();
      else writing = false;
    };

    return (row: Row) =>
      new Promise<boolean>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (writing) return;
        writing = true;
        // The calls that arrive in this turn of the event loop join the first statement.
        setImmediate(() => void writeNext());
      });
  });

  /** Writes one row (with the others that arrive meanwhile); false when `writeGroup` left it out. */
  return (db: Db, row: Row): Promise<boolean> => forDb(db)(row);
}

type EventRow = { kind: AnalyticsKind; session_id: string | null; journey_id: string | null; page_type: string | null; payload: Record<string, unknown> };

// A journey's event is written only while its journey exists (n says which were written); the
// rows keep the order in which the calls arrived.
const insertEvents = preparedSql<{ n: number | string }>(
  'analytics_events_insert',
  () => sql`WITH e AS (
      SELECT * FROM jsonb_to_recordset(${sql.placeholder('events')}::jsonb)
        AS e(n int, kind text, session_id text, journey_id uuid, page_type text, payload jsonb)
    ), ok AS (
      SELECT e.* FROM e WHERE e.journey_id IS NULL OR EXISTS (SELECT 1 FROM journeys j WHERE j.id = e.journey_id)
    ), inserted AS (
      INSERT INTO analytics_events (kind, session_id, journey_id, page_type, payload)
      SELECT kind, session_id, journey_id, page_type, payload FROM ok ORDER BY n
    )
    SELECT n FROM ok, (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush_wait`,
);

const insertEventGroup = async (db: Db, rows: EventRow[]) => {
  const result = await insertEvents(db, { events: JSON.stringify(rows.map((row, n) => ({ n, ...row }))) });
  const written = new Set(result.map((r) => Number(r.n)));
  return rows.map((_, n) => written.has(n));
};
// Heatmap clicks have a queue of their own: each also updates the heatmap's counter rows (a trigger,
// decision 0030), which makes their statements the slow ones, and the other events need not wait
// behind them. Two groups of clicks still never run at once (their counter rows would queue).
const writeHeatmapClick = groupedWriter(insertEventGroup);
const writeOtherEvent = groupedWriter(insertEventGroup);
const writeEvent = (db: Db, row: EventRow) => (row.kind === 'heatmap_click' ? writeHeatmapClick : writeOtherEvent)(db, row);

const insertConversion = preparedSql<{ id: string }>(
  'analytics_journey_conversion_insert',
  () => sql`WITH converted AS (UPDATE journeys SET converted_at = now() WHERE id = ${sql.placeholder('journeyId')}::uuid RETURNING id)
    INSERT INTO analytics_events (kind, session_id, journey_id, page_type, payload)
    SELECT 'journey_conversion', ${sql.placeholder('sessionId')}, id, ${sql.placeholder('pageType')}, ${sql.placeholder('payload')}::jsonb FROM converted
    RETURNING id`,
);

export async function recordAnalyticsEvent(
  ctx: AppContext,
  kind: AnalyticsKind,
  payload: Record<string, unknown> & { sessionId?: string; pageType?: string | null },
  journeyId?: string,
) {
  const sessionId = payload.sessionId ?? null;
  const pageType = payload.pageType ?? null;
  if (kind === 'journey_conversion') {
    // Rare, and it also marks the journey converted: a statement of its own.
    if (!journeyId) throw new Error('a conversion belongs to a journey');
    const written = await insertConversion(ctx.database.db, { journeyId, sessionId, pageType, payload: JSON.stringify(payload) });
    if (written.length === 0) throw notFound('That journey');
    return;
  }
  const written = await writeEvent(ctx.database.db, { kind, session_id: sessionId, page_type: pageType, payload, journey_id: journeyId ?? null });
  if (!written) throw notFound('That journey');
}

type WebVitalRow = {
  session_id: string;
  name: string;
  value: number;
  rating: string;
  metric_id: string;
  url: string;
  page_type: string;
  navigation_type: string | null;
};

const insertWebVitals = preparedSql<never>(
  'web_vitals_insert',
  () => sql`INSERT INTO web_vitals (session_id, name, value, rating, metric_id, url, page_type, navigation_type)
    SELECT v.session_id, v.name, v.value, v.rating, v.metric_id, v.url, v.page_type, v.navigation_type
    FROM jsonb_to_recordset(${sql.placeholder('vitals')}::jsonb)
      AS v(session_id text, name text, value double precision, rating text, metric_id text, url text, page_type text, navigation_type text),
      (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush_wait`,
);

const writeWebVital = groupedWriter<WebVitalRow>(async (db, rows) => {
  await insertWebVitals(db, { vitals: JSON.stringify(rows) });
  return rows.map(() => true);
});

export async function recordWebVital(ctx: AppContext, report: TWebVitalReport) {
  await writeWebVital(ctx.database.db, {
    session_id: report.sessionId,
    name: report.name,
    value: report.value,
    rating: report.rating,
    metric_id: report.id,
    url: report.url,
    page_type: report.pageType,
    navigation_type: report.navigationType ?? null,
  });
}

/** p75 of each metric per page type per day (the viewer's days), over the last `days` days including today. */
export async function webVitalsByDay(ctx: AppContext, opts: { days: number; tz: string }): Promise<TPerfVitalRow[]> {
  const rows = await queryRows<{ day: string; page_type: string; name: TPerfVitalRow['name']; p75: number | string; samples: number | string }>(
    ctx.database.db,
    sql`SELECT to_char((created_at AT TIME ZONE ${opts.tz})::date, 'YYYY-MM-DD') AS day, page_type, name,
          percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75, count(*) AS samples
        FROM web_vitals
        WHERE created_at >= ((date_trunc('day', now() AT TIME ZONE ${opts.tz}) - make_interval(days => ${opts.days - 1})) AT TIME ZONE ${opts.tz})
        GROUP BY 1, 2, 3
        ORDER BY 1 DESC, 2, 3`,
  );
  return rows.map((r) => ({ day: r.day, pageType: r.page_type, name: r.name, p75: Number(r.p75), samples: Number(r.samples) }));
}

import { sql } from 'drizzle-orm';
import type { TErrorGroup, TErrorGroups, TErrorGroupStatus } from '../../../shared/contracts/admin.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { errorGroupStates } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { recordAdminAction } from './audit.ts';

/** Groups seen in this window are listed (older reports stay in the table until pruned). */
export const ERROR_GROUP_WINDOW_DAYS = 90;
const GROUPS_SHOWN = 100;
const TOP_PAGES = 5;

/** The same top-frame pattern as error_reports.group_key (migration 0024): the first "at …" or "fn@url" line. */
const TOP_FRAME = sql.raw(`substring(r.stack from '(?:^|\\n)\\s*((?:at [^\\n]+)|(?:[^\\n@]*@[^\\n]+))')`);
type Row = Record<string, string | number | null>;

/**
 * GET /api/admin/error-groups: client errors of the last 90 days grouped by message and top stack
 * frame, most recently seen first. A resolved group that happened again since is open again.
 */
export async function listErrorGroups(ctx: AppContext, status: TErrorGroupStatus | 'all'): Promise<TErrorGroups> {
  const db = ctx.database.db;
  const effective = sql`CASE WHEN s.status IS NULL OR (s.status = 'resolved' AND g.last_seen > s.changed_at) THEN 'open' ELSE s.status END`;
  const window = sql`r.created_at >= now() - make_interval(days => ${ERROR_GROUP_WINDOW_DAYS})`;
  // Counts per group first; the sample (the newest report) only for the groups shown, each one index probe.
  const groups = await queryRows<Row>(
    db,
    sql`WITH g AS (
      SELECT r.group_key, count(*)::int AS n, count(DISTINCT r.user_id)::int AS users, min(r.created_at) AS first_seen, max(r.created_at) AS last_seen
      FROM error_reports r WHERE ${window} GROUP BY r.group_key
    ),
    shown AS (
      SELECT g.*, ${effective} AS status, s.changed_at FROM g LEFT JOIN error_group_states s ON s.group_key = g.group_key
      WHERE ${status === 'all' ? sql`true` : sql`${effective} = ${status}`}
      ORDER BY g.last_seen DESC LIMIT ${GROUPS_SHOWN}
    )
    SELECT shown.group_key, shown.n, shown.users, shown.first_seen::text AS first_seen, shown.last_seen::text AS last_seen, shown.status, shown.changed_at::text AS changed_at,
      r.message, r.type, r.stack, r.component_stack, ${TOP_FRAME} AS top_frame
    FROM shown CROSS JOIN LATERAL (
      SELECT * FROM error_reports x WHERE x.group_key = shown.group_key ORDER BY x.created_at DESC LIMIT 1
    ) r
    ORDER BY shown.last_seen DESC`,
  );
  const keys = groups.map((g) => String(g.group_key));
  const keyList = `{${keys.join(',')}}`;
  const [pages, browsers] = keys.length
    ? await Promise.all([
        queryRows<Row>(
          db,
          sql`SELECT r.group_key, coalesce(r.page, '(unknown)') AS url, count(*)::int AS n FROM error_reports r
          WHERE r.group_key = ANY(${keyList}::text[]) AND ${window} GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
        ),
        queryRows<Row>(
          db,
          sql`SELECT r.group_key, r.browser AS name, count(*)::int AS n FROM error_reports r
          WHERE r.group_key = ANY(${keyList}::text[]) AND ${window} GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
        ),
      ])
    : [[], []];
  const iso = (v: unknown) => new Date(String(v)).toISOString();
  return {
    items: groups.map((g): TErrorGroup => {
      const key = String(g.group_key);
      return {
        key,
        message: String(g.message),
        topFrame: g.top_frame === null ? null : String(g.top_frame).trim(),
        type: String(g.type),
        count: Number(g.n),
        users: Number(g.users),
        firstSeen: iso(g.first_seen),
        lastSeen: iso(g.last_seen),
        pages: pages.filter((p) => p.group_key === key).slice(0, TOP_PAGES).map((p) => ({ url: String(p.url), count: Number(p.n) })),
        browsers: browsers.filter((b) => b.group_key === key).map((b) => ({ name: String(b.name), count: Number(b.n) })),
        sampleStack: g.stack === null ? null : String(g.stack),
        sampleComponentStack: g.component_stack === null ? null : String(g.component_stack),
        status: String(g.status) as TErrorGroupStatus,
        statusChangedAt: g.changed_at === null ? null : iso(g.changed_at),
      };
    }),
  };
}

/** Mark a group resolved or ignored, or open again; the audit row commits with the change. */
export async function setErrorGroupStatus(ctx: AppContext, admin: SessionUser, key: string, status: TErrorGroupStatus): Promise<void> {
  const db = ctx.database.db;
  const [exists] = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM error_reports WHERE group_key = ${key} LIMIT 1`);
  if (!exists) throw notFound('That error group');
  await db.transaction(async (tx) => {
    if (status === 'open') await tx.delete(errorGroupStates).where(sql`${errorGroupStates.groupKey} = ${key}`);
    else
      await tx
        .insert(errorGroupStates)
        .values({ groupKey: key, status, changedBy: admin.id, changedAt: new Date() })
        .onConflictDoUpdate({ target: errorGroupStates.groupKey, set: { status, changedBy: admin.id, changedAt: new Date() } });
    await recordAdminAction(tx, { adminId: admin.id, action: `error_group.${status === 'open' ? 'reopen' : status === 'resolved' ? 'resolve' : 'ignore'}`, targetType: 'error_group', targetId: key });
  });
}

import { z } from 'zod';
import { and, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  TAdminAuditPage,
  TAdminKpis,
  TAdminLookup,
  TAdminUser,
  TAdminUserQuery,
  TAdminUsersPage,
} from '../../../shared/contracts/admin.ts';
import { BOOKING_STATUSES } from '../../../shared/booking-rules.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { adminAudit, artistProfiles, sessions, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { decodeCreatedAtCursor, decodeCursor, encodeCreatedAtCursor, encodeCursor, olderThanCursor } from '../../http/keyset-cursor.ts';
import { recordAdminAction } from './audit.ts';

const USERS_PAGE = 50;
const AUDIT_PAGE = 50;
const LOOKUP_ROWS = 25;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// KPIs

type KpiRow = Record<string, string | number | null>;

/** GET /api/admin/kpis: one round of small aggregate statements, each served by an index or a small table. */
export async function adminKpis(ctx: AppContext, days: number, now = new Date()): Promise<TAdminKpis> {
  const db = ctx.database.db;
  const since = new Date(now.getTime() - days * DAY_MS).toISOString();
  const [people, artists, byState, conversion, deposits, open] = await Promise.all([
    queryRows<KpiRow>(db, sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at >= ${since}::timestamptz)::int AS recent, count(*) FILTER (WHERE suspended_at IS NOT NULL)::int AS suspended FROM users WHERE deleted_at IS NULL`),
    queryRows<KpiRow>(db, sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE verified)::int AS verified, count(*) FILTER (WHERE created_at >= ${since}::timestamptz)::int AS recent FROM artist_profiles WHERE deleted_at IS NULL`),
    queryRows<KpiRow>(db, sql`SELECT status, count(*)::int AS n FROM bookings GROUP BY status`),
    queryRows<KpiRow>(
      db,
      sql`SELECT count(*)::int AS requests, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = b.id AND e.to_status = 'confirmed'))::int AS confirmed
      FROM bookings b WHERE b.created_at >= ${since}::timestamptz`,
    ),
    queryRows<KpiRow>(
      db,
      sql`SELECT currency,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_paid'), 0)::bigint AS paid,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_refunded'), 0)::bigint AS refunded,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_forfeited'), 0)::bigint AS forfeited
      FROM ledger_entries WHERE created_at >= ${since}::timestamptz GROUP BY currency ORDER BY 2 DESC`,
    ),
    queryRows<KpiRow>(
      db,
      sql`SELECT (SELECT count(*) FROM reports WHERE status = 'open')::int AS reports,
        (SELECT count(DISTINCT r.group_key) FROM error_reports r LEFT JOIN error_group_states s ON s.group_key = r.group_key
          WHERE r.created_at >= ${since}::timestamptz AND (s.status IS NULL OR (s.status = 'resolved' AND r.created_at > s.changed_at)))::int AS errors`,
    ),
  ]);
  const n = (v: unknown) => Number(v ?? 0);
  const bookingsByState = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of byState) bookingsByState[String(r.status)] = n(r.n);
  const requests = n(conversion[0]?.requests);
  const confirmed = n(conversion[0]?.confirmed);
  return {
    days,
    signUps: { total: n(people[0]?.total), inPeriod: n(people[0]?.recent) },
    artists: { total: n(artists[0]?.total), verified: n(artists[0]?.verified), inPeriod: n(artists[0]?.recent) },
    bookingsByState,
    requestsInPeriod: requests,
    conversion: { requests, confirmed, rate: requests > 0 ? Math.round((confirmed / requests) * 1000) / 1000 : null },
    deposits: deposits.map((d) => ({ currency: String(d.currency), paidCents: n(d.paid), refundedCents: n(d.refunded), forfeitedCents: n(d.forfeited) })),
    openReports: n(open[0]?.reports),
    openErrorGroups: n(open[0]?.errors),
    suspendedUsers: n(people[0]?.suspended),
  };
}

// ---------------------------------------------------------------------------------------------
// Users

const ZUserCursor = z.object({ t: z.string().min(1).max(60), id: z.string().min(1).max(100) });
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/admin/users: newest first, filtered by role and by name / e-mail / id. */
export async function listUsers(ctx: AppContext, query: TAdminUserQuery): Promise<TAdminUsersPage> {
  const db = ctx.database.db;
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(or(ilike(users.name, pattern), ilike(users.email, pattern), eq(users.id, q))!);
  }
  if (query.role === 'admin') where.push(eq(users.isAdmin, true));
  if (query.role === 'artist') where.push(isNotNull(artistProfiles.id));
  if (query.role === 'client') where.push(and(isNull(artistProfiles.id), eq(users.isAdmin, false))!);
  if (query.role === 'suspended') where.push(isNotNull(users.suspendedAt));
  if (query.cursor) {
    const c = decodeCursor(query.cursor, ZUserCursor, 'reload the list of users');
    const t = sql`${c.t}::timestamptz`;
    where.push(or(lt(users.createdAt, t), and(eq(users.createdAt, t), lt(users.id, c.id)))!);
  }
  const rows = await db
    .select({
      u: users,
      createdAtText: sql<string>`${users.createdAt}::text`,
      artist: { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName },
      bookings: sql<number>`(SELECT count(*) FROM bookings b WHERE b.client_id = ${users.id})::int`,
    })
    .from(users)
    .leftJoin(artistProfiles, eq(artistProfiles.userId, users.id))
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_PAGE + 1);
  const page = rows.slice(0, USERS_PAGE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ u, artist, bookings: n }): TAdminUser => ({
      id: u.id,
      name: u.name,
      email: u.email,
      isAdmin: u.isAdmin,
      artist: artist?.id ? { id: artist.id, slug: artist.slug, displayName: artist.displayName } : null,
      suspendedAt: u.suspendedAt?.toISOString() ?? null,
      suspendedReason: u.suspendedReason,
      deletedAt: u.deletedAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
      bookings: Number(n),
    })),
    nextCursor: rows.length > USERS_PAGE && last ? encodeCursor({ t: last.createdAtText, id: last.u.id }) : null,
  };
}

async function targetUser(ctx: AppContext, admin: SessionUser, userId: string, verb: string) {
  if (userId === admin.id) throw new AppError('CONFLICT', `You cannot ${verb} your own account.`);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw notFound('That user');
  return user;
}

/**
 * Suspend: the person cannot sign in again, and is signed out everywhere at once — every session
 * row goes in the same transaction as the suspension and its audit row, then every server forgets
 * the sessions and closes their sockets (as sign-out does).
 */
export async function suspendUser(ctx: AppContext, admin: SessionUser, userId: string, reason: string): Promise<void> {
  const user = await targetUser(ctx, admin, userId, 'suspend');
  if (user.suspendedAt) throw new AppError('CONFLICT', `${user.name} is already suspended.`);
  const tokens = await ctx.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: reason, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new AppError('CONFLICT', `${user.name} is already suspended.`);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ token: sessions.token });
    await recordAdminAction(tx, { adminId: admin.id, action: 'user.suspend', targetType: 'user', targetId: userId, note: reason, data: { sessionsEnded: ended.length } });
    return ended.map((s) => s.token);
  });
  for (const token of tokens) await ctx.sessions.broadcastRevocation(token);
  await ctx.sessions.broadcastUserChanged(userId);
}

export async function reinstateUser(ctx: AppContext, admin: SessionUser, userId: string): Promise<void> {
  const user = await targetUser(ctx, admin, userId, 'reinstate');
  if (!user.suspendedAt) throw new AppError('CONFLICT', `${user.name} is not suspended.`);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAdminAction(tx, { adminId: admin.id, action: 'user.reinstate', targetType: 'user', targetId: userId, data: { suspendedAt: user.suspendedAt?.toISOString() } });
  });
  await ctx.sessions.broadcastUserChanged(userId);
}

/** Grant or take the admin role. An admin cannot change their own (nobody locks themselves out by a slip). */
export async function setAdminRole(ctx: AppContext, admin: SessionUser, userId: string, makeAdmin: boolean): Promise<void> {
  const user = await targetUser(ctx, admin, userId, 'change the role of');
  if (user.isAdmin === makeAdmin) throw new AppError('CONFLICT', `${user.name} ${makeAdmin ? 'is already' : 'is not'} an admin.`);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ isAdmin: makeAdmin, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAdminAction(tx, { adminId: admin.id, action: makeAdmin ? 'user.grant_admin' : 'user.revoke_admin', targetType: 'user', targetId: userId });
  });
  await ctx.sessions.broadcastUserChanged(userId);
}

// ---------------------------------------------------------------------------------------------
// Bookings and payments lookup

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/admin/lookup: a UUID finds a booking or ledger row by id (or a user's bookings); an
 * e-mail finds the bookings of that client or artist; anything else is taken for a payment reference
 * (a Stripe Checkout Session, payment intent or refund id).
 */
export async function lookup(ctx: AppContext, raw: string): Promise<TAdminLookup> {
  const db = ctx.database.db;
  const q = raw.trim();
  let bookingWhere: SQL;
  let ledgerWhere: SQL;
  if (UUID.test(q)) {
    const id = q.toLowerCase();
    bookingWhere = sql`(b.id = ${id}::uuid OR b.id IN (SELECT l.booking_id FROM ledger_entries l WHERE l.id = ${id}::uuid) OR b.artist_id = ${id}::uuid OR b.client_id = ${id})`;
    ledgerWhere = sql`(l.id = ${id}::uuid OR l.booking_id = ${id}::uuid)`;
  } else if (q.includes('@')) {
    const email = q.toLowerCase();
    bookingWhere = sql`(lower(cu.email) = ${email} OR lower(au.email) = ${email})`;
    ledgerWhere = sql`l.booking_id IN (SELECT b2.id FROM bookings b2 JOIN users c2 ON c2.id = b2.client_id JOIN artist_profiles a2 ON a2.id = b2.artist_id JOIN users u2 ON u2.id = a2.user_id WHERE lower(c2.email) = ${email} OR lower(u2.email) = ${email})`;
  } else {
    bookingWhere = sql`(b.checkout_session_id = ${q} OR b.id IN (SELECT l.booking_id FROM ledger_entries l WHERE l.external_id = ${q}) OR b.id IN (SELECT p.booking_id FROM payment_issues p WHERE p.checkout_session_id = ${q} OR p.payment_intent_id = ${q} OR p.refund_id = ${q}))`;
    ledgerWhere = sql`(l.external_id = ${q} OR l.booking_id IN (SELECT b3.id FROM bookings b3 WHERE b3.checkout_session_id = ${q}))`;
  }
  type BookingRow = Record<string, string | number | null>;
  const [found, payments] = await Promise.all([
    queryRows<BookingRow>(
      db,
      sql`SELECT b.id, b.status, b.starts_at::text AS starts_at, b.created_at::text AS created_at, b.deposit_cents, b.currency, b.deposit_status, b.checkout_session_id,
        cu.id AS client_id, cu.name AS client_name, cu.email AS client_email, a.id AS artist_id, a.display_name AS artist_name, au.email AS artist_email
      FROM bookings b JOIN users cu ON cu.id = b.client_id JOIN artist_profiles a ON a.id = b.artist_id JOIN users au ON au.id = a.user_id
      WHERE ${bookingWhere} ORDER BY b.created_at DESC LIMIT ${LOOKUP_ROWS}`,
    ),
    queryRows<Record<string, string | number | null>>(
      db,
      sql`SELECT l.id, l.booking_id, l.kind, l.method, l.amount_cents, l.currency, l.external_id, l.created_at::text AS created_at
      FROM ledger_entries l WHERE ${ledgerWhere} ORDER BY l.created_at DESC LIMIT ${LOOKUP_ROWS}`,
    ),
  ]);
  const iso = (v: unknown) => new Date(String(v)).toISOString();
  return {
    bookings: found.map((b) => ({
      id: String(b.id),
      status: String(b.status),
      startsAt: iso(b.starts_at),
      createdAt: iso(b.created_at),
      client: { id: String(b.client_id), name: String(b.client_name), email: String(b.client_email) },
      artist: { id: String(b.artist_id), displayName: String(b.artist_name), email: String(b.artist_email) },
      depositCents: Number(b.deposit_cents),
      currency: String(b.currency),
      depositStatus: String(b.deposit_status),
      checkoutSessionId: b.checkout_session_id === null ? null : String(b.checkout_session_id),
    })),
    payments: payments.map((l) => ({
      id: String(l.id),
      bookingId: String(l.booking_id),
      kind: String(l.kind),
      method: String(l.method),
      amountCents: Number(l.amount_cents),
      currency: String(l.currency),
      externalId: l.external_id === null ? null : String(l.external_id),
      createdAt: iso(l.created_at),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Audit

/** GET /api/admin/audit: newest first, keyset pages; `action` narrows to one verb or a prefix ("user."). */
export async function listAudit(ctx: AppContext, query: { action?: string | undefined; cursor?: string | undefined }): Promise<TAdminAuditPage> {
  const db = ctx.database.db;
  const where: SQL[] = [];
  if (query.action) where.push(query.action.endsWith('.') ? ilike(adminAudit.action, `${escapeLike(query.action)}%`) : eq(adminAudit.action, query.action));
  if (query.cursor) where.push(olderThanCursor(adminAudit.createdAt, adminAudit.id, decodeCreatedAtCursor(query.cursor, 'reload the audit log')));
  const rows = await db
    .select({ a: adminAudit, createdAtText: sql<string>`${adminAudit.createdAt}::text`, adminName: users.name })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.adminId))
    .where(and(...where))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(AUDIT_PAGE + 1);
  const page = rows.slice(0, AUDIT_PAGE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ a, adminName }) => ({
      id: a.id,
      admin: a.adminId ? { id: a.adminId, name: adminName ?? 'Deleted user' } : null,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      note: a.note,
      data: a.data,
      createdAt: a.createdAt.toISOString(),
    })),
    nextCursor: rows.length > AUDIT_PAGE && last ? encodeCreatedAtCursor({ t: last.createdAtText, id: last.a.id }) : null,
  };
}


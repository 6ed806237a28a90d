import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LIVE_STATUSES } from '../../../shared/booking-rules.ts';
import type { TDepositSummary } from '../../../shared/contracts/bookings.ts';
import type { TLedgerPage, TLedgerQuery } from '../../../shared/contracts/payments.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { artistProfiles, bookings, ledgerEntries, services, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { decodeCreatedAtCursor, encodeCreatedAtCursor, olderThanCursor } from '../../http/keyset-cursor.ts';

/**
 * Whose money the request may see: an artist their own; an admin anyone's (`artistId`), or, for the
 * ledger, everyone's (null). Anyone else is refused.
 */
async function scopeOf(ctx: AppContext, user: SessionUser, artistId: string | undefined, allowAll: boolean): Promise<string | null> {
  const { db } = ctx.database;
  if (user.isAdmin) {
    if (artistId) {
      const [artist] = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.id, artistId));
      if (!artist) throw notFound('That artist');
      return artist.id;
    }
    if (allowAll) return null;
  }
  const [own] = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  if (own && (!artistId || artistId === own.id)) return own.id;
  if (user.isAdmin) throw new AppError('VALIDATION_FAILED', 'artistId: name the artist whose deposits you want to see.');
  if (own) throw forbidden('You can only see your own deposits.');
  throw forbidden('Only artists have deposits to follow. Create your artist profile first.');
}

type SummaryRow = {
  currency: string;
  held: string | number;
  received: string | number;
  forfeited: string | number;
  refunded: string | number;
  awaiting_refund: string | number;
  outstanding: string | number;
  due: string | number;
};

/**
 * GET /api/payments/summary: the artist's deposits, in one statement over the ledger. Each booking's
 * ledger rows are netted first (paid − refunded − forfeited = what is still with the artist
 * unsettled), and that remainder goes to exactly one figure by the booking's state: held while the
 * booking is going ahead, received once it was completed, awaiting refund when it ended otherwise
 * (an artist's cancellation whose card refund has not gone through yet, a payment that arrived
 * after expiry). Forfeited and refunded are the ledger's own rows. So every deposit paid in is
 * counted once, and the five figures add up to the ledger's deposit_paid total. Outstanding (and
 * dueCount) are deposits asked for and not paid, from the bookings: money that is not in the ledger.
 */
export async function depositSummary(ctx: AppContext, user: SessionUser, query: { artistId?: string | undefined }): Promise<TDepositSummary> {
  const artistId = await scopeOf(ctx, user, query.artistId, false);
  if (!artistId) throw new Error('a summary needs one artist');
  return depositFigures(ctx, artistId);
}

/**
 * The figures depositSummary shows, for one artist whose access was already checked. With a period
 * (`from` inclusive, `to` exclusive), only the ledger rows written in it count, and outstanding is
 * what bookings requested in it still owe: the Insights tab's deposits (features/insights) are these.
 */
export async function depositFigures(ctx: AppContext, artistId: string, period?: { from: Date; to: Date }): Promise<TDepositSummary> {
  const { db } = ctx.database;
  const inLedgerPeriod = period ? sql`AND l.created_at >= ${period.from.toISOString()}::timestamptz AND l.created_at < ${period.to.toISOString()}::timestamptz` : sql``;
  const inBookingPeriod = period ? sql`AND b.created_at >= ${period.from.toISOString()}::timestamptz AND b.created_at < ${period.to.toISOString()}::timestamptz` : sql``;
  const live = sql.join(
    LIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
    WITH per_booking AS (
      SELECT l.booking_id, l.currency,
        coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_paid'), 0)
          - coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('deposit_refunded', 'deposit_forfeited')), 0) AS unsettled,
        coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_refunded'), 0) AS refunded,
        coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_forfeited'), 0) AS forfeited
      FROM ledger_entries l
      WHERE l.artist_id = ${artistId} ${inLedgerPeriod}
      GROUP BY l.booking_id, l.currency
    ),
    ledger_totals AS (
      SELECT p.currency,
        coalesce(sum(p.unsettled) FILTER (WHERE b.status IN (${live})), 0) AS held,
        coalesce(sum(p.unsettled) FILTER (WHERE b.status = 'completed'), 0) AS received,
        coalesce(sum(p.unsettled) FILTER (WHERE b.status NOT IN (${live}) AND b.status <> 'completed'), 0) AS awaiting_refund,
        sum(p.forfeited) AS forfeited,
        sum(p.refunded) AS refunded
      FROM per_booking p JOIN bookings b ON b.id = p.booking_id
      GROUP BY p.currency
    ),
    due AS (
      SELECT b.currency, count(*) AS due, sum(b.deposit_cents) AS outstanding
      FROM bookings b
      WHERE b.artist_id = ${artistId} AND b.status IN ('accepted', 'awaiting_deposit') AND b.deposit_status = 'due' ${inBookingPeriod}
      GROUP BY b.currency
    )
    SELECT coalesce(t.currency, d.currency) AS currency,
      coalesce(t.held, 0) AS held, coalesce(t.received, 0) AS received, coalesce(t.forfeited, 0) AS forfeited,
      coalesce(t.refunded, 0) AS refunded, coalesce(t.awaiting_refund, 0) AS awaiting_refund,
      coalesce(d.outstanding, 0) AS outstanding, coalesce(d.due, 0) AS due
    FROM ledger_totals t FULL JOIN due d ON d.currency = t.currency`,
  );
  const figures = rows.map((r) => ({
    currency: r.currency,
    heldCents: Number(r.held),
    receivedCents: Number(r.received),
    forfeitedCents: Number(r.forfeited),
    refundedCents: Number(r.refunded),
    awaitingRefundCents: Number(r.awaiting_refund),
    outstandingCents: Number(r.outstanding),
    dueCount: Number(r.due),
  }));
  const throughput = (f: (typeof figures)[number]) => f.heldCents + f.receivedCents + f.forfeitedCents + f.refundedCents + f.awaitingRefundCents + f.outstandingCents;
  // Artists price in one currency in practice; if the ledger holds several, show the one with most money through it.
  const main = figures.sort((a, b) => throughput(b) - throughput(a))[0];
  if (main) return main;
  return { currency: await serviceCurrency(ctx, artistId), heldCents: 0, receivedCents: 0, forfeitedCents: 0, refundedCents: 0, awaitingRefundCents: 0, outstandingCents: 0, dueCount: 0 };
}

async function serviceCurrency(ctx: AppContext, artistId: string): Promise<string> {
  const [svc] = await ctx.database.db.select({ currency: services.currency }).from(services).where(eq(services.artistId, artistId)).orderBy(services.createdAt).limit(1);
  return svc?.currency ?? 'USD';
}


/** GET /api/payments/ledger: newest first, in keyset pages. */
export async function listLedger(ctx: AppContext, user: SessionUser, query: TLedgerQuery): Promise<TLedgerPage> {
  const artistId = await scopeOf(ctx, user, query.artistId, true);
  const limit = query.limit;
  const where: SQL[] = [];
  if (artistId) where.push(eq(ledgerEntries.artistId, artistId));
  if (query.cursor) {
    where.push(olderThanCursor(ledgerEntries.createdAt, ledgerEntries.id, decodeCreatedAtCursor(query.cursor, 'start from the first page')));
  }
  const rows = await ctx.database.db
    .select({
      l: ledgerEntries,
      t: sql<string>`${ledgerEntries.createdAt}::text`,
      artist: { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName },
      booking: { status: bookings.status, startsAt: bookings.startsAt },
      serviceName: services.name,
      clientName: users.name,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .innerJoin(artistProfiles, eq(artistProfiles.id, ledgerEntries.artistId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(and(...where))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.l.id,
      kind: r.l.kind,
      method: r.l.method,
      amountCents: r.l.amountCents,
      currency: r.l.currency,
      note: r.l.note,
      createdAt: r.l.createdAt.toISOString(),
      bookingId: r.l.bookingId,
      externalId: r.l.externalId,
      artist: r.artist,
      booking: { status: r.booking.status, startsAt: r.booking.startsAt.toISOString(), serviceName: r.serviceName, clientFirstName: r.clientName.split(' ')[0] ?? r.clientName },
    })),
    nextCursor: rows.length > limit && last ? encodeCreatedAtCursor({ t: last.t, id: last.l.id }) : null,
  };
}

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

type SummaryRow = { currency: string; received: string | number; refunded: string | number; forfeited: string | number; held: string | number };

/**
 * GET /api/payments/summary: the artist's deposits from the ledger. Held = paid deposits of
 * bookings still going ahead (not yet refunded or forfeited); received, refunded and forfeited are
 * totals over all time; due = bookings waiting for their deposit now.
 */
export async function depositSummary(ctx: AppContext, user: SessionUser, query: { artistId?: string | undefined }): Promise<TDepositSummary> {
  const artistId = await scopeOf(ctx, user, query.artistId, false);
  if (!artistId) throw new Error('a summary needs one artist');
  const { db } = ctx.database;
  const live = sql.join(
    LIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
    SELECT l.currency,
      coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_paid'), 0) AS received,
      coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_refunded'), 0) AS refunded,
      coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_forfeited'), 0) AS forfeited,
      coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'deposit_paid' AND b.deposit_status = 'paid' AND b.status IN (${live})), 0) AS held
    FROM ledger_entries l JOIN bookings b ON b.id = l.booking_id
    WHERE l.artist_id = ${artistId}
    GROUP BY l.currency`,
  );
  const [due] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.artistId, artistId), eq(bookings.status, 'awaiting_deposit'), eq(bookings.depositStatus, 'due')));
  // Artists price in one currency in practice; if the ledger holds several, show the one with most money through it.
  const main = rows.map((r) => ({ ...r, received: Number(r.received), refunded: Number(r.refunded), forfeited: Number(r.forfeited), held: Number(r.held) })).sort((a, b) => b.received - a.received)[0];
  const currency = main?.currency ?? (await serviceCurrency(ctx, artistId));
  return {
    currency,
    heldCents: main?.held ?? 0,
    receivedCents: main?.received ?? 0,
    refundedCents: main?.refunded ?? 0,
    forfeitedCents: main?.forfeited ?? 0,
    dueCount: Number(due?.n ?? 0),
  };
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

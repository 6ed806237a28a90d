import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ZAdminReportQuery,
  ZBlock,
  ZReport,
  ZReportResolution,
  type TAdminReport,
  type TAdminReports,
  type TBlocks,
} from '../../../shared/contracts/identity.ts';
import { isUuid } from '../../../shared/contracts/input.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, bookings, messages, reports, reviews, userBlocks, users } from '../../db/schema/index.ts';
import { AppError, notFound, validate } from '../../http/app-error.ts';
import { recordAdminAction } from '../admin/audit.ts';

const QUEUE_LIMIT = 200;

/** An artist profile by id or slug: its id and its person. */
async function artistByIdOrSlug(db: DbOrTx, idOrSlug: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: artistProfiles.id, userId: artistProfiles.userId })
    .from(artistProfiles)
    .where(isUuid(idOrSlug) ? eq(artistProfiles.id, idOrSlug) : eq(artistProfiles.slug, idOrSlug))
    .limit(1);
  return row ?? null;
}

/** A booking the viewer is in (client or artist), with the other person; null for anyone else, so it does not leak. */
async function bookingOf(db: DbOrTx, user: SessionUser, bookingId: string): Promise<{ id: string; otherUserId: string } | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await db
    .select({ id: bookings.id, clientId: bookings.clientId, artistUserId: artistProfiles.userId })
    .from(bookings)
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row || (row.clientId !== user.id && row.artistUserId !== user.id)) return null;
  return { id: row.id, otherUserId: row.clientId === user.id ? row.artistUserId : row.clientId };
}

/**
 * POST /api/reports: a profile (anyone signed in but its artist), a published review (anyone but its
 * author) or a booking (only its two people; anyone else 404). One report per target and reporter:
 * reporting again changes nothing and answers the first one.
 */
export async function createReport(ctx: AppContext, user: SessionUser, body: unknown): Promise<{ id: string; created: boolean }> {
  const { db } = ctx.database;
  const input = validate(ZReport, body);
  let target: Partial<Pick<typeof reports.$inferInsert, 'artistId' | 'reviewId' | 'bookingId'>>;
  if (input.targetType === 'profile') {
    const artist = await artistByIdOrSlug(db, input.targetId);
    if (!artist) throw notFound('That artist');
    if (artist.userId === user.id) throw new AppError('BAD_REQUEST', 'This is your own profile: you cannot report it.');
    target = { artistId: artist.id };
  } else if (input.targetType === 'review') {
    const [review] = isUuid(input.targetId) ? await db.select({ id: reviews.id, authorId: reviews.authorId }).from(reviews).where(eq(reviews.id, input.targetId)).limit(1) : [];
    if (!review) throw notFound('That review');
    if (review.authorId === user.id) throw new AppError('BAD_REQUEST', 'This is your own review: edit or ask support to remove it instead.');
    target = { reviewId: review.id };
  } else {
    const booking = await bookingOf(db, user, input.targetId);
    if (!booking) throw notFound('That booking');
    target = { bookingId: booking.id };
  }
  const [created] = await db
    .insert(reports)
    .values({ targetType: input.targetType, ...target, reporterId: user.id, reason: input.reason, note: input.details || null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (created) return { id: created.id, created: true };
  const column = target.artistId ? reports.artistId : target.reviewId ? reports.reviewId : reports.bookingId;
  const id = target.artistId ?? target.reviewId ?? target.bookingId!;
  const [earlier] = await db.select({ id: reports.id }).from(reports).where(and(eq(column, id), eq(reports.reporterId, user.id)));
  return { id: earlier!.id, created: false };
}

const reporter = alias(users, 'reporter');
const subject = alias(users, 'subject');
const reportedArtist = alias(artistProfiles, 'reported_artist');
const reviewArtist = alias(artistProfiles, 'review_artist');
const bookingArtist = alias(artistProfiles, 'booking_artist');

/** GET /api/admin/reports?status=: every kind of report (messages too), open ones oldest first, handled ones newest first. */
export async function listReports(ctx: AppContext, query: unknown): Promise<TAdminReports> {
  const { status = 'open' } = validate(ZAdminReportQuery, query);
  // The person a report is about: the profile's artist, the review's author, the message's sender, or the booking's other side.
  const subjectId = sql<string | null>`CASE ${reports.targetType}
    WHEN 'profile' THEN ${reportedArtist.userId}
    WHEN 'review' THEN ${reviews.authorId}
    WHEN 'message' THEN ${messages.senderId}
    ELSE CASE WHEN ${bookings.clientId} = ${reports.reporterId} THEN ${bookingArtist.userId} ELSE ${bookings.clientId} END END`;
  const rows = await ctx.database.db
    .select({
      r: reports,
      reporterName: reporter.name,
      subjectId: subject.id,
      subjectName: subject.name,
      artistSlug: reportedArtist.slug,
      artistName: reportedArtist.displayName,
      reviewHeadline: reviews.headline,
      reviewArtistSlug: reviewArtist.slug,
      messageText: messages.text,
      messageConversationId: messages.conversationId,
      bookingStartsAt: bookings.startsAt,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(reportedArtist, eq(reportedArtist.id, reports.artistId))
    .leftJoin(reviews, eq(reviews.id, reports.reviewId))
    .leftJoin(reviewArtist, eq(reviewArtist.id, reviews.artistId))
    .leftJoin(messages, eq(messages.id, reports.messageId))
    .leftJoin(bookings, eq(bookings.id, reports.bookingId))
    .leftJoin(bookingArtist, eq(bookingArtist.id, bookings.artistId))
    .leftJoin(subject, eq(subject.id, subjectId))
    .where(eq(reports.status, status))
    .orderBy(status === 'open' ? reports.createdAt : desc(reports.resolvedAt), reports.id)
    .limit(QUEUE_LIMIT);
  return {
    items: rows.map((row): TAdminReport => {
      const r = row.r;
      const target =
        r.targetType === 'profile'
          ? { id: r.artistId!, label: row.artistName ?? 'Artist profile', href: row.artistSlug ? `/artists/${row.artistSlug}` : null }
          : r.targetType === 'review'
            ? { id: r.reviewId!, label: `Review: ${row.reviewHeadline ?? ''}`, href: row.reviewArtistSlug ? `/artists/${row.reviewArtistSlug}#reviews` : null }
            : r.targetType === 'message'
              ? { id: r.messageId!, label: `Message: ${row.messageText || '(photos only)'}`, href: null }
              : { id: r.bookingId!, label: `Booking on ${row.bookingStartsAt?.toISOString().slice(0, 10) ?? '?'}`, href: null };
      return {
        id: r.id,
        targetType: r.targetType,
        reason: r.reason,
        details: r.note,
        status: r.status,
        resolutionNote: r.resolutionNote,
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        reporter: { id: r.reporterId, name: row.reporterName },
        subject: row.subjectId ? { id: row.subjectId, name: row.subjectName ?? '' } : null,
        target,
      };
    }),
  };
}

/** POST /api/admin/reports/{id}/resolution: resolve or dismiss an open report, with a note; the audit row in the same transaction. */
export async function resolveReport(ctx: AppContext, admin: SessionUser, reportId: string, body: unknown, now = new Date()): Promise<{ id: string; status: 'resolved' | 'dismissed' }> {
  const input = validate(ZReportResolution, body);
  if (!isUuid(reportId)) throw notFound('That report');
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: reports.id, status: reports.status, targetType: reports.targetType }).from(reports).where(eq(reports.id, reportId)).for('update').limit(1);
    if (!row) throw notFound('That report');
    if (row.status !== 'open') throw new AppError('CONFLICT', `This report was already ${row.status}.`);
    await tx.update(reports).set({ status: input.outcome, resolutionNote: input.note, resolvedBy: admin.id, resolvedAt: now }).where(eq(reports.id, row.id));
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: input.outcome === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetType: 'report',
      targetId: row.id,
      note: input.note,
      data: { reportTarget: row.targetType },
    });
    return { id: row.id, status: input.outcome };
  });
}

// ---------------------------------------------------------------------------------------------
// Blocks: the table messaging reads (a blocked pair exchanges no messages, either way).

/** POST /api/blocks `{ artistId }` (from a profile) or `{ bookingId }` (the other person of your booking). */
export async function blockPerson(ctx: AppContext, user: SessionUser, body: unknown): Promise<TBlocks> {
  const { db } = ctx.database;
  const input = validate(ZBlock, body);
  let blockedId: string;
  if ('artistId' in input) {
    const artist = await artistByIdOrSlug(db, input.artistId);
    if (!artist) throw notFound('That artist');
    blockedId = artist.userId;
  } else {
    const booking = await bookingOf(db, user, input.bookingId);
    if (!booking) throw notFound('That booking');
    blockedId = booking.otherUserId;
  }
  if (blockedId === user.id) throw new AppError('BAD_REQUEST', 'You cannot block yourself.');
  await db.insert(userBlocks).values({ blockerId: user.id, blockedId }).onConflictDoNothing();
  return listBlocks(ctx, user);
}

/** DELETE /api/blocks/{userId}: lift one's own block (never the other person's). */
export async function unblockPerson(ctx: AppContext, user: SessionUser, blockedId: string): Promise<TBlocks> {
  await ctx.database.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, blockedId)));
  return listBlocks(ctx, user);
}

/** GET /api/blocks: the people I blocked, newest first. */
export async function listBlocks(ctx: AppContext, user: SessionUser): Promise<TBlocks> {
  const rows = await ctx.database.db
    .select({ userId: userBlocks.blockedId, name: sql<string>`coalesce(${artistProfiles.displayName}, ${users.name})`, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .leftJoin(artistProfiles, eq(artistProfiles.userId, users.id))
    .where(eq(userBlocks.blockerId, user.id))
    .orderBy(desc(userBlocks.createdAt));
  return { items: rows.map((r) => ({ userId: r.userId, name: r.name, blockedAt: r.blockedAt.toISOString() })) };
}

/** Whether the viewer blocked a profile's artist (the profile's Block/Unblock button). */
export async function blockedArtist(ctx: AppContext, user: SessionUser, idOrSlug: string): Promise<{ blocked: boolean }> {
  const artist = await artistByIdOrSlug(ctx.database.db, idOrSlug);
  if (!artist) throw notFound('That artist');
  const [row] = await ctx.database.db
    .select({ n: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, artist.userId)))
    .limit(1);
  return { blocked: Boolean(row) };
}

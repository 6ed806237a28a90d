import { and, asc, eq } from 'drizzle-orm';
import type { TWaitlistCreate, TWaitlistEntry } from '../../../shared/contracts/bookings.ts';
import { dateKey, localDateOf } from '../../../shared/zoned-time.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles, services, waitlistEntries } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { UUID } from '../booking/access.ts';

/** How many open waitlist entries one client may hold at a time (across artists). */
export const WAITLIST_MAX_ENTRIES = 20;

type Row = typeof waitlistEntries.$inferSelect;
type ArtistBrief = TWaitlistEntry['artist'];

const present = (w: Row, artist: ArtistBrief): TWaitlistEntry => ({
  id: w.id,
  artist,
  serviceId: w.serviceId,
  fromDate: w.fromDate,
  toDate: w.toDate,
  note: w.note,
  notifiedAt: w.notifiedAt ? w.notifiedAt.toISOString() : null,
  createdAt: w.createdAt.toISOString(),
});

const artistColumns = { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName };

/**
 * POST /api/waitlist: wait for a freed slot with an artist between two of the artist's local
 * dates. When a booking gives its time back, the waitlist job tells entries covering that day,
 * oldest first.
 */
export async function joinWaitlist(ctx: AppContext, user: SessionUser, input: TWaitlistCreate & { note?: string | undefined }, now = Date.now()): Promise<TWaitlistEntry> {
  const { db } = ctx.database;
  const [artist] = await db.select({ ...artistColumns, userId: artistProfiles.userId, timezone: artistProfiles.timezone }).from(artistProfiles).where(eq(artistProfiles.id, input.artistId)).limit(1);
  if (!artist) throw notFound('That artist');
  if (artist.userId === user.id) throw forbidden('You cannot join your own waitlist.');
  if (input.serviceId) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, input.serviceId), eq(services.artistId, artist.id), eq(services.active, true)))
      .limit(1);
    if (!service) throw new AppError('NOT_FOUND', 'That service is not offered by this artist.');
  }
  const today = dateKey(localDateOf(now, artist.timezone));
  if (input.toDate < today) throw new AppError('VALIDATION_FAILED', `toDate: those dates are already over (it is ${today} where the artist works).`);
  try {
    const row = await db.transaction(async (tx) => {
      const mine = await tx.select({ id: waitlistEntries.id, toDate: waitlistEntries.toDate }).from(waitlistEntries).where(eq(waitlistEntries.clientId, user.id)).for('update');
      if (mine.filter((m) => m.toDate >= today).length >= WAITLIST_MAX_ENTRIES)
        throw new AppError('LIMIT_REACHED', `You can wait on up to ${WAITLIST_MAX_ENTRIES} waitlists at a time. Leave one first.`);
      const [inserted] = await tx
        .insert(waitlistEntries)
        .values({ artistId: artist.id, clientId: user.id, serviceId: input.serviceId ?? null, fromDate: input.fromDate, toDate: input.toDate, note: input.note ?? '' })
        .returning();
      return inserted!;
    });
    return present(row, { id: artist.id, slug: artist.slug, displayName: artist.displayName });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT', 'You are already on this artist’s waitlist for those dates.');
    throw error;
  }
}

/** GET /api/waitlist: my entries, soonest dates first. */
export async function listMyWaitlist(ctx: AppContext, user: SessionUser): Promise<{ items: TWaitlistEntry[] }> {
  const rows = await ctx.database.db
    .select({ w: waitlistEntries, artist: artistColumns })
    .from(waitlistEntries)
    .innerJoin(artistProfiles, eq(artistProfiles.id, waitlistEntries.artistId))
    .where(eq(waitlistEntries.clientId, user.id))
    .orderBy(asc(waitlistEntries.fromDate), asc(waitlistEntries.createdAt));
  return { items: rows.map((r) => present(r.w, r.artist)) };
}

/** DELETE /api/waitlist/{id}: only the client who joined; anyone else is told it does not exist. */
export async function leaveWaitlist(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound('That waitlist entry');
  const deleted = await ctx.database.db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.clientId, user.id)))
    .returning({ id: waitlistEntries.id });
  if (deleted.length === 0) throw notFound('That waitlist entry');
}

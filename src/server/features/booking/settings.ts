import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ZBookingSettingsInput, type TBookingSettings } from '../../../shared/contracts/bookings.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, auditLog } from '../../db/schema/index.ts';
import { forbidden, notFound, validate } from '../../http/app-error.ts';
import { UUID } from './access.ts';

type ArtistSettingsRow = typeof artistProfiles.$inferSelect;

/** Per-object check: the artist themself or an administrator; anyone else 403, an unknown artist 404. */
async function findManagedArtist(db: DbOrTx, user: SessionUser, idOrSlug: string): Promise<ArtistSettingsRow> {
  const [artist] = await db
    .select()
    .from(artistProfiles)
    .where(UUID.test(idOrSlug) ? eq(artistProfiles.id, idOrSlug) : eq(artistProfiles.slug, idOrSlug.toLowerCase()))
    .limit(1);
  if (!artist) throw notFound('That artist');
  if (artist.userId !== user.id && !user.isAdmin) throw forbidden('Only the artist can see and change their booking settings.');
  return artist;
}

/** The private feed's address; the token is the only secret in it. */
export const calendarFeedUrl = (ctx: AppContext, token: string | null) => (token ? `${ctx.publicUrl}/api/calendar/${token}.ics` : null);

const present = (ctx: AppContext, a: ArtistSettingsRow): TBookingSettings => ({
  instantBookConsultations: a.instantBookConsultations,
  instantBookFlash: a.instantBookFlash,
  depositInstructions: a.depositInstructions,
  noticeHours: a.noticeHours,
  maxReschedules: a.maxReschedules,
  depositWindowHours: a.depositWindowHours,
  acceptInquiries: a.acceptInquiries,
  calendarFeedUrl: calendarFeedUrl(ctx, a.calendarToken),
});

export async function getBookingSettings(ctx: AppContext, user: SessionUser, idOrSlug: string): Promise<TBookingSettings> {
  return present(ctx, await findManagedArtist(ctx.database.db, user, idOrSlug));
}

/**
 * PUT: who may change the settings is settled before the body is read. Bookings already made keep
 * the policy frozen on them; these values apply to new requests.
 */
export async function updateBookingSettings(ctx: AppContext, user: SessionUser, idOrSlug: string, body: unknown): Promise<TBookingSettings> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  const input = validate(ZBookingSettingsInput, body);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(artistProfiles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(artistProfiles.id, artist.id))
      .returning();
    if (artist.userId !== user.id)
      await tx.insert(auditLog).values({ actorId: user.id, action: 'artist.booking_settings', subjectType: 'artist_profile', subjectId: artist.id, data: { ...input } });
    return updated!;
  });
  return present(ctx, row);
}

/** POST: a new secret feed address; the old one stops working at once (a leaked URL is revoked by rotating). */
export async function rotateCalendarToken(ctx: AppContext, user: SessionUser, idOrSlug: string): Promise<{ calendarFeedUrl: string }> {
  const { db } = ctx.database;
  const artist = await findManagedArtist(db, user, idOrSlug);
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.update(artistProfiles).set({ calendarToken: token, updatedAt: new Date() }).where(eq(artistProfiles.id, artist.id));
    if (artist.userId !== user.id)
      await tx.insert(auditLog).values({ actorId: user.id, action: 'artist.calendar_token', subjectType: 'artist_profile', subjectId: artist.id, data: {} });
  });
  return { calendarFeedUrl: calendarFeedUrl(ctx, token)! };
}

import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { avatarUrlOf } from '../../../shared/avatar.ts';
import { BOOKING_MAX_IMAGES, type TBookingRole } from '../../../shared/booking-rules.ts';
import { callWindow } from '../../../shared/call-window.ts';
import type { TBookingImage } from '../../../shared/contracts/bookings.ts';
import {
  sessionRequestUrl,
  type TConsultation,
  type TConsultationArtists,
  type TConsultationList,
  type TIceServers,
  type TSessionSuggestion,
  type TSessionSuggestionBody,
} from '../../../shared/contracts/consultations.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, bookingEvents, bookingImages, bookings, conversations, services, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { bookingNotFound, UUID } from '../booking/access.ts';
import { firstNameOf, loadJoined, presentBookingImage, presentMany, selectBookings, type BookingJoined } from '../booking/presenter.ts';
import { roleOfJoined } from '../booking/service.ts';
import { createNotification } from '../notifications/service.ts';
import { iceServersFor } from './turn-credentials.ts';

/** How many past calls the list shows: the most recent ones. */
const PAST_LIMIT = 50;
/** Video bookings read per list (latest first): far more than anyone's upcoming calls plus PAST_LIMIT. */
const LIST_READ_LIMIT = 500;
/** Minted TURN credentials outlive the booking's end by this much, so a call running a little late keeps its relay. */
const TURN_GRACE_MS = 15 * 60_000;
const PLACEMENT_REQUESTED = 'placement_photo_requested';
const SESSION_SUGGESTED = 'session_suggested';

/** A video booking the user takes part in (as client or artist), with how they relate to it. Admins are not participants of calls. */
export type CallParticipant = { joined: BookingJoined; role: 'client' | 'artist'; otherUserId: string };

/**
 * The video booking and the caller's side of it. Anyone who is not one of its two people (admins
 * included: a call is private) gets 404, as does an in-person booking, so neither existence leaks.
 */
export async function loadCall(db: DbOrTx, user: Pick<SessionUser, 'id' | 'isAdmin'>, bookingId: string): Promise<CallParticipant> {
  if (!UUID.test(bookingId)) throw bookingNotFound();
  const joined = await loadJoined(db, and(eq(bookings.id, bookingId), eq(bookings.mode, 'video'))!);
  if (!joined) throw bookingNotFound();
  const role = roleOfJoined({ ...user, isAdmin: false } as SessionUser, joined);
  if (role !== 'client' && role !== 'artist') throw bookingNotFound();
  return { joined, role, otherUserId: role === 'client' ? joined.artist.userId : joined.b.clientId };
}

/** Why a call frame or the ICE servers are refused right now; null inside the join window. */
export function callRefusal(joined: BookingJoined, now: number): AppError | null {
  const window = callWindow(joined.b, now);
  switch (window.state) {
    case 'open':
      return null;
    case 'upcoming':
      return new AppError('CONFLICT', `This call opens at ${window.opensAt}, 10 minutes before the consultation starts.`);
    case 'ended':
      return new AppError('CONFLICT', 'This consultation has ended, so its call is closed.');
    case 'unavailable':
      return new AppError('CONFLICT', 'This consultation is not confirmed, so there is no call to join.');
  }
}

async function placementRequests(db: DbOrTx, bookingIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select({ bookingId: bookingEvents.bookingId, at: sql<Date>`max(${bookingEvents.createdAt})` })
    .from(bookingEvents)
    .where(and(inArray(bookingEvents.bookingId, bookingIds), eq(bookingEvents.action, PLACEMENT_REQUESTED)))
    .groupBy(bookingEvents.bookingId);
  for (const r of rows) out.set(r.bookingId, new Date(r.at).toISOString());
  return out;
}

async function conversationsOf(db: DbOrTx, bookingIds: string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select({ id: conversations.id, bookingId: conversations.bookingId }).from(conversations).where(inArray(conversations.bookingId, bookingIds));
  return new Map(rows.map((r) => [r.bookingId!, r.id]));
}

async function present(db: DbOrTx, rows: BookingJoined[], role: TBookingRole, now: number): Promise<TConsultation[]> {
  const ids = rows.map((r) => r.b.id);
  const [presented, requested, threads] = await Promise.all([presentMany(db, rows, role, now), placementRequests(db, ids), conversationsOf(db, ids)]);
  return presented.map((b) => ({ ...b, window: callWindow(b, now), placementRequestedAt: requested.get(b.id) ?? null, conversationId: threads.get(b.id) ?? null }));
}

/** GET /api/consultations: video bookings where the user is the client or the artist; upcoming (soonest first) and past (latest first). */
export async function listConsultations(ctx: AppContext, user: SessionUser, now = Date.now()): Promise<TConsultationList> {
  const { db } = ctx.database;
  const [ownArtist] = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  const mine = ownArtist ? or(eq(bookings.clientId, user.id), eq(bookings.artistId, ownArtist.id)) : eq(bookings.clientId, user.id);
  const rows = (await selectBookings(db)
    .where(and(eq(bookings.mode, 'video'), mine))
    .orderBy(desc(bookings.startsAt))
    .limit(LIST_READ_LIMIT)) as BookingJoined[];
  const asClient = rows.filter((r) => r.b.clientId === user.id);
  const asArtist = rows.filter((r) => r.b.clientId !== user.id);
  const all = [...(await present(db, asClient, 'client', now)), ...(await present(db, asArtist, 'artist', now))];
  const isUpcoming = (c: TConsultation) => c.window.state === 'open' || c.window.state === 'upcoming' || (c.window.state === 'unavailable' && c.status === 'requested' && Date.parse(c.endsAt) > now);
  const upcoming = all.filter(isUpcoming).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const past = all
    .filter((c) => !isUpcoming(c))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))
    .slice(0, PAST_LIMIT);
  return { upcoming, past };
}

/** GET /api/consultations/{bookingId}: one consultation, for its two people only. */
export async function getConsultation(ctx: AppContext, user: SessionUser, bookingId: string, now = Date.now()): Promise<TConsultation> {
  const call = await loadCall(ctx.database.db, user, bookingId);
  const [consultation] = await present(ctx.database.db, [call.joined], call.role, now);
  return consultation!;
}

/** GET /api/consultations/{bookingId}/ice-servers: STUN/TURN for this call, inside its join window only. */
export async function getIceServers(ctx: AppContext, user: SessionUser, bookingId: string, now = Date.now()): Promise<TIceServers> {
  const call = await loadCall(ctx.database.db, user, bookingId);
  const refusal = callRefusal(call.joined, now);
  if (refusal) throw refusal;
  const secret = ctx.config.TURN_SECRET;
  const expiresAt = call.joined.b.endsAt.getTime() + TURN_GRACE_MS;
  return { iceServers: iceServersFor(ctx.config.ICE_SERVERS, secret, user.id, expiresAt), expiresAt: secret ? new Date(expiresAt).toISOString() : null };
}

/** POST /api/consultations/{bookingId}/placement-request: the artist asks the client for a photo of where the piece will go. */
export async function requestPlacementPhoto(ctx: AppContext, user: SessionUser, bookingId: string, now = Date.now()): Promise<{ requestedAt: string }> {
  const { db } = ctx.database;
  const call = await loadCall(db, user, bookingId);
  if (call.role !== 'artist') throw forbidden('Only the artist asks for a placement photo.');
  const window = callWindow(call.joined.b, now);
  if (window.state === 'unavailable' || window.state === 'ended') throw new AppError('CONFLICT', 'You can ask for a placement photo while the consultation is confirmed and not over.');
  const b = call.joined.b;
  const requestedAt = new Date(now);
  await db.transaction(async (tx) => {
    await tx.insert(bookingEvents).values({ bookingId: b.id, actorId: user.id, fromStatus: b.status, toStatus: b.status, action: PLACEMENT_REQUESTED, createdAt: requestedAt });
    await createNotification(tx, {
      userId: b.clientId,
      type: 'booking',
      title: 'Placement photo requested',
      message: `${call.joined.artist.displayName} asks for a photo of where the piece will go. Take one with your camera or upload one.`,
      actionUrl: `/consultations/${b.id}`,
      actionLabel: 'Send a photo',
    });
  });
  return { requestedAt: requestedAt.toISOString() };
}

/**
 * POST /api/consultations/{bookingId}/placement-photos: the client attaches a placement photo they
 * uploaded (the booking photo pipeline: checked, re-encoded, stripped of EXIF/GPS, private) to the
 * booking, where the artist can see it. Only their own photo that is not on a booking yet.
 */
export async function attachPlacementPhoto(ctx: AppContext, user: SessionUser, bookingId: string, imageId: string, now = Date.now()): Promise<TBookingImage> {
  const { db } = ctx.database;
  const call = await loadCall(db, user, bookingId);
  if (call.role !== 'client') throw forbidden('Only the client sends placement photos.');
  const window = callWindow(call.joined.b, now);
  if (window.state === 'unavailable') throw new AppError('CONFLICT', 'This consultation is not confirmed, so photos cannot be added to it.');
  const b = call.joined.b;
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM bookings WHERE id = ${b.id} FOR UPDATE`);
    const [image] = await tx
      .select()
      .from(bookingImages)
      .where(and(eq(bookingImages.id, imageId), eq(bookingImages.ownerId, user.id), isNull(bookingImages.bookingId)))
      .limit(1);
    if (!image) throw notFound('That photo');
    const [attached] = await tx.select({ n: sql<number>`count(*)::int` }).from(bookingImages).where(eq(bookingImages.bookingId, b.id));
    if (Number(attached?.n ?? 0) >= BOOKING_MAX_IMAGES) throw new AppError('LIMIT_REACHED', `A booking holds at most ${BOOKING_MAX_IMAGES} photos.`);
    const [updated] = await tx.update(bookingImages).set({ bookingId: b.id, kind: 'placement' }).where(eq(bookingImages.id, image.id)).returning();
    await createNotification(tx, {
      userId: call.otherUserId,
      type: 'booking',
      title: 'Placement photo received',
      message: `${firstNameOf(call.joined.clientName)} sent a placement photo for your video consultation.`,
      actionUrl: `/bookings/${b.id}`,
      actionLabel: 'View booking',
    });
    return updated!;
  });
  return presentBookingImage(row);
}

/**
 * POST /api/consultations/{bookingId}/session-suggestion: after the call (once it has started), the
 * artist turns the consultation into a session request. The request itself goes through the
 * booking form the client already uses (their time, their policy acceptance), prefilled with the
 * service and the idea; the client gets a notification with the link.
 */
export async function suggestSession(ctx: AppContext, user: SessionUser, bookingId: string, body: TSessionSuggestionBody, now = Date.now()): Promise<TSessionSuggestion> {
  const { db } = ctx.database;
  const call = await loadCall(db, user, bookingId);
  if (call.role !== 'artist') throw forbidden('Only the artist turns a consultation into a session request.');
  const b = call.joined.b;
  const refused = !['accepted', 'confirmed', 'completed'].includes(b.status);
  if (refused || now < b.startsAt.getTime()) throw new AppError('CONFLICT', 'You can suggest a session once the consultation has taken place.');
  const [service] = await db
    .select({ id: services.id, kind: services.kind })
    .from(services)
    .where(and(eq(services.id, body.serviceId), eq(services.artistId, b.artistId), eq(services.active, true)))
    .limit(1);
  if (!service) throw notFound('That service');
  if (service.kind === 'consultation') throw new AppError('VALIDATION_FAILED', 'Choose a tattoo or piercing session, not another consultation.');
  const bookUrl = sessionRequestUrl(b.artistId, service.id, body.idea);
  await db.transaction(async (tx) => {
    await tx.insert(bookingEvents).values({ bookingId: b.id, actorId: user.id, fromStatus: b.status, toStatus: b.status, action: SESSION_SUGGESTED, data: { serviceId: service.id } });
    await createNotification(tx, {
      userId: b.clientId,
      type: 'booking',
      title: 'Ready to book your session',
      message: `${call.joined.artist.displayName} suggests booking a session after your consultation. Your idea is filled in: pick a time to send the request.`,
      actionUrl: bookUrl,
      actionLabel: 'Choose a time',
    });
  });
  return { bookUrl };
}

/** GET /api/consultations/artists: artists with an active consultation service (offered by video), best rated first. */
export async function listConsultationArtists(ctx: AppContext, kind: 'tattoo' | 'piercing' | undefined): Promise<TConsultationArtists> {
  const { db } = ctx.database;
  const kindFilter = kind ? inArray(artistProfiles.kind, [kind, 'both']) : undefined;
  const rows = await db
    .select({ a: artistProfiles, avatarKey: users.avatarKey, s: services })
    .from(services)
    .innerJoin(artistProfiles, eq(artistProfiles.id, services.artistId))
    .innerJoin(users, eq(users.id, artistProfiles.userId))
    .where(and(eq(services.kind, 'consultation'), eq(services.active, true), kindFilter))
    .orderBy(sql`${artistProfiles.ratingSum} / nullif(${artistProfiles.ratingCount}, 0) DESC NULLS LAST`, desc(artistProfiles.ratingCount), artistProfiles.displayName, services.durationMinutes)
    .limit(200);
  const byArtist = new Map<string, TConsultationArtists['items'][number]>();
  for (const { a, avatarKey, s } of rows) {
    let item = byArtist.get(a.id);
    if (!item) {
      item = {
        id: a.id,
        slug: a.slug,
        displayName: a.displayName,
        kind: a.kind,
        city: a.city,
        country: a.country,
        avatarUrl: avatarUrlOf(avatarKey),
        rating: { value: a.ratingCount ? Math.round((a.ratingSum / a.ratingCount) * 10) / 10 : 0, count: a.ratingCount },
        services: [],
      };
      byArtist.set(a.id, item);
    }
    item.services.push({ id: s.id, name: s.name, durationMinutes: s.durationMinutes, depositCents: s.depositCents, currency: s.currency });
  }
  return { items: [...byArtist.values()] };
}

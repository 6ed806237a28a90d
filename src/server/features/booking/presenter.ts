import { avatarUrlOf } from '../../../shared/avatar.ts';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { BOOKING_DEFAULTS, allowedActions, type BookingPolicySnapshot, type TBookingRole } from '../../../shared/booking-rules.ts';
import { consentStatusOf } from '../../../shared/contracts/consent.ts';
import type { TBooking, TBookingDetail, TBookingEvent, TBookingImage, TLedgerEntry } from '../../../shared/contracts/bookings.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, bookingEvents, bookingImages, bookings, conversations, flashDesigns, ledgerEntries, reviews, services, studios, users } from '../../db/schema/index.ts';
import { presentReview } from '../artists/profile.ts';
import { photosOfReviews } from '../reviews/photos.ts';
import type { BookingRow } from './transitions.ts';

export const firstNameOf = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || 'Someone';

/** Bookings made before policies were frozen carry none; they are shown under the platform defaults. */
export function policyOf(row: Pick<BookingRow, 'policy' | 'depositCents' | 'currency'>): BookingPolicySnapshot {
  return (
    row.policy ?? {
      depositCents: row.depositCents,
      currency: row.currency,
      noticeHours: BOOKING_DEFAULTS.noticeHours,
      maxReschedules: BOOKING_DEFAULTS.maxReschedules,
      depositWindowHours: BOOKING_DEFAULTS.depositWindowHours,
      depositMethod: 'studio',
      depositInstructions: '',
    }
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const selection = {
  b: bookings,
  artist: { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName, timezone: artistProfiles.timezone, city: artistProfiles.city, userId: artistProfiles.userId },
  clientName: users.name,
  clientAvatarKey: users.avatarKey,
  artistAvatarKey: sql<string | null>`(SELECT u.avatar_key FROM users u WHERE u.id = ${artistProfiles.userId})`,
  service: { id: services.id, name: services.name, kind: services.kind, durationMinutes: services.durationMinutes },
  flash: { id: flashDesigns.id, title: flashDesigns.title, thumbKey: flashDesigns.thumbKey },
  consentSigned: sql<boolean>`EXISTS (SELECT 1 FROM consent_forms cf WHERE cf.booking_id = ${bookings.id})`,
};

export type BookingJoined = {
  b: BookingRow;
  artist: Omit<TBooking['artist'], 'avatarUrl'> & { userId: string };
  clientName: string;
  /** Avatars of both people; a booking presented from rows in hand without them shows monograms. */
  clientAvatarKey?: string | null;
  artistAvatarKey?: string | null;
  service: TBooking['service'];
  flash: { id: string; title: string; thumbKey: string } | null;
  /** Whether a signed consent form exists; a booking presented from rows in hand (just created) has none. */
  consentSigned?: boolean;
};

/** Bookings with their artist, client, service and flash design, in one query. */
export function selectBookings(db: DbOrTx) {
  return db
    .select(selection)
    .from(bookings)
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .innerJoin(users, eq(users.id, bookings.clientId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(flashDesigns, eq(flashDesigns.id, bookings.flashDesignId));
}

export async function loadJoined(db: DbOrTx, where: SQL): Promise<BookingJoined | null> {
  const [row] = await selectBookings(db).where(where).limit(1);
  return (row as BookingJoined | undefined) ?? null;
}

async function imagesOf(db: DbOrTx, bookingIds: string[]): Promise<Map<string, TBookingImage[]>> {
  const out = new Map<string, TBookingImage[]>();
  if (bookingIds.length === 0) return out;
  // Healing photos belong to their aftercare check-in (features/aftercare), not to the request.
  const rows = await db
    .select()
    .from(bookingImages)
    .where(and(inArray(bookingImages.bookingId, bookingIds), isNull(bookingImages.checkInId)))
    .orderBy(asc(bookingImages.createdAt), asc(bookingImages.id));
  for (const r of rows) {
    const list = out.get(r.bookingId!) ?? [];
    list.push(presentBookingImage(r));
    out.set(r.bookingId!, list);
  }
  return out;
}

export const presentBookingImage = (r: typeof bookingImages.$inferSelect): TBookingImage => ({
  id: r.id,
  kind: r.kind,
  // Private: served by the booking feature after checking who asks (not under the public /uploads/).
  url: `/api/bookings/uploads/${r.id}`,
  thumbUrl: `/api/bookings/uploads/${r.id}/thumb`,
  width: r.width,
  height: r.height,
});

/** Each client's no-shows with any artist: shown to artists (and admins), never to other clients. */
export async function noShowCounts(db: DbOrTx, clientIds: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(clientIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ clientId: bookings.clientId, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.clientId, unique), eq(bookings.status, 'no_show')))
    .groupBy(bookings.clientId);
  return new Map(rows.map((r) => [r.clientId, Number(r.n)]));
}

export function presentBooking(j: BookingJoined, images: TBookingImage[], role: TBookingRole, now: number, clientNoShows?: number): TBooking {
  const { b } = j;
  const policy = policyOf(b);
  return {
    id: b.id,
    status: b.status,
    artistId: b.artistId,
    clientId: b.clientId,
    serviceId: b.serviceId,
    flashDesignId: b.flashDesignId,
    mode: b.mode,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    clientTimezone: b.clientTimezone,
    idea: b.idea,
    placement: b.placement,
    size: b.size,
    colour: b.colour,
    depositCents: b.depositCents,
    currency: b.currency,
    depositStatus: b.depositStatus,
    depositDueAt: iso(b.depositDueAt),
    respondBy: iso(b.respondBy),
    rescheduleCount: b.rescheduleCount,
    instant: b.instant,
    artistMessage: b.artistMessage,
    cancelReason: b.cancelReason,
    policy,
    policyAcceptedAt: iso(b.policyAcceptedAt),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    artist: { id: j.artist.id, slug: j.artist.slug, displayName: j.artist.displayName, timezone: j.artist.timezone, city: j.artist.city, avatarUrl: avatarUrlOf(j.artistAvatarKey) },
    client: { id: b.clientId, firstName: firstNameOf(j.clientName), avatarUrl: avatarUrlOf(j.clientAvatarKey) },
    service: { id: j.service.id, name: j.service.name, kind: j.service.kind, durationMinutes: j.service.durationMinutes },
    flashDesign: j.flash ? { id: j.flash.id, title: j.flash.title, thumbUrl: `/uploads/${j.flash.thumbKey}` } : null,
    images,
    viewerRole: role,
    allowedActions: allowedActions({ ...b, policy }, role, now),
    ...(clientNoShows !== undefined ? { clientNoShows } : {}),
    consentStatus: consentStatusOf(j.service.kind, j.consentSigned === true),
  };
}

/** A page of bookings as one viewer sees them (images and, for the artist's side, no-show counts in two more queries). */
export async function presentMany(db: DbOrTx, rows: BookingJoined[], role: TBookingRole, now: number): Promise<TBooking[]> {
  const ids = rows.map((r) => r.b.id);
  const [images, noShows] = await Promise.all([imagesOf(db, ids), role === 'client' ? Promise.resolve(null) : noShowCounts(db, rows.map((r) => r.b.clientId))]);
  return rows.map((r) => presentBooking(r, images.get(r.b.id) ?? [], role, now, noShows ? (noShows.get(r.b.clientId) ?? 0) : undefined));
}

/** The booking page: the booking, its timeline (with who acted), its ledger and its review. */
export async function presentDetail(db: DbOrTx, j: BookingJoined, role: TBookingRole, now: number): Promise<TBookingDetail> {
  const id = j.b.id;
  const [[booking], events, ledger, [review], [place], [conversation]] = await Promise.all([
    presentMany(db, [j], role, now),
    db
      .select({ e: bookingEvents, actorName: users.name })
      .from(bookingEvents)
      .leftJoin(users, eq(users.id, bookingEvents.actorId))
      .where(eq(bookingEvents.bookingId, id))
      .orderBy(asc(bookingEvents.createdAt), asc(sql`${bookingEvents.id}`)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id)).orderBy(asc(ledgerEntries.createdAt)),
    db.select().from(reviews).where(eq(reviews.bookingId, id)).limit(1),
    db
      .select({
        city: artistProfiles.city,
        country: artistProfiles.country,
        instagram: artistProfiles.instagram,
        studio: { slug: studios.slug, name: studios.name, address: studios.address, city: studios.city, country: studios.country, lat: studios.lat, lng: studios.lng },
      })
      .from(artistProfiles)
      .leftJoin(studios, eq(studios.id, artistProfiles.studioId))
      .where(eq(artistProfiles.id, j.b.artistId))
      .limit(1),
    // Opened with the request (migration 0016); the page links to it.
    db.select({ id: conversations.id }).from(conversations).where(eq(conversations.bookingId, id)).limit(1),
  ]);
  return {
    ...booking!,
    conversationId: conversation?.id ?? null,
    events: orderEvents(events).map(
      ({ e, actorName }): TBookingEvent => ({
        id: e.id,
        action: e.action,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        note: e.note,
        actor: e.actorId ? { id: e.actorId, name: firstNameOf(actorName) } : null,
        createdAt: e.createdAt.toISOString(),
      }),
    ),
    ledger: ledger.map(
      (l): TLedgerEntry => ({ id: l.id, kind: l.kind, method: l.method, amountCents: l.amountCents, currency: l.currency, note: l.note, createdAt: l.createdAt.toISOString() }),
    ),
    review: review ? presentReview(review, j.clientName, (await photosOfReviews(db, [review.id])).get(review.id)) : null,
    place: {
      studio: place?.studio ?? null,
      city: place?.city ?? j.artist.city,
      country: place?.country ?? '',
      instagram: place?.instagram ?? null,
    },
  };
}

const ACTION_ORDER = [
  'created',
  'accepted',
  'deposit_due',
  'deposit_paid',
  'confirmed',
  'rescheduled',
  'declined',
  'cancelled',
  'completed',
  'no_show',
  'expired',
  'deposit_refunded',
  'deposit_forfeited',
];

/**
 * Events written in one transaction share its timestamp, and their ids are random: put those that
 * belong together (accepted, then deposit_due; cancelled, then deposit_refunded) in the order they happened.
 */
function orderEvents<T extends { e: { createdAt: Date; action: string } }>(rows: T[]): T[] {
  const rank = (a: string) => {
    const i = ACTION_ORDER.indexOf(a);
    return i === -1 ? ACTION_ORDER.length : i;
  };
  return [...rows].sort((x, y) => x.e.createdAt.getTime() - y.e.createdAt.getTime() || rank(x.e.action) - rank(y.e.action));
}

import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { BOOKING_STATUS_LABELS, LIVE_STATUSES, type TBookingStatus } from '../../../shared/booking-rules.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles, bookings, studios } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { bookingNotFound, UUID } from './access.ts';
import { buildCalendar, type IcsEvent } from './ics.ts';
import { firstNameOf, loadJoined, selectBookings, type BookingJoined } from './presenter.ts';

const DAY = 86_400_000;
/** The feed shows what is coming and the last month, so a calendar app keeps recent history. */
const FEED_PAST_DAYS = 31;
const FEED_MAX_EVENTS = 2000;
const TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

const icsStatus = (s: TBookingStatus): IcsEvent['status'] => (s === 'confirmed' ? 'CONFIRMED' : (LIVE_STATUSES as readonly string[]).includes(s) ? 'TENTATIVE' : 'CANCELLED');

type Place = { address: string; city: string; country: string } | null;

function toEvent(ctx: AppContext, j: BookingJoined, viewer: 'client' | 'artist', studio: Place, now: Date): IcsEvent {
  const b = j.b;
  const other = viewer === 'artist' ? firstNameOf(j.clientName) : j.artist.displayName;
  const where = b.mode === 'video' ? 'Video call' : studio ? `${studio.address}, ${studio.city}, ${studio.country}` : j.artist.city;
  const lines = [
    `${j.service.name} — ${BOOKING_STATUS_LABELS[b.status]}`,
    ...(j.flash ? [`Flash design: ${j.flash.title}`] : []),
    ...(b.idea ? [`Idea: ${b.idea}`] : []),
    ...(b.placement ? [`Placement: ${b.placement}`] : []),
    `Details: ${ctx.publicUrl}/bookings/${b.id}`,
  ];
  return {
    uid: `booking-${b.id}@${new URL(ctx.publicUrl).hostname}`,
    start: b.startsAt,
    end: b.endsAt,
    stamp: now,
    summary: `${j.service.name} with ${other}`,
    location: where,
    description: lines.join('\n'),
    url: `${ctx.publicUrl}/bookings/${b.id}`,
    status: icsStatus(b.status),
    sequence: b.rescheduleCount,
  };
}

async function studioOf(ctx: AppContext, artistId: string): Promise<Place> {
  const [row] = await ctx.database.db
    .select({ address: studios.address, city: studios.city, country: studios.country })
    .from(artistProfiles)
    .innerJoin(studios, eq(studios.id, artistProfiles.studioId))
    .where(eq(artistProfiles.id, artistId))
    .limit(1);
  return row ?? null;
}

/** GET /api/bookings/{id}/calendar.ics: for the two people of the booking only. */
export async function bookingCalendar(ctx: AppContext, user: SessionUser, id: string, now = new Date()): Promise<{ filename: string; body: string }> {
  if (!UUID.test(id)) throw bookingNotFound();
  const j = await loadJoined(ctx.database.db, eq(bookings.id, id));
  const viewer = j?.b.clientId === user.id ? 'client' : j?.artist.userId === user.id ? 'artist' : null;
  if (!j || !viewer) throw bookingNotFound();
  return { filename: `inkhaven-booking-${id.slice(0, 8)}.ics`, body: buildCalendar([toEvent(ctx, j, viewer, await studioOf(ctx, j.b.artistId), now)]) };
}

/** GET /api/calendar/{token}.ics: the artist's live bookings, for any calendar app; the token is the key. */
export async function artistFeed(ctx: AppContext, token: string, now = new Date()): Promise<string> {
  if (!TOKEN.test(token)) throw notFound('That calendar');
  const { db } = ctx.database;
  const [artist] = await db.select({ id: artistProfiles.id, displayName: artistProfiles.displayName }).from(artistProfiles).where(eq(artistProfiles.calendarToken, token)).limit(1);
  if (!artist) throw notFound('That calendar');
  const rows = (await selectBookings(db)
    .where(
      and(
        eq(bookings.artistId, artist.id),
        sql`${bookings.status} IN (${sql.join(LIVE_STATUSES.map((s) => sql`${s}`), sql`, `)})`,
        gt(bookings.endsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY)),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(FEED_MAX_EVENTS)) as BookingJoined[];
  const studio = await studioOf(ctx, artist.id);
  return buildCalendar(
    rows.map((j) => toEvent(ctx, j, 'artist', studio, now)),
    { name: `Inkhaven — ${artist.displayName}` },
  );
}

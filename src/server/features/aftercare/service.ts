import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { planDay, warningSigns } from '../../../shared/aftercare-plan.ts';
import type { TAftercare, TCheckIn, TCheckInCreate } from '../../../shared/contracts/aftercare.ts';
import type { THighlightReview } from '../../../shared/contracts/review-highlights.ts';
import { selectTestimonials, TESTIMONIAL_MAX, TESTIMONIAL_MIN_BODY_CHARS } from '../../../shared/review-display.ts';
import { checkInFromForm, CHECK_IN_FORM_FIELDS, keptPhotoIds, ZCheckInCreate } from '../../../shared/contracts/aftercare.ts';
import type { MultipartForm } from '../../http/multipart.ts';
import { uploadBookingImage } from '../booking/uploads.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, bookingImages, bookings, healingCheckIns, reviews, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, validate } from '../../http/app-error.ts';
import { presentReview } from '../artists/profile.ts';
import { loadPlan } from './plan.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bookingNotFound = () => notFound('That booking');

type Role = 'client' | 'artist' | 'admin';

/**
 * Who the viewer is on the booking: its client, its artist or an admin. Anyone else gets 404, as for
 * the booking itself: a check-in says how someone's skin heals, so not even its existence is told.
 */
async function roleOnBooking(db: DbOrTx, user: SessionUser, bookingId: string): Promise<{ role: Role; clientId: string; status: string }> {
  if (!UUID.test(bookingId)) throw bookingNotFound();
  const [b] = await db
    .select({ clientId: bookings.clientId, status: bookings.status, artistUserId: artistProfiles.userId })
    .from(bookings)
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!b) throw bookingNotFound();
  const role: Role | null = b.clientId === user.id ? 'client' : b.artistUserId === user.id ? 'artist' : user.isAdmin ? 'admin' : null;
  if (!role) throw bookingNotFound();
  return { role, clientId: b.clientId, status: b.status };
}

async function checkInsOf(db: DbOrTx, bookingId: string): Promise<TCheckIn[]> {
  const rows = await db
    .select({ c: healingCheckIns, authorName: users.name })
    .from(healingCheckIns)
    .innerJoin(users, eq(users.id, healingCheckIns.authorId))
    .where(eq(healingCheckIns.bookingId, bookingId))
    .orderBy(asc(healingCheckIns.createdAt), asc(healingCheckIns.id));
  const ids = rows.map((r) => r.c.id);
  const photos = ids.length
    ? await db.select().from(bookingImages).where(inArray(bookingImages.checkInId, ids)).orderBy(asc(bookingImages.createdAt), asc(bookingImages.id))
    : [];
  return rows.map(({ c, authorName }) => ({
    id: c.id,
    authorName,
    feeling: c.feeling,
    symptoms: c.symptoms,
    note: c.note,
    warningSigns: c.warning ? warningSigns({ symptoms: c.symptoms, note: c.note, day: c.day }) : [],
    day: c.day,
    createdAt: c.createdAt.toISOString(),
    // Private like every booking photo: served by the booking feature after checking who asks.
    photos: photos
      .filter((p) => p.checkInId === c.id)
      .map((p) => ({ id: p.id, kind: p.kind, url: `/api/bookings/uploads/${p.id}`, thumbUrl: `/api/bookings/uploads/${p.id}/thumb`, width: p.width, height: p.height })),
  }));
}

/** GET /api/bookings/{id}/aftercare: the plan, the check-ins and the healed follow-up, for the booking's two people and admins. */
export async function getAftercare(ctx: AppContext, user: SessionUser, bookingId: string, now = new Date()): Promise<TAftercare> {
  const db = ctx.database.db;
  const { role } = await roleOnBooking(db, user, bookingId);
  const [stored, checkIns, [review]] = await Promise.all([
    loadPlan(db, bookingId),
    checkInsOf(db, bookingId),
    db.select({ healedNote: reviews.healedNote, healedAt: reviews.healedAt }).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1),
  ]);
  const plan = stored?.plan ?? null;
  const healedStep = plan?.steps.at(-1);
  return {
    plan,
    canCheckIn: role === 'client' && plan !== null,
    checkIns,
    healed: {
      due: healedStep ? new Date(healedStep.sendAt).getTime() <= now.getTime() : false,
      reviewed: Boolean(review),
      followUp: review?.healedNote && review.healedAt ? { note: review.healedNote, at: review.healedAt.toISOString() } : null,
    },
  };
}

/**
 * POST /api/bookings/{id}/check-ins: the client says how it heals. Only on a booking with a running
 * plan; photos are the client's own healing uploads not yet on anything. The same clientCheckInId
 * stores one check-in (a retry answers the first).
 */
export async function createCheckIn(ctx: AppContext, user: SessionUser, bookingId: string, body: unknown, now = new Date()): Promise<{ checkIn: TCheckIn; created: boolean }> {
  const db = ctx.database.db;
  const { role } = await roleOnBooking(db, user, bookingId);
  if (role !== 'client') throw forbidden('Only the client of this booking can say how it is healing.');
  const input = validate(ZCheckInCreate, body) as Required<TCheckInCreate>;
  const stored = await loadPlan(db, bookingId);
  if (!stored) throw new AppError('CONFLICT', 'Check-ins open once the session is completed and its aftercare plan has started.');
  const day = Math.max(1, planDay(stored.plan.timezone, stored.dayOne, now));
  const warning = warningSigns({ symptoms: input.symptoms, note: input.note, day }).length > 0;
  const byClientId = and(eq(healingCheckIns.bookingId, bookingId), eq(healingCheckIns.clientCheckInId, input.clientCheckInId));
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(healingCheckIns)
      .values({ bookingId, authorId: user.id, clientCheckInId: input.clientCheckInId, feeling: input.feeling, symptoms: [...new Set(input.symptoms)], note: input.note, warning, day })
      .onConflictDoNothing()
      .returning({ id: healingCheckIns.id });
    if (!row) {
      // Sent before (a retry): the first one stands.
      const [existing] = await tx.select({ id: healingCheckIns.id }).from(healingCheckIns).where(byClientId).limit(1);
      return { id: existing!.id, created: false };
    }
    const ids = [...new Set(input.photoIds)];
    if (ids.length) {
      const attached = await tx
        .update(bookingImages)
        .set({ bookingId, checkInId: row.id })
        .where(and(inArray(bookingImages.id, ids), eq(bookingImages.ownerId, user.id), eq(bookingImages.kind, 'healing'), isNull(bookingImages.bookingId)))
        .returning({ id: bookingImages.id });
      if (attached.length !== ids.length)
        throw new AppError('VALIDATION_FAILED', 'photoIds: some photos are not your healing photos or are already on a check-in. Upload them again.');
    }
    return { id: row.id, created: true };
  });
  const checkIn = (await checkInsOf(db, bookingId)).find((c) => c.id === result.id);
  if (!checkIn) throw new Error('check-in written but not found');
  return { checkIn, created: result.created };
}

/**
 * `POST /bookings/{id}/aftercare`: the check-in form as the browser posts it without JavaScript, its
 * photos in the same post. They are stored as the upload route stores healing photos (after the
 * client is known to be this booking's), then the check-in is made by createCheckIn. `photoIds`
 * gets each stored photo's id at once, so a refusal after it keeps the photo.
 */
export async function createCheckInFromForm(ctx: AppContext, user: SessionUser, bookingId: string, form: MultipartForm, photoIds: string[], now = new Date()): Promise<TCheckIn> {
  const { role } = await roleOnBooking(ctx.database.db, user, bookingId);
  if (role !== 'client') throw forbidden('Only the client of this booking can say how it is healing.');
  photoIds.push(...keptPhotoIds(form.fields));
  for (const file of form.files[CHECK_IN_FORM_FIELDS.photos] ?? []) {
    photoIds.push((await uploadBookingImage(ctx, user, async () => ({ fields: { kind: 'healing' }, file }))).id);
  }
  // A page posted natively has no id of its own; the 303 afterwards keeps a reload from posting again.
  return (await createCheckIn(ctx, user, bookingId, checkInFromForm(form.fields, randomUUID(), photoIds), now)).checkIn;
}

/**
 * POST /api/bookings/{id}/healed-follow-up: once the healing period is over, the client adds a note
 * to their review of the booking (shown with the review). Once: a second follow-up is a conflict.
 */
export async function addHealedFollowUp(ctx: AppContext, user: SessionUser, bookingId: string, note: string, now = new Date()): Promise<TAftercare> {
  const db = ctx.database.db;
  const { role } = await roleOnBooking(db, user, bookingId);
  if (role !== 'client') throw forbidden('Only the client of this booking can add a healed follow-up.');
  const stored = await loadPlan(db, bookingId);
  const healedAt = stored ? new Date(stored.plan.steps.at(-1)!.sendAt) : null;
  if (!healedAt || healedAt.getTime() > now.getTime()) throw new AppError('CONFLICT', 'A healed follow-up can be added once the healing period is over.');
  const updated = await db
    .update(reviews)
    .set({ healedNote: note, healedAt: now })
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.authorId, user.id), isNull(reviews.healedNote)))
    .returning({ id: reviews.id });
  if (updated.length === 0) {
    const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
    throw new AppError('CONFLICT', review ? 'This review already has its healed follow-up.' : 'Review the booking first; the healed follow-up is added to your review.');
  }
  return getAftercare(ctx, user, bookingId, now);
}

/**
 * GET /api/aftercare/testimonials: the aftercare guide's testimonials, from real reviews of completed
 * bookings that speak about aftercare or healing (the "Aftercare advice" aspect, a healed follow-up,
 * or the words in the review), under the spec's grid rule: at most three, bodies over 50 characters.
 */
export async function aftercareTestimonials(ctx: AppContext): Promise<THighlightReview[]> {
  const db = ctx.database.db;
  const aboutAftercare = or(
    eq(reviews.reviewAspect, 'Aftercare advice'),
    isNotNull(reviews.healedNote),
    ilike(reviews.reviewBody, '%aftercare%'),
    ilike(reviews.reviewBody, '%heal%'),
  );
  const rows = await db
    .select({ r: reviews, authorName: users.name, artistSlug: artistProfiles.slug, artistName: artistProfiles.displayName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .innerJoin(artistProfiles, eq(artistProfiles.id, reviews.artistId))
    .where(and(aboutAftercare, sql`length(btrim(${reviews.reviewBody})) > ${TESTIMONIAL_MIN_BODY_CHARS}`))
    .orderBy(desc(sql`${reviews.healedNote} IS NOT NULL`), desc(reviews.createdAt), desc(reviews.id))
    .limit(TESTIMONIAL_MAX);
  return selectTestimonials(rows.map(({ r, authorName, artistSlug, artistName }) => ({ ...presentReview(r, authorName), artist: { slug: artistSlug, displayName: artistName } })));
}

import { eq } from 'drizzle-orm';
import { ageOn, CONSENT_ADULT_AGE, CONSENT_MAX_AGE_YEARS, type TConsentBlocker, type TConsentKind } from '../../../shared/contracts/consent.ts';
import { isUuid } from '../../../shared/contracts/input.ts';
import { dateKey, localDateOf } from '../../../shared/zoned-time.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, bookings, consentForms, services, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/**
 * Who may see and sign a booking's consent (issue 13 §4): the booking's client signs; the client,
 * the booked artist and admins read (an admin read is an audit row). Anyone else is told the booking
 * does not exist, so neither bookings nor forms leak by id.
 */

export type ConsentRole = 'client' | 'artist' | 'admin';

export type ConsentBooking = {
  id: string;
  status: string;
  clientId: string;
  clientName: string;
  artistId: string;
  artistUserId: string;
  artistName: string;
  artistTimezone: string;
  serviceName: string;
  serviceKind: 'consultation' | 'tattoo' | 'piercing';
  startsAt: Date;
  endsAt: Date;
};

const selection = {
  id: bookings.id,
  status: bookings.status,
  clientId: bookings.clientId,
  clientName: users.name,
  artistId: bookings.artistId,
  artistUserId: artistProfiles.userId,
  artistName: artistProfiles.displayName,
  artistTimezone: artistProfiles.timezone,
  serviceName: services.name,
  serviceKind: services.kind,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
};

/** The booking with what consent needs; `lock` takes its row lock for the rest of the transaction. */
export async function loadConsentBooking(db: DbOrTx, bookingId: string, opts: { lock?: boolean } = {}): Promise<ConsentBooking | null> {
  if (!isUuid(bookingId)) return null;
  const query = db
    .select(selection)
    .from(bookings)
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: bookings }) : await query;
  return row ?? null;
}

export const consentBookingNotFound = () => notFound('That booking');
export const consentFormNotFound = () => notFound('That consent form');

export function consentRoleOf(user: SessionUser, booking: Pick<ConsentBooking, 'clientId' | 'artistUserId'>): ConsentRole | null {
  if (booking.clientId === user.id) return 'client';
  if (booking.artistUserId === user.id) return 'artist';
  return user.isAdmin ? 'admin' : null;
}

/** The reader's role, or 404 for anyone who may not know the booking exists. */
export function requireConsentReader(user: SessionUser, booking: ConsentBooking | null, missing = consentBookingNotFound): ConsentRole {
  const role = booking ? consentRoleOf(user, booking) : null;
  if (!booking || !role) throw missing();
  return role;
}

export const consentKindOf = (booking: Pick<ConsentBooking, 'serviceKind'>): TConsentKind | null => (booking.serviceKind === 'consultation' ? null : booking.serviceKind);

const CANCELLED = new Set(['declined', 'expired', 'cancelled_by_client', 'cancelled_by_artist']);
const ENDED = new Set(['completed', 'no_show']);

/** Why `role` cannot sign this booking's form now; null when they can. */
export function signingBlocker(booking: ConsentBooking, role: ConsentRole | null, signed: boolean, now: number): TConsentBlocker | null {
  if (!consentKindOf(booking)) return 'not_required';
  if (signed) return 'signed';
  if (role !== 'client') return 'not_client';
  if (CANCELLED.has(booking.status)) return 'cancelled';
  if (ENDED.has(booking.status) || booking.endsAt.getTime() <= now) return 'ended';
  if (booking.status !== 'confirmed') return 'not_confirmed';
  return null;
}

const BLOCKER_ERRORS: Record<TConsentBlocker, () => AppError> = {
  not_required: () => new AppError('CONSENT_NOT_REQUIRED', 'A consultation needs no consent form; the form comes with the tattoo or piercing session.'),
  signed: () => new AppError('CONSENT_ALREADY_SIGNED', 'The consent form for this booking is already signed. Signed forms cannot be changed; download the PDF from the booking.'),
  not_client: () => new AppError('FORBIDDEN', 'Only the client of this booking can sign its consent form.'),
  cancelled: () => new AppError('CONSENT_CLOSED', 'This booking was cancelled, so there is no consent form to sign.'),
  ended: () => new AppError('CONSENT_CLOSED', 'This appointment has ended; its consent form can no longer be signed.'),
  not_confirmed: () => new AppError('CONSENT_NOT_OPEN', 'The consent form opens once the booking is confirmed (accepted, and the deposit paid where one is due).'),
};
export const blockerError = (blocker: TConsentBlocker) => BLOCKER_ERRORS[blocker]();

/** The appointment's calendar day where it happens (the artist's zone): ages are counted on it. */
export const appointmentDay = (booking: Pick<ConsentBooking, 'startsAt' | 'artistTimezone'>) => dateKey(localDateOf(booking.startsAt, booking.artistTimezone));

/**
 * The age rules: a date of birth between 120 years before the appointment and today; tattoo
 * clients 18+ on the appointment day; a piercing client under 18 signs with a guardian, and a
 * guardian is only for a minor. Returns whether the client is a minor.
 */
export function checkAge(kind: TConsentKind, dateOfBirth: string, day: string, today: string, hasGuardian: boolean): { minor: boolean } {
  if (dateOfBirth > today || dateOfBirth > day) throw new AppError('VALIDATION_FAILED', 'dateOfBirth: a date of birth cannot be in the future.');
  const age = ageOn(dateOfBirth, day);
  if (age > CONSENT_MAX_AGE_YEARS) throw new AppError('VALIDATION_FAILED', `dateOfBirth: check the year; that is more than ${CONSENT_MAX_AGE_YEARS} years ago.`);
  const minor = age < CONSENT_ADULT_AGE;
  if (minor && kind === 'tattoo') {
    throw new AppError('CONSENT_AGE_RESTRICTED', `Tattoo clients must be ${CONSENT_ADULT_AGE} or older on the day of the appointment (${day}). Talk to the artist about a date once you are ${CONSENT_ADULT_AGE}.`);
  }
  if (minor && !hasGuardian) {
    throw new AppError('CONSENT_GUARDIAN_REQUIRED', `Clients under ${CONSENT_ADULT_AGE} need a parent or legal guardian to sign with them: add their name, relationship, ID photo and signature.`);
  }
  if (!minor && hasGuardian) throw new AppError('VALIDATION_FAILED', `guardian: a guardian signs only for a client under ${CONSENT_ADULT_AGE}; remove the guardian section.`);
  return { minor };
}

/** Whether the booking has a signed form (for the booking-level status and the reminders). */
export async function isConsentSigned(db: DbOrTx, bookingId: string): Promise<boolean> {
  const [row] = await db.select({ id: consentForms.id }).from(consentForms).where(eq(consentForms.bookingId, bookingId)).limit(1);
  return row !== undefined;
}

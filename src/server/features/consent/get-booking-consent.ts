import { and, eq } from 'drizzle-orm';
import { consentStatusOf, type TBookingConsent } from '../../../shared/contracts/consent.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { consentAudit, consentForms } from '../../db/schema/index.ts';
import { recordConsentAudit, type RequestMeta } from './audit.ts';
import { consentKindOf, loadConsentBooking, requireConsentReader, signingBlocker } from './policy.ts';
import { presentTemplate, templateOfBooking } from './templates.ts';

/**
 * GET /api/bookings/{id}/consent: where the booking's consent stands and the questions of the
 * version it keeps. The client's first look at an open form is the audit trail's "opened".
 */
export async function getBookingConsent(ctx: AppContext, user: SessionUser, bookingId: string, meta: RequestMeta, now = Date.now()): Promise<TBookingConsent> {
  const db = ctx.database.db;
  const booking = await loadConsentBooking(db, bookingId);
  const role = requireConsentReader(user, booking);
  const b = booking!;
  const kind = consentKindOf(b);
  const [form] = await db.select({ id: consentForms.id, signedAt: consentForms.signedAt }).from(consentForms).where(eq(consentForms.bookingId, b.id)).limit(1);
  const blocker = signingBlocker(b, role, form !== undefined, now);
  const base = { bookingStatus: b.status, startsAt: b.startsAt.toISOString(), kind, canSign: blocker === null, blocker };
  if (!kind) return { status: 'not_required', template: null, ...base };
  const kept = await templateOfBooking(db, b, kind);
  if (blocker === null) {
    const [seen] = await db.select({ id: consentAudit.id }).from(consentAudit).where(and(eq(consentAudit.bookingId, b.id), eq(consentAudit.event, 'opened'))).limit(1);
    if (!seen) await recordConsentAudit(db, { bookingId: b.id, event: 'opened', actorId: user.id, meta });
  }
  return {
    status: consentStatusOf(b.serviceKind, form !== undefined),
    template: kept ? presentTemplate(kept.template) : null,
    ...(form ? { signedFormId: form.id, signedAt: form.signedAt.toISOString() } : {}),
    ...base,
  };
}

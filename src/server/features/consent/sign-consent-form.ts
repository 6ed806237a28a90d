import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { ZConsentSign, type TConsentAnswers, type TConsentQuestion, type TConsentSigned } from '../../../shared/contracts/consent.ts';
import { dateKey, localDateOf } from '../../../shared/zoned-time.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { bookingEvents, consentForms, consentRequests, consentUploads } from '../../db/schema/index.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { seal, sealJson } from '../../sealed.ts';
import { firstConsentAudit, recordConsentAudit, type RequestMeta } from './audit.ts';
import { appointmentDay, blockerError, checkAge, consentBookingNotFound, consentKindOf, consentRoleOf, isConsentSigned, loadConsentBooking, signingBlocker } from './policy.ts';
import { renderConsentPdf, type ConsentAuditLine } from './render-consent-pdf.ts';
import { checkSignature } from './signature.ts';
import { templateOfBooking } from './templates.ts';

/** What the sealed data of a form holds (decrypted only for its readers). */
export type SealedConsentData = {
  answers: TConsentAnswers;
  dateOfBirth: string;
  signature: { kind: 'drawn' | 'typed'; name: string | null };
  guardian: { name: string; relationship: string; signatureKind: 'drawn' | 'typed'; typedName: string | null } | null;
};

export const formDataContext = (formId: string) => `consent-form:${formId}:data`;
export const formPdfContext = (formId: string) => `consent-form:${formId}:pdf`;

/** The latest calendar date anywhere on Earth (UTC+14): a date of birth after it is in the future for everyone. */
const latestToday = (now: number) => dateKey(localDateOf(now, 'Pacific/Kiritimati'));

/**
 * Answers against the template: only its questions, each of its type (yes_no and acknowledge take
 * booleans, text and choice strings, a choice one of its options); every required one answered (an
 * acknowledgement ticked). A wrong shape is a 400; what is missing a 422 listing the questions.
 */
export function checkAnswers(questions: TConsentQuestion[], answers: TConsentAnswers): TConsentAnswers {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const kept: TConsentAnswers = {};
  for (const [id, value] of Object.entries(answers)) {
    const q = byId.get(id);
    if (!q) throw new AppError('VALIDATION_FAILED', `answers.${id}: this form has no such question.`);
    const wantsBoolean = q.type === 'yes_no' || q.type === 'acknowledge';
    if (wantsBoolean !== (typeof value === 'boolean')) throw new AppError('VALIDATION_FAILED', `answers.${id}: answer with ${wantsBoolean ? 'true or false' : 'text'}.`);
    if (q.type === 'choice' && value !== '' && !q.options!.includes(value as string)) throw new AppError('VALIDATION_FAILED', `answers.${id}: choose one of the options.`);
    if (value !== '') kept[id] = value;
  }
  const missing = questions.filter((q) => q.required && (q.type === 'acknowledge' ? kept[q.id] !== true : kept[q.id] === undefined));
  if (missing.length) {
    throw new AppError(
      'CONSENT_ANSWERS_INCOMPLETE',
      `Please answer every required question (${missing.length} left): ${missing.map((q) => `"${q.label}"`).join(', ')}`,
      missing.map((q) => q.id),
    );
  }
  return kept;
}

async function idImages(ctx: AppContext, user: SessionUser, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const db = ctx.database.db;
  const rows = await db.select({ id: consentUploads.id, sha256: consentUploads.sha256 }).from(consentUploads).where(and(inArray(consentUploads.id, ids), eq(consentUploads.ownerId, user.id)));
  const used = await db
    .select({ id: consentForms.id })
    .from(consentForms)
    .where(or(inArray(consentForms.clientIdImageId, ids), inArray(consentForms.guardianIdImageId, ids)))
    .limit(1);
  if (rows.length !== new Set(ids).size || used.length > 0 || new Set(ids).size !== ids.length) {
    throw new AppError('VALIDATION_FAILED', 'idImageId: upload the ID photos again (each photo is yours, used once, and the client and guardian each need their own).');
  }
  return new Map(rows.map((r) => [r.id, r.sha256]));
}

/**
 * POST /api/bookings/{id}/consent: the client signs. Everything is checked and the PDF made first;
 * then one short transaction re-checks the booking under its lock and writes the sealed form, the
 * PDF, its SHA-256 and the "signed" audit row together (and the kept template version when the
 * booking predates consent forms). A second signing is a 409, whichever request wins the race.
 */
export async function signConsentForm(ctx: AppContext, user: SessionUser, bookingId: string, body: unknown, meta: RequestMeta, now = Date.now()): Promise<TConsentSigned> {
  const db = ctx.database.db;
  const booking = await loadConsentBooking(db, bookingId);
  const role = booking ? consentRoleOf(user, booking) : null;
  if (!booking || !role) throw consentBookingNotFound();
  const blocker = signingBlocker(booking, role, await isConsentSigned(db, booking.id), now);
  if (blocker) throw blockerError(blocker);
  const kind = consentKindOf(booking)!;
  const input = validate(ZConsentSign, body);

  const kept = await templateOfBooking(db, booking, kind);
  if (!kept) throw new Error(`no consent template for ${kind}: ensureDefaultConsentTemplates did not run`);
  const answers = checkAnswers(kept.template.questions, input.answers);
  checkAge(kind, input.dateOfBirth, appointmentDay(booking), latestToday(now), input.guardian !== undefined);
  const signature = await checkSignature(input.signature, 'signature');
  const guardianSignature = input.guardian ? await checkSignature(input.guardian.signature, 'guardian.signature') : null;
  const images = await idImages(ctx, user, [input.idImageId, input.guardian?.idImageId].filter((x): x is string => x !== undefined));

  const [created, opened, confirmed] = await Promise.all([
    firstConsentAudit(db, booking.id, 'created'),
    firstConsentAudit(db, booking.id, 'opened'),
    db
      .select({ at: bookingEvents.createdAt })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.toStatus, 'confirmed')))
      .orderBy(desc(bookingEvents.createdAt))
      .limit(1),
  ]);
  const signedAt = new Date(now);
  const audit: ConsentAuditLine[] = [
    ...[created, opened].filter((a) => a !== null).map((a) => ({ event: a.event, at: a.at, ip: a.ip, userAgent: a.userAgent })),
    { event: 'signed', at: signedAt, ip: meta.ip, userAgent: meta.userAgent },
  ];

  const formId = randomUUID();
  const { pdf } = await renderConsentPdf({
    formId,
    bookingId: booking.id,
    kind,
    serviceName: booking.serviceName,
    artistName: booking.artistName,
    clientName: booking.clientName,
    startsAt: booking.startsAt,
    artistTimezone: booking.artistTimezone,
    template: { id: kept.template.id, version: kept.template.version, isDefault: kept.template.artistId === null },
    questions: kept.template.questions,
    answers,
    dateOfBirth: input.dateOfBirth,
    signature,
    clientIdImageSha256: input.idImageId ? images.get(input.idImageId)! : null,
    guardian: input.guardian && guardianSignature ? { name: input.guardian.name, relationship: input.guardian.relationship, signature: guardianSignature, idImageSha256: images.get(input.guardian.idImageId)! } : null,
    artistConfirmedAt: confirmed[0]?.at ?? null,
    audit,
    signedAt,
  });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const sealed: SealedConsentData = {
    answers,
    dateOfBirth: input.dateOfBirth,
    signature: { kind: signature.kind, name: signature.kind === 'typed' ? signature.name : null },
    guardian: input.guardian
      ? { name: input.guardian.name, relationship: input.guardian.relationship, signatureKind: guardianSignature!.kind, typedName: guardianSignature!.kind === 'typed' ? guardianSignature!.name : null }
      : null,
  };

  try {
    await db.transaction(async (tx) => {
      const locked = await loadConsentBooking(tx, booking.id, { lock: true });
      if (!locked) throw consentBookingNotFound();
      const late = signingBlocker(locked, 'client', await isConsentSigned(tx, booking.id), now);
      if (late) throw blockerError(late);
      if (locked.startsAt.getTime() !== booking.startsAt.getTime()) throw new AppError('CONFLICT', 'The appointment was moved a moment ago; reload the form and sign again.');
      if (!kept.recorded) {
        await tx.insert(consentRequests).values({ bookingId: booking.id, templateId: kept.template.id }).onConflictDoNothing();
      }
      await tx.insert(consentForms).values({
        id: formId,
        bookingId: booking.id,
        templateId: kept.template.id,
        clientId: user.id,
        sealedData: sealJson(ctx.dataKey, sealed, formDataContext(formId)),
        pdf: seal(ctx.dataKey, pdf, formPdfContext(formId)),
        pdfBytes: pdf.length,
        sha256,
        clientIdImageId: input.idImageId ?? null,
        guardianIdImageId: input.guardian?.idImageId ?? null,
        signedAt,
      });
      await recordConsentAudit(tx, { bookingId: booking.id, event: 'signed', actorId: user.id, meta, at: signedAt });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw blockerError('signed');
    throw error;
  }
  return { id: formId, sha256, signedAt: signedAt.toISOString() };
}

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TConsentVerify, TSignedConsentForm } from '../../../shared/contracts/consent.ts';
import { isUuid } from '../../../shared/contracts/input.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { consentForms, consentTemplates, consentUploads } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { SealedDataError, unseal, unsealJson } from '../../sealed.ts';
import { recordConsentAudit, type RequestMeta } from './audit.ts';
import { consentFormNotFound, loadConsentBooking, requireConsentReader, type ConsentRole } from './policy.ts';
import { formDataContext, formPdfContext, type SealedConsentData } from './sign-consent-form.ts';
import { uploadContext } from './upload-consent-id-image.ts';

type FormRow = typeof consentForms.$inferSelect;

/** The form and the reader's role: the booking's client, its artist or an admin; anyone else gets 404. */
async function openForm(ctx: AppContext, user: SessionUser, formId: string): Promise<{ form: FormRow; role: ConsentRole }> {
  if (!isUuid(formId)) throw consentFormNotFound();
  const db = ctx.database.db;
  const [form] = await db.select().from(consentForms).where(eq(consentForms.id, formId)).limit(1);
  if (!form) throw consentFormNotFound();
  const role = requireConsentReader(user, await loadConsentBooking(db, form.bookingId), consentFormNotFound);
  return { form, role };
}

/** Every admin read of health data is an audit row (issue 13 §4); the booking's own people read freely. */
async function auditAdminRead(ctx: AppContext, user: SessionUser, role: ConsentRole, form: FormRow, what: string, meta: RequestMeta) {
  if (role === 'admin') await recordConsentAudit(ctx.database.db, { bookingId: form.bookingId, event: 'admin_read', actorId: user.id, meta, detail: what });
}

/** The stored PDF, decrypted. A PDF whose envelope no longer opens (a changed byte) is refused rather than served. */
function pdfOf(ctx: AppContext, form: FormRow): Buffer | null {
  try {
    return unseal(ctx.dataKey, form.pdf, formPdfContext(form.id));
  } catch (error) {
    if (error instanceof SealedDataError) return null;
    throw error;
  }
}

/** GET /api/consent-forms/{id}.pdf */
export async function downloadConsentPdf(ctx: AppContext, user: SessionUser, formId: string, meta: RequestMeta): Promise<{ pdf: Buffer; filename: string }> {
  const { form, role } = await openForm(ctx, user, formId);
  const pdf = pdfOf(ctx, form);
  if (!pdf) throw notFound('A readable copy of that consent form');
  await auditAdminRead(ctx, user, role, form, 'pdf', meta);
  return { pdf, filename: `consent-${form.signedAt.toISOString().slice(0, 10)}-${form.id.slice(0, 8)}.pdf` };
}

/**
 * GET /api/consent-forms/{id}/verify: the SHA-256 recomputed from the stored bytes against the one
 * recorded at signing. Any changed stored byte fails: the envelope's tag no longer matches (or, were
 * the envelope re-made with the key, the hash would not).
 */
export async function verifyConsentForm(ctx: AppContext, user: SessionUser, formId: string): Promise<TConsentVerify> {
  const { form } = await openForm(ctx, user, formId);
  const [template] = await ctx.database.db.select({ version: consentTemplates.version }).from(consentTemplates).where(eq(consentTemplates.id, form.templateId)).limit(1);
  const pdf = pdfOf(ctx, form);
  const sha256 = pdf ? createHash('sha256').update(pdf).digest('hex') : createHash('sha256').update(form.pdf).digest('hex');
  return { valid: pdf !== null && sha256 === form.sha256, sha256, recordedSha256: form.sha256, signedAt: form.signedAt.toISOString(), templateVersion: template?.version ?? 0 };
}

/** GET /api/consent-forms/{id}: the answers and who signed, for the booking's page. */
export async function readConsentForm(ctx: AppContext, user: SessionUser, formId: string, meta: RequestMeta): Promise<TSignedConsentForm> {
  const { form, role } = await openForm(ctx, user, formId);
  const [template] = await ctx.database.db.select().from(consentTemplates).where(eq(consentTemplates.id, form.templateId)).limit(1);
  const data = unsealJson<SealedConsentData>(ctx.dataKey, form.sealedData, formDataContext(form.id));
  await auditAdminRead(ctx, user, role, form, 'answers', meta);
  return {
    id: form.id,
    bookingId: form.bookingId,
    kind: template!.kind,
    templateVersion: template!.version,
    questions: template!.questions,
    answers: data.answers,
    dateOfBirth: data.dateOfBirth,
    signature: data.signature,
    guardian: data.guardian ? { name: data.guardian.name, relationship: data.guardian.relationship, signatureKind: data.guardian.signatureKind } : null,
    idImages: [...(form.clientIdImageId ? ['client' as const] : []), ...(form.guardianIdImageId ? ['guardian' as const] : [])],
    sha256: form.sha256,
    signedAt: form.signedAt.toISOString(),
  };
}

/** GET /api/consent-forms/{id}/id-images/{who}: the ID photo, decrypted, for the same readers. */
export async function readConsentIdImage(ctx: AppContext, user: SessionUser, formId: string, who: 'client' | 'guardian', meta: RequestMeta): Promise<Buffer> {
  const { form, role } = await openForm(ctx, user, formId);
  const imageId = who === 'client' ? form.clientIdImageId : form.guardianIdImageId;
  if (!imageId) throw notFound('That ID photo');
  const [upload] = await ctx.database.db.select().from(consentUploads).where(eq(consentUploads.id, imageId)).limit(1);
  const sealed = upload ? await new LocalStorage(ctx.config.STORAGE_DIR).get(upload.storageKey) : null;
  if (!upload || !sealed) throw notFound('That ID photo');
  await auditAdminRead(ctx, user, role, form, `id-image:${who}`, meta);
  return unseal(ctx.dataKey, sealed, uploadContext(upload.id));
}

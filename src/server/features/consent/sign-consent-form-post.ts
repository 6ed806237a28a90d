import { CONSENT_FORM_FIELDS, consentSignFromForm, type TConsentSigned } from '../../../shared/contracts/consent.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { MultipartForm } from '../../http/multipart.ts';
import type { RequestMeta } from './audit.ts';
import { consentBookingNotFound, consentKindOf, consentRoleOf, loadConsentBooking } from './policy.ts';
import { signConsentForm } from './sign-consent-form.ts';
import { templateOfBooking } from './templates.ts';
import { uploadConsentIdImage } from './upload-consent-id-image.ts';

/** The ids of the photos stored from a post (filled in as each is stored). */
export type ConsentFormUploads = { idImageId?: string; guardianIdImageId?: string };

/**
 * `POST /consent-form?booking={id}`: the consent form as the browser posts it without JavaScript
 * (typed-name signatures, ID photos in the same post). The photos go through the same private
 * pipeline as `POST /api/consent-forms/uploads`, then the form is signed by `signConsentForm`, which
 * makes every check the JSON route makes. `uploaded` holds each stored photo's id as soon as it is
 * stored, so a refusal after it can keep the photo instead of asking for it twice.
 */
export async function signConsentFormPost(
  ctx: AppContext,
  user: SessionUser,
  bookingId: string,
  form: MultipartForm,
  meta: RequestMeta,
  uploaded: ConsentFormUploads,
): Promise<TConsentSigned> {
  const db = ctx.database.db;
  const booking = await loadConsentBooking(db, bookingId);
  if (!booking || !consentRoleOf(user, booking)) throw consentBookingNotFound();
  const kind = consentKindOf(booking);
  // A consultation has no template: signConsentForm then refuses with its own words.
  const questions = kind ? ((await templateOfBooking(db, booking, kind))?.template.questions ?? []) : [];

  const F = CONSENT_FORM_FIELDS;
  for (const [fileField, idField] of [[F.idImage, F.idImageId], [F.guardianIdImage, F.guardianIdImageId]] as const) {
    const file = form.files[fileField]?.[0];
    if (!file) continue;
    const { id } = await uploadConsentIdImage(ctx, user, async () => ({ fields: {}, file }));
    uploaded[idField] = id;
  }
  return signConsentForm(ctx, user, booking.id, consentSignFromForm(form.fields, questions, uploaded), meta);
}

import { ageOn, CONSENT_ADULT_AGE, CONSENT_FORM_FIELDS, CONSENT_MAX_AGE_YEARS, CONSENT_NO, CONSENT_YES, consentAnswerField, type TConsentAnswers, type TConsentKind, type TConsentQuestion, type TConsentSign } from '../../../shared/contracts/consent.ts';
import { ApiError, isNetworkError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';

/**
 * What the consent form holds while it is filled in, and the checks made before anything is sent.
 * The server checks the same rules (age, guardian, required answers); checking here first lets the
 * form say what is missing next to the field, in words, without a round trip.
 */
export type SignatureDraft = { mode: 'drawn'; png: string | null } | { mode: 'typed'; name: string };
export type ConsentDraft = {
  answers: Record<string, boolean | string | undefined>;
  dateOfBirth: string;
  idImageId: string | null;
  signature: SignatureDraft;
  guardianName: string;
  guardianRelationship: string;
  guardianIdImageId: string | null;
  guardianSignature: SignatureDraft;
};

export const emptyDraft = (): ConsentDraft => ({
  answers: {},
  dateOfBirth: '',
  idImageId: null,
  signature: { mode: 'drawn', png: null },
  guardianName: '',
  guardianRelationship: '',
  guardianIdImageId: null,
  guardianSignature: { mode: 'drawn', png: null },
});

/**
 * The draft a natively posted form stands for (its fields as the browser sent them, see
 * CONSENT_FORM_FIELDS): to draw a refused post again with its answers, and to pick up what was typed
 * before the page's JavaScript ran. Without JavaScript the signatures are typed names.
 */
export function draftFromFields(fields: Record<string, string>, questions: readonly TConsentQuestion[]): ConsentDraft {
  const F = CONSENT_FORM_FIELDS;
  const answers: ConsentDraft['answers'] = {};
  for (const q of questions) {
    const raw = fields[consentAnswerField(q.id)];
    if (raw === undefined) continue;
    if (q.type === 'acknowledge') answers[q.id] = true;
    else if (q.type === 'yes_no') answers[q.id] = raw === CONSENT_YES ? true : raw === CONSENT_NO ? false : undefined;
    else answers[q.id] = raw;
  }
  return {
    answers,
    dateOfBirth: fields[F.dateOfBirth] ?? '',
    idImageId: fields[F.idImageId] || null,
    signature: { mode: 'typed', name: fields[F.signatureName] ?? '' },
    guardianName: fields[F.guardianName] ?? '',
    guardianRelationship: fields[F.guardianRelationship] ?? '',
    guardianIdImageId: fields[F.guardianIdImageId] || null,
    guardianSignature: { mode: 'typed', name: fields[F.guardianSignatureName] ?? '' },
  };
}

/** Field keys for errors: `answer:<id>`, or one of the named fields. */
export type FieldKey = `answer:${string}` | 'dateOfBirth' | 'idImage' | 'signature' | 'guardianName' | 'guardianRelationship' | 'guardianIdImage' | 'guardianSignature';
export type FieldErrors = Partial<Record<FieldKey, string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The appointment's calendar day, as the age rules read it. */
export const appointmentDay = (startsAt: string) => startsAt.slice(0, 10);

/** Age on the appointment day, or null while the date of birth is not a usable date. */
export function ageAtAppointment(dateOfBirth: string, startsAt: string): number | null {
  if (!DATE.test(dateOfBirth) || Number.isNaN(Date.parse(`${dateOfBirth}T00:00:00Z`))) return null;
  const age = ageOn(dateOfBirth, appointmentDay(startsAt));
  return age < 0 || age > CONSENT_MAX_AGE_YEARS ? null : age;
}

/** Who signs: an adult alone; a piercing client under 18 with a guardian; a tattoo client under 18 not at all. */
export function agePath(kind: TConsentKind, age: number | null): 'unknown' | 'adult' | 'guardian' | 'refused' {
  if (age === null) return 'unknown';
  if (age >= CONSENT_ADULT_AGE) return 'adult';
  return kind === 'piercing' ? 'guardian' : 'refused';
}

function dateOfBirthProblem(value: string, startsAt: string): string | null {
  if (!value) return 'Enter your date of birth.';
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return 'Enter your date of birth as a full date (day, month and year).';
  const age = ageOn(value, appointmentDay(startsAt));
  if (age < 0) return 'Your date of birth cannot be after the appointment.';
  if (age > CONSENT_MAX_AGE_YEARS) return 'Check the year of your date of birth.';
  return null;
}

function signatureProblem(signature: SignatureDraft, who: 'you' | 'guardian'): string | null {
  if (signature.mode === 'drawn') {
    if (signature.png) return null;
    return who === 'you' ? 'Sign in the box, or choose “Type my name” to sign with your name.' : 'The guardian signs in the box, or chooses “Type my name”.';
  }
  if (signature.name.trim().length >= 2) return null;
  return who === 'you' ? 'Type your full name to sign.' : 'Type the guardian’s full name to sign.';
}

function answerProblem(question: TConsentQuestion, value: boolean | string | undefined): string | null {
  if (!question.required) return null;
  switch (question.type) {
    case 'yes_no':
      return typeof value === 'boolean' ? null : 'Answer yes or no.';
    case 'acknowledge':
      return value === true ? null : 'Tick the box to confirm you have read this.';
    case 'choice':
      return typeof value === 'string' && question.options?.includes(value) ? null : 'Choose one of the options.';
    case 'text':
      return typeof value === 'string' && value.trim() ? null : 'Write an answer.';
  }
}

/** Every problem, by field, in the order the form shows them (the first one gets the focus). */
export function validateDraft(draft: ConsentDraft, questions: readonly TConsentQuestion[], kind: TConsentKind, startsAt: string, opts: { requireIdImage: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  for (const q of questions) {
    const problem = answerProblem(q, draft.answers[q.id]);
    if (problem) errors[`answer:${q.id}`] = problem;
  }
  const dob = dateOfBirthProblem(draft.dateOfBirth, startsAt);
  if (dob) errors.dateOfBirth = dob;
  const path = agePath(kind, dob ? null : ageAtAppointment(draft.dateOfBirth, startsAt));
  if (path === 'refused') errors.dateOfBirth = `Tattoo clients must be ${CONSENT_ADULT_AGE} or older on the day of the appointment.`;
  if (opts.requireIdImage && !draft.idImageId) errors.idImage = 'Add a photo of your ID.';
  const mine = signatureProblem(draft.signature, 'you');
  if (mine) errors.signature = mine;
  if (path === 'guardian') {
    if (draft.guardianName.trim().length < 2) errors.guardianName = 'Write the guardian’s full name.';
    if (draft.guardianRelationship.trim().length < 2) errors.guardianRelationship = 'Say how the guardian is related to you (parent, legal guardian…).';
    if (opts.requireIdImage && !draft.guardianIdImageId) errors.guardianIdImage = 'Add a photo of the guardian’s ID.';
    const theirs = signatureProblem(draft.guardianSignature, 'guardian');
    if (theirs) errors.guardianSignature = theirs;
  }
  return errors;
}

const toSignature = (s: SignatureDraft): TConsentSign['signature'] => (s.mode === 'drawn' ? { kind: 'drawn', png: s.png ?? '' } : { kind: 'typed', name: s.name.trim() });

/** The request body for a draft that passed validateDraft: only the answers the template asks. */
export function toSignRequest(draft: ConsentDraft, questions: readonly TConsentQuestion[], kind: TConsentKind, startsAt: string): TConsentSign {
  const answers: TConsentAnswers = {};
  for (const q of questions) {
    const value = draft.answers[q.id];
    if (typeof value === 'boolean') answers[q.id] = value;
    else if (typeof value === 'string' && value.trim()) answers[q.id] = value.trim();
  }
  const body: TConsentSign = { answers, dateOfBirth: draft.dateOfBirth, signature: toSignature(draft.signature) };
  if (draft.idImageId) body.idImageId = draft.idImageId;
  if (agePath(kind, ageAtAppointment(draft.dateOfBirth, startsAt)) === 'guardian' && draft.guardianIdImageId) {
    body.guardian = { name: draft.guardianName.trim(), relationship: draft.guardianRelationship.trim(), idImageId: draft.guardianIdImageId, signature: toSignature(draft.guardianSignature) };
  }
  return body;
}

/** The server's consent codes in words a client understands, and what to do next. */
const CODE_WORDS: Record<string, string> = {
  CONSENT_NOT_OPEN: 'This booking is not confirmed yet. You can sign once the artist confirms it (after the deposit, if there is one).',
  CONSENT_CLOSED: 'This booking can no longer be signed for: it has ended or was cancelled.',
  CONSENT_ALREADY_SIGNED: 'This consent form is already signed. Reload the page to see and download it.',
  CONSENT_NOT_REQUIRED: 'This booking needs no consent form.',
  CONSENT_AGE_RESTRICTED: `Tattoo clients must be ${CONSENT_ADULT_AGE} or older on the day of the appointment, so this form cannot be signed.`,
  CONSENT_GUARDIAN_REQUIRED: `A client under ${CONSENT_ADULT_AGE} needs a parent or legal guardian to sign too: fill in the guardian section.`,
  CONSENT_ANSWERS_INCOMPLETE: 'Some questions still need an answer. Check the questions marked in red.',
  SIGNATURE_INVALID: 'We could not read the signature. Clear it and sign again, or type your name instead.',
};
const CHECK_THE_FORM = 'Some answers could not be accepted. Check the form and try again.';

/** Words for a failed consent call. */
export function consentErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return isNetworkError(error) ? error.message : errorMessage(error);
  const code = error.body?.code;
  if (code && CODE_WORDS[code]) return CODE_WORDS[code];
  switch (error.status) {
    case 401:
      return 'Your session has ended. Sign in again; your answers on this page are kept until you leave it.';
    case 403:
      return 'Only the client of this booking can sign its consent form.';
    case 404:
      return 'We could not find this booking. It may belong to another account.';
    case 429:
      return 'Too many attempts in a short time. Wait a minute and try again.';
    default:
      if (error.status >= 500) return 'Something went wrong on our side. Nothing was signed; your answers are kept, so try again in a moment.';
      // The server's 400s (a photo it cannot read, a field it refused) say what to do instead.
      return error.body?.message ?? CHECK_THE_FORM;
  }
}

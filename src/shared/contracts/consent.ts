import { z } from 'zod';
import { ZDate, ZUuid, zText } from './input.ts';

/**
 * Digital consent forms (issue 13 §1, §4; DESIGN §4 "Consent"). An artist keeps one template per
 * service kind, versioned: every save is a new immutable version, and a booking keeps the version in
 * force when it was confirmed. The client signs once the booking is confirmed; the signed form is a
 * PDF sealed with its SHA-256. Health answers, the date of birth and ID photos are encrypted at rest
 * and never travel in URLs. The server and the web app both build on these shapes.
 */

export const CONSENT_KINDS = ['tattoo', 'piercing'] as const;
export type TConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_QUESTION_TYPES = ['yes_no', 'text', 'choice', 'acknowledge'] as const;
export type TConsentQuestionType = (typeof CONSENT_QUESTION_TYPES)[number];

/**
 * Where a booking stands: `not_required` (a consultation: nobody is tattooed or pierced), `pending`
 * (a tattoo or piercing session without a signed form yet), `signed`. Also on every booking response.
 */
export const CONSENT_STATUSES = ['not_required', 'pending', 'signed'] as const;
export type TConsentStatus = (typeof CONSENT_STATUSES)[number];

/** Tattoo clients must be this old on the appointment date; piercing clients younger need a guardian. */
export const CONSENT_ADULT_AGE = 18;
/** The oldest date of birth taken (years before the appointment); the newest is the appointment day itself. */
export const CONSENT_MAX_AGE_YEARS = 120;

export const CONSENT_QUESTIONS_MAX = 60;
export const CONSENT_QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const CONSENT_LABEL_MAX = 500;
export const CONSENT_HELP_MAX = 2_000;
export const CONSENT_OPTIONS_MAX = 12;
export const CONSENT_OPTION_MAX = 120;
export const CONSENT_TEXT_ANSWER_MAX = 2_000;
export const CONSENT_NAME_MAX = 120;
export const CONSENT_RELATIONSHIP_MAX = 60;
/** A drawn signature: a PNG data URL whose decoded bytes stay under this (a signature pad's PNG is ~5–40 KB). */
export const CONSENT_SIGNATURE_PNG_MAX_BYTES = 150 * 1024;
/** The data URL's length for that many bytes: base64 is 4 characters per 3 bytes, plus the prefix. */
export const CONSENT_SIGNATURE_DATA_URL_MAX = Math.ceil(CONSENT_SIGNATURE_PNG_MAX_BYTES / 3) * 4 + 'data:image/png;base64,'.length;
/** Reminders while a confirmed session is unsigned, this many hours before it starts. */
export const CONSENT_REMINDER_HOURS = [48, 2] as const;

// ---------------------------------------------------------------------------------------------
// Templates

export const ZConsentQuestion = z
  .strictObject({
    id: z.string().regex(CONSENT_QUESTION_ID_PATTERN, 'use 2–40 lower-case letters, digits or _ starting with a letter'),
    label: zText().trim().min(3, 'write the question').max(CONSENT_LABEL_MAX),
    /** Longer explanation shown under the label (risks, what "aftercare" means). */
    help: zText({ multiline: true }).trim().max(CONSENT_HELP_MAX).optional(),
    type: z.enum(CONSENT_QUESTION_TYPES),
    /** Only for `choice`: 2–12 distinct options. */
    options: z.array(zText().trim().min(1).max(CONSENT_OPTION_MAX)).min(2).max(CONSENT_OPTIONS_MAX).optional(),
    /** yes_no/choice/text: must be answered; acknowledge: must be ticked. */
    required: z.boolean(),
  })
  .refine((q) => (q.type === 'choice') === (q.options !== undefined), { message: 'only a choice question has options, and it needs them', path: ['options'] })
  .refine((q) => !q.options || new Set(q.options).size === q.options.length, { message: 'options must differ', path: ['options'] });
export type TConsentQuestion = z.infer<typeof ZConsentQuestion>;

/** PUT /api/artist/consent-templates/{kind}: saves a new version (the earlier ones stay as they were). */
export const ZConsentTemplateSave = z.strictObject({
  questions: z
    .array(ZConsentQuestion)
    .min(1, 'keep at least one question')
    .max(CONSENT_QUESTIONS_MAX, `keep at most ${CONSENT_QUESTIONS_MAX} questions`)
    .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'each question needs its own id'),
});
export type TConsentTemplateSave = z.input<typeof ZConsentTemplateSave>;

export const ZConsentKindParams = z.object({ kind: z.enum(CONSENT_KINDS) });

/**
 * A template version as the client and the artist see it. The platform default's versions count on
 * their own (isDefault: true); an artist's saved versions count from 1.
 */
export type TConsentTemplate = {
  version: number;
  kind: TConsentKind;
  questions: TConsentQuestion[];
  isDefault?: boolean;
};

/** GET /api/artist/consent-templates → one per kind (the default until the artist saves one). */
export type TArtistConsentTemplate = TConsentTemplate & {
  isDefault: boolean;
  /** When this version was saved; null for the default. */
  createdAt: string | null;
};
export type TArtistConsentTemplates = { items: TArtistConsentTemplate[] };

/**
 * GET /api/artist/consent-templates/{kind}/versions: every version the artist's clients may have
 * been asked, newest first: the artist's own saves, then Inkhaven's defaults (bookings confirmed
 * before the artist's first save keep one of those). `inForce`: the one new bookings get.
 */
export type TConsentTemplateVersionSummary = {
  id: string;
  version: number;
  kind: TConsentKind;
  isDefault: boolean;
  inForce: boolean;
  createdAt: string;
  questionCount: number;
};
export type TConsentTemplateVersions = { items: TConsentTemplateVersionSummary[] };
/** GET /api/artist/consent-templates/{kind}/versions/{id}: one version's questions, read-only. */
export type TConsentTemplateVersion = TConsentTemplateVersionSummary & { questions: TConsentQuestion[] };
export const ZConsentVersionParams = z.object({ kind: z.enum(CONSENT_KINDS), id: ZUuid });

// ---------------------------------------------------------------------------------------------
// A booking's consent

/** Why the person asking cannot sign now (null when they can). */
export const CONSENT_BLOCKERS = ['not_required', 'not_client', 'not_confirmed', 'ended', 'cancelled', 'signed'] as const;
export type TConsentBlocker = (typeof CONSENT_BLOCKERS)[number];

/** GET /api/bookings/{id}/consent. `template` is null only when `status` is `not_required`. */
export type TBookingConsent = {
  status: TConsentStatus;
  template: TConsentTemplate | null;
  signedFormId?: string;
  /** Additions to the DESIGN shape, for the form page: */
  signedAt?: string;
  bookingStatus: string;
  startsAt: string;
  /** The session's kind (decides the age rule). */
  kind: TConsentKind | null;
  canSign: boolean;
  blocker: TConsentBlocker | null;
};

const ZSignature = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('drawn'),
    png: z
      .string()
      .max(CONSENT_SIGNATURE_DATA_URL_MAX, 'the drawn signature is too large; clear it and sign again')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'send the drawn signature as a PNG data URL'),
  }),
  z.strictObject({
    kind: z.literal('typed'),
    name: zText().trim().min(2, 'type your full name to sign').max(CONSENT_NAME_MAX),
  }),
]);
export type TConsentSignature = z.infer<typeof ZSignature>;
export const ZConsentSignature = ZSignature;

export const ZConsentGuardian = z.strictObject({
  name: zText().trim().min(2, "write the guardian's full name").max(CONSENT_NAME_MAX),
  relationship: zText().trim().min(2, 'say how the guardian is related (parent, legal guardian…)').max(CONSENT_RELATIONSHIP_MAX),
  /** From POST /api/consent-forms/uploads, uploaded by the client. */
  idImageId: ZUuid,
  signature: ZSignature,
});
export type TConsentGuardian = z.infer<typeof ZConsentGuardian>;

/**
 * POST /api/bookings/{id}/consent → 201 TConsentSigned (409 CONSENT_ALREADY_SIGNED when signed).
 * Answers are keyed by question id: yes_no and acknowledge take booleans, text and choice strings.
 */
export const ZConsentSign = z.strictObject({
  answers: z
    .record(z.string().regex(CONSENT_QUESTION_ID_PATTERN, 'not a question id'), z.union([z.boolean(), zText({ multiline: true }).trim().max(CONSENT_TEXT_ANSWER_MAX)]))
    .refine((a) => Object.keys(a).length <= CONSENT_QUESTIONS_MAX, 'too many answers'),
  dateOfBirth: ZDate,
  signature: ZSignature,
  /** The client's ID photo (POST /api/consent-forms/uploads). */
  idImageId: ZUuid.optional(),
  /** Required when a piercing client is under 18 on the appointment date; refused for tattoos. */
  guardian: ZConsentGuardian.optional(),
});
export type TConsentSign = z.input<typeof ZConsentSign>;
export type TConsentAnswers = z.infer<typeof ZConsentSign>['answers'];

export type TConsentSigned = { id: string; sha256: string; signedAt: string };

/** GET /api/consent-forms/{id}/verify: `sha256` is recomputed from the stored PDF; `recordedSha256` was sealed at signing. */
export type TConsentVerify = { valid: boolean; sha256: string; recordedSha256: string; signedAt: string; templateVersion: number };

/** POST /api/consent-forms/uploads (multipart, one image field `file`) → 201: a private, encrypted ID photo. */
export type TConsentUpload = { id: string; width: number; height: number };

// ---------------------------------------------------------------------------------------------
// Default question sets (the artist's starting point; version 0)

const health = (id: string, label: string, help?: string): TConsentQuestion => ({ id, label, type: 'yes_no', required: true, ...(help ? { help } : {}) });

const HEALTH_QUESTIONS: TConsentQuestion[] = [
  health('allergies', 'Do you have any allergies (including latex, pigments or inks, metals, antiseptics or medicines)?'),
  { id: 'allergies_details', label: 'If yes, what are you allergic to?', type: 'text', required: false },
  health('blood_thinners', 'Are you taking blood thinners (such as aspirin, warfarin or ibuprofen) or do you have a bleeding disorder?'),
  health('pregnant_or_nursing', 'Are you pregnant or nursing?'),
  health('skin_conditions', 'Do you have a skin condition at or near the site (eczema, psoriasis, a rash, sunburn, a mole, a scar or an open wound)?'),
  health('diabetes', 'Do you have diabetes?'),
  health('heart_condition', 'Do you have a heart condition, or a pacemaker?'),
  health('epilepsy', 'Do you have epilepsy or a history of seizures or fainting?'),
  {
    id: 'bloodborne_disclosure',
    label: 'Do you want to tell the artist about hepatitis, HIV or another blood-borne condition?',
    help: 'Voluntary: you may leave this unanswered. Artists use the same hygiene for every client.',
    type: 'yes_no',
    required: false,
  },
  health('alcohol_or_drugs', 'Have you had alcohol or recreational drugs in the last 24 hours?'),
  { id: 'other_health', label: 'Anything else about your health the artist should know?', type: 'text', required: false },
];

const acknowledge = (id: string, label: string, help?: string): TConsentQuestion => ({ id, label, type: 'acknowledge', required: true, ...(help ? { help } : {}) });

const TATTOO_QUESTIONS: TConsentQuestion[] = [
  ...HEALTH_QUESTIONS,
  acknowledge(
    'risks',
    'I understand the risks of tattooing.',
    'Tattooing breaks the skin: infection, allergic reactions to pigment, scarring, swelling and colour changes can happen. A tattoo is permanent; removal is costly and may not be complete.',
  ),
  acknowledge('aftercare', 'I have received the aftercare instructions and will follow them.', 'Healing takes about 28 days: keep it clean, moisturise thinly, avoid soaking, sun and picking.'),
  { id: 'photo_release', label: 'May the artist photograph the finished tattoo and share it in their portfolio?', type: 'yes_no', required: true },
  acknowledge('age_declaration', 'I declare that I am 18 or older and that the date of birth I give is true.'),
  acknowledge('truthful', 'The answers I gave are true and complete, and I consent to being tattooed.'),
];

const PIERCING_QUESTIONS: TConsentQuestion[] = [
  ...HEALTH_QUESTIONS,
  acknowledge(
    'risks',
    'I understand the risks of piercing.',
    'Piercing breaks the skin: infection, allergic reactions to jewellery metal, migration, rejection, keloids and scarring can happen. Healing takes from 4 weeks to 12 months depending on the piercing.',
  ),
  acknowledge('aftercare', 'I have received the aftercare instructions and will follow them.', 'Clean once or twice a day (no more than twice) with sterile 0.9% saline; do not twist or remove the jewellery while it heals.'),
  { id: 'photo_release', label: 'May the piercer photograph the piercing and share it in their portfolio?', type: 'yes_no', required: true },
  acknowledge('age_declaration', 'I declare that the date of birth I give is true; if I am under 18, my parent or legal guardian signs with me.'),
  acknowledge('truthful', 'The answers I gave are true and complete, and I consent to being pierced.'),
];

/** The platform's default questions per kind (template version 0). */
export const DEFAULT_CONSENT_QUESTIONS: Record<TConsentKind, readonly TConsentQuestion[]> = {
  tattoo: TATTOO_QUESTIONS,
  piercing: PIERCING_QUESTIONS,
};

/** Whole years between a date of birth and a day ("YYYY-MM-DD" each): the age on that day. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Labels of the booking-level status, for lists and badges. */
export const CONSENT_STATUS_LABELS: Record<TConsentStatus, string> = {
  not_required: 'No consent form needed',
  pending: 'Consent not signed',
  signed: 'Consent signed',
};

/**
 * GET /api/consent-forms/{id}: the signed form as data, for the client, the booked artist and admins
 * (an admin read is an audit row). The ID photos are behind GET /api/consent-forms/{id}/id-images/{who}
 * (`who`: client | guardian), the same people only; every such response is `Cache-Control: no-store`.
 */
export type TSignedConsentForm = {
  id: string;
  bookingId: string;
  kind: TConsentKind;
  templateVersion: number;
  questions: TConsentQuestion[];
  answers: TConsentAnswers;
  dateOfBirth: string;
  signature: { kind: 'drawn' | 'typed'; name: string | null };
  guardian: { name: string; relationship: string; signatureKind: 'drawn' | 'typed' } | null;
  idImages: Array<'client' | 'guardian'>;
  sha256: string;
  signedAt: string;
};
export const CONSENT_ID_IMAGE_OWNERS = ['client', 'guardian'] as const;

/** A booking's consent status from its service kind and whether a signed form exists. */
export function consentStatusOf(serviceKind: 'consultation' | 'tattoo' | 'piercing', signed: boolean): TConsentStatus {
  if (serviceKind === 'consultation') return 'not_required';
  return signed ? 'signed' : 'pending';
}

// ---------------------------------------------------------------------------------------------
// The form as the browser posts it itself (before hydration, or without JavaScript)

/**
 * `POST /consent-form?booking={id}` (multipart): the page's own address, so a refused form is
 * answered with the page again, the answers kept (health answers never go into a URL). Without
 * JavaScript there is no drawing pad: the typed name is the signature.
 */
export const CONSENT_FORM_PAGE_PATH = '/consent-form';
export const consentFormHref = (bookingId: string) => `${CONSENT_FORM_PAGE_PATH}?booking=${encodeURIComponent(bookingId)}`;
/** Where a signed form's post goes: the booking, which shows it signed. */
export const CONSENT_SIGNED_DONE = 'consent-signed';

export const CONSENT_FORM_FIELDS = {
  dateOfBirth: 'dateOfBirth',
  signatureName: 'signatureName',
  /** A new photo (file input) or, after a refused post, the id of the one already uploaded. */
  idImage: 'idImage',
  idImageId: 'idImageId',
  guardianName: 'guardianName',
  guardianRelationship: 'guardianRelationship',
  guardianIdImage: 'guardianIdImage',
  guardianIdImageId: 'guardianIdImageId',
  guardianSignatureName: 'guardianSignatureName',
} as const;
/** The form's file fields, one photo each. */
export const CONSENT_FORM_FILE_FIELDS = { [CONSENT_FORM_FIELDS.idImage]: 1, [CONSENT_FORM_FIELDS.guardianIdImage]: 1 } as const;
/** A question's field: `answer.<questionId>`; yes_no posts `yes`/`no`, acknowledge `on` when ticked. */
export const consentAnswerField = (questionId: string) => `answer.${questionId}`;
export const CONSENT_YES = 'yes';
export const CONSENT_NO = 'no';
/** Enough form parts for the largest template, the named fields and the two photos. */
export const CONSENT_FORM_MAX_FIELDS = CONSENT_QUESTIONS_MAX + Object.keys(CONSENT_FORM_FIELDS).length + 4;

/**
 * The sign request a posted form stands for (checked by ZConsentSign like the JSON one). The guardian
 * is sent when any of their fields is filled in, so a missing piece is named rather than ignored.
 */
export function consentSignFromForm(fields: Record<string, string>, questions: readonly TConsentQuestion[], uploaded: { idImageId?: string; guardianIdImageId?: string }): TConsentSign {
  const F = CONSENT_FORM_FIELDS;
  const answers: TConsentAnswers = {};
  for (const q of questions) {
    const raw = fields[consentAnswerField(q.id)];
    if (q.type === 'acknowledge') answers[q.id] = raw !== undefined;
    else if (q.type === 'yes_no') {
      if (raw === CONSENT_YES || raw === CONSENT_NO) answers[q.id] = raw === CONSENT_YES;
    } else if (raw !== undefined && raw.trim()) answers[q.id] = raw;
  }
  const body: TConsentSign = { answers, dateOfBirth: fields[F.dateOfBirth] ?? '', signature: { kind: 'typed', name: fields[F.signatureName] ?? '' } };
  const idImageId = uploaded.idImageId ?? fields[F.idImageId];
  if (idImageId) body.idImageId = idImageId;
  const guardianName = (fields[F.guardianName] ?? '').trim();
  const relationship = (fields[F.guardianRelationship] ?? '').trim();
  const guardianSignature = (fields[F.guardianSignatureName] ?? '').trim();
  const guardianIdImageId = uploaded.guardianIdImageId ?? fields[F.guardianIdImageId] ?? '';
  if (guardianName || relationship || guardianSignature || guardianIdImageId) {
    body.guardian = { name: guardianName, relationship, idImageId: guardianIdImageId, signature: { kind: 'typed', name: guardianSignature } };
  }
  return body;
}

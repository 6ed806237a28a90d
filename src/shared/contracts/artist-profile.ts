import { z } from 'zod';
import { findCity } from '../cities.ts';
import { DIFFICULTIES, sessionDurationMinutes, type Difficulty } from '../guides/difficulty.ts';
import { PIERCING_STYLES } from '../guides/piercing-styles.ts';
import { slugify } from '../guides/search-links.ts';
import { TATTOO_CATEGORIES } from '../guides/tattoo-styles.ts';
import { ARTIST_KINDS, type TArtistProfile, type TService } from './artists.ts';
import { HEALING_TIME_HINT, parseHealingTime } from '../aftercare-plan.ts';
import { zJsonRecord, zText } from './input.ts';

/** Artist onboarding and profile editing: POST /api/artists, PATCH /api/artists/{id}, the wizard draft. */

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
export const DISPLAY_NAME_MAX = 80;
export const BIO_MAX = 2000;
/** Search matches words in the bio and the profile leads with it: a sentence or two at least. */
export const BIO_MIN = 30;
export const STYLES_MAX = 20;
export const SERVICES_MAX = 20;
export const SERVICE_NAME_MAX = 80;
export const RANGES_PER_DAY_MAX = 4;
export const STUDIO_NAME_MAX = 80;
export const STUDIO_ADDRESS_MAX = 200;
/** Spec FAQ: deposits are typically 100 to 500 USD for a session. */
export const SESSION_DEPOSIT_MIN_CENTS = 10_000;
export const SESSION_DEPOSIT_MAX_CENTS = 50_000;
/** A consultation is free or carries a small booking fee. */
export const CONSULTATION_DEPOSIT_MAX_CENTS = 5_000;
/** Spec FAQ: reschedule notice 48 to 72 hours. */
export const NOTICE_HOURS_MIN = 48;
export const NOTICE_HOURS_MAX = 72;
export const NOTICE_HOURS_DEFAULT = 48;
export const SERVICE_DURATION_MIN = 5;
export const SERVICE_DURATION_MAX = 720;
export const PRICE_MAX_CENTS = 10_000_000;
/** The wizard's saved progress is a form, not a file store. */
export const DRAFT_DATA_MAX_CHARS = 32_000;

export const SERVICE_KINDS = ['consultation', 'tattoo', 'piercing'] as const;
export type TServiceKind = (typeof SERVICE_KINDS)[number];
export type TArtistKind = (typeof ARTIST_KINDS)[number];

/** The wizard's steps, in order; the draft's `step` indexes this list. */
export const ONBOARDING_STEPS = ['Kind', 'Name & address', 'About', 'Studio', 'Location', 'Services', 'Hours', 'Review & publish'] as const;

/** Style names from the spec's lists: every tattoo style of the guide's categories, every piercing style. */
export const TATTOO_STYLE_NAMES: readonly string[] = TATTOO_CATEGORIES.flatMap((c) => c.styles);
export const PIERCING_STYLE_NAMES: readonly string[] = PIERCING_STYLES.map((s) => s.name);

export function stylesForKind(kind: TArtistKind): readonly string[] {
  if (kind === 'tattoo') return TATTOO_STYLE_NAMES;
  if (kind === 'piercing') return PIERCING_STYLE_NAMES;
  return [...TATTOO_STYLE_NAMES, ...PIERCING_STYLE_NAMES];
}

/** The difficulty a piercing style has in the guide, to suggest for a service named after it. */
export function piercingDifficultyOf(name: string): Difficulty | null {
  const n = name.trim().toLowerCase();
  return PIERCING_STYLES.find((s) => n.includes(s.name.toLowerCase()))?.difficulty ?? null;
}

/** Words the app's own paths use under /artists/ and /artist/, and names that would mislead. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'new', 'create', 'onboarding', 'profile', 'me', 'draft', 'slug-available', 'edit', 'settings', 'dashboard',
  'admin', 'api', 'search', 'login', 'logout', 'signup', 'sign-up', 'support', 'help', 'inkhaven', 'artist',
  'artists', 'studio', 'studios', 'book', 'booking', 'bookings', 'messages', 'reviews', 'flash', 'payment-setup',
  'consent-forms', 'null', 'undefined',
]);

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Why a profile address cannot be used, in words; null when its shape is fine (it may still be taken). */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN) return `Use at least ${SLUG_MIN} characters.`;
  if (slug.length > SLUG_MAX) return `Use at most ${SLUG_MAX} characters.`;
  if (!SLUG_SHAPE.test(slug)) return 'Use lowercase letters, digits and single hyphens, starting and ending with a letter or digit.';
  // Profile URLs take an id or a slug; a slug shaped like an id would never be reached.
  if (UUID_SHAPE.test(slug)) return 'That address looks like an id; choose a name.';
  if (RESERVED_SLUGS.has(slug)) return 'That address is reserved; choose another.';
  return null;
}

/** A well-formed slug made from a name ("Zoë Hart" → "zoe-hart"), padded or cut to fit. */
export function suggestSlug(name: string): string {
  let s = slugify(name).slice(0, SLUG_MAX).replace(/-+$/, '');
  if (s.length < SLUG_MIN) s = `${s || 'artist'}-studio`.replace(/^-/, '');
  if (RESERVED_SLUGS.has(s) || UUID_SHAPE.test(s)) s = `${s}-artist`.slice(0, SLUG_MAX);
  return s;
}

export const ZSlug = zText().superRefine((v, ctx) => {
  const problem = slugProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const ZSlugAvailableQuery = z.strictObject({ slug: zText().max(100, 'That address is too long.') });
export type TSlugAvailability = { slug: string; available: boolean; reason: string | null; suggestion: string | null };

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = zText().regex(HHMM, 'Use a 24-hour time like 09:30');
export const ZTimeRange = z
  .tuple([time, time])
  .refine(([start, end]) => start < end, 'The end time must be after the start time');

export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

/** ISO weekday (1 = Monday) → [start, end) ranges in the artist's zone; ranges of a day must not overlap. */
export const ZWeeklyHours = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(ZTimeRange).max(RANGES_PER_DAY_MAX, `At most ${RANGES_PER_DAY_MAX} time ranges a day`).optional()])) as Record<TWeekday, z.ZodOptional<z.ZodArray<typeof ZTimeRange>>>)
  .superRefine((hours, ctx) => {
    for (const day of WEEKDAYS) {
      const ranges = [...(hours[day] ?? [])].sort((a, b) => a[0].localeCompare(b[0]));
      for (let i = 1; i < ranges.length; i++) {
        if (ranges[i]![0] < ranges[i - 1]![1]) {
          ctx.addIssue({ code: 'custom', path: [day], message: `${ranges[i - 1]![0]}–${ranges[i - 1]![1]} and ${ranges[i]![0]}–${ranges[i]![1]} overlap` });
          break;
        }
      }
    }
  });
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

/** Rules for one service, shared by the wizard and the server. */
export function serviceIssues(s: {
  kind: TServiceKind;
  durationMinutes: number;
  priceMinCents: number;
  priceMaxCents: number;
  depositCents: number;
  difficulty?: Difficulty | null | undefined;
}): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (s.priceMaxCents < s.priceMinCents) issues.push({ path: 'priceMaxCents', message: 'The highest price must not be below the lowest price' });
  if (s.kind === 'consultation') {
    if (s.depositCents > CONSULTATION_DEPOSIT_MAX_CENTS) issues.push({ path: 'depositCents', message: `A consultation deposit can be at most ${dollars(CONSULTATION_DEPOSIT_MAX_CENTS)}` });
  } else if (s.depositCents < SESSION_DEPOSIT_MIN_CENTS || s.depositCents > SESSION_DEPOSIT_MAX_CENTS) {
    issues.push({ path: 'depositCents', message: `A session deposit must be between ${dollars(SESSION_DEPOSIT_MIN_CENTS)} and ${dollars(SESSION_DEPOSIT_MAX_CENTS)}` });
  }
  if (s.depositCents > s.priceMaxCents && s.priceMaxCents >= s.priceMinCents) {
    issues.push({ path: 'depositCents', message: 'The deposit cannot be more than the highest price (it is credited to the price)' });
  }
  if (s.kind === 'piercing') {
    if (!s.difficulty) issues.push({ path: 'difficulty', message: 'Choose how difficult this piercing is' });
    else {
      const { min, max } = sessionDurationMinutes(s.difficulty);
      if (s.durationMinutes < min || s.durationMinutes > max) {
        issues.push({ path: 'durationMinutes', message: `${/^[AEIOU]/.test(s.difficulty) ? 'An' : 'A'} ${s.difficulty} piercing takes ${min}–${max} minutes` });
      }
    }
  }
  return issues;
}

const int = (what: string) => z.number(`Enter ${what}`).int(`Use a whole number for ${what}`);

/** The spec's service search metadata (healingTime, aftercareRequired, safetyProtocols): what a studio can promise. */
export const SAFETY_PROTOCOLS = [
  'Single-use needles',
  'Autoclave-sterilised tools',
  'Fresh gloves for every step',
  'Surfaces disinfected between clients',
  'Implant-grade jewelry',
  'Bloodborne pathogens certified',
] as const;
export type TSafetyProtocol = (typeof SAFETY_PROTOCOLS)[number];
export const PIERCING_STYLE_SLUGS = PIERCING_STYLES.map((s) => s.slug) as [string, ...string[]];

export const ZServiceInput = z
  .strictObject({
    /** An existing service being edited (PATCH); absent for a new one. */
    id: z.uuid('Not a service id').optional(),
    name: zText().trim().min(2, 'Give the service a name').max(SERVICE_NAME_MAX, `Use at most ${SERVICE_NAME_MAX} characters`),
    kind: z.enum(SERVICE_KINDS, 'Choose consultation, tattoo or piercing'),
    durationMinutes: int('the duration in minutes')
      .min(SERVICE_DURATION_MIN, `A service lasts at least ${SERVICE_DURATION_MIN} minutes`)
      .max(SERVICE_DURATION_MAX, `A service lasts at most ${SERVICE_DURATION_MAX / 60} hours`),
    priceMinCents: int('the lowest price').min(0, 'Prices cannot be negative').max(PRICE_MAX_CENTS, 'That price is too high'),
    priceMaxCents: int('the highest price').min(0, 'Prices cannot be negative').max(PRICE_MAX_CENTS, 'That price is too high'),
    depositCents: int('the deposit').min(0, 'The deposit cannot be negative'),
    difficulty: z.enum(DIFFICULTIES, 'Choose Beginner, Intermediate, Advanced or Expert').nullable().optional(),
    /** "6-8 weeks" or "3-6 months"; for a piercing with a style, the style's range when left out. */
    healingTime: zText()
      .trim()
      .max(20, HEALING_TIME_HINT)
      .refine((v) => v === '' || parseHealingTime(v) !== null, HEALING_TIME_HINT)
      .nullable()
      .optional(),
    /** Whether clients get an aftercare plan after a session (never for a consultation). */
    aftercareRequired: z.boolean('aftercareRequired must be true or false').optional(),
    safetyProtocols: z.array(z.enum(SAFETY_PROTOCOLS, 'Not one of the listed safety protocols')).max(SAFETY_PROTOCOLS.length).optional(),
    /** A piercing style of the guide (its slug): the aftercare plan uses its healing range. */
    piercingStyle: z.enum(PIERCING_STYLE_SLUGS, 'Not one of the piercing styles of the guide').nullable().optional(),
  })
  .superRefine((s, ctx) => {
    for (const issue of serviceIssues(s)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (s.piercingStyle && s.kind !== 'piercing') ctx.addIssue({ code: 'custom', path: ['piercingStyle'], message: 'Only a piercing has a piercing style' });
  });
export type TServiceInput = z.input<typeof ZServiceInput>;

export const ZInstagram = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/^@/, '') || null : v),
  zText().regex(/^[A-Za-z0-9._]{1,30}$/, 'Use 1–30 letters, digits, dots or underscores (no @ needed)').nullable(),
);

export const ZStudioChoice = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({ mode: z.literal('independent') }),
    z.strictObject({ mode: z.literal('join'), studioId: z.uuid('Choose a studio from the list') }),
    z.strictObject({
      mode: z.literal('create'),
      name: zText().trim().min(2, 'Enter the studio name').max(STUDIO_NAME_MAX, `Use at most ${STUDIO_NAME_MAX} characters`),
      address: zText().trim().min(3, 'Enter the studio address').max(STUDIO_ADDRESS_MAX, `Use at most ${STUDIO_ADDRESS_MAX} characters`),
    }),
  ],
  'Choose to join a studio, create one or work independently',
);
export type TStudioChoice = z.infer<typeof ZStudioChoice>;

const profileFields = {
  kind: z.enum(ARTIST_KINDS, 'Choose tattoo, piercing or both'),
  displayName: zText().trim().min(2, 'Enter the name clients will see').max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters`),
  slug: ZSlug,
  bio: zText({ multiline: true })
    .trim()
    .min(BIO_MIN, `Write at least ${BIO_MIN} characters about your work: what you love to make, your experience, how you work with clients`)
    .max(BIO_MAX, `Keep the bio to ${BIO_MAX} characters`),
  styles: z
    .array(zText().max(40))
    .min(1, 'Choose at least one style: clients search by style, and your profile lists them')
    .max(STYLES_MAX, `Choose at most ${STYLES_MAX} styles`),
  cityId: zText().max(80).refine((id) => Boolean(findCity(id)), 'Choose a city from the list'),
  studio: ZStudioChoice,
  services: z.array(ZServiceInput).min(1, 'Add at least one service').max(SERVICES_MAX, `At most ${SERVICES_MAX} services`),
  workingHours: ZWeeklyHours,
  instagram: ZInstagram,
  noticeHours: int('the notice in hours')
    .min(NOTICE_HOURS_MIN, `Notice must be between ${NOTICE_HOURS_MIN} and ${NOTICE_HOURS_MAX} hours`)
    .max(NOTICE_HOURS_MAX, `Notice must be between ${NOTICE_HOURS_MIN} and ${NOTICE_HOURS_MAX} hours`),
};

type ProfileShape = {
  kind: TArtistKind;
  styles: readonly string[];
  services: ReadonlyArray<{ kind: TServiceKind; id?: string | undefined }>;
};

/** Rules across fields: styles and services must suit the kind of artist. Used by create and by PATCH on the merged profile. */
export function profileIssues(p: ProfileShape): Array<{ path: Array<string | number>; message: string }> {
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  const allowed = new Set(stylesForKind(p.kind));
  const seen = new Set<string>();
  p.styles.forEach((style, i) => {
    if (!allowed.has(style)) {
      const other = p.kind === 'tattoo' ? 'a tattoo' : p.kind === 'piercing' ? 'a piercing' : 'a tattoo or piercing';
      issues.push({ path: ['styles', i], message: `"${style}" is not ${other} style from the guides` });
    } else if (seen.has(style)) issues.push({ path: ['styles', i], message: `"${style}" is listed twice` });
    seen.add(style);
  });
  p.services.forEach((s, i) => {
    if (p.kind === 'tattoo' && s.kind === 'piercing') issues.push({ path: ['services', i, 'kind'], message: 'A tattoo artist cannot offer piercings; choose "both" as your kind to offer them' });
    if (p.kind === 'piercing' && s.kind === 'tattoo') issues.push({ path: ['services', i, 'kind'], message: 'A piercer cannot offer tattoos; choose "both" as your kind to offer them' });
  });
  const ids = p.services.map((s) => s.id).filter(Boolean);
  if (new Set(ids).size !== ids.length) issues.push({ path: ['services'], message: 'A service is listed twice' });
  return issues;
}

/** POST /api/artists. */
export const ZCreateArtistProfile = z
  .strictObject({
    ...profileFields,
    studio: profileFields.studio.default({ mode: 'independent' }),
    workingHours: profileFields.workingHours.default({}),
    instagram: profileFields.instagram.optional(),
    noticeHours: profileFields.noticeHours.default(NOTICE_HOURS_DEFAULT),
  })
  .superRefine((p, ctx) => {
    for (const issue of profileIssues(p)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type TCreateArtistProfile = z.infer<typeof ZCreateArtistProfile>;
export type TCreateArtistProfileInput = z.input<typeof ZCreateArtistProfile>;

/**
 * PATCH /api/artists/{id}: any of the same fields. `services`, when sent, is the whole list:
 * entries with an id edit that service, entries without one are added, and services left out
 * are retired (kept but inactive when bookings refer to them).
 */
export const ZUpdateArtistProfile = z
  .strictObject({ ...profileFields, instagram: profileFields.instagram.optional() })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change');
export type TUpdateArtistProfile = z.infer<typeof ZUpdateArtistProfile>;

/** PUT /api/artists/draft. The data is the wizard's own form state, checked only for size. */
export const ZArtistDraft = z.strictObject({
  step: z.number().int().min(0).max(ONBOARDING_STEPS.length - 1),
  data: zJsonRecord()
    .refine((d) => JSON.stringify(d).length <= DRAFT_DATA_MAX_CHARS, `The draft is too large (at most ${DRAFT_DATA_MAX_CHARS} characters)`),
});
export type TArtistDraftInput = z.infer<typeof ZArtistDraft>;
export type TArtistDraft = TArtistDraftInput & { updatedAt: string | null };

/** GET /api/artists/{id}/editable: what the edit form starts from (owner or admin). */
export type TArtistEditable = {
  id: string;
  slug: string;
  kind: TArtistKind;
  displayName: string;
  bio: string;
  styles: string[];
  cityId: string | null;
  city: string;
  country: string;
  timezone: string;
  studio: { id: string; slug: string; name: string } | null;
  services: TService[];
  workingHours: TWeeklyHours;
  instagram: string | null;
  noticeHours: number;
};

export type TCreatedArtist = TArtistProfile;

import { findCity } from '../../../shared/cities.ts';
import {
  NOTICE_HOURS_DEFAULT,
  ONBOARDING_STEPS,
  profileIssues,
  SAFETY_PROTOCOLS,
  stylesForKind,
  WEEKDAYS,
  ZCreateArtistProfile,
  type TArtistEditable,
  type TArtistKind,
  type TServiceKind,
  type TSafetyProtocol,
  type TWeekday,
} from '../../../shared/contracts/artist-profile.ts';
import { sessionDurationMinutes, type Difficulty } from '../../../shared/guides/difficulty.ts';

/** One service row as the form holds it: money in dollars and minutes as typed text. */
export type ServiceDraft = {
  key: string;
  id?: string;
  name: string;
  kind: TServiceKind;
  duration: string;
  priceMin: string;
  priceMax: string;
  deposit: string;
  difficulty: Difficulty | '';
  /** "6-8 weeks"; blank for a piercing uses its style's range. */
  healingTime: string;
  aftercareRequired: boolean;
  safetyProtocols: TSafetyProtocol[];
  /** A piercing style's slug (the aftercare plan uses its healing range), or blank. */
  piercingStyle: string;
};

export type StudioMode = 'independent' | 'join' | 'create';

/** The whole form; also what the draft stores (plain JSON). */
export type WizardData = {
  kind: TArtistKind | '';
  displayName: string;
  slug: string;
  /** Until the artist types an address, it follows the display name. */
  slugEdited: boolean;
  bio: string;
  styles: string[];
  instagram: string;
  studioMode: StudioMode;
  studioId: string;
  studioName: string;
  studioAddress: string;
  cityId: string;
  services: ServiceDraft[];
  /** Until the artist edits a service, the list follows the chosen kind. */
  servicesEdited: boolean;
  hours: Record<TWeekday, Array<[string, string]>>;
  noticeHours: string;
};

export type Errors = Record<string, string>;
export type Update = (patch: Partial<WizardData>) => void;

export const STEP_COUNT = ONBOARDING_STEPS.length;

/** Which top-level fields each step owns; its Next validates only those. */
export const STEP_FIELDS: ReadonlyArray<readonly string[]> = [
  ['kind'],
  ['displayName', 'slug'],
  ['bio', 'styles', 'instagram'],
  ['studio'],
  ['cityId'],
  ['services'],
  ['workingHours', 'noticeHours'],
  [],
];

let keyCounter = 0;
export const newKey = () => `s${Date.now().toString(36)}${(keyCounter++).toString(36)}`;

export function blankService(kind: TServiceKind): ServiceDraft {
  const care = { healingTime: '', aftercareRequired: kind !== 'consultation', safetyProtocols: [], piercingStyle: '' };
  if (kind === 'consultation') return { key: newKey(), name: 'Consultation', kind, duration: '30', priceMin: '0', priceMax: '0', deposit: '0', difficulty: '', ...care };
  if (kind === 'piercing') return { key: newKey(), name: 'Piercing (jewellery included)', kind, duration: '30', priceMin: '100', priceMax: '160', deposit: '100', difficulty: 'Beginner', ...care };
  return { key: newKey(), name: 'Tattoo session', kind, duration: '180', priceMin: '250', priceMax: '800', deposit: '150', difficulty: '', ...care };
}

export function defaultServices(kind: TArtistKind | ''): ServiceDraft[] {
  const list = [blankService('consultation')];
  if (kind === 'tattoo' || kind === 'both') list.push(blankService('tattoo'));
  if (kind === 'piercing' || kind === 'both') list.push(blankService('piercing'));
  return list;
}

export const emptyHours = (): WizardData['hours'] => ({ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] });

export function emptyWizard(): WizardData {
  const hours = emptyHours();
  for (const d of ['2', '3', '4', '5', '6'] as const) hours[d] = [['11:00', '19:00']];
  return {
    kind: '',
    displayName: '',
    slug: '',
    slugEdited: false,
    bio: '',
    styles: [],
    instagram: '',
    studioMode: 'independent',
    studioId: '',
    studioName: '',
    studioAddress: '',
    cityId: '',
    services: defaultServices(''),
    servicesEdited: false,
    hours,
    noticeHours: String(NOTICE_HOURS_DEFAULT),
  };
}

/** A draft saved by an older build may miss fields: fill them from the defaults. */
export function restoreWizard(data: Record<string, unknown>): WizardData {
  const base = emptyWizard();
  const merged = { ...base, ...(data as Partial<WizardData>) };
  if (!Array.isArray(merged.services)) merged.services = base.services;
  merged.services = merged.services.map((s) => ({ ...blankService(s.kind ?? 'tattoo'), ...s, key: s.key || newKey() }));
  merged.hours = { ...emptyHours(), ...(merged.hours ?? {}) };
  if (!Array.isArray(merged.styles)) merged.styles = [];
  return merged;
}

const centsToDollars = (cents: number) => String(cents / 100);

export function fromEditable(p: TArtistEditable): WizardData {
  const hours = emptyHours();
  for (const d of WEEKDAYS) hours[d] = [...(p.workingHours[d] ?? [])];
  return {
    kind: p.kind,
    displayName: p.displayName,
    slug: p.slug,
    slugEdited: true,
    bio: p.bio,
    styles: [...p.styles],
    instagram: p.instagram ?? '',
    studioMode: p.studio ? 'join' : 'independent',
    studioId: p.studio?.id ?? '',
    studioName: '',
    studioAddress: '',
    cityId: p.cityId ?? '',
    services: p.services.map((s) => ({
      key: s.id,
      id: s.id,
      name: s.name,
      kind: s.kind,
      duration: String(s.durationMinutes),
      priceMin: centsToDollars(s.priceMinCents),
      priceMax: centsToDollars(s.priceMaxCents),
      deposit: centsToDollars(s.depositCents),
      difficulty: s.difficulty ?? '',
      healingTime: s.healingTime ?? '',
      aftercareRequired: s.aftercareRequired,
      safetyProtocols: s.safetyProtocols.filter((p): p is TSafetyProtocol => (SAFETY_PROTOCOLS as readonly string[]).includes(p)),
      piercingStyle: s.piercingStyle ?? '',
    })),
    servicesEdited: true,
    hours,
    noticeHours: String(p.noticeHours),
  };
}

/** Typed text → a number the schema can judge; blank or junk becomes NaN (refused with the field's message). */
function toNumber(text: string): number {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return t === '' ? Number.NaN : Number(t);
}
const toCents = (text: string) => {
  const n = toNumber(text);
  return Number.isFinite(n) ? Math.round(n * 100) : n;
};

/** The request body for POST /api/artists (and PATCH, which takes the same fields). */
export function toInput(d: WizardData) {
  return {
    kind: d.kind || undefined,
    displayName: d.displayName,
    slug: d.slug,
    bio: d.bio,
    styles: d.styles,
    cityId: d.cityId,
    studio:
      d.studioMode === 'join'
        ? { mode: 'join' as const, studioId: d.studioId }
        : d.studioMode === 'create'
          ? { mode: 'create' as const, name: d.studioName, address: d.studioAddress }
          : { mode: 'independent' as const },
    services: d.services.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name,
      kind: s.kind,
      durationMinutes: toNumber(s.duration),
      priceMinCents: toCents(s.priceMin),
      priceMaxCents: toCents(s.priceMax),
      depositCents: toCents(s.deposit),
      difficulty: s.kind === 'piercing' ? s.difficulty || null : null,
      // A consultation has no healing, aftercare or protocols to promise: the server clears them.
      ...(s.kind === 'consultation'
        ? {}
        : {
            healingTime: s.healingTime.trim() || null,
            aftercareRequired: s.aftercareRequired,
            safetyProtocols: s.safetyProtocols,
            piercingStyle: s.kind === 'piercing' ? s.piercingStyle || null : null,
          }),
    })),
    workingHours: Object.fromEntries(WEEKDAYS.filter((day) => d.hours[day].length > 0).map((day) => [day, d.hours[day]])),
    instagram: d.instagram.trim() || null,
    noticeHours: toNumber(d.noticeHours),
  };
}

/** Every problem with the form, keyed by field path ("services.0.depositCents"). The first per path wins. */
export function validateAll(d: WizardData): Errors {
  const errors: Errors = {};
  const add = (path: ReadonlyArray<PropertyKey>, message: string) => {
    const key = path.map(String).join('.') || 'form';
    errors[key] ??= message;
  };
  const input = toInput(d);
  const result = ZCreateArtistProfile.safeParse(input);
  if (!result.success) for (const issue of result.error.issues) add(issue.path, issue.message);
  // The schema only checks styles and services against the kind once everything else parses; do it now.
  if (d.kind) for (const issue of profileIssues({ kind: d.kind, styles: d.styles, services: input.services })) add(issue.path, issue.message);
  return errors;
}

export function stepErrors(errors: Errors, step: number): Errors {
  const roots = STEP_FIELDS[step] ?? [];
  return Object.fromEntries(Object.entries(errors).filter(([k]) => roots.includes(k.split('.')[0]!)));
}

/** The step a field path belongs to (for server errors and the review page). */
export function stepOf(path: string): number {
  const root = path.split('.')[0]!;
  const i = STEP_FIELDS.findIndex((fields) => fields.includes(root));
  return i < 0 ? STEP_COUNT - 1 : i;
}

/** The first message at a path or under it. */
export function errorAt(errors: Errors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

/** The DOM id of a field's control, from its path. */
export const fieldId = (path: string) => `f-${path.replace(/\./g, '-')}`;

/** Server errors read "path: message"; split them so the message lands beside its field. */
export function splitServerMessage(message: string): { path: string; message: string } | null {
  const m = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/.exec(message);
  return m ? { path: m[1]!, message: m[2]! } : null;
}

export function changeKind(d: WizardData, kind: TArtistKind): Partial<WizardData> {
  const allowed = new Set(stylesForKind(kind));
  return {
    kind,
    styles: d.styles.filter((s) => allowed.has(s)),
    ...(d.servicesEdited ? {} : { services: defaultServices(kind) }),
  };
}

const dollarsText = (text: string): number | null => {
  const n = toNumber(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
};
const usd = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** A service's price and deposit in words for the review step: "Free, no deposit", "$250–$800, deposit $150". */
export function priceSummary(s: Pick<ServiceDraft, 'priceMin' | 'priceMax' | 'deposit'>): string {
  const min = dollarsText(s.priceMin);
  const max = dollarsText(s.priceMax);
  const deposit = dollarsText(s.deposit) ?? 0;
  let price: string;
  if (min === null || max === null) price = 'Price not set yet';
  else if (max === 0) price = 'Free';
  else if (min === max) price = usd(min);
  else price = `${usd(min)}–${usd(max)}`;
  return `${price}, ${deposit > 0 ? `deposit ${usd(deposit)}` : 'no deposit'}`;
}

export function suggestedDuration(difficulty: Difficulty): string {
  const { min, max } = sessionDurationMinutes(difficulty);
  return String(Math.round((min + max) / 2 / 5) * 5);
}

export function cityName(cityId: string): string {
  return findCity(cityId)?.name ?? '';
}

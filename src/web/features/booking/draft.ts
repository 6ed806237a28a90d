import { BOOKING_IDEA_MAX, BOOKING_MAX_IMAGES, BOOKING_TEXT_MAX } from '../../../shared/booking-rules.ts';
import type { TBookingColour, TBookingCreate, TBookingImage, TBookingMode } from '../../../shared/contracts/bookings.ts';

/**
 * The booking flow's answers, kept in sessionStorage per artist so a reload or the round trip
 * through sign-in keeps them. Session (not local) storage on purpose: a draft belongs to this tab's
 * visit, and a shared computer should not show the next person someone's tattoo idea.
 */
export const STEPS = ['what', 'details', 'time', 'confirm'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_TITLES: Record<Step, string> = {
  what: 'What to book',
  details: 'Your idea',
  time: 'Pick a time',
  confirm: 'Policy and confirm',
};

export type DraftSlot = { startsAt: string; endsAt: string; city?: string };

export type BookingDraft = {
  version: 1;
  artistId: string;
  /** For the /booking list: which artist, without fetching every profile. */
  artistName: string;
  artistSlug: string;
  step: Step;
  serviceId: string;
  mode: TBookingMode | '';
  flashDesignId: string;
  idea: string;
  placement: string;
  size: string;
  colour: TBookingColour | '';
  images: TBookingImage[];
  slot: DraftSlot | null;
  /** Weeks after the current one that the time step shows. */
  weekOffset: number;
  acceptPolicy: boolean;
  /**
   * The Idempotency-Key of the last confirm attempt and the body it was sent with. A retry of the
   * same body reuses the key (the server answers with the first booking); any changed answer makes
   * a new attempt with a new key.
   */
  attempt: { key: string; body: string } | null;
  updatedAt: string;
};

const PREFIX = 'inkhaven.booking-draft.';
const draftKey = (artistId: string) => `${PREFIX}${artistId}`;

export function emptyDraft(artistId: string): BookingDraft {
  return {
    version: 1,
    artistId,
    artistName: '',
    artistSlug: '',
    step: 'what',
    serviceId: '',
    mode: '',
    flashDesignId: '',
    idea: '',
    placement: '',
    size: '',
    colour: '',
    images: [],
    slot: null,
    weekOffset: 0,
    acceptPolicy: false,
    attempt: null,
    updatedAt: new Date(0).toISOString(),
  };
}

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

/** A stored draft, or a fresh one when there is none or it cannot be read (older build, edited by hand). */
export function parseDraft(artistId: string, raw: string | null): BookingDraft {
  const base = emptyDraft(artistId);
  if (!raw) return base;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return base;
  }
  if (!data || typeof data !== 'object' || data.version !== 1 || data.artistId !== artistId) return base;
  const step = STEPS.includes(data.step as Step) ? (data.step as Step) : 'what';
  const slot = data.slot as DraftSlot | null;
  const attempt = data.attempt as BookingDraft['attempt'];
  return {
    ...base,
    artistName: str(data.artistName),
    artistSlug: str(data.artistSlug),
    step,
    serviceId: str(data.serviceId),
    mode: data.mode === 'video' || data.mode === 'in_person' ? data.mode : '',
    flashDesignId: str(data.flashDesignId),
    idea: str(data.idea).slice(0, BOOKING_IDEA_MAX),
    placement: str(data.placement).slice(0, BOOKING_TEXT_MAX),
    size: str(data.size).slice(0, BOOKING_TEXT_MAX),
    colour: data.colour === 'colour' || data.colour === 'black_and_grey' ? data.colour : '',
    images: Array.isArray(data.images) ? (data.images as TBookingImage[]).filter((i) => i && typeof i.id === 'string').slice(0, BOOKING_MAX_IMAGES) : [],
    slot: slot && typeof slot.startsAt === 'string' && typeof slot.endsAt === 'string' ? slot : null,
    weekOffset: typeof data.weekOffset === 'number' && Number.isInteger(data.weekOffset) && data.weekOffset >= 0 ? data.weekOffset : 0,
    acceptPolicy: data.acceptPolicy === true,
    attempt: attempt && typeof attempt.key === 'string' && typeof attempt.body === 'string' ? attempt : null,
    updatedAt: str(data.updatedAt, base.updatedAt),
  };
}

/** sessionStorage, or null where there is none (server rendering, storage disabled). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(artistId: string): BookingDraft {
  return parseDraft(artistId, storage()?.getItem(draftKey(artistId)) ?? null);
}

/** A draft with nothing chosen yet is not worth keeping (or listing on /booking). */
export function isBlank(d: BookingDraft): boolean {
  return !d.serviceId && !d.flashDesignId && !d.idea.trim() && d.images.length === 0 && !d.slot;
}

const listeners = new Set<() => void>();

/** Called when this tab's drafts change (the storage event covers other tabs only). */
export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function changed() {
  for (const listener of listeners) listener();
}

export function saveDraft(draft: BookingDraft): void {
  const s = storage();
  if (!s) return;
  try {
    if (isBlank(draft)) s.removeItem(draftKey(draft.artistId));
    else s.setItem(draftKey(draft.artistId), JSON.stringify({ ...draft, updatedAt: new Date().toISOString() }));
  } catch {
    // A full or blocked storage only loses the ability to resume; the flow itself goes on.
  }
  changed();
}

export function clearDraft(artistId: string): void {
  storage()?.removeItem(draftKey(artistId));
  changed();
}

/** Every draft in this tab, newest first (for /booking). */
export function listDrafts(): BookingDraft[] {
  const s = storage();
  if (!s) return [];
  const out: BookingDraft[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const draft = parseDraft(key.slice(PREFIX.length), s.getItem(key));
    if (!isBlank(draft)) out.push(draft);
  }
  return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** The request body the confirm step sends. */
export function toCreateBody(d: BookingDraft, clientTimezone: string): TBookingCreate {
  const body: TBookingCreate = {
    artistId: d.artistId,
    startsAt: d.slot?.startsAt ?? '',
    idea: d.idea.trim(),
    clientTimezone,
    acceptPolicy: true,
  };
  // A flash design decides its session on the server; anything else names the service chosen.
  if (d.flashDesignId) body.flashDesignId = d.flashDesignId;
  else body.serviceId = d.serviceId;
  if (d.mode) body.mode = d.mode;
  if (d.placement.trim()) body.placement = d.placement.trim();
  if (d.size.trim()) body.size = d.size.trim();
  if (d.colour) body.colour = d.colour;
  if (d.images.length) body.referenceImageIds = d.images.map((i) => i.id);
  return body;
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http intranet install still needs a key.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The attempt for this body: the stored one when the body is unchanged (a retry), else a new key. */
export function attemptFor(d: BookingDraft, body: TBookingCreate): { key: string; body: string } {
  const json = JSON.stringify(body);
  return d.attempt && d.attempt.body === json ? d.attempt : { key: randomUuid(), body: json };
}

export type StepProblems = Partial<Record<'service' | 'mode' | 'idea' | 'placement' | 'size' | 'images' | 'slot' | 'acceptPolicy', string>>;

/** What still stops `step` from being done, by field; empty when it is complete. */
export function stepProblems(d: BookingDraft, step: Step, info: { needsMode: boolean }): StepProblems {
  const p: StepProblems = {};
  if (step === 'what') {
    if (!d.serviceId) p.service = d.flashDesignId ? 'This design cannot be booked with this artist right now.' : 'Choose what you would like to book.';
    else if (info.needsMode && !d.mode) p.mode = 'Choose a video call or an in-person visit.';
  } else if (step === 'details') {
    const idea = d.idea.trim();
    if (idea.length < 10) p.idea = 'Describe your idea in a sentence or two (at least 10 characters).';
    else if (idea.length > BOOKING_IDEA_MAX) p.idea = `Keep your idea under ${BOOKING_IDEA_MAX} characters.`;
    if (d.placement.trim().length > BOOKING_TEXT_MAX) p.placement = `Keep the placement under ${BOOKING_TEXT_MAX} characters.`;
    if (d.size.trim().length > BOOKING_TEXT_MAX) p.size = `Keep the size under ${BOOKING_TEXT_MAX} characters.`;
    if (d.images.length > BOOKING_MAX_IMAGES) p.images = `Attach at most ${BOOKING_MAX_IMAGES} photos.`;
  } else if (step === 'time') {
    if (!d.slot) p.slot = 'Pick a time.';
  } else if (!d.acceptPolicy) p.acceptPolicy = 'Please read and accept the booking policy.';
  return p;
}

/** The first step that is not done yet (the confirm step when everything before it is). */
export function firstOpenStep(d: BookingDraft, info: { needsMode: boolean }): Step {
  for (const step of STEPS) if (Object.keys(stepProblems(d, step, info)).length) return step;
  return 'confirm';
}

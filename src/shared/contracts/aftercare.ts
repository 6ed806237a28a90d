import { z } from 'zod';
import { HEALING_SYMPTOM_IDS, type TAftercarePlan } from '../aftercare-plan.ts';
import type { TBookingImage } from './bookings.ts';
import { zText } from './input.ts';

export const CHECK_IN_NOTE_MAX = 1000;
export const CHECK_IN_PHOTOS_MAX = 4;
export const HEALED_NOTE_MIN = 10;
export const HEALED_NOTE_MAX = 1000;

/** POST /api/bookings/{id}/check-ins: "how is it healing?" — photos come from POST /api/bookings/uploads with kind "healing". */
export const ZCheckInCreate = z.strictObject({
  clientCheckInId: z.uuid('clientCheckInId must be a UUID made by the page'),
  feeling: z.number('Choose how it is healing').int('Choose how it is healing').min(1, 'Choose how it is healing').max(5, 'Choose how it is healing'),
  symptoms: z.array(z.enum(HEALING_SYMPTOM_IDS, 'Not one of the listed symptoms')).max(HEALING_SYMPTOM_IDS.length).default([]),
  note: zText({ multiline: true }).trim().max(CHECK_IN_NOTE_MAX, `Use at most ${CHECK_IN_NOTE_MAX} characters`).default(''),
  photoIds: z.array(z.uuid('Not a photo id')).max(CHECK_IN_PHOTOS_MAX, `At most ${CHECK_IN_PHOTOS_MAX} photos`).default([]),
});
export type TCheckInCreate = z.input<typeof ZCheckInCreate>;

/** POST /api/bookings/{id}/healed-follow-up: a note added to the client's review once healing is over (decision 0022). */
export const ZHealedFollowUp = z.strictObject({
  note: zText({ multiline: true }).trim().min(HEALED_NOTE_MIN, `Write at least ${HEALED_NOTE_MIN} characters`).max(HEALED_NOTE_MAX, `Use at most ${HEALED_NOTE_MAX} characters`),
});

export type TCheckIn = {
  id: string;
  authorName: string;
  feeling: number;
  symptoms: string[];
  note: string;
  /** The warning signs the answers describe (empty when none): the page then says to seek care. */
  warningSigns: string[];
  day: number;
  createdAt: string;
  photos: TBookingImage[];
};

export type TAftercare = {
  /** Null when the booking has no plan (not a completed session, or a consultation). */
  plan: TAftercarePlan | null;
  /** Whether the viewer is the booking's client and the plan is running: they may check in. */
  canCheckIn: boolean;
  checkIns: TCheckIn[];
  healed: {
    /** The healing period is over (the healed invitation went out). */
    due: boolean;
    /** The client reviewed the booking; the follow-up goes on that review. */
    reviewed: boolean;
    followUp: { note: string; at: string } | null;
  };
};

// ---------------------------------------------------------------------------------------------
// The check-in as the browser posts it itself (before hydration, or without JavaScript)

/** The aftercare page's address: the check-in form posts here, so a refusal answers with the page again. */
export const aftercarePagePath = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}/aftercare`;
export const CHECK_IN_SENT_DONE = 'check-in-sent';
/** `symptom.<id>` per ticked symptom; `photos` holds new files; `photoIds` (comma-separated) photos an earlier, refused post stored. */
export const CHECK_IN_FORM_FIELDS = { feeling: 'feeling', note: 'note', photos: 'photos', photoIds: 'photoIds' } as const;
export const checkInSymptomField = (id: string) => `symptom.${id}`;
export const CHECK_IN_FORM_FILE_FIELDS = { [CHECK_IN_FORM_FIELDS.photos]: CHECK_IN_PHOTOS_MAX } as const;

/** The photo ids a posted form carries over from an earlier, refused post. */
export const keptPhotoIds = (fields: Record<string, string>): string[] => (fields[CHECK_IN_FORM_FIELDS.photoIds] ?? '').split(',').filter(Boolean);

/** The check-in a posted form stands for (checked by ZCheckInCreate like the JSON one). */
export function checkInFromForm(fields: Record<string, string>, clientCheckInId: string, photoIds: string[]): TCheckInCreate {
  const F = CHECK_IN_FORM_FIELDS;
  return {
    clientCheckInId,
    feeling: fields[F.feeling] ? Number(fields[F.feeling]) : Number.NaN,
    symptoms: HEALING_SYMPTOM_IDS.filter((id) => fields[checkInSymptomField(id)] !== undefined),
    note: fields[F.note] ?? '',
    photoIds,
  };
}

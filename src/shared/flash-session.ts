import type { TFlashSize } from './flash-labels.ts';

/**
 * A flash design is a ready-made piece of a known size, so the design decides how long the artist
 * keeps for it: the client is never asked to pick a session length. The design brings its price;
 * the session it maps to brings the length and the deposit. The booking flow (to show the times)
 * and POST /api/bookings (which decides, whatever the client sends) both call this function, so
 * they agree.
 *
 * The rule: the shortest of the artist's tattoo sessions that is at least the size's minimum length;
 * when none is that long, the longest they have. With the usual menu (a 1–1.5 h small-tattoo slot,
 * a 3–4 h half day, a 6 h full day) a small design gets the small-tattoo slot, a medium one the
 * half day, and a large one a 4-hour half day or else the full day.
 */
export const FLASH_SESSION_MIN_MINUTES: Record<TFlashSize, number> = { small: 60, medium: 120, large: 240 };

export type FlashSessionCandidate = { id: string; kind: 'consultation' | 'tattoo' | 'piercing'; durationMinutes: number };

export function flashSessionService<S extends FlashSessionCandidate>(services: readonly S[], size: TFlashSize): S | null {
  // Ties broken by id so the browser and the server pick the same service from the same menu.
  const sessions = services
    .filter((s) => s.kind === 'tattoo')
    .sort((a, b) => a.durationMinutes - b.durationMinutes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (sessions.length === 0) return null;
  return sessions.find((s) => s.durationMinutes >= FLASH_SESSION_MIN_MINUTES[size]) ?? sessions[sessions.length - 1]!;
}

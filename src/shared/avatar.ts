/**
 * Avatars (issue 11 §5): an uploaded picture when the person chose one, otherwise a monogram —
 * their initials on a colour derived from their id, drawn by the page (no file per person).
 */

/** Where an uploaded avatar is served; null means "draw the monogram". */
export const avatarUrlOf = (key: string | null | undefined): string | null => (key ? `/uploads/${key}` : null);

/** Up to two initials: the first letters of the first and last words ("Rosa María Vega" → "RV"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = (w: string) => Array.from(w)[0] ?? '';
  const letters = words.length === 1 ? first(words[0]!) : first(words[0]!) + first(words[words.length - 1]!);
  return letters.toLocaleUpperCase();
}

/** Backgrounds dark enough for white initials (contrast ≥ 4.5:1 each), varied in hue. */
export const MONOGRAM_COLOURS = ['#9f1239', '#9a3412', '#854d0e', '#3f6212', '#166534', '#115e59', '#155e75', '#1e40af', '#5b21b6', '#86198f', '#44403c', '#374151'] as const;

/** The same person always gets the same colour, on every page and device. */
export function monogramColour(id: string): string {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return MONOGRAM_COLOURS[(h >>> 0) % MONOGRAM_COLOURS.length] as string;
}

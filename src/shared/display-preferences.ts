/**
 * Display preferences a visitor sets on /accessibility-demo: more contrast and larger text. They
 * live in a cookie (not the account) so they apply before sign-in and in the server-rendered HTML,
 * with no flash of the default look. Both are non-sensitive, so the cookie is readable by scripts.
 */
export const DISPLAY_COOKIE = 'inkhaven.display';
export const DISPLAY_FORM_PATH = '/api/display-preferences/form';
/** A year: a preference is kept until changed. */
export const DISPLAY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 'device' follows the operating system's "increase contrast" setting. */
export const CONTRAST_CHOICES = ['device', 'more', 'standard'] as const;
export type TContrast = (typeof CONTRAST_CHOICES)[number];
/** Percent of the browser's own text size; WCAG 1.4.4 asks that 200% loses nothing. */
export const TEXT_SIZES = [100, 125, 150, 200] as const;
export type TTextSize = (typeof TEXT_SIZES)[number];

export type TDisplayPreferences = { contrast: TContrast; textSize: TTextSize };
export const DEFAULT_DISPLAY: TDisplayPreferences = { contrast: 'device', textSize: 100 };

function isContrast(value: unknown): value is TContrast {
  return CONTRAST_CHOICES.includes(value as TContrast);
}

function toTextSize(value: unknown): TTextSize | null {
  const n = Number(value);
  return TEXT_SIZES.includes(n as TTextSize) ? (n as TTextSize) : null;
}

/** The cookie's value, e.g. `contrast:more|text:150`; anything unknown falls back to the default. */
export function parseDisplayPreferences(value: string | undefined | null): TDisplayPreferences {
  const prefs = { ...DEFAULT_DISPLAY };
  for (const part of (value ?? '').split('|')) {
    const [key, raw] = part.split(':', 2);
    if (key === 'contrast' && isContrast(raw)) prefs.contrast = raw;
    if (key === 'text') prefs.textSize = toTextSize(raw) ?? prefs.textSize;
  }
  return prefs;
}

export function serializeDisplayPreferences(prefs: TDisplayPreferences): string {
  return `contrast:${prefs.contrast}|text:${prefs.textSize}`;
}

/** A form post's fields (`contrast`, `textSize`) over the current preferences; unknown values are ignored. */
export function applyDisplayForm(current: TDisplayPreferences, form: Record<string, unknown>): TDisplayPreferences {
  return {
    contrast: isContrast(form.contrast) ? form.contrast : current.contrast,
    textSize: toTextSize(form.textSize) ?? current.textSize,
  };
}

/**
 * The attributes on <html> that the stylesheet keys on (styles.css): `data-contrast="more"` and
 * `data-text-size`. 'device' leaves contrast to the browser script, which reads the media query.
 */
export function displayAttributes(prefs: TDisplayPreferences): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (prefs.contrast !== 'device') attrs['data-contrast'] = prefs.contrast;
  if (prefs.textSize !== 100) attrs['data-text-size'] = String(prefs.textSize);
  return attrs;
}

/** The value of a cookie in a Cookie header or `document.cookie`. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

import { z } from 'zod';
import { zText } from './input.ts';
import { FIRST_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
const email = z.email('Enter a valid email address').max(EMAIL_MAX_LENGTH).transform((e) => e.trim().toLowerCase());

export const ZSignIn = z.strictObject({
  email,
  password: zText().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type TSignIn = z.input<typeof ZSignIn>;

export const ZSignUp = z.strictObject({
  firstName: zText().trim().min(1, 'Enter your first name').max(FIRST_NAME_MAX_LENGTH),
  email,
  password: zText()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type TSignUp = z.input<typeof ZSignUp>;

export const ZCurrentUser = z.object({
  id: z.string(),
  firstName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isArtist: z.boolean(),
  /** The uploaded avatar; null shows the monogram (shared/avatar.ts). */
  avatarUrl: z.string().nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** Where the sign-in page's forms post when its JavaScript is not running (yet): no JavaScript, or a slow phone before hydration. */
export const SIGN_IN_FORM_PATH = '/api/auth/sign-in/form';
export const SIGN_UP_FORM_PATH = '/api/auth/sign-up/form';
export type LoginForm = 'sign-in' | 'sign-up';
export type LoginFailure = { form: LoginForm; code: string; email: string };

/** The sign-in page after a form post failed: which form, the error's code, and the email typed so it is kept — never the password. */
export function loginPageAfterFailure(failure: LoginFailure, returnTo: string): string {
  return `/login?${new URLSearchParams({ returnTo, form: failure.form, error: failure.code, email: failure.email })}`;
}

/** The failure loginPageAfterFailure put in the sign-in page's query, if any. */
export function readLoginFailure(params: URLSearchParams): LoginFailure | null {
  const form = params.get('form');
  const code = params.get('error');
  if ((form !== 'sign-in' && form !== 'sign-up') || !code) return null;
  return { form, code, email: params.get('email') ?? '' };
}

const HOME_PATH = '/home';
/** Only its origin matters: a return path must resolve to it. `http:` so `\` parses as `/`, as browsers do for web URLs. */
const RETURN_TO_BASE = new URL('http://return-to.invalid');

/** What a browser removes from a URL before parsing it: tabs and newlines anywhere, C0 controls and spaces at either end. */
function stripAsBrowsersDo(value: string): string {
  const unbroken = value.replace(/[\t\n\r]/g, '');
  let start = 0;
  let end = unbroken.length;
  while (start < end && unbroken.charCodeAt(start) <= 0x20) start++;
  while (end > start && unbroken.charCodeAt(end - 1) <= 0x20) end--;
  return unbroken.slice(start, end);
}

/** The URL `value` points at when it is an absolute path on this origin; null for anything else. */
function parseSameOriginPath(value: string): URL | null {
  const cleaned = stripAsBrowsersDo(value);
  if (!cleaned.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(cleaned, RETURN_TO_BASE);
  } catch {
    return null;
  }
  return url.origin === RETURN_TO_BASE.origin ? url : null;
}

/**
 * A same-origin path to return to after sign-in; anything else falls back to /home. The value is
 * parsed the way a browser will parse it (`/\t/evil.example` is `//evil.example`, another host), and
 * the answer is the parsed URL's own path, query and hash, so what is checked is what is followed.
 * The answer must also stay on this origin when read again and once percent-decoded, so neither a
 * normalization (`/.//evil` → `//evil`) nor a later decoding hop can turn it into another site.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string') return HOME_PATH;
  const url = parseSameOriginPath(value);
  if (!url) return HOME_PATH;
  const path = url.pathname + url.search + url.hash;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return HOME_PATH;
  }
  const decodedUrl = parseSameOriginPath(decoded);
  if (!parseSameOriginPath(path) || !decodedUrl) return HOME_PATH;
  // API endpoints are not pages; /api/logout would sign the person straight out again.
  if (/^\/api(\/|$)/i.test(decodedUrl.pathname)) return HOME_PATH;
  return path;
}

import { z } from 'zod';
import { FIRST_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';

const email = z.email('Enter a valid email address').max(254).transform((e) => e.trim().toLowerCase());

export const ZSignIn = z.strictObject({
  email,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type TSignIn = z.input<typeof ZSignIn>;

export const ZSignUp = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter your first name').max(FIRST_NAME_MAX_LENGTH),
  email,
  password: z
    .string()
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
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** A same-site path to return to after sign-in; anything else falls back to /home. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/home';
  if (value.startsWith('/api/')) return '/home';
  return value;
}

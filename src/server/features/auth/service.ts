import { randomUUID } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { TCurrentUser, TSignIn, TSignUp } from '../../../shared/contracts/auth.ts';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MINUTES } from '../../../shared/limits.ts';
import type { AppContext } from '../../context.ts';
import { signInFailures } from '../../db/schema/index.ts';
import type { SessionUser } from '../../auth/session.ts';
import { isCommonPassword } from '../../auth/passwords.ts';
import { AppError } from '../../http/app-error.ts';

/** An auth call's outcome: the Set-Cookie headers to pass on to the browser. */
export type AuthResult = { setCookies: string[] };

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function presentCurrentUser(user: SessionUser): TCurrentUser {
  return { id: user.id, firstName: user.name.split(' ')[0] || user.name, email: user.email, isAdmin: user.isAdmin, isArtist: user.isArtist };
}

async function assertNotLockedOut(ctx: AppContext, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const [byEmail] = await ctx.database.db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since)));
  const [byIp] = await ctx.database.db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since)));
  if ((byEmail?.n ?? 0) >= SIGN_IN_MAX_FAILURES || (byIp?.n ?? 0) >= SIGN_IN_MAX_FAILURES) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please wait ${SIGN_IN_WINDOW_MINUTES} minutes and try again, or reset your password.`,
    );
  }
}

export async function signIn(ctx: AppContext, input: TSignIn & { email: string }, meta: { ip: string; headers: Headers }): Promise<AuthResult> {
  await assertNotLockedOut(ctx, input.email, meta.ip);
  let ok = false;
  let setCookies: string[] = [];
  try {
    const response = await ctx.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: meta.headers, asResponse: true });
    ok = response.ok;
    setCookies = cookiesOf(response);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  if (!ok) {
    await ctx.database.db.insert(signInFailures).values({ id: randomUUID(), email: input.email, ip: meta.ip });
    throw new AppError('INVALID_CREDENTIALS', 'That email and password do not match an account.');
  }
  return { setCookies };
}

export async function signUp(ctx: AppContext, input: TSignUp & { email: string }, meta: { headers: Headers }): Promise<AuthResult> {
  if (isCommonPassword(input.password)) {
    throw new AppError('WEAK_PASSWORD', 'That password is too common and appears in breach lists. Please choose another.');
  }
  try {
    const response = await ctx.auth.api.signUpEmail({
      body: { name: input.firstName, email: input.email, password: input.password },
      headers: meta.headers,
      asResponse: true,
    });
    if (response.status === 422 || response.status === 409) throw new AppError('EMAIL_TAKEN', 'An account with that email already exists. Sign in instead.');
    if (!response.ok) throw new AppError('BAD_REQUEST', 'We could not create that account.');
    return { setCookies: cookiesOf(response) };
  } catch (error) {
    if (error instanceof APIError) {
      if (error.status === 'UNPROCESSABLE_ENTITY' || error.status === 'CONFLICT' || /exist/i.test(error.message)) {
        throw new AppError('EMAIL_TAKEN', 'An account with that email already exists. Sign in instead.');
      }
      throw new AppError('BAD_REQUEST', error.message || 'We could not create that account.');
    }
    throw error;
  }
}

export async function signOut(ctx: AppContext, headers: Headers): Promise<AuthResult> {
  const response = await ctx.auth.api.signOut({ headers, asResponse: true });
  return { setCookies: cookiesOf(response) };
}

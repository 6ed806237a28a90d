import { avatarUrlOf } from '../../../shared/avatar.ts';
import { APIError } from 'better-auth/api';
import type { TCurrentUser, TSignIn, TSignUp } from '../../../shared/contracts/auth.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../auth/session.ts';
import { judgePassword } from '../../auth/passwords.ts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from './sign-in-throttle.ts';

/** An auth call's outcome: the Set-Cookie headers to pass on to the browser. */
export type AuthResult = { setCookies: string[] };

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function presentCurrentUser(user: SessionUser): TCurrentUser {
  return {
    id: user.id,
    firstName: user.name.split(' ')[0] || user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    isArtist: user.isArtist,
    avatarUrl: avatarUrlOf(user.avatarKey),
  };
}

/**
 * `network` is the client's address as counted for limits (see networkOf): failures are limited
 * per account and network, per network and per account (sign-in-throttle.ts).
 */
export async function signIn(ctx: AppContext, input: TSignIn & { email: string }, meta: { network: string; headers: Headers }): Promise<AuthResult> {
  const { db } = ctx.database;
  await assertSignInAllowed(db, input.email, meta.network);
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
    await recordSignInFailure(db, input.email, meta.network);
    throw new AppError('INVALID_CREDENTIALS', 'That email and password do not match an account.');
  }
  await clearSignInFailures(db, input.email, meta.network);
  // A suspended account (admin console) knows its password but may not come in: the session just made goes again.
  const [suspended] = await db
    .select({ id: users.id, reason: users.suspendedReason })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), isNotNull(users.suspendedAt)))
    .limit(1);
  if (suspended) {
    await db.delete(sessions).where(eq(sessions.userId, suspended.id));
    throw new AppError('FORBIDDEN', `This account is suspended${suspended.reason ? `: ${suspended.reason}` : ''}. Contact support if you think this is a mistake.`);
  }
  return { setCookies };
}

export async function signUp(ctx: AppContext, input: TSignUp & { email: string }, meta: { headers: Headers }): Promise<AuthResult> {
  const verdict = await judgePassword(input.password, { email: input.email, firstName: input.firstName });
  if (!verdict.ok) throw new AppError('WEAK_PASSWORD', `That password is too easy to guess. ${verdict.reason}`);
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

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';

/** better-auth lives under its own base path so the spec's /api/auth/user and /api/auth/csrf-token stay ours. */
export const AUTH_BASE_PATH = '/api/auth/ba';
export const OIDC_PROVIDER_ID = 'oidc';

export function createBetterAuth(opts: { config: Config; db: Db; secret: string; publicUrl: string }) {
  const { config } = opts;
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? genericOAuth({
          config: [
            {
              providerId: OIDC_PROVIDER_ID,
              discoveryUrl: `${config.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
              clientId: config.OIDC_CLIENT_ID,
              clientSecret: config.OIDC_CLIENT_SECRET,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
            },
          ],
        })
      : null;

  return betterAuth({
    appName: 'Inkhaven',
    baseURL: opts.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: opts.secret,
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        isAdmin: { type: 'boolean', defaultValue: false, input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-in limits are ours (features/auth/sign-in-throttle.ts, kept in the database).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins: [opts.publicUrl],
    advanced: {
      useSecureCookies: opts.publicUrl.startsWith('https://'),
      cookiePrefix: 'inkhaven',
    },
    plugins: oidc ? [oidc] : [],
    logger: { disabled: config.NODE_ENV === 'test' },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;

import { z } from 'zod';

/**
 * Environment is parsed once at start-up. A bad value stops the process with a
 * message naming the variable, rather than failing later in a request.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalUrl = z.url().optional();

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_URL: optionalUrl,
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SEED_DEMO: booleanFlag.optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    STRIPE_API_BASE: optionalUrl,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().default('Single sign-on'),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().default('Inkhaven <no-reply@inkhaven.test>'),
    STORAGE_DIR: z.string().optional(),
    ICE_SERVERS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return [{ urls: 'stun:stun.l.google.com:19302' }];
        try {
          return z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })).parse(JSON.parse(v));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of RTCIceServer objects' });
          return z.NEVER;
        }
      }),
    IMAGE_API_URL: optionalUrl,
    IMAGE_API_KEY: z.string().optional(),
    GITHUB_TOKEN: z.string().optional(),
    GITHUB_API_URL: z.url().default('https://api.github.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((c, ctx) => {
    const oidc = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together' });
    }
    if (Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together' });
    }
  })
  .transform((c) => ({
    ...c,
    // Demo data is on for the embedded database, and off for production on PostgreSQL.
    SEED_DEMO: c.SEED_DEMO ?? !(c.NODE_ENV === 'production' && c.DATABASE_URL),
    STORAGE_DIR: c.STORAGE_DIR ?? `${c.DATA_DIR.replace(/\/$/, '')}/uploads`,
  }));

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

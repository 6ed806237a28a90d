import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Environment is parsed once at start-up. A bad value stops the process with a
 * message naming the variable, rather than failing later in a request.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalUrl = z.url().optional();

/**
 * The AES-256-GCM key for health data at rest (consent answers, dates of birth, ID photos, signed
 * PDFs): 32 bytes as 64 hex digits or base64 (url-safe or not). Unset: generated into DATA_DIR on
 * first start (secret.ts), like the session secret.
 */
export function parseDataKey(value: string): Buffer | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value) ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null;
  return bytes?.length === 32 ? bytes : null;
}
const dataKey = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const key = parseDataKey(v);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 random bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)' });
      return z.NEVER;
    }
    return key;
  });

/** Names proxy-addr (Fastify's trustProxy) knows for the private ranges. */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-For` is believed: a hop count (`1`: the nearest proxy) or a
 * comma-separated list of addresses, CIDRs and loopback/linklocal/uniquelocal. Unset: none, and
 * the socket's address is the client's. "Trust everything" (`true`, `*`) is refused: anyone
 * could then choose the address every rate limit counts them under.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | string[] | ((address: string, hop: number) => boolean) => {
    if (v === undefined) return false;
    if (/^\d+$/.test(v)) {
      // Fastify counts hops itself for a number, but its types take only this function form.
      const hops = Number(v);
      return (_address, hop) => hop < hops;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !NAMED_PROXY_RANGES.includes(e) && !isAddressOrCidr(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs; trusting every X-Forwarded-For is not supported (not understood: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

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
    TRUST_PROXY: trustProxy,
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATA_ENCRYPTION_KEY: dataKey,
    SEED_DEMO: booleanFlag.optional(),
    // Source maps show the app's source to anyone; the build writes them for debugging, the server keeps them private unless asked.
    SERVE_SOURCE_MAPS: booleanFlag.default(false),
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
    // The coturn REST scheme (use-auth-secret / static-auth-secret): the app mints short-lived TURN credentials per call.
    TURN_SECRET: z.string().min(16, 'must be at least 16 characters (the static-auth-secret of your TURN server)').optional(),
    IMAGE_API_URL: optionalUrl,
    IMAGE_API_KEY: z.string().optional(),
    // The design generator's image model (an OpenAI-compatible /v1/images/generations; dall-e-2 takes n=4 and b64_json).
    IMAGE_API_MODEL: z.string().min(1).default('dall-e-2'),
    // How long one call to the image service may take before the generation is given up on.
    IMAGE_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(90_000),
    // The GitHub integration (issue 15 §3, decision 0029): admins' repositories and Projects v2 boards, and problem reports as issues.
    GITHUB_TOKEN: z.string().regex(/^\S+$/, 'must be one token without spaces').optional(),
    // https://api.github.com, or GitHub Enterprise Server's https://HOST/api/v3 (GraphQL is then HOST/api/graphql).
    GITHUB_API_URL: z.url().default('https://api.github.com'),
    // The organisation or user whose repositories and projects the admin pages show.
    GITHUB_OWNER: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'must be a GitHub user or organisation name (letters, digits, hyphens)').optional(),
    // Where "Report a problem" opens issues: owner/name.
    GITHUB_REPO: z.string().regex(/^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/, 'must be owner/name, e.g. inkhaven/app').optional(),
    // How long GitHub's answers are reused before asking again.
    GITHUB_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    // The map view's background (Leaflet tiles): any XYZ template with {z}, {x}, {y} ({s} for subdomains).
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/, 'must be an http(s) URL template')
      .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    // Shown under the map as plain text (tile providers require credit).
    MAP_TILE_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap contributors'),
    // Raw analytics events (journeys, page views, clicks, web vitals) are deleted after this many days (issue 14).
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1, 'must be at least 1 day').max(3650).default(90),
    // /ws (issue 12 §2): open sockets per account (one per tab; a further tab falls back to polling) and new connections per account and minute.
    WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
    WS_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((c, ctx) => {
    const oidc = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together' });
    }
    const turnUrls = c.ICE_SERVERS.flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls])).filter((url) => /^turns?:/.test(url));
    if (c.TURN_SECRET && turnUrls.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'is set, but ICE_SERVERS lists no turn: or turns: server to use it with' });
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

import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('parseConfig', () => {
  it('gives a laptop defaults with an empty environment', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NODE_ENV).toBe('development');
    expect(config.STORAGE_DIR).toBe('./data/uploads');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/inkhaven' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.test' }],
    ['ICE_SERVERS', { ICE_SERVERS: '{not json' }],
    ['TURN_SECRET', { TURN_SECRET: 'too-short' }],
    // A secret with nothing to use it on: the default ICE_SERVERS is STUN only.
    ['TURN_SECRET', { TURN_SECRET: 'a-long-enough-turn-secret' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '*' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,proxy.internal' }],
    ['GITHUB_OWNER', { GITHUB_OWNER: 'not/an-owner' }],
    ['GITHUB_REPO', { GITHUB_REPO: 'no-slash' }],
    ['GITHUB_REPO', { GITHUB_REPO: 'https://github.com/inkhaven/app' }],
    ['GITHUB_TOKEN', { GITHUB_TOKEN: 'token with spaces' }],
    ['GITHUB_API_URL', { GITHUB_API_URL: 'api.github.com' }],
  ])('stops with a message naming %s for a bad value', (variable, env) => {
    expect(configError(env).message).toMatch(new RegExp(`\\b${variable}\\b`));
  });

  it.each([
    [{ OIDC_ISSUER: 'http://127.0.0.1:9000' }],
    [{ OIDC_CLIENT_ID: 'inkhaven' }],
    [{ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'inkhaven' }],
    [{ OIDC_CLIENT_ID: 'inkhaven', OIDC_CLIENT_SECRET: 'secret' }],
  ])('refuses partial OIDC settings %j', (env) => {
    expect(configError(env).message).toMatch(/OIDC_ISSUER/);
  });

  it('accepts complete OIDC settings', () => {
    const config = parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'inkhaven', OIDC_CLIENT_SECRET: 'secret' });
    expect(config.OIDC_CLIENT_ID).toBe('inkhaven');
  });

  it('takes the GitHub settings (issue 15 §3), with GitHub.com and a one-minute cache by default', () => {
    const config = parseConfig({ GITHUB_TOKEN: 'github_pat_abc123', GITHUB_OWNER: 'inkhaven-studio', GITHUB_REPO: 'inkhaven-studio/app.web' });
    expect([config.GITHUB_API_URL, config.GITHUB_OWNER, config.GITHUB_REPO, config.GITHUB_CACHE_SECONDS]).toEqual(['https://api.github.com', 'inkhaven-studio', 'inkhaven-studio/app.web', 60]);
    expect(parseConfig({ GITHUB_API_URL: 'https://github.example.com/api/v3' }).GITHUB_API_URL).toBe('https://github.example.com/api/v3');
  });

  it('names every bad variable at once', () => {
    const message = configError({ PORT: 'x', DATABASE_URL: 'sqlite://x' }).message;
    expect(message).toMatch(/\bPORT\b/);
    expect(message).toMatch(/\bDATABASE_URL\b/);
  });

  it('treats empty values as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(5000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy by default', () => {
      expect(parseConfig({ PUBLIC_URL: 'https://inkhaven.example' }).TRUST_PROXY).toBe(false);
    });

    it('takes a hop count or a list of addresses, CIDRs and named ranges', () => {
      const oneHop = parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY;
      if (typeof oneHop !== 'function') throw new Error('a hop count should become a trust function');
      expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.1', 1)]).toEqual([true, false]);
      expect(parseConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    });

    it('says why "trust everything" is refused', () => {
      expect(configError({ TRUST_PROXY: 'true' }).message).toMatch(/trusting every X-Forwarded-For is not supported/);
    });
  });

  describe('SEED_DEMO default', () => {
    const pgUrl = 'postgres://postgres@127.0.0.1:5432/inkhaven';

    it('is on for the embedded database', () => {
      expect(parseConfig({}).SEED_DEMO).toBe(true);
      expect(parseConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(true);
    });

    it('is on for PostgreSQL outside production', () => {
      expect(parseConfig({ DATABASE_URL: pgUrl }).SEED_DEMO).toBe(true);
    });

    it('is off for NODE_ENV=production with DATABASE_URL', () => {
      expect(parseConfig({ NODE_ENV: 'production', DATABASE_URL: pgUrl }).SEED_DEMO).toBe(false);
    });

    it('follows an explicit value either way', () => {
      expect(parseConfig({ NODE_ENV: 'production', DATABASE_URL: pgUrl, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
      expect(parseConfig({ SEED_DEMO: 'off' }).SEED_DEMO).toBe(false);
    });
  });
});

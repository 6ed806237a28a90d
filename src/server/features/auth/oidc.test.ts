import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';

const PUBLIC_URL = 'http://localhost:5000';
let providerServer: Server;
let issuer: string;
let t: TestApp;

/** A minimal browser for the provider's own pages: follows nothing by itself, keeps cookies. */
class ProviderBrowser {
  private jar = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.jar.set(name.trim(), rest.join('='));
    }
    return res;
  }
}

beforeAll(async () => {
  // A real OpenID Connect provider on a loopback port, with its development login screens.
  providerServer = createServer();
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'inkhaven-test',
        client_secret: 'inkhaven-test-secret',
        redirect_uris: [`${PUBLIC_URL}/api/auth/ba/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@sso.example.test`, email_verified: true, name: 'Rowan Sso', given_name: 'Rowan' }),
    }),
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  providerServer.on('request', provider.callback());
  t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'inkhaven-test', OIDC_CLIENT_SECRET: 'inkhaven-test-secret', PUBLIC_URL });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => providerServer?.close(resolve));
});

describe('OIDC sign-in', () => {
  it('signs a person in through the provider and returns them to returnTo', async () => {
    const app = new TestClient(t.app);
    const start = await app.get('/api/login?returnTo=/messages');
    expect(start.statusCode).toBe(302);
    const authorizeUrl = start.headers.location as string;
    expect(authorizeUrl.startsWith(`${issuer}/auth?`)).toBe(true);

    const browser = new ProviderBrowser();
    let res = await browser.fetch(authorizeUrl);
    // Provider: login prompt, then consent prompt, each a form post to /interaction/:uid.
    for (const prompt of ['login', 'consent']) {
      const interaction = new URL(res.headers.get('location') as string, issuer).toString();
      expect(interaction).toMatch(/\/interaction\//);
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login: 'rowan' } : { prompt });
      res = await browser.fetch(interaction, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      res = await browser.fetch(new URL(res.headers.get('location') as string, issuer).toString());
    }
    const callback = res.headers.get('location') as string;
    expect(callback.startsWith(`${PUBLIC_URL}/api/auth/ba/callback/oidc?`)).toBe(true);

    const done = await app.get(callback.slice(PUBLIC_URL.length));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/\/messages$/);
    const me = await app.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'rowan@sso.example.test', firstName: 'Rowan' });
  });

  it('advertises the provider on the sign-in page', async () => {
    const res = await new TestClient(t.app).get('/api/auth/providers');
    expect(res.json()).toMatchObject({ oidc: { id: 'oidc' } });
  });
});

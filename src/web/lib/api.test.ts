import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createUser, type TestApp } from '../../../tests/support/db-utils.ts';
import { apiRequest, clearCsrfToken, CSRF_MESSAGES, NETWORK_MESSAGES, NetworkError, type FetchLike } from './api.ts';
import { getQueryFn } from './query-client.ts';

/** A browser-ish fetch over the real server (fastify.inject), with a cookie jar we can tamper with. */
function browserFetch(app: FastifyInstance, jar: Map<string, string>, log: string[]): FetchLike {
  return async (input, init) => {
    log.push(`${init?.method ?? 'GET'} ${input}`);
    const headers = { ...(init?.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    const res = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: input, headers, ...(init?.body ? { payload: init.body as string } : {}) });
    for (const c of res.cookies as Array<{ name: string; value: string }>) jar.set(c.name, c.value);
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
}

let t: TestApp;
let jar: Map<string, string>;
let log: string[];
let fetchImpl: FetchLike;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  clearCsrfToken();
  const user = await createUser(t.app);
  jar = new Map(user.client.cookieHeader().split('; ').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]));
  jar.delete('inkhaven.csrf');
  log = [];
  fetchImpl = browserFetch(t.app, jar, log);
});

describe('apiRequest (spec §7–8)', () => {
  it('fetches the CSRF token once and reuses it', async () => {
    await apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl });
    await apiRequest('DELETE', '/api/notifications', undefined, { fetchImpl });
    expect(log.filter((l) => l.includes('csrf-token'))).toHaveLength(1);
  });

  it('clears the token after a CSRF 403, fetches a new one and retries once', async () => {
    await apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl });
    jar.set('inkhaven.csrf', 'a-different-browser-nonce-0123456789'); // the cached token no longer matches
    const res = await apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl });
    expect(res.status).toBe(204);
    expect(log).toEqual([
      'GET /api/auth/csrf-token',
      'POST /api/notifications/read-all',
      'POST /api/notifications/read-all',
      'GET /api/auth/csrf-token',
      'POST /api/notifications/read-all',
    ]);
  });

  it('says the token is required when the server will not give one', async () => {
    const refusing: FetchLike = async (input, init) => {
      if (input === '/api/auth/csrf-token') return new Response('unavailable', { status: 503 });
      return fetchImpl(input, init);
    };
    await expect(apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl: refusing })).rejects.toThrow(CSRF_MESSAGES.required);
  });

  it('says a change needs a connection when the request gets no answer (issue 11 §3), never "refresh the page"', async () => {
    const offline: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl: offline }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(NETWORK_MESSAGES.write);
    // With a token already cached, the mutation itself fails the same way.
    await apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl });
    await expect(apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl: offline })).rejects.toThrow(NETWORK_MESSAGES.write);
    await expect(apiRequest('GET', '/api/notifications', undefined, { fetchImpl: offline })).rejects.toThrow(NETWORK_MESSAGES.read);
  });

  it('says the token expired when the retry is refused too', async () => {
    // Every response re-mints the nonce cookie, so no token ever matches.
    const hostile: FetchLike = async (input, init) => {
      const res = await fetchImpl(input, init);
      jar.set('inkhaven.csrf', `rotated-${Math.random().toString(36).slice(2)}-0123456789`);
      return res;
    };
    await expect(apiRequest('POST', '/api/notifications/read-all', undefined, { fetchImpl: hostile })).rejects.toThrow(CSRF_MESSAGES.expired);
  });

  it('throws "{status}: {text}" for other failures, including a 403 that is not about CSRF', async () => {
    await expect(apiRequest('POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read', undefined, { fetchImpl })).rejects.toThrow(
      /^404: \{"code":"NOT_FOUND"/,
    );
    await expect(apiRequest('GET', '/api/admin/error-reports', undefined, { fetchImpl })).rejects.toThrow(/^403: .*administrators only/);
  });
});

describe('default query function', () => {
  it('GETs the key path, returns null on 401 when asked, and throws otherwise', async () => {
    const anonymous = browserFetch(t.app, new Map(), []);
    const ctx = { queryKey: ['/api/auth/user'], signal: new AbortController().signal } as never;
    expect(await getQueryFn({ on401: 'returnNull', fetchImpl: anonymous })(ctx)).toBeNull();
    await expect(getQueryFn({ on401: 'throw', fetchImpl: anonymous })(ctx)).rejects.toThrow(/^401: /);
    const me = (await getQueryFn({ on401: 'throw', fetchImpl })(ctx)) as { firstName: string };
    expect(me.firstName).toMatch(/^Tester/);
  });

  it('never reads "no answer" as signed out: a failed fetch throws a NetworkError even when 401 means null', async () => {
    const offline: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    const ctx = { queryKey: ['/api/auth/user'], signal: new AbortController().signal } as never;
    await expect(getQueryFn({ on401: 'returnNull', fetchImpl: offline })(ctx)).rejects.toBeInstanceOf(NetworkError);
  });

  it('lets a cancelled fetch stay a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborting: FetchLike = async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    };
    const ctx = { queryKey: ['/api/auth/user'], signal: controller.signal } as never;
    await expect(getQueryFn({ on401: 'returnNull', fetchImpl: aborting })(ctx)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

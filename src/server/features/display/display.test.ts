import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../../../tests/support/db-utils.ts';
import { DISPLAY_COOKIE, DISPLAY_FORM_PATH, parseDisplayPreferences } from '../../../shared/display-preferences.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function postForm(c: TestClient, fields: Record<string, string>, headers: Record<string, string | undefined> = { 'sec-fetch-site': 'same-origin' }) {
  return c.request('POST', DISPLAY_FORM_PATH, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });
}

describe('the display settings form (before hydration)', () => {
  it('sets the cookie and returns to the page', async () => {
    const c = new TestClient(t.app);
    const res = await postForm(c, { contrast: 'more', textSize: '150', returnTo: '/accessibility-demo#display' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/accessibility-demo#display');
    const cookie = (res.cookies as Array<{ name: string; value: string; httpOnly?: boolean; maxAge?: number; sameSite?: string }>).find((x) => x.name === DISPLAY_COOKIE);
    expect(cookie).toBeDefined();
    expect(parseDisplayPreferences(decodeURIComponent(cookie!.value))).toEqual({ contrast: 'more', textSize: 150 });
    expect(cookie!.maxAge).toBe(365 * 24 * 60 * 60);
    expect(cookie!.sameSite).toBe('Lax');
    // A later post changes one setting and keeps the other.
    const again = await postForm(c, { textSize: '200', returnTo: '/accessibility-demo' });
    const next = (again.cookies as Array<{ name: string; value: string }>).find((x) => x.name === DISPLAY_COOKIE);
    expect(parseDisplayPreferences(decodeURIComponent(next!.value))).toEqual({ contrast: 'more', textSize: 200 });
  });

  it('ignores values it does not know and never returns to another site', async () => {
    const c = new TestClient(t.app);
    const res = await postForm(c, { contrast: 'neon', textSize: '999', returnTo: '//evil.example/' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/home');
    const cookie = (res.cookies as Array<{ name: string; value: string }>).find((x) => x.name === DISPLAY_COOKIE);
    expect(parseDisplayPreferences(decodeURIComponent(cookie!.value))).toEqual({ contrast: 'device', textSize: 100 });
  });

  it('refuses a post from another site (CSRF)', async () => {
    const c = new TestClient(t.app);
    const res = await postForm(c, { contrast: 'more' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_FAILED' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

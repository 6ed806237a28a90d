import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './auth.ts';

/** Values an attacker puts in `?returnTo=` to leave the site after sign-in, as the server and the browser receive them (decoded once). */
const OFF_SITE_RETURN_TOS = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\t\n\r/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '\u0000//evil.example',
  '\u001f/\\evil.example',
  '/\t\\evil.example',
  '/./\t/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  '\tjavascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example',
  'https://evil.example/home',
  'https:evil.example',
  'http:/evil.example',
  'http:\\\\evil.example',
  '\uff0f\uff0fevil.example',
  '\uff0fevil.example',
  '@evil.example',
  'evil.example',
  '.evil.example',
  '',
  ' ',
  '/api/logout',
  '/api/auth/sign-in',
  '/API/logout',
  '/%61pi/logout',
];

/** The same values as they arrive in a query string, percent-encoded; the query parser decodes them once. */
const ENCODED_RETURN_TOS = OFF_SITE_RETURN_TOS.map((value) => encodeURIComponent(value));

/** Where a browser on https://inkhaven.example would go with `location.assign(answer)`. */
const followedFrom = (answer: string) => new URL(answer, 'https://inkhaven.example/login');

describe('safeReturnTo', () => {
  it.each(OFF_SITE_RETURN_TOS)('sends %j to /home', (value) => {
    expect(safeReturnTo(value)).toBe('/home');
  });

  it.each(ENCODED_RETURN_TOS)('sends %s, decoded once, to /home', (encoded) => {
    expect(safeReturnTo(decodeURIComponent(encoded))).toBe('/home');
  });

  it('keeps every answer of the corpus, raw or decoded, on the site', () => {
    const inputs = [...OFF_SITE_RETURN_TOS, ...ENCODED_RETURN_TOS, ...ENCODED_RETURN_TOS.map((e) => encodeURIComponent(e))];
    const offSite = inputs.filter((value) => followedFrom(safeReturnTo(value)).origin !== 'https://inkhaven.example');
    expect(offSite).toEqual([]);
  });

  it('refuses anything that is not a string', () => {
    for (const value of [undefined, null, 42, ['/messages'], { path: '/messages' }]) expect(safeReturnTo(value)).toBe('/home');
  });

  it.each([
    ['/messages', '/messages'],
    ['/artists?style=blackwork&city=Berlin', '/artists?style=blackwork&city=Berlin'],
    ['/artists/ink-anna#reviews', '/artists/ink-anna#reviews'],
    ['/bookings/0b6c?step=confirm#pay', '/bookings/0b6c?step=confirm#pay'],
    ['/flash?q=rose%20vine', '/flash?q=rose%20vine'],
    ['/search?next=%2F%2Fevil.example', '/search?next=%2F%2Fevil.example'],
    ['/artists/../studios', '/studios'],
    ['/artists/./ink-anna', '/artists/ink-anna'],
    ['/apiary', '/apiary'],
    ['/home', '/home'],
  ])('keeps the ordinary path %j as %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});

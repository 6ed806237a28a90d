import type { Page } from '@playwright/test';
import { stylesForKind } from '../../src/shared/contracts/artist-profile.ts';
import { CALL_JOIN_EARLY_MS } from '../../src/shared/call-window.ts';
import { expect, TEST_PASSWORD, uniqueEmail } from './shell-helpers.ts';

/** A video consultation to call in now: shared by the call specs and bench/call-setup.ts. */

/** A JSON call with the CSRF token, as the signed-in person of `page`. */
export async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-csrf-token'] = ((await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken;
  const res = await page.request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const ALL_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]]));

/**
 * A new artist who offers a 10-minute video consultation at any time with no notice (slots every
 * 10 minutes, so the first one starts within 10 minutes: inside its join window), and a new
 * client who books it; the artist accepts. Returns the booking id.
 */
export async function consultationInsideJoinWindow(artist: Page, client: Page): Promise<{ bookingId: string; artistName: string }> {
  const artistName = `Vera ${Date.now().toString(36)}`;
  await api(artist, 'POST', '/api/auth/sign-up', { firstName: 'Vera', email: uniqueEmail('vera'), password: TEST_PASSWORD });
  const profile = await api<{ id: string }>(artist, 'POST', '/api/artists', {
    kind: 'tattoo',
    displayName: artistName,
    slug: `vera-${Date.now().toString(36)}`,
    bio: 'Fine-line botanical work; I talk every piece through on a video call first.',
    styles: [stylesForKind('tattoo')[0]],
    cityId: 'berlin-de',
    services: [{ name: 'Video consultation', kind: 'consultation', durationMinutes: 10, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 }],
    workingHours: ALL_DAY,
  });
  await api(artist, 'PUT', `/api/artists/${profile.id}/availability-settings`, { bufferMinutes: 0, minNoticeHours: 0, maxAdvanceDays: 30, weeklyHours: ALL_DAY });
  const { services } = await api<{ services: Array<{ id: string }> }>(artist, 'GET', `/api/artists/${profile.id}`);
  const serviceId = services[0]!.id;

  await api(client, 'POST', '/api/auth/sign-up', { firstName: 'Noor', email: uniqueEmail('noor'), password: TEST_PASSWORD });
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const { slots } = await api<{ slots: Array<{ startsAt: string }> }>(client, 'GET', `/api/artists/${profile.id}/availability?serviceId=${serviceId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  const startsAt = slots[0]!.startsAt;
  expect(Date.parse(startsAt) - CALL_JOIN_EARLY_MS, 'the first slot is inside its join window').toBeLessThanOrEqual(Date.now());
  const booking = await api<{ id: string }>(client, 'POST', '/api/bookings', {
    artistId: profile.id,
    serviceId,
    startsAt,
    mode: 'video',
    idea: 'A fern along the inner forearm, fine line, about 12 cm.',
    clientTimezone: 'Europe/Berlin',
    acceptPolicy: true,
  });
  const accepted = await api<{ status: string }>(artist, 'POST', `/api/bookings/${booking.id}/accept`, {});
  expect(accepted.status).toBe('confirmed');
  return { bookingId: booking.id, artistName };
}


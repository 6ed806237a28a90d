import type { Page } from '@playwright/test';
import { stylesForKind } from '../../src/shared/contracts/artist-profile.ts';
import { CALL_JOIN_EARLY_MS } from '../../src/shared/call-window.ts';
import { DEMO, expect, expectNoSeriousAxeViolations, person, signIn, test, TEST_PASSWORD, uniqueEmail } from './shell-helpers.ts';

/**
 * Issue 12 §3 and §4: two browsers in a video consultation, both decoding the other's video
 * (getStats inbound-rtp framesDecoded > 0, shown by the room's quality badge), and a third person
 * refused by the page and by the socket. Chromium's fake camera and microphone come from the
 * launch arguments (--use-fake-device-for-media-stream --use-fake-ui-for-media-stream, in
 * playwright.config.ts for every spec).
 */

/** A JSON call with the CSRF token, as the signed-in person of `page`. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
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
async function consultationInsideJoinWindow(artist: Page, client: Page): Promise<{ bookingId: string; artistName: string }> {
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

/** Video frames decoded from the other person, as the room's getStats reading shows them. */
const framesDecoded = async (page: Page) => Number((await page.getByTestId('call-quality').getAttribute('data-frames-decoded')) ?? 0);

test('two people in a video call both decode the other’s video; a third person is refused', async ({ page: client, browser }) => {
  test.setTimeout(120_000);
  const { context: artistContext, page: artist } = await person(browser, 'Europe/Berlin');
  const { context: strangerContext, page: stranger } = await person(browser, 'America/New_York');
  try {
    const { bookingId, artistName } = await consultationInsideJoinWindow(artist, client);

    // The public finder lists the artist in its first HTML and starts their booking form in video mode.
    expect(await (await client.request.get('/consultation')).text()).toContain(artistName);
    await client.goto('/consultation');
    await expect(client.getByRole('link', { name: `Book a video consultation with ${artistName}` })).toHaveAttribute('href', /^\/book\/[0-9a-f-]+\?serviceId=[0-9a-f-]+&mode=video$/);
    await expectNoSeriousAxeViolations(client, '/consultation');

    // The client's Video Calls list: Join is active inside the window.
    await client.goto('/consultations');
    await expect(client.getByRole('heading', { level: 1, name: 'Video calls' })).toBeVisible();
    const join = client.getByRole('link', { name: `Join the call with ${artistName}` });
    await expect(join).toBeVisible();
    await expectNoSeriousAxeViolations(client, '/consultations');

    const joinedAt = Date.now();
    await join.click();
    await expect(client).toHaveURL(new RegExp(`/consultations/${bookingId}$`));
    const secondJoinedAt = Date.now();
    await artist.goto(`/consultations/${bookingId}`);
    await expect(artist.getByRole('heading', { level: 1, name: 'Video call with Noor' })).toBeVisible();

    // Both sides decode the other's video (getStats inbound-rtp framesDecoded > 0).
    await expect.poll(() => framesDecoded(client), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => framesDecoded(artist), { timeout: 30_000 }).toBeGreaterThan(0);
    // When each side first showed the other's video (the remote <video>'s first frame, epoch ms).
    const firstFrameAt = async (page: Page) => Number(await page.getByTestId('call-first-frame').getAttribute('data-at'));
    const [clientSaw, artistSaw] = [await firstFrameAt(client), await firstFrameAt(artist)];
    const figures = `${artistSaw - secondJoinedAt} ms (artist) and ${clientSaw - secondJoinedAt} ms (client) from the second person opening the room; ${clientSaw - joinedAt} ms from the first person's Join click`;
    test.info().annotations.push({ type: 'call set-up (join → first decoded remote frame)', description: figures });
    console.log(`video call set-up, join → first decoded remote frame: ${figures}`);
    await expect(client.getByTestId('call-quality')).toContainText(/Connection (good|fair|poor|unknown)/);
    await expect(client.getByTestId('call-phase')).toHaveText('Connected');

    // Controls: the camera toggle, the artist asks for a placement photo and the client sends a still.
    await client.getByRole('button', { name: 'Turn camera off' }).click();
    await expect(client.getByRole('button', { name: 'Turn camera on' })).toHaveAttribute('aria-pressed', 'true');
    await client.getByRole('button', { name: 'Turn camera on' }).click();
    await artist.getByRole('button', { name: 'Ask for a placement photo' }).click();
    await expect(artist.getByRole('button', { name: 'Asked' })).toBeDisabled();
    await expect(client.getByText(`${artistName} asks for a photo of where the piece will go.`)).toBeVisible();
    await client.getByRole('button', { name: 'Take a still' }).click();
    await expect(client.getByText('1 placement photo(s) on this booking.')).toBeVisible();
    // The booking's conversation sits beside the video, live on both sides.
    await client.getByRole('textbox', { name: `Message to ${artistName}` }).fill('Can you see the spot on my forearm?');
    await client.getByRole('button', { name: `Send to ${artistName}` }).click();
    await expect(artist.getByRole('region', { name: 'Messages with Noor' }).getByText('Can you see the spot on my forearm?')).toBeVisible();
    await expectNoSeriousAxeViolations(client, 'call room');

    // A third person: the room says the booking does not exist, and the socket refuses call frames.
    await signIn(stranger, DEMO.client);
    await stranger.goto(`/consultations/${bookingId}`);
    await expect(stranger.getByRole('alert')).toHaveText('That booking was not found.');
    const refusal = await stranger.evaluate(async (id) => {
      const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
      return await new Promise<unknown>((resolve, reject) => {
        setTimeout(() => reject(new Error('no answer from /ws')), 10_000);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'resume', after: null }));
        ws.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as { type: string };
          if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'call.offer', bookingId: id, sdp: 'v=0' }));
          if (frame.type === 'error') {
            ws.close();
            resolve(frame);
          }
        };
      });
    }, bookingId);
    expect(refusal).toEqual({ type: 'error', code: 'NOT_FOUND', message: 'That booking was not found.' });

    // The artist leaves; the client is told and can wait for them to rejoin.
    await artist.getByRole('button', { name: 'Leave' }).click();
    await expect(artist).toHaveURL(/\/consultations$/);
    await expect(client.getByTestId('call-phase')).toHaveText('The other person left the call. They can rejoin while the call is open.');
  } finally {
    await artistContext.close();
    await strangerContext.close();
  }
});

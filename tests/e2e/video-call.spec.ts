import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoSeriousAxeViolations, person, signIn, test } from './shell-helpers.ts';
import { consultationInsideJoinWindow } from './video-consultation.ts';

/**
 * Issue 12 §3 and §4: two browsers in a video consultation, both decoding the other's video
 * (getStats inbound-rtp framesDecoded > 0, shown by the room's quality badge), and a third person
 * refused by the page and by the socket. Chromium's fake camera and microphone come from the
 * launch arguments (--use-fake-device-for-media-stream --use-fake-ui-for-media-stream, in
 * playwright.config.ts for every spec).
 */

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

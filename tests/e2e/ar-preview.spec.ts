import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TGeneration } from '../../src/shared/contracts/designs.ts';
import type { TFlashPage } from '../../src/shared/contracts/flash.ts';
import { jpegImage } from '../support/image-fixtures.ts';
import { expect, expectNoSeriousAxeViolations, test, TEST_PASSWORD, uniqueEmail, waitForHydrated } from './shell-helpers.ts';

/**
 * The AR preview (issue 15 §2) in real Chromium: a photo with keyboard placement and a downloaded
 * snapshot, the fake camera (--use-fake-device-for-media-stream), a real camera refusal (a page
 * whose Permissions-Policy blocks the camera), and the generator's "Try it on" through to a booking
 * request carrying the snapshot.
 */

const csrf = async (request: APIRequestContext) => ({ 'x-csrf-token': ((await (await request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken });

/** A digest of what the canvas shows now. */
const canvasPicture = (page: Page) => page.getByTestId('ar-canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));

async function firstFlashId(request: APIRequestContext): Promise<string> {
  const page = (await (await request.get('/api/flash?limit=1')).json()) as TFlashPage;
  expect(page.items.length).toBe(1);
  return page.items[0]!.id;
}

test.describe('AR preview', () => {
  test('photo mode: a flash design placed with the keyboard, corners warped, and the snapshot downloaded without any upload', async ({ page }) => {
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') uploads.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/ar-test');
    await expect(page.getByRole('heading', { level: 1, name: 'AR preview: try a tattoo on' })).toBeVisible();
    await expect(page.getByText('Your camera and photos stay on this device.')).toBeVisible();
    await expect(page.getByText('Use the camera or upload a photo of the spot to start.')).toBeVisible();
    await waitForHydrated(page.getByRole('button', { name: 'Upload a photo' }));

    await page.getByLabel('Photo of the spot').setInputFiles({ name: 'forearm.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(800, 600, '#d6a98a') });
    await expect(page.getByText('Choose a design to place it.')).toBeVisible();
    await page.getByRole('complementary', { name: 'Choose a design' }).getByRole('button', { name: /\(flash by / }).first().click();
    await expect(page.getByText(/^Placed:/)).toBeVisible();
    await expect(page).toHaveURL(/\/ar-test\?flash=[0-9a-f-]{36}$/);

    // Keyboard: focus the preview, move right, grow, turn.
    const stage = page.getByRole('group', { name: /^Preview of / });
    const before = await canvasPicture(page);
    await stage.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'Shift+ArrowDown', '=']) await stage.press(key);
    // '+' and ']' typed as characters, as a keyboard layout produces them.
    await page.keyboard.type('+]]]');
    await expect(page.getByText('Size: 110%')).toBeVisible();
    await expect(page.getByText('Rotation: 6°')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Design at 51% across, 57% down; size 110%; rotated 6°' })).toBeAttached();
    expect(await canvasPicture(page)).not.toBe(before);

    // Opacity and blending are ordinary controls.
    await page.getByLabel(/^Opacity:/).fill('50');
    await expect(page.getByText('Opacity: 50%')).toBeVisible();
    await page.getByLabel('Skin blending (multiply)').uncheck();

    // Warp: the corner handles are focusable and move with the arrow keys.
    await page.getByLabel('Warp corners (curved spots)').check();
    const corner = page.getByRole('button', { name: /^Top-right corner/ });
    const unwarped = await canvasPicture(page);
    await corner.focus();
    const box0 = (await corner.boundingBox())!;
    await corner.press('Shift+ArrowUp');
    await expect(page.getByRole('status').filter({ hasText: 'corners warped' })).toBeAttached();
    expect((await corner.boundingBox())!.y).toBeLessThan(box0.y);
    expect(await canvasPicture(page)).not.toBe(unwarped);

    // The snapshot: shown, then saved to the device as a JPEG.
    await page.getByRole('button', { name: 'Take a snapshot' }).click();
    await expect(page.getByRole('img', { name: 'Your snapshot of the design on your skin' })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download snapshot' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^inkhaven-ar-preview-\d{4}-\d{2}-\d{2}-\d{4}\.jpg$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Signed out, attaching asks to sign in; nothing was sent anywhere.
    await expect(page.getByRole('link', { name: 'sign in', exact: true })).toHaveAttribute('href', /^\/api\/login\?returnTo=%2Far-test%3Fflash%3D[0-9a-f-]{36}$/);
    expect(uploads.filter((u) => !u.startsWith('POST /api/analytics') && !u.startsWith('POST /api/journey'))).toEqual([]);
    // Axe on the fullest state: photo, design, corner handles, snapshot.
    await expectNoSeriousAxeViolations(page, 'AR preview with a warped design and a snapshot');
  });

  test('pointer gestures: drag moves, the wheel resizes, two fingers pinch and turn', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const flashId = await firstFlashId(page.request);
    await page.goto(`/ar-test?flash=${flashId}`);
    await expect(page.getByText(/^Placed:/)).toBeVisible();
    await page.getByLabel('Photo of the spot').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(800, 600, '#d6a98a') });
    await page.getByLabel('Warp corners (curved spots)').check();
    const handle = page.getByRole('button', { name: /^Top-left corner/ });
    await handle.scrollIntoViewIfNeeded();
    const canvas = (await page.getByTestId('ar-canvas').boundingBox())!;
    const centre = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    const before = (await handle.boundingBox())!;

    // Drag with the mouse: the design (and its corner handles) follow.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 60, centre.y + 30, { steps: 5 });
    await page.mouse.up();
    const after = (await handle.boundingBox())!;
    expect(after.x - before.x).toBeCloseTo(60, -1);
    expect(after.y - before.y).toBeCloseTo(30, -1);

    // The wheel: up grows the design.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -200);
    await expect(page.getByText(/^Size: 1[4-6]\d%$/)).toBeVisible();

    // Two fingers moving apart and turning: bigger and rotated.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
    await touch('touchStart', [
      { x: centre.x - 40, y: centre.y },
      { x: centre.x + 40, y: centre.y },
    ]);
    for (let i = 1; i <= 5; i++) {
      await touch('touchMove', [
        { x: centre.x - 40 - 8 * i, y: centre.y - 6 * i },
        { x: centre.x + 40 + 8 * i, y: centre.y + 6 * i },
      ]);
    }
    await touch('touchEnd', []);
    const rotation = Number((await page.getByText(/^Rotation: -?\d+°$/).textContent())!.match(/-?\d+/)![0]);
    expect(rotation).toBeGreaterThan(10);
    const size = Number((await page.getByText(/^Size: \d+%$/).textContent())!.match(/\d+/)![0]);
    expect(size).toBeGreaterThan(200);
    await context.close();
  });

  test('camera mode: the fake camera shows moving video with the design over it', async ({ page }) => {
    const flashId = await firstFlashId(page.request);
    const res = await page.goto(`/ar-test?flash=${flashId}`);
    // The one kind of document allowed to ask for the camera.
    expect(res!.headers()['permissions-policy']).toContain('camera=(self)');
    await expect(page.getByText(/^Placed: .+ \(flash by /)).toBeVisible();
    await page.getByRole('button', { name: 'Use the camera' }).click();
    await expect(page.getByRole('button', { name: 'Camera on' })).toBeVisible();
    const video = await page.locator('video').evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, height: v.videoHeight, playing: !v.paused }));
    expect(video.playing).toBe(true);
    expect(video.width).toBeGreaterThan(0);
    // The canvas takes the camera's size and its picture changes from frame to frame.
    expect(await page.getByTestId('ar-canvas').evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([video.width, video.height]);
    const first = await canvasPicture(page);
    await expect.poll(() => canvasPicture(page)).not.toBe(first);

    // Turning it off releases the camera.
    await page.getByRole('button', { name: 'Turn the camera off' }).click();
    await expect(page.getByRole('button', { name: 'Use the camera' })).toBeVisible();
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getVideoTracks().every((t) => t.readyState === 'ended'))).toBe(true);
  });

  test('without camera permission it says why and the photo still works', async ({ page }) => {
    // A document loaded at another path has a Permissions-Policy that blocks the camera: a real refusal.
    await page.goto('/flash');
    await waitForHydrated(page.getByRole('link', { name: /^Try it on:/ }).first());
    await page.evaluate(() => {
      window.history.pushState({}, '', '/ar-test');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'AR preview: try a tattoo on' })).toBeVisible();
    await page.getByRole('button', { name: 'Use the camera' }).click();
    await expect(page.getByRole('alert')).toContainText('Camera access was not allowed');
    await expect(page.getByRole('alert')).toContainText('upload a photo');
    await page.getByLabel('Photo of the spot').setInputFiles({ name: 'calf.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(600, 800, '#c68e6c') });
    await expect(page.getByText('Choose a design to place it.')).toBeVisible();
    expect(await page.getByTestId('ar-canvas').evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([600, 800]);
  });

  test('generator → Try it on opens the preview with that design; the snapshot is attached to a booking request', async ({ page }) => {
    const headers = await csrf(page.request);
    const created = await page.request.post('/api/auth/sign-up', { headers, data: { firstName: 'Ari', email: uniqueEmail('ari'), password: TEST_PASSWORD } });
    expect(created.status()).toBe(201);
    const started = await page.request.post('/api/designs/generations', {
      headers: await csrf(page.request),
      data: { id: crypto.randomUUID(), prompt: 'a swallow over a rose', style: 'traditional', placement: 'forearm', size: 'medium', colour: 'black-and-grey' },
    });
    expect(started.status()).toBe(202);
    const { id } = (await started.json()) as TGeneration;
    let generation: TGeneration | undefined;
    await expect
      .poll(async () => {
        generation = (await (await page.request.get(`/api/designs/generations/${id}`)).json()) as TGeneration;
        return generation.status;
      })
      .toBe('done');

    await page.goto(`/ai-generator?generation=${id}`);
    const tryOn = page.getByRole('link', { name: 'Try it on (design 2)' });
    await expect(tryOn).toHaveAttribute('href', `/ar-test?design=${generation!.designs[1]!.id}`);
    await tryOn.click();
    await expect(page).toHaveURL(`/ar-test?design=${generation!.designs[1]!.id}`);
    await expect(page.getByText('Placed: Your generated design')).toBeVisible();

    await page.getByLabel('Photo of the spot').setInputFiles({ name: 'arm.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(800, 600, '#d6a98a') });
    await page.getByRole('button', { name: 'Take a snapshot' }).click();
    await page.getByLabel('Find an artist').fill('Rosa');
    await page.getByRole('button', { name: 'Search' }).click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/bookings/uploads') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /^Attach to a booking request with Rosa Delgado/ }).click();
    expect((await uploaded).status()).toBe(201);
    await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}$/);
    await waitForHydrated(page.getByRole('button', { name: 'Continue' }));
    await page.getByRole('radio', { name: /^Small tattoo/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'Reference photos 1' })).toBeVisible();
  });

  test('a portfolio picture: Try it on from the lightbox opens it with its artist named; on a phone, one column', async ({ page }) => {
    const found = (await (await page.request.get('/api/artists?q=Rosa%20Delgado&limit=1')).json()) as { items: { slug: string }[] };
    const slug = found.items[0]!.slug;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/artists/${slug}`);
    const thumb = page.getByRole('button', { name: /^Open image 1 of / });
    await waitForHydrated(thumb);
    await thumb.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Try it on' }).click();
    await expect(page).toHaveURL(new RegExp(`/ar-test\\?image=%2Fuploads%2F[^&]+&artist=${slug}$`));
    await expect(page.getByText('Placed: Portfolio picture by Rosa Delgado')).toBeVisible();
    await page.getByLabel('Photo of the spot').setInputFiles({ name: 'ankle.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(600, 800, '#c68e6c') });
    // No sideways scrolling on a phone; the preview fits the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const canvas = (await page.getByTestId('ar-canvas').boundingBox())!;
    expect(canvas.width).toBeLessThanOrEqual(390);
  });

  test('a generated design is private: signed out, the link asks to sign in', async ({ page }) => {
    await page.goto('/ar-test?design=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toContainText('Sign in to use this generated design.');
    await expect(page.getByRole('alert').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/api\/login\?returnTo=%2Far-test%3Fdesign%3D/);
  });
});

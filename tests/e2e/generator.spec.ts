import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectNoSeriousAxeViolations, signUp, test, waitForHydrated } from './shell-helpers.ts';

/** Signs in through the API (the sign-in form has its own specs): the browser context keeps the session cookie. */
async function signInByApi(page: Page, email: string) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  const res = await page.request.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD }, headers: { 'x-csrf-token': csrfToken } });
  expect(res.status()).toBe(200);
}

/** Fills the generator's form and starts a generation; resolves when its four designs are shown. */
async function generate(page: Page, prompt: string, style: string) {
  await page.getByRole('textbox', { name: 'Your idea' }).fill(prompt);
  await page.getByLabel('Style').selectOption({ label: style });
  await page.getByLabel('Placement').selectOption({ label: 'Wrist' });
  await page.getByRole('radio', { name: /^Small/ }).check();
  await page.getByRole('radio', { name: 'Black and grey' }).check();
  await page.getByRole('button', { name: 'Generate four designs' }).click();
  await expect(page.getByRole('img', { name: /^Design 4: stencil sketch/ })).toBeVisible({ timeout: 30_000 });
}

test.describe('tattoo design generator', () => {
  test('generate → favourite → download → send to an artist ends in a booking request carrying the design', async ({ page }) => {
    test.setTimeout(180_000);
    await signInByApi(page, DEMO.client);
    await page.goto('/ai-generator');
    await expect(page.getByRole('heading', { level: 1, name: 'Tattoo design generator' })).toBeVisible();
    // No image service on the test server: the page says plainly that these are stencil sketches, not AI.
    await expect(page.getByText('Stencil sketches, not AI.')).toBeVisible();
    const left = Number((await page.getByText(/^\d+ of 20 generations left this hour\.$/).textContent())!.split(' ')[0]);
    await waitForHydrated(page.getByRole('button', { name: 'Generate four designs' }));
    await expectNoSeriousAxeViolations(page, 'generator: empty');

    // A refused prompt says why, and nothing starts.
    await page.getByRole('textbox', { name: 'Your idea' }).fill('a swastika');
    await page.getByRole('button', { name: 'Generate four designs' }).click();
    await expect(page.getByRole('alert')).toContainText('names a hate symbol or a slur');

    await generate(page, 'A crescent moon over a rose with "luna"', 'Fine Line');
    await expect(page.getByText(`${left - 1} of 20 generations left this hour.`)).toBeVisible();
    const first = page.getByRole('img', { name: 'Design 1: stencil sketch, Fine Line' }).first();
    await expect(first).toHaveJSProperty('complete', true);
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    await expectNoSeriousAxeViolations(page, 'generator: designs');

    // A reload keeps the generation (it is stored with its job, and the URL names it).
    await page.reload();
    await expect(page.getByRole('img', { name: /^Design 4: stencil sketch/ })).toBeVisible();
    await waitForHydrated(page.getByRole('button', { name: 'Generate four designs' }));

    // Favourite the first design: it shows pressed and appears under Favourites.
    await page.getByRole('button', { name: 'Add to favourites (design 1)' }).click();
    await expect(page.getByRole('button', { name: 'Favourite (design 1)' }).first()).toHaveAttribute('aria-pressed', 'true');
    const favourites = page.getByRole('region', { name: 'Favourites' });
    await expect(favourites.getByRole('img', { name: 'Design 1: stencil sketch, Fine Line' })).toBeVisible();

    // Downloads: the SVG and the PNG of the design.
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'SVG of design 1' }).first().click()]);
    expect(svg.suggestedFilename()).toBe('inkhaven-fine-line-design-1.svg');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'PNG of design 1' }).first().click()]);
    expect(png.suggestedFilename()).toBe('inkhaven-fine-line-design-1.png');

    // "Find an artist for this" is the artist search, pre-filtered by the style.
    await expect(page.getByRole('link', { name: 'Find an artist for this (Fine Line)' }).first()).toHaveAttribute('href', '/artists?kind=tattoo&style=fine-line');

    // Send to an artist: a Fine Line artist, then the booking flow with the design attached.
    const current = page.getByRole('region', { name: /Fine Line · Wrist/ });
    await current.getByRole('button', { name: 'Send to an artist' }).first().click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/bookings/uploads') && r.request().method() === 'POST');
    await current.getByRole('button', { name: /^Send to Rosa Delgado/ }).first().click();
    expect((await uploaded).status()).toBe(201);
    await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}$/);
    await waitForHydrated(page.getByRole('button', { name: 'Continue' }));
    await page.getByRole('radio', { name: /^Small tattoo/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('textbox', { name: /^Your idea/ })).toHaveValue('A crescent moon over a rose with "luna"');
    await expect(page.getByRole('img', { name: 'Reference photos 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    const time = page.getByRole('radiogroup', { name: 'Open times' }).getByRole('radio').first();
    await time.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('region', { name: 'Your booking' }).getByText('1 photo attached')).toBeVisible();
    await page.getByLabel('I have read and accept the booking policy above.').check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    const booking = (await (await created).json()) as { id: string; images: Array<{ kind: string; url: string }> };
    expect(booking.images).toHaveLength(1);
    expect(booking.images[0]!.kind).toBe('reference');
    await expect(page).toHaveURL(`/bookings/${booking.id}`);
    await expect(page.getByRole('img', { name: 'Reference photo 1' })).toBeVisible();
  });

  test('works on a phone: one column, no sideways scrolling, axe clean', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signUp(page, 'Phone');
    await page.goto('/ai-generator');
    await waitForHydrated(page.getByRole('button', { name: 'Generate four designs' }));
    await generate(page, 'a koi fish in waves', 'Japanese');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const boxes = await Promise.all([1, 2].map(async (n) => page.getByRole('img', { name: `Design ${n}: stencil sketch, Japanese` }).first().boundingBox()));
    // Stacked, not side by side.
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);
    await expectNoSeriousAxeViolations(page, 'generator: phone');
    await context.close();
  });
});

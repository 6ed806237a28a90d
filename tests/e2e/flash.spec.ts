import { noisyImage } from '../support/image-fixtures.ts';
import { DEMO, expect, expectNoSeriousAxeViolations, signIn, test, waitForHydrated } from './shell-helpers.ts';

/** A noisy PNG of a few MB, so the upload takes long enough for its progress to be seen. */
const noisyPng = (width = 1400, height = 1000) => noisyImage(width, height, 'png');

test.describe('flash gallery', () => {
  test('browses flash designs and filters them by style and price in the URL', async ({ page, request }) => {
    // Server-rendered: the first HTML already holds the designs.
    const html = await (await request.get('/flash?size=small')).text();
    expect(html).toContain('<title>Flash designs | Inkhaven</title>');
    expect(html).toMatch(/Book this design/);
    await page.goto('/flash');
    await expect(page.getByRole('heading', { level: 1, name: 'Flash designs' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const bookLink = page.getByRole('link', { name: /^Book this design/ }).first();
    await expect(bookLink).toHaveAttribute('href', /^\/book\/[0-9a-f-]{36}\?flash=[0-9a-f-]{36}$/);

    const form = page.getByRole('search', { name: 'Filter flash designs' });
    await waitForHydrated(form.getByRole('button', { name: 'Show designs' }));
    await form.getByLabel('Style').selectOption({ label: 'Fine Line' });
    await form.getByLabel('Max price (USD)').fill('400');
    await form.getByRole('button', { name: 'Show designs' }).click();
    await expect(page).toHaveURL(/\/flash\?style=fine-line&maxPrice=40000$/);
    await expect(cards.first()).toBeVisible();
    // The URL changes before React commits the filtered list: count only once the unfiltered cards are gone.
    await expect(cards.filter({ hasNotText: 'Fine Line' })).toHaveCount(0);
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      await expect(cards.nth(i)).toContainText('Fine Line');
      const price = Number((await cards.nth(i).locator('dd').nth(1).innerText()).replace(/[^0-9.]/g, ''));
      expect(price).toBeLessThanOrEqual(400);
    }
    await expectNoSeriousAxeViolations(page, '/flash');

    // The back button returns to the unfiltered gallery.
    await page.goBack();
    await expect(page).toHaveURL(/\/flash$/);

    // A design on its artist's profile.
    await page.goto('/flash?style=fine-line');
    const artistLink = cards.first().getByRole('link').first();
    const artistName = await artistLink.innerText();
    await artistLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(artistName);
    const section = page.getByRole('region', { name: 'Flash designs' });
    await expect(section.getByRole('article').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'profile with flash');
  });

  test('an artist uploads a portfolio photo with progress, captions, reorders and deletes it', async ({ page }) => {
    await signIn(page, DEMO.artist);
    await page.goto('/dashboard/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio and flash' })).toBeVisible();
    const items = page.getByTestId('portfolio-item');
    await expect(items.first()).toBeVisible();
    const before = await items.count();
    await expectNoSeriousAxeViolations(page, '/dashboard/portfolio');

    const upload = page.getByRole('form', { name: 'Add a photo' });
    await waitForHydrated(upload.getByRole('button', { name: 'Upload photo' }));
    await upload.getByLabel('Photo').setInputFiles({ name: 'healed-peony.png', mimeType: 'image/png', buffer: await noisyPng() });
    await upload.getByLabel('Caption (optional)').fill('Healed peony, outer forearm');

    // Slow the upload down so the progress bar has something to show.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1_000_000 });
    await upload.getByRole('button', { name: 'Upload photo' }).click();
    const progress = upload.getByRole('progressbar');
    await expect(progress).toBeVisible();
    // Real progress events: a value part-way through, shown in words too.
    await expect
      .poll(async () => {
        const now = Number(await progress.getAttribute('aria-valuenow'));
        return now > 0 && now < 100;
      }, { timeout: 20_000, intervals: [50] })
      .toBe(true);
    await expect(upload.getByText(/Uploading… \d+%|Processing the image…/)).toBeVisible();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await expect(upload.getByRole('status').filter({ hasText: 'Photo added to your portfolio.' })).toBeVisible({ timeout: 30_000 });
    await expect(items).toHaveCount(before + 1);
    const last = items.nth(before);
    await expect(last.getByRole('img')).toHaveAttribute('src', /^\/uploads\/portfolio\/.+_thumb\.webp$/);
    await expect(last.getByLabel(`Caption for image ${before + 1}`, { exact: true })).toHaveValue('Healed peony, outer forearm');

    // Caption.
    await last.getByLabel(`Caption for image ${before + 1}`, { exact: true }).fill('Healed peony, two years on');
    await last.getByRole('button', { name: `Save caption for image ${before + 1}` }).click();
    await expect(last.getByText('Caption saved.')).toBeVisible();

    // Reorder with the keyboard-operable buttons: focus stays on the moved photo.
    await last.getByRole('button', { name: `Move image ${before + 1} up` }).click();
    await expect(items.nth(before - 1).getByLabel(`Caption for image ${before}`, { exact: true })).toHaveValue('Healed peony, two years on');
    await expect(page.getByRole('button', { name: `Move image ${before} up` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(items.nth(before - 2).getByLabel(`Caption for image ${before - 1}`, { exact: true })).toHaveValue('Healed peony, two years on');
    await expect(page.getByText(`Image moved to position ${before - 1} of ${before + 1}.`)).toBeVisible();

    // The order is saved: a reload shows it, and so does the public profile.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(items.nth(before - 2).getByLabel(`Caption for image ${before - 1}`, { exact: true })).toHaveValue('Healed peony, two years on');

    // Delete, after confirming.
    await waitForHydrated(items.nth(before - 2).getByRole('button', { name: `Delete image ${before - 1}` }));
    await items.nth(before - 2).getByRole('button', { name: `Delete image ${before - 1}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this photo?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'delete dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(items).toHaveCount(before);
    await expect(page.getByText('Image deleted.')).toBeVisible();
    const captions = await page.getByLabel(/^Caption for image/).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(captions).not.toContain('Healed peony, two years on');
  });

  test('an artist adds a flash design, marks it reserved, and it leaves the gallery', async ({ page }) => {
    await signIn(page, DEMO.artist);
    await page.goto('/dashboard/portfolio');
    const form = page.getByRole('form', { name: 'Add a flash design' });
    await waitForHydrated(form.getByRole('button', { name: 'Add design' }));
    const title = `Test sparrow ${Date.now()}`;
    await form.getByLabel('Design image').setInputFiles({ name: 'sparrow.png', mimeType: 'image/png', buffer: await noisyPng(600, 600) });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Style').selectOption('Fine Line');
    await form.getByLabel('Size', { exact: true }).selectOption('small');
    await form.getByLabel('Price (USD)').fill('150');
    await form.getByRole('button', { name: 'Add design' }).click();
    await expect(form.getByRole('status').filter({ hasText: title })).toBeVisible({ timeout: 30_000 });

    await page.goto('/flash?style=fine-line');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.goto('/dashboard/portfolio');
    const status = page.getByLabel(`Status of ${title}`);
    await waitForHydrated(status);
    await status.selectOption('reserved');
    await expect(page.getByText(`“${title}” is now reserved.`)).toBeVisible();
    await page.goto('/flash?style=fine-line');
    await expect(page.getByRole('heading', { level: 1, name: 'Flash designs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    // Clean up, through the confirmation dialog.
    await page.goto('/dashboard/portfolio');
    await waitForHydrated(page.getByRole('button', { name: `Delete ${title}` }));
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
  });
});

import { expect, test, expectNoSeriousAxeViolations, waitForHydrated } from './shell-helpers.ts';
import { watchConsole } from './console-helpers.ts';

/** Issue 15 §4: /accessibility-demo shows the accessibility features working, with the app's own parts. */
test.describe('the accessibility demo', () => {
  test('is server-rendered, links to the statement, and axe finds nothing serious', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/accessibility-demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility, working' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'accessibility statement' })).toHaveAttribute('href', '/accessibility');
    await waitForHydrated(page.getByRole('button', { name: 'Save display settings' }));
    await expect(page.getByRole('radiogroup', { name: 'Sample open times' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  test('the display settings work before hydration: the form posts and the next page has more contrast', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/accessibility-demo');
    await page.getByLabel('More contrast', { exact: true }).check();
    await page.getByLabel('150%', { exact: true }).check();
    await page.getByRole('button', { name: 'Save display settings' }).click();
    await expect(page).toHaveURL(/\/accessibility-demo#display$/);
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'more');
    await expect(page.locator('html')).toHaveAttribute('data-text-size', '150');
    await expect(page.getByLabel('More contrast', { exact: true })).toBeChecked();
    // Every page the server renders carries them.
    await page.goto('/artists');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'more');
    await context.close();
  });

  test('hydrated, a choice applies at once, persists, and 200% text loses nothing', async ({ page }) => {
    await page.goto('/accessibility-demo');
    await waitForHydrated(page.getByRole('button', { name: 'Save display settings' }));
    const html = page.locator('html');
    const rootFontSize = () => html.evaluate((el) => getComputedStyle(el).fontSize);
    expect(await rootFontSize()).toBe('16px');
    await page.getByLabel('200%', { exact: true }).check();
    await expect(html).toHaveAttribute('data-text-size', '200');
    expect(await rootFontSize()).toBe('32px');
    await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toContainText('text at 200%');

    await page.getByLabel('More contrast', { exact: true }).check();
    await expect(html).toHaveAttribute('data-contrast', 'more');
    // Secondary text turns near-black (stone-950) in more contrast.
    const hint = page.getByText('The usual look, whatever the device asks.');
    await expect.poll(() => hint.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(12, 10, 9)');

    // Kept across a reload and on other pages; nothing overflows sideways at 200%.
    for (const path of ['/accessibility-demo', '/', '/artists']) {
      await page.goto(path);
      await expect(html).toHaveAttribute('data-text-size', '200');
      await expect(html).toHaveAttribute('data-contrast', 'more');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways at 200% text`).toBeLessThanOrEqual(0);
    }

    await page.goto('/accessibility-demo');
    await waitForHydrated(page.getByRole('button', { name: 'Save display settings' }));
    await page.getByLabel('Standard', { exact: true }).check();
    await page.getByLabel('100%', { exact: true }).check();
    await expect(html).toHaveAttribute('data-contrast', 'standard');
    await expect(html).not.toHaveAttribute('data-text-size', /.*/);
  });

  test('"follow my device" turns more contrast on when the system asks for it', async ({ browser }) => {
    const context = await browser.newContext({ contrast: 'more' });
    const page = await context.newPage();
    await page.goto('/accessibility-demo');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'more');
    await context.close();
  });

  test('reduced motion is honoured', async ({ browser }) => {
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto('/accessibility-demo');
      const state = page.getByTestId('motion-state');
      await expect(state).toContainText(reducedMotion === 'reduce' ? 'asks for reduced motion' : 'does not ask for reduced motion');
      const duration = await page.getByTestId('motion-sample').evaluate((el) => parseFloat(getComputedStyle(el).animationDuration));
      if (reducedMotion === 'reduce') expect(duration).toBeLessThan(0.001);
      else expect(duration).toBe(3);
      await context.close();
    }
  });

  test('announcements reach the polite and the urgent live regions', async ({ page }) => {
    await page.goto('/accessibility-demo');
    const input = page.getByLabel('Message to announce');
    await waitForHydrated(input);
    await input.fill('Deposit received');
    await input.press('Enter');
    await expect(page.getByTestId('polite-region')).toHaveText('Deposit received');
    await page.getByRole('button', { name: 'Announce urgently' }).click();
    await expect(page.getByTestId('urgent-region')).toHaveText('Deposit received');
    await expect(page.getByText('Urgent (interrupts): Deposit received')).toBeVisible();
  });

  test('a time is picked with the keyboard alone', async ({ page }) => {
    await page.goto('/accessibility-demo');
    const group = page.getByRole('radiogroup', { name: 'Sample open times' });
    await expect(group).toBeVisible();
    const radios = group.getByRole('radio');
    await radios.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(radios.nth(1)).toBeFocused();
    await expect(radios.nth(1)).toBeChecked();
    const label = await radios.nth(1).evaluate((el) => document.querySelector(`label[for="${CSS.escape(el.id)}"] time`)?.textContent ?? '');
    await expect(page.getByTestId('slot-choice')).toContainText(`You picked ${label} on`);
    // One tab stop: Tab leaves the whole group.
    await page.keyboard.press('Tab');
    await expect(group.getByRole('radio').and(page.locator(':focus'))).toHaveCount(0);
  });

  test('the image viewer opens, moves and closes from the keyboard, and returns focus', async ({ page }) => {
    await page.goto('/accessibility-demo');
    const second = page.getByRole('button', { name: /^Open image 2 of 4/ });
    const first = page.getByRole('button', { name: /^Open image 1 of 4/ });
    await waitForHydrated(first);
    await first.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Sample drawings, image 1 of 4' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'Line drawing: a crescent moon with two stars' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Sample drawings, image 2 of 4' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Line drawing: a ship’s anchor with its ring' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(second).toBeFocused();
  });
});

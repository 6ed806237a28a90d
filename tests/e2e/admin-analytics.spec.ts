import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousAxeViolations, person, signIn, waitForHydrated } from './shell-helpers.ts';

/**
 * Issue 14 §3 and §4: a consented visitor goes landing → profile → booking flow, and the admin's
 * funnel for journeys that entered on a landing page shows that journey's steps.
 */
const funnelStep = (page: Page, step: string) => page.getByRole('region', { name: 'Entered on: landing' }).locator(`tr[data-step="${step}"] [data-testid="reached"]`);

test.describe('admin funnels and heatmap (/admin/analytics)', () => {
  test.use({ storageState: { cookies: [], origins: [] }, serviceWorkers: 'block' });

  test('a consented visitor’s journey shows in the admin funnel', async ({ page, browser }) => {
    await page.addInitScript(() => {
      localStorage.setItem('analytics-consent', 'accepted');
      localStorage.setItem('pwa-prompt-dismissed', String(Date.now()));
    });
    const stored = (step: string) =>
      page.waitForResponse((r) => r.url().endsWith('/api/analytics/seo/conversion-funnel') && r.status() === 204 && r.request().postDataJSON()?.step === step);

    const started = page.waitForResponse((r) => r.url().endsWith('/api/journey/start') && r.status() === 201);
    const firstView = stored('page_view');
    await page.goto('/tattoo-artists');
    await started;
    await firstView;

    const profileLink = page.locator('main a[href^="/artists/"]:not([href*="?"])').first();
    await waitForHydrated(profileLink);
    const artistView = stored('artist_view');
    await profileLink.click();
    await expect(page).toHaveURL(/\/artists\/[^/]+$/);
    await artistView;

    const book = page.getByRole('main').getByRole('link', { name: 'Book', exact: true });
    await waitForHydrated(book);
    const bookingStart = stored('booking_start');
    await book.click();
    await expect(page).toHaveURL(/\/book\/[^/]+$/);
    await bookingStart;

    const admin = await person(browser, 'UTC');
    try {
      await signIn(admin.page, DEMO.admin, undefined, '/admin/analytics');
      await expect(admin.page.getByRole('heading', { level: 1, name: 'Funnels and click heatmap' })).toBeVisible();
      for (const step of ['page_view', 'artist_view', 'booking_start']) {
        await expect(funnelStep(admin.page, step)).toHaveText(/^\d+$/);
        expect(Number(await funnelStep(admin.page, step).textContent()), step).toBeGreaterThanOrEqual(1);
      }
      // The heatmap section has loaded (clicks are sampled, so it may still be empty).
      const heatmap = admin.page.getByRole('region', { name: 'Click heatmap' });
      await expect(heatmap.getByText('Loading heatmap…')).toHaveCount(0);
      await expectNoSeriousAxeViolations(admin.page);

      // The period selector asks again for the longer period.
      const again = admin.page.waitForResponse((r) => r.url().includes('/api/admin/funnels?days=30') && r.status() === 200);
      await admin.page.getByLabel('Period').selectOption('30');
      await again;
      expect(Number(await funnelStep(admin.page, 'booking_start').textContent())).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.context.close();
    }
  });

  test('the admin dashboard links to it; other accounts get 403', async ({ browser }) => {
    const admin = await person(browser, 'UTC');
    try {
      await signIn(admin.page, DEMO.admin, undefined, '/admin-dashboard');
      const link = admin.page.getByRole('navigation', { name: 'Admin tools' }).getByRole('link', { name: 'Funnels and heatmap' });
      await waitForHydrated(link);
      await link.click();
      await expect(admin.page).toHaveURL(/\/admin\/analytics$/);
      await expect(admin.page.getByRole('heading', { level: 2, name: 'Click heatmap' })).toBeVisible();
    } finally {
      await admin.context.close();
    }
    const client = await person(browser, 'UTC');
    try {
      await signIn(client.page, DEMO.client, undefined, '/admin/analytics');
      await expect(client.page.getByRole('alert')).toContainText('403');
    } finally {
      await client.context.close();
    }
  });
});

import { expect, test } from '@playwright/test';

test.describe('analytics consent (spec §5: analytics runs only when consent equals accepted)', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('asks first, tracks nothing on "No thanks", and tracks the journey after "Allow analytics"', async ({ page }) => {
    const analyticsCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(journey|analytics\/seo)\//.test(r.url())) analyticsCalls.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Help us improve Inkhaven' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await page.waitForTimeout(500);
    expect(analyticsCalls).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('declined');

    await page.evaluate(() => localStorage.removeItem('analytics-consent'));
    await page.reload();
    const started = page.waitForResponse((r) => r.url().endsWith('/api/journey/start') && r.status() === 201);
    const pageView = page.waitForResponse((r) => r.url().endsWith('/api/analytics/seo/page-view') && r.status() === 204);
    await page.getByRole('button', { name: 'Allow analytics' }).click();
    await started;
    await pageView;
    const step = page.waitForResponse((r) => /\/api\/journey\/[0-9a-f-]+\/steps$/.test(r.url()) && r.status() === 204);
    await page.getByRole('link', { name: 'Browse artists' }).first().click();
    await step;
    expect(await page.evaluate(() => sessionStorage.getItem('inkhaven-journey'))).toMatch(/^[0-9a-f-]{36}$/);
  });
});

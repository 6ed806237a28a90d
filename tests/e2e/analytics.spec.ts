import { expect, test } from '@playwright/test';
import { waitForHydrated } from './shell-helpers.ts';

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

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the open question covers nothing: "Show more artists" is clickable, focus stays put, and the page ends clear of the bar', async ({ page }) => {
      await page.goto('/artists');
      const bar = page.getByRole('region', { name: 'Help us improve Inkhaven' });
      const more = page.getByRole('button', { name: 'Show more artists' });
      await waitForHydrated(more);
      await expect(bar).toBeVisible();
      // A bar, not a dialog: it takes no focus and nothing else on the page is hidden from assistive technology.
      expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)).toBe(true);
      await expect(page.locator('[aria-modal="true"], [inert]')).toHaveCount(0);

      const cards = page.locator('main article');
      const before = await cards.count();
      // Playwright's click fails when another element would receive it.
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
      await expect(bar).toBeVisible();

      // Scrolled to the end, the last thing on the page is above the bar, not under it. Cards below
      // the fold finish rendering as they come into view, so the end moves until the page settles:
      // scroll, let two frames pass, and measure the link and the bar in the same moment.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const contact = [...document.querySelectorAll('footer a')].find((a) => a.textContent === 'Contact');
            const bar = [...document.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent?.trim() === 'Help us improve Inkhaven');
            if (!contact || !bar) return 'missing';
            const link = contact.getBoundingClientRect();
            const hit = document.elementFromPoint(link.x + link.width / 2, link.y + link.height / 2)?.closest('a')?.textContent ?? null;
            const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
            return atEnd && hit === 'Contact' && link.bottom <= bar.getBoundingClientRect().top + 1 ? 'clear' : `link bottom ${link.bottom}, bar top ${bar.getBoundingClientRect().top}, hit ${hit}`;
          }),
        )
        .toBe('clear');
    });
  });
});


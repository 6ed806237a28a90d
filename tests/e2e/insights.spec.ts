import AxeBuilder from '@axe-core/playwright';
import { DEMO, expect, expectNoSeriousAxeViolations, person, signIn, signUp, test } from './shell-helpers.ts';

/**
 * Artist insights (the Insights tab of /dashboard) and the admin console's suspension, against the
 * demo seed (decision 0027).
 */
test.describe('insights and the admin console', () => {
  test('an artist reads Insights, with every chart also as a table', async ({ page }) => {
    // A visitor finds the artist and opens the profile page: a view.
    const found = (await (await page.request.get('/api/artists?q=Rosa')).json()) as { items: Array<{ slug: string }> };
    await page.goto(`/artists/${found.items[0]!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await signIn(page, DEMO.artist);
    await page.goto('/dashboard?tab=insights');
    await expect(page.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
    const figures = page.getByRole('definition').filter({ hasText: /^\d/ }).first();
    await expect(figures).toBeVisible();
    await expect(page.getByText(/^Profile views$/).first()).toBeVisible();

    const funnel = page.getByRole('region', { name: /Funnel: view → request → confirmed → completed/ });
    await expect(funnel.getByRole('img', { name: /Profile views \d+, Booking requests \d+, Confirmed \d+, Completed \d+/ })).toBeAttached();
    await funnel.getByRole('button', { name: 'Show table' }).click();
    const table = funnel.getByRole('table', { name: /Funnel/ });
    await expect(table.getByRole('rowheader')).toHaveText(['Profile views', 'Booking requests', 'Confirmed', 'Completed']);
    const views = Number(await table.getByRole('row', { name: /Profile views/ }).getByRole('cell').textContent());
    expect(views).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: '7 days', exact: true }).click();
    await expect(page.getByText(/\(7 days\)/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Top referrers' }).getByRole('button', { name: /Download CSV/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^inkhaven-referrers-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    // The tab's own markup (the rest of the dashboard has its own spec's axe check).
    const axe = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('an admin suspends someone, who is signed out at once and cannot sign in again', async ({ page, browser }) => {
    const victim = await person(browser, 'UTC');
    const email = await signUp(victim.page, 'Suspendee');
    await expect(victim.page.request.get('/api/auth/user').then((r) => r.status())).resolves.toBe(200);

    await signIn(page, DEMO.admin);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Active')).toBeVisible();
    await row.getByLabel('Why suspend Suspendee').fill('Spam messages to artists');
    await row.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Suspended and signed out everywhere.' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Suspended', { exact: true })).toBeVisible();

    // The suspended person's session is gone: the next request is a visitor's, protected pages ask to sign in.
    await expect(victim.page.request.get('/api/auth/user').then((r) => r.status())).resolves.toBe(401);
    await victim.page.goto('/dashboard');
    await expect(victim.page).toHaveURL(/\/login/);

    await page.goto('/admin/audit?action=user.');
    await expect(page.getByRole('row').filter({ hasText: 'user.suspend' }).filter({ hasText: 'Spam messages to artists' }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'audit log');
    await victim.context.close();
  });
});

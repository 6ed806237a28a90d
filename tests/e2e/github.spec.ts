import type { BrowserContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectNoSeriousAxeViolations, test } from './shell-helpers.ts';

/**
 * The GitHub integration as the e2e server runs it: no GITHUB_* settings (the honest default), so
 * the admin pages explain how to connect, and "Report a problem" keeps the report for admins with a
 * reference. The GitHub calls themselves are covered against a local GitHub server in
 * src/server/features/github/github.test.ts.
 */

/** Signs the context in through the API (the sign-in form has its own specs). */
async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const { csrfToken } = (await (await context.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  const res = await context.request.post('/api/auth/sign-in', { headers: { 'x-csrf-token': csrfToken }, data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin sees how to connect GitHub on both pages, and nothing broken', async ({ page }) => {
  await signInAs(page.context(), DEMO.admin);
  await page.goto('/admin-dashboard');
  await page.getByRole('navigation', { name: 'Admin tools' }).getByRole('link', { name: 'GitHub repositories' }).click();
  await expect(page).toHaveURL(/\/github\/repositories$/);
  await expect(page).toHaveTitle(/^GitHub repositories \| Inkhaven/);
  await expect(page.getByRole('heading', { level: 1, name: 'GitHub repositories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect GitHub to see repositories' })).toBeVisible();
  const settings = page.getByRole('table', { name: 'GitHub settings' });
  for (const name of ['GITHUB_TOKEN', 'GITHUB_OWNER', 'GITHUB_REPO', 'GITHUB_API_URL']) await expect(settings.getByRole('rowheader', { name })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('navigation', { name: 'GitHub pages' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/github\/projects$/);
  await expect(page.getByRole('heading', { name: 'Connect GitHub to see projects' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'GitHub pages' }).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);
});

test('the GitHub pages are for admins: a client is told so; the support page and its form pass axe', async ({ page }) => {
  await signInAs(page.context(), DEMO.client);
  await page.goto('/github/projects');
  await expect(page.getByRole('alert')).toContainText('403 — you do not have access');
  await expect(page.getByRole('heading', { name: /Connect GitHub/ })).toHaveCount(0);

  // The support page with its report form is clean for axe too.
  await page.goto('/support#report-a-problem');
  await expect(page.getByRole('button', { name: 'Send report' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test.describe('Report a problem before hydration', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reports a problem, sees a reference, and an admin finds it on the reports page', async ({ page, browser }) => {
    const title = `Map stays grey ${Date.now().toString(36)}`;
    await page.goto('/support?page=/artists');
    const form = page.getByRole('region', { name: 'Report a problem' });
    await form.getByLabel('What went wrong, in a few words').fill(title);
    await form.getByLabel('What did you do, and what happened?').fill('I opened the map view of the artist list and it never loaded.');
    await expect(form.getByLabel('Page where it happened (optional)')).toHaveValue('/artists');
    await form.getByRole('button', { name: 'Send report' }).click();

    await expect(page).toHaveURL(/\/support\?ref=P-[2-9A-HJ-NP-Z]{10}&done=problem-reported#report-a-problem$/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    const outcome = page.getByRole('status').filter({ hasText: 'your report is in' });
    await expect(outcome).toContainText(`Your reference is ${reference}.`);
    await expect(outcome).toContainText('Quote this reference if you write to us');

    // The admin's browser runs the app (the reports list loads after hydration).
    const admin = await browser.newContext({ javaScriptEnabled: true });
    try {
      await signInAs(admin, DEMO.admin);
      const adminPage = await admin.newPage();
      await adminPage.goto('/admin/reports');
      const item = adminPage.getByRole('list', { name: 'Problem reports' }).getByRole('listitem').filter({ hasText: reference });
      await expect(item).toContainText(title);
      await expect(item).toContainText('Page: /artists');
      await expect(item).toContainText('From: a visitor (not signed in)');
      await expectNoSeriousAxeViolations(adminPage);
    } finally {
      await admin.close();
    }
  });

  test('a report missing its description comes back with what to fix', async ({ page }) => {
    await page.goto('/support');
    const form = page.getByRole('region', { name: 'Report a problem' });
    await form.getByLabel('What went wrong, in a few words').fill('Broken');
    // The browser's own check would stop a short description; this is what the server says when it gets one anyway.
    await form.getByLabel('What did you do, and what happened?').evaluate((el) => el.removeAttribute('minlength'));
    await form.getByLabel('What did you do, and what happened?').fill('short');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(page).toHaveURL(/\/support\?error=/);
    await expect(page.getByRole('alert')).toContainText('Your report was not sent: Description: describe what you did');
  });
});

import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { DEMO, expect, signIn, test, TEST_PASSWORD, uniqueEmail } from './shell-helpers.ts';

/** Serious or critical axe findings on the page as it is now. */
async function seriousViolations(page: import('@playwright/test').Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an artist uploads a licence, an admin approves it, and the badge shows on the profile', async ({ page, browser }) => {
  // Three people's pages, four axe runs and an upload: more than the default minute on a shared machine.
  test.setTimeout(180_000);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  // Signed up through the API (the sign-up form has its own specs): the page's context keeps the session cookie.
  const csrfToken = ((await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken;
  const signedUp = await page.request.post('/api/auth/sign-up', { headers: { 'x-csrf-token': csrfToken }, data: { firstName: 'Licenced', email: uniqueEmail('licenced'), password: TEST_PASSWORD }, timeout: 60_000 });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const slug = `licenced-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/artists', {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      kind: 'tattoo',
      displayName: 'Licenced Lou',
      slug,
      bio: 'Fine line botanicals and small script, drawn with each client at a consultation.',
      styles: ['Fine Line'],
      cityId: 'hobart-au',
      services: [{ name: 'Consultation', kind: 'consultation', durationMinutes: 30, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 }],
      workingHours: { '1': [['10:00', '18:00']] },
      noticeHours: 48,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The dashboard links to the page; the page is clean for axe.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Artist tools' }).getByRole('link', { name: 'Licences and verification' }).click();
  await expect(page).toHaveURL(/\/dashboard\/verification$/);
  await expect(page.getByText('Not verified yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const form = page.getByRole('form', { name: 'Add a licence or health permit' });
  await form.locator('#licence-kind').selectOption('licence');
  await form.locator('#licence-place').fill('Tasmania Department of Health');
  await form.locator('#licence-expiry').fill(expiry);
  const scan = await sharp({ create: { width: 900, height: 600, background: '#e7e5e4', channels: 3 } }).png().toBuffer();
  await form.locator('#licence-file').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: scan });
  await form.getByRole('button', { name: 'Upload for review' }).click();
  await expect(page).toHaveURL(/\/dashboard\/verification\?done=licence-uploaded$/);
  await expect(page.getByRole('status').filter({ hasText: 'waiting for review' })).toBeVisible();
  await expect(page.getByText('Artist licence · Tasmania Department of Health')).toBeVisible();
  await expect(page.getByText('Waiting for review', { exact: true })).toBeVisible();

  // The admin approves it from the verification queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin-dashboard');
  await admin.getByRole('navigation', { name: 'Admin tools' }).getByRole('link', { name: 'Artists and verification' }).click();
  await expect(admin).toHaveURL(/\/admin\/artists$/);
  // This run's artist, by its own slug (an earlier run on the same data dir left other Licenced Lous in the queue).
  const entry = admin.getByRole('listitem').filter({ has: admin.locator(`a[href="/artists/${slug}"]`) });
  await expect(entry.getByText('Artist licence · Tasmania Department of Health')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  const approve = entry.getByRole('form', { name: 'Approve' });
  await approve.getByLabel('Note (optional)').fill('Matches the state register.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(admin).toHaveURL(/\/admin\/artists\?done=licence-approved$/);
  await expect(admin.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();
  await admin.goto('/admin/reports');
  await expect(admin.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(admin.getByRole('main').getByRole('status')).toHaveCount(0);
  expect(await seriousViolations(admin)).toEqual([]);
  await adminContext.close();

  // The badge is on the public profile, for everyone.
  await page.goto(`/artists/${slug}`);
  await expect(page.getByRole('heading', { level: 1 }).getByText('Verified')).toBeVisible();
  await page.goto('/dashboard/verification');
  await expect(page.getByText('Note: Matches the state register.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Delete my account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

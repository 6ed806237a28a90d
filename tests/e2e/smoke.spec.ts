import { expect, test } from '@playwright/test';

test('the landing page renders on the server and hydrates', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/\| Inkhaven$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  expect(errors).toEqual([]);
});

test('source maps stay private and documents carry a Permissions-Policy', async ({ page, request }) => {
  const response = await page.goto('/');
  const policy = response?.headers()['permissions-policy'] ?? '';
  expect(policy).toContain('camera=()');
  expect(policy).toContain('microphone=()');
  // The video call page is the one that may ask for the camera and microphone.
  const call = await request.get('/consultation');
  expect(call.headers()['permissions-policy']).toContain('camera=(self)');
  expect(call.headers()['permissions-policy']).toContain('microphone=(self)');
  // What the browser makes of it: search's "Near me" may ask for the location, nobody for the camera here.
  const allows = (feature: string) =>
    page.evaluate((f) => (document as Document & { featurePolicy: { allowsFeature(name: string): boolean } }).featurePolicy.allowsFeature(f), feature);
  expect(await allows('geolocation')).toBe(true);
  expect(await allows('camera')).toBe(false);

  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).getAttribute('src') ?? ''));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of [...scripts, '/service-worker.js']) {
    const map = await request.get(`${src}.map`);
    expect(map.status(), `${src}.map`).toBe(404);
    // Built with hidden source maps: no file names its map, so browsers never ask for one.
    expect(await (await request.get(src)).text(), src).not.toContain('sourceMappingURL');
  }
});

import { expectNoSeriousAxeViolations } from './shell-helpers.ts';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

/** Issue 2 §6: manifest and installability, the service worker, offline shell, install banner, update flow. */

/** Safari on an iPhone: no install prompt event, so the banner explains Add to Home Screen. */
const IPHONE_SAFARI = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

const OFFLINE_TEXT = 'You are offline. Showing saved pages; changes will not be saved until you reconnect.';

/** Waits until the page's service worker is active and controls the page (reloading once if needed). */
async function waitForControllingWorker(page: Page): Promise<string> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
  return page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

/** A stand-in for Chromium's install event, whose prompt resolves with `outcome` (or fails). */
async function dispatchInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed' | 'fail') {
  await page.evaluate((result) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => (result === 'fail' ? Promise.reject(new Error('prompt() failed')) : Promise.resolve()),
      userChoice: Promise.resolve({ outcome: result === 'fail' ? 'dismissed' : result, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

/** Client-side navigation through the router, as a link click would do, without needing a link on the page. */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

test.describe('manifest and service worker', () => {
  test('the manifest is linked and served, and Chromium reports no installability errors', async ({ request, baseURL }, testInfo) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.ok()).toBe(true);
    const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; purpose?: string }> };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Inkhaven',
      short_name: 'Inkhaven',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1c1917',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const iconRes = await request.get(icon.src);
      expect(iconRes.ok(), icon.src).toBe(true);
      expect(iconRes.headers()['content-type']).toBe('image/png');
    }
    for (const path of ['/icons/favicon.svg', '/icons/apple-touch-icon.png', '/icons/og-default.png']) {
      expect((await request.get(path)).ok(), path).toBe(true);
    }

    // Chromium never offers installation in incognito, which Playwright's default contexts are.
    const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      ...(baseURL ? { baseURL } : {}),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      await waitForControllingWorker(page);
      const cdp = await context.newCDPSession(page);
      const appManifest = await cdp.send('Page.getAppManifest');
      expect(appManifest.errors).toEqual([]);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 20_000 })
        .toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('/sw.js and /service-worker.js answer the same worker script', async ({ request }) => {
    const [a, b] = await Promise.all([request.get('/service-worker.js'), request.get('/sw.js')]);
    expect(a.status()).toBe(200);
    expect(b.status()).toBe(200);
    expect(a.headers()['content-type']).toMatch(/javascript/);
    expect(b.headers()['content-type']).toMatch(/javascript/);
    expect(a.headers()['service-worker-allowed']).toBe('/');
    expect(a.headers()['cache-control']).toBe('no-cache');
    const body = await a.text();
    expect(await b.text()).toBe(body);
    // The build injected the precache list, including the app shell.
    expect(body).not.toContain('self.__WB_MANIFEST');
    expect(body).toContain('index.html');
  });

  test('the service worker controls the page after a reload', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(scriptURL).toMatch(/\/service-worker\.js$/);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(new URL(scope!).pathname).toBe('/');
    expect(errors).toEqual([]);
  });
});

test.describe('offline', () => {
  test('visited pages come from the cache and other pages from the app shell, with the offline notice', async ({ page, context }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    await page.goto('/tattoo-styles');
    const visitedHeading = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim();
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

    await context.setOffline(true);

    // A page visited before: the saved server-rendered page.
    const visited = await page.goto('/tattoo-styles');
    expect(visited?.fromServiceWorker()).toBe(true);
    await expect(page.locator('#main-navigation')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(visitedHeading!);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();

    // A page never visited: the precached shell renders it on the client.
    const fresh = await page.goto('/studios');
    expect(fresh?.fromServiceWorker()).toBe(true);
    expect(fresh?.status()).toBe(200);
    await expect(page.locator('#main-navigation')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page).toHaveTitle(/\| Inkhaven$/);
    // It is the shell (no server-rendered state), not a network answer that slipped through.
    await expect(page.locator('#__INKHAVEN_STATE__')).toHaveCount(0);

    // Signing in needs the network: the API navigation falls back to the sign-in page, not an error page.
    await page.goto('/api/login?returnTo=%2Fhome');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fhome$/);
    await expect(page.locator('#main-navigation')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  });
});

test.describe('install banner', () => {
  test('appears 3 s after installability; "Not Now" stores the time and keeps it away after a reload', async ({ page }) => {
    // The page's clock is driven by the test: a busy machine must not turn "3 s later" into a race.
    // An installed clock runs at real speed until paused. The notices load once the browser is idle
    // (a faked callback too): the clock pauses only when they are there, with a jump far enough
    // ahead to lie beyond any load time. Paused earlier, a banner that mounted after the test had
    // run the clock past its 3 s would wait for a timer that never fires.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.goto('/');
    await expect(page.getByTestId('pwa-banners')).toBeAttached();
    await page.clock.pauseAt(start + 10 * 60_000);
    const banner = page.getByRole('region', { name: 'Install Inkhaven' });
    await dispatchInstallPrompt(page, 'dismissed');
    await page.clock.runFor(2_900);
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Install App' })).toBeVisible();

    const before = await page.evaluate(() => Date.now());
    await banner.getByRole('button', { name: 'Not Now' }).click();
    await expect(banner).toHaveCount(0);
    const stored = Number(await page.evaluate(() => localStorage.getItem('pwa-prompt-dismissed')));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(await page.evaluate(() => Date.now()));

    await page.reload();
    await dispatchInstallPrompt(page, 'dismissed');
    await page.clock.runFor(10_000);
    await expect(banner).toHaveCount(0);
  });

  test('"Install App" opens the prompt; accepting marks the app installed', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await dispatchInstallPrompt(page, 'accepted');
    await page.clock.runFor(3_100);
    const banner = page.getByRole('region', { name: 'Install Inkhaven' });
    await banner.getByRole('button', { name: 'Install App' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-installed'))).toBe('true');

    await page.reload();
    await dispatchInstallPrompt(page, 'accepted');
    await page.clock.runFor(5_000);
    await expect(banner).toHaveCount(0);
  });

  test('a failing prompt is reported in the banner', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await dispatchInstallPrompt(page, 'fail');
    await page.clock.runFor(3_100);
    const banner = page.getByRole('region', { name: 'Install Inkhaven' });
    await banner.getByRole('button', { name: 'Install App' }).click();
    await expect(banner.getByRole('alert')).toContainText('could not install');
    expect(await page.evaluate(() => localStorage.getItem('pwa-installed'))).toBeNull();
  });

  test('iOS Safari gets Add to Home Screen instructions with "Got it"', async ({ browser }) => {
    const context = await browser.newContext(IPHONE_SAFARI);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(3_100);
    const banner = page.getByRole('region', { name: /Install Inkhaven on your iPhone/ });
    await expect(banner).toContainText('Add to Home Screen');
    await expect(banner.getByRole('img', { name: 'Share' })).toBeVisible();
    await banner.getByRole('button', { name: 'Got it' }).click();
    await expect(banner).toHaveCount(0);
    expect(Number(await page.evaluate(() => localStorage.getItem('pwa-prompt-dismissed')))).toBeGreaterThan(0);
    await context.close();
  });
});

test('the install offer waits until the analytics question is answered, then shows clear of it (iOS, phone)', async ({ browser }) => {
  // A first visit: nothing answered yet.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    ...IPHONE_SAFARI,
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/');
  const consent = page.getByRole('region', { name: 'Help us improve Inkhaven' });
  const install = page.getByRole('region', { name: /Install Inkhaven on your iPhone/ });
  await expect(consent).toBeVisible();
  // One question at a time: well past the 3 s delay, still no install offer.
  await page.clock.runFor(10_000);
  await expect(install).toHaveCount(0);

  await consent.getByRole('button', { name: 'No thanks' }).click();
  await expect(consent).toHaveCount(0);
  // Its 3 s count from the answer.
  await page.clock.runFor(2_000);
  await expect(install).toHaveCount(0);
  await page.clock.runFor(1_200);
  await expect(install).toBeVisible();
  // Nothing covers it: the click lands on its button.
  await install.getByRole('button', { name: 'Got it' }).click();
  await expect(install).toHaveCount(0);
  await context.close();
});

test('the notices pass axe (no serious or critical violations) on a phone', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await page.goto('/');
  await waitForControllingWorker(page);
  await dispatchInstallPrompt(page, 'dismissed');
  await page.clock.runFor(3_100);
  await context.setOffline(true);
  await expect(page.getByRole('region', { name: 'Install Inkhaven' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'notices on a phone');
  await context.setOffline(false);
});

test.describe('update flow', () => {
  test('a waiting worker is offered (deferred on critical paths), applied with skip-waiting, then "Reload now"', async ({ page }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    // A critical path a visitor can stay on (/consent-form itself now asks them to sign in).
    await clientNavigate(page, '/demo-consent-form');

    // The same script at another URL is a new version as far as the browser is concerned.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    });
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 15_000 })
      .toBe(true);
    const reloadToUpdate = page.getByRole('button', { name: 'Reload to update' });
    // Deferred while the user is on a critical path…
    await page.waitForTimeout(1_000);
    await expect(reloadToUpdate).toHaveCount(0);
    // …and offered as soon as they leave it.
    await clientNavigate(page, '/tattoo-styles');
    await expect(reloadToUpdate).toBeVisible();

    // Dismissing hides it.
    await page.getByRole('button', { name: 'Dismiss update notice' }).click();
    await expect(reloadToUpdate).toHaveCount(0);
    await page.reload();
    await expect(reloadToUpdate).toBeVisible({ timeout: 15_000 });

    // After the reload the app registers /service-worker.js again once the page is idle, which
    // replaces the waiting worker: wait for that worker before applying the update.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL ?? ''), { timeout: 15_000 })
      .toMatch(/\/service-worker\.js$/);
    await page.evaluate(() => {
      const w = window as Window & { controllerChanged?: boolean };
      w.controllerChanged = false;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        w.controllerChanged = true;
      });
    });
    await reloadToUpdate.click();
    await expect(page.getByText('Updating Inkhaven…', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Update ready!' })).toBeVisible({ timeout: 6_000 });
    // The skip-waiting message activated the new worker, which claimed this page.
    // The notice's timing is its own (3 s); the worker's activation and claim may finish just after.
    await expect.poll(() => page.evaluate(() => (window as Window & { controllerChanged?: boolean }).controllerChanged)).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();

    await page.getByRole('button', { name: 'Reload now' }).click();
    await page.waitForLoadState('load');
    await expect(page.locator('#main-navigation')).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('heading', { name: 'Update ready!' })).toHaveCount(0);
    await expect(reloadToUpdate).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });
});

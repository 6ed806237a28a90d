import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * The shell specs' `test`: the one-time banners (analytics consent, install prompt) are answered
 * up front so they cannot cover what a test clicks, and the service worker is kept out of the way
 * of request interception (the PWA specs cover it).
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring.
  serviceWorkers: async ({}, use) => use('block'),
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      try {
        if (!window.localStorage.getItem('analytics-consent')) window.localStorage.setItem('analytics-consent', 'declined');
        window.localStorage.setItem('pwa-prompt-dismissed', String(Date.now()));
      } catch {
        // Opaque origins (about:blank) have no storage.
      }
    });
    await use(page);
  },
});
export { expect };

export const DEMO_PASSWORD = 'inkhaven-demo';
export const DEMO = {
  client: 'client@inkhaven.test',
  artist: 'artist@inkhaven.test',
  piercer: 'piercer@inkhaven.test',
  admin: 'admin@inkhaven.test',
} as const;

/** A password the server's strength check (zxcvbn, score 3 or more) accepts. */
export const TEST_PASSWORD = 'velvet-harbor-2931-quill';

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Server-rendered markup is clickable before React owns it; wait until this element is hydrated. */
export async function waitForHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), { message: 'element hydrated' })
    .toBe(true);
}

/** Creates an account through the sign-up form; the app lands on /home. */
export async function signUp(page: Page, firstName: string, email = uniqueEmail(firstName.toLowerCase())): Promise<string> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Create an account' });
  await waitForHydrated(form.getByRole('button', { name: 'Create account' }));
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(TEST_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, returnTo?: string): Promise<void> {
  await page.goto(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await waitForHydrated(form.getByRole('button', { name: 'Sign in' }));
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(returnTo ? new RegExp(`${returnTo.replace(/[/?]/g, '\\$&')}$`) : /\/home$/);
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** axe on the page as it is now: no serious or critical violations (the bar every page meets). */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect(serious, label).toEqual([]);
}

/**
 * A second person in their own browser context, set up like the `page` fixture: the one-time
 * banners answered and the service worker out of the way.
 */
export async function person(browser: Browser, timezoneId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    window.localStorage.setItem('analytics-consent', 'declined');
    window.localStorage.setItem('pwa-prompt-dismissed', String(Date.now()));
  });
  return { context, page: await context.newPage() };
}

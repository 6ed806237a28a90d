import type { Browser, BrowserContext } from '@playwright/test';
import { consoleProblemsOf, rememberServerRenderedElements, settle, watchConsole, type ConsoleProblems } from './console-helpers.ts';
import { DEMO, expect, signIn, test } from './shell-helpers.ts';

/**
 * The main signed-in pages, each loaded fresh (a new tab, so it hydrates) in one signed-in context
 * per role, print no console error, uncaught error or hydration warning — including the sign-in
 * itself and the first load of "/" after it. Public pages signed out: console.spec.ts.
 */

const TIMEZONE = 'Pacific/Auckland';
const LOCALE = 'de-DE';

async function signedInContext(browser: Browser, email: string): Promise<{ context: BrowserContext; signInProblems: ConsoleProblems }> {
  const context = await browser.newContext({ timezoneId: TIMEZONE, locale: LOCALE, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    window.localStorage.setItem('analytics-consent', 'declined');
    window.localStorage.setItem('pwa-prompt-dismissed', String(Date.now()));
  });
  const page = await context.newPage();
  await page.addInitScript(rememberServerRenderedElements);
  const signInProblems = watchConsole(page);
  await signIn(page, email);
  await settle(page);
  await page.close();
  return { context, signInProblems };
}

/** Problems by page, only for pages that had any (so a failure lists every page at once). */
async function problemsByPage(context: BrowserContext, signInProblems: ConsoleProblems, paths: string[]): Promise<Record<string, ConsoleProblems>> {
  const found: Record<string, ConsoleProblems> = {};
  if (signInProblems.length) found['signing in at /login'] = signInProblems;
  for (const path of paths) {
    const problems = await consoleProblemsOf(() => context.newPage(), path);
    if (problems.length) found[path] = problems;
  }
  return found;
}

test.describe('a signed-in user’s console stays clean', () => {
  test('client: /, /home, /dashboard, a booking, the artist list', async ({ browser }) => {
    const { context, signInProblems } = await signedInContext(browser, DEMO.client);
    const bookings = (await (await context.request.get('/api/bookings?as=client&scope=upcoming')).json()) as { items: Array<{ id: string }> };
    expect(bookings.items.length, 'the demo client has upcoming bookings').toBeGreaterThan(0);
    // "/" first: the first load of the landing path after signing in renders the home page.
    // /index.html is the bare app shell the service worker shows for a page it has not saved when the
    // network fails: rendered in the browser alone, it asks the API who the user is and what they may see.
    const pages = ['/', '/home', '/dashboard', `/bookings/${bookings.items[0]!.id}`, '/artists', '/index.html'];
    expect(await problemsByPage(context, signInProblems, pages)).toEqual({});
    await context.close();
  });

  test('artist: /, /home, /dashboard', async ({ browser }) => {
    const { context, signInProblems } = await signedInContext(browser, DEMO.artist);
    expect(await problemsByPage(context, signInProblems, ['/', '/home', '/dashboard'])).toEqual({});
    await context.close();
  });

  test('admin: /, /home, /admin-dashboard, /admin/telemetry', async ({ browser }) => {
    const { context, signInProblems } = await signedInContext(browser, DEMO.admin);
    expect(await problemsByPage(context, signInProblems, ['/', '/home', '/admin-dashboard', '/admin/telemetry'])).toEqual({});
    await context.close();
  });
});

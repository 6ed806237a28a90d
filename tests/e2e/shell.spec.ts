import type { Page } from '@playwright/test';
import { FEATURE_PAGE_PATHS } from '../../src/shared/feature-paths.ts';
import { DEMO, expect, expectNoSeriousAxeViolations, mainNav, signIn, signUp, test, waitForHydrated } from './shell-helpers.ts';

/** Hydration mismatches and runtime errors surface as console errors. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}


test.describe('navigation by role', () => {
  test('a visitor sees Home, the browse links, Sign In and Get Started', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    for (const name of ['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Sign In', 'Get Started']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Messages', 'Video Calls', 'AI Tattoo Generator', 'Sign Out']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
    await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/api/login');
    await expect(nav.getByRole('button', { name: /Notifications/ })).toHaveCount(0);
  });

  test('a client sees their bookings, the design generator and the bell', async ({ page }) => {
    await signIn(page, DEMO.client);
    const nav = mainNav(page);
    for (const name of ['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Bookings', 'Messages', 'Video Calls', 'AI Tattoo Generator', 'Sign Out']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Video Calls', exact: true })).toHaveAttribute('href', '/consultations');
    await expect(nav.getByRole('link', { name: 'AI Tattoo Generator', exact: true })).toHaveAttribute('href', '/ai-generator');
    await expect(nav.getByRole('link', { name: 'Bookings', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });

  test('an artist does not see the browse links nor the AI generator', async ({ page }) => {
    await signIn(page, DEMO.artist);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toHaveAttribute('href', '/messages');
    await expect(nav.getByRole('link', { name: 'Video Calls', exact: true })).toHaveAttribute('href', '/consultations');
    for (const name of ['All Artists', 'Tattoo Artists', 'Piercing Artists', 'AI Tattoo Generator']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });

  test('/artist/ lands on the artist\'s own profile, and on the artist list for everyone else', async ({ page }) => {
    await page.goto('/artist/');
    await expect(page).toHaveURL(/\/artists$/);
    await signIn(page, DEMO.artist);
    const res = await page.goto('/artist/');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/artists\/[a-z0-9-]+$/);
  });

  test('an admin also gets the admin dashboard link', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin-dashboard');
  });
});

test('skip links are the first two tab stops', async ({ page }) => {
  await page.goto('/');
  await waitForHydrated(mainNav(page).getByRole('link', { name: 'All Artists' }));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to navigation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-navigation')).toBeFocused();
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens with the keyboard, closes with Escape, on a link click and on an overlay click', async ({ page }) => {
    await page.goto('/');
    // While the modal menu is open the rest of the page is aria-hidden, so find the toggle even then.
    const toggle = page.getByRole('button', { name: 'Main menu', includeHidden: true });
    await waitForHydrated(toggle);
    // The desktop links are not shown on a phone.
    await expect(mainNav(page).getByRole('link', { name: 'All Artists' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const controls = await toggle.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await expect(dialog).toHaveAttribute('id', controls!);
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    for (const name of ['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Sign In', 'Get Started']) {
      await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'All Artists' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/artists$/);

    await toggle.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(20, 420);
    await expect(dialog).toBeHidden();
  });
});

test('an unknown path answers HTTP 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Inkhaven');
});

test('error boundary: fallback, Try Again, and the report on /admin/telemetry', async ({ page }) => {
  await page.goto('/test-switches');
  const trigger = page.getByRole('switch', { name: 'Simulate a rendering error' });
  await waitForHydrated(trigger);
  const report = page.waitForRequest((r) => r.url().endsWith('/api/analytics/error') && r.method() === 'POST');
  await trigger.click();

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText('We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  // The navigation stays usable around the fallback.
  await expect(mainNav(page).getByRole('link', { name: 'All Artists' })).toBeVisible();

  const details = page.getByText('Technical details');
  const pre = page.locator('details pre');
  await expect(pre).toBeHidden();
  await details.click();
  await expect(pre).toContainText('Simulated rendering error from the switches demo');

  const sent = (await report).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ type: 'react_error_boundary', message: 'Simulated rendering error from the switches demo' });
  for (const key of ['stack', 'componentStack', 'url', 'userAgent', 'timestamp']) expect(typeof sent[key]).toBe('string');
  expect(Number.isNaN(Date.parse(String(sent.timestamp)))).toBe(false);

  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Switches' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Simulate a rendering error' })).toHaveAttribute('aria-checked', 'false');

  await signIn(page, DEMO.admin, undefined, '/admin/telemetry');
  await expect(page.getByRole('heading', { name: 'Error telemetry' })).toBeVisible();
  await expect(page.getByText('Simulated rendering error from the switches demo').first()).toBeVisible();
});

test('toasts: one at a time, and F8 focuses the viewport', async ({ page }) => {
  await page.goto('/test-switches');
  const announce = page.getByRole('switch', { name: 'Announce changes with a toast' });
  await waitForHydrated(announce);
  const viewport = page.getByRole('region', { name: /Notifications \(F8\)/ });
  await announce.click();
  await expect(viewport.getByText('Toasts on', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Email me about booking updates' }).click();
  await expect(viewport.getByText('Booking emails off', { exact: true })).toBeVisible();
  await expect(viewport.getByText('Toasts on', { exact: true })).toHaveCount(0);
  await expect(viewport.locator('li')).toHaveCount(1);
  await page.keyboard.press('F8');
  await expect(viewport.locator('ol')).toBeFocused();
});

test('the notification panel shows its empty state', async ({ page }) => {
  await signUp(page, 'Nell');
  const bell = mainNav(page).getByRole('button', { name: /^Notifications/ });
  await waitForHydrated(bell);
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/notifications') && r.request().method() === 'GET');
  await bell.click();
  expect((await listed).status()).toBe(200);
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await expect(panel.getByText("You'll see updates about bookings, messages, and more here.")).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

test.describe('accessibility (axe)', () => {
  test('/ has no serious or critical violations', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await waitForHydrated(mainNav(page).getByRole('link', { name: 'All Artists' }));
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('/login has no serious or critical violations', async ({ page }) => {
    await page.goto('/login');
    await waitForHydrated(page.getByRole('button', { name: 'Create account' }));
    await expectNoSeriousAxeViolations(page);
  });

  test('/home (signed in) has no serious or critical violations', async ({ page }) => {
    await signUp(page, 'Ada');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Load /home afresh so the server-rendered signed-in shell hydrates under watch.
    const errors = collectConsoleErrors(page);
    await page.reload();
    await waitForHydrated(mainNav(page).getByRole('button', { name: /^Notifications/ }));
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });
});

test.describe('notification panel', () => {
  type Item = {
    id: string;
    type: 'booking' | 'message' | 'review' | 'payment' | 'reminder';
    title: string;
    message: string;
    read: boolean;
    createdAt: string;
    actionUrl: string | null;
    actionLabel: string | null;
  };

  /**
   * A stateful stand-in for the notification API, so the panel's actions can be exercised
   * without changing the shared demo data other specs read.
   */
  async function fakeNotifications(page: Page, initial: Item[], opts: { unreadCount?: number; failReads?: boolean } = {}) {
    let items = [...initial];
    // Each item keeps the age it was given when it is served, however long the sign-in took: the
    // panel's "less than a minute ago" failed in CI after a slow sign-in.
    const madeAt = Date.now();
    const aged = () => items.map((n) => (Number.isNaN(Date.parse(n.createdAt)) ? n : { ...n, createdAt: new Date(Date.parse(n.createdAt) + Date.now() - madeAt).toISOString() }));
    const calls: Array<{ method: string; path: string; csrf: string | null }> = [];
    await page.route(/\/api\/notifications(\/.*)?$/, async (route) => {
      const req = route.request();
      const path = new URL(req.url()).pathname;
      if (req.method() !== 'GET') calls.push({ method: req.method(), path, csrf: req.headers()['x-csrf-token'] ?? null });
      if (req.method() === 'GET') {
        const unread = opts.unreadCount ?? items.filter((n) => !n.read).length;
        return route.fulfill({ json: { items: aged(), unreadCount: unread } });
      }
      const read = path.match(/^\/api\/notifications\/([^/]+)\/read$/);
      if (read) {
        if (opts.failReads) return route.fulfill({ status: 404, json: { code: 'NOT_FOUND', message: 'That notification was not found.' } });
        items = items.map((n) => (n.id === read[1] ? { ...n, read: true } : n));
      } else if (path === '/api/notifications/read-all') {
        items = items.map((n) => ({ ...n, read: true }));
      } else if (req.method() === 'DELETE' && path === '/api/notifications') {
        items = [];
      } else if (req.method() === 'DELETE') {
        const id = path.split('/').pop();
        items = items.filter((n) => n.id !== id);
      }
      return route.fulfill({ status: 204 });
    });
    return calls;
  }

  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const sample = (): Item[] => [
    { id: 'n1', type: 'booking', title: 'Booking confirmed', message: 'Rosa confirmed your session.', read: false, createdAt: ago(5_000), actionUrl: '/bookings/abc', actionLabel: 'View booking' },
    { id: 'n2', type: 'message', title: 'New message from Rosa', message: 'Two sketch options are ready.', read: false, createdAt: ago(5 * 60_000), actionUrl: '/dashboard', actionLabel: null },
    { id: 'n3', type: 'review', title: 'How did it turn out?', message: 'Share a review.', read: true, createdAt: ago(3 * 3_600_000), actionUrl: '/messages', actionLabel: 'Reply' },
    { id: 'n4', type: 'reminder', title: 'Upcoming appointment', message: 'Bring a photo ID.', read: false, createdAt: 'not-a-date', actionUrl: null, actionLabel: null },
  ];

  test('lists, marks read, deletes, marks all read and clears', async ({ page }) => {
    const calls = await fakeNotifications(page, sample());
    await signIn(page, DEMO.client);
    const bell = mainNav(page).getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
    await expect(page.getByTestId('notification-badge')).toHaveText('3');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    await expect(panel.getByTestId('unread-dot')).toHaveCount(3);
    await expect(panel.getByText('less than a minute ago')).toBeVisible();
    await expect(panel.getByText('5 minutes ago')).toBeVisible();
    await expect(panel.getByText('about 3 hours ago')).toBeVisible();
    // An invalid date is rejected by the formatter: the item shows, without a time.
    await expect(panel.locator('li', { hasText: 'Upcoming appointment' }).locator('time')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'View booking' })).toHaveAttribute('href', '/bookings/abc');
    await expect(panel.getByRole('link', { name: 'View', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(panel.getByRole('link', { name: 'Reply' })).toHaveAttribute('href', '/messages');

    await panel.getByRole('button', { name: 'Mark "New message from Rosa" as read' }).click();
    await expect(panel.getByTestId('unread-dot')).toHaveCount(2);
    await expect(page.getByTestId('notification-badge')).toHaveText('2');

    await panel.getByRole('button', { name: 'Delete "Booking confirmed"' }).click();
    await expect(panel.getByText('Booking confirmed')).toHaveCount(0);
    await expect(page.getByTestId('notification-badge')).toHaveText('1');

    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(panel.getByTestId('unread-dot')).toHaveCount(0);
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

    // Following an action link closes the panel.
    await panel.getByRole('link', { name: 'View', exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await bell.click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByText('No notifications yet')).toBeVisible();

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/notifications/n2/read',
      'DELETE /api/notifications/n1',
      'POST /api/notifications/read-all',
      'DELETE /api/notifications',
    ]);
    for (const c of calls) expect(c.csrf).toBeTruthy();
  });

  test('the badge reads 99+ above 99', async ({ page }) => {
    await fakeNotifications(page, sample(), { unreadCount: 150 });
    await signIn(page, DEMO.client);
    await expect(page.getByTestId('notification-badge')).toHaveText('99+');
    await expect(mainNav(page).getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications, 150 unread');
  });

  test('a failed action rolls back and shows an error toast', async ({ page }) => {
    await fakeNotifications(page, sample(), { failReads: true });
    await signIn(page, DEMO.client);
    await mainNav(page).getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Mark "Booking confirmed" as read' }).click();
    const toastRegion = page.getByRole('region', { name: /Notifications \(F8\)/ });
    await expect(toastRegion.getByText('Could not mark the notification as read', { exact: true })).toBeVisible();
    await expect(toastRegion.getByText('That notification was not found.', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('unread-dot')).toHaveCount(3);
  });

  test("the demo client's real notifications are listed with their unread count", async ({ page }) => {
    await signIn(page, DEMO.client);
    const list = (await (await page.request.get('/api/notifications')).json()) as { items: Item[]; unreadCount: number };
    const badge = page.getByTestId('notification-badge');
    if (list.unreadCount > 0) await expect(badge).toHaveText(list.unreadCount > 99 ? '99+' : String(list.unreadCount));
    else await expect(badge).toHaveCount(0);
    await mainNav(page).getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    if (list.items.length === 0) {
      await expect(panel.getByText('No notifications yet')).toBeVisible();
      return;
    }
    await expect(panel.getByRole('listitem')).toHaveCount(list.items.length);
    await expect(panel.getByTestId('unread-dot')).toHaveCount(list.items.filter((n) => !n.read).length);
    await expect(panel.locator('time').first()).toHaveText(/ago$/);
  });
});

test.describe('site footer', () => {
  const FOOTER = [
    ['Help', '/support'],
    ['Privacy', '/privacy'],
    ['Terms', '/terms'],
    ['Accessibility', '/accessibility'],
    ['Contact', 'mailto:support@inkhaven.test'],
  ] as const;

  test('every page, server-rendered and hydrated, ends with the footer landmark and its links', async ({ page, request }) => {
    for (const path of ['/', '/artists', '/support', '/this/page/does-not-exist']) {
      // In the server's HTML, before any JavaScript.
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<footer[^>]*>[\s\S]*href="\/privacy"[\s\S]*<\/footer>/);
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toHaveCount(1);
      for (const [name, href] of FOOTER) await expect(footer.getByRole('link', { name, exact: true }), `${path} ${name}`).toHaveAttribute('href', href);
    }
    await signIn(page, DEMO.client, undefined, '/dashboard');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('fits the screen, works with the keyboard, and passes axe', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      const privacy = footer.getByRole('link', { name: 'Privacy' });
      await waitForHydrated(privacy);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      for (const [name] of FOOTER) {
        const box = await footer.getByRole('link', { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
        // Comfortable touch targets.
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      await privacy.focus();
      await page.keyboard.press('Tab');
      await expect(footer.getByRole('link', { name: 'Terms' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, '/privacy on a phone');
    });
  });
});

test.describe('privacy, terms and accessibility pages', () => {
  for (const [path, title] of [
    ['/privacy', 'Privacy'],
    ['/terms', 'Terms of use'],
    ['/accessibility', 'Accessibility statement'],
  ] as const) {
    test(`${path} is a public page with its head data, in the sitemap, and passes axe`, async ({ page, request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title} | Inkhaven</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+${path}">`));
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(await (await request.get('/sitemap.xml')).text()).toContain(`${path}</loc>`);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoSeriousAxeViolations(page, path);
    });
  }

  test('the privacy page names what is stored, and lets this device change its analytics answer', async ({ page }) => {
    await page.goto('/privacy');
    for (const heading of ['Your account and signing in', 'Bookings, photos and reviews', 'Deposits and payments', 'Usage analytics, only if you allow them', 'Error reports and server logs', 'How long we keep it']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator('#bookings')).toContainText('EXIF');
    await expect(page.locator('#payments')).toContainText('Stripe');
    // The fixture answered "No thanks" for this browser; changing it brings the question back.
    const analytics = page.locator('#analytics');
    await expect(analytics).toContainText('you said no to analytics');
    const change = analytics.getByRole('button', { name: 'Change my analytics choice' });
    await waitForHydrated(change);
    await change.click();
    await expect(page.getByRole('region', { name: 'Help us improve Inkhaven' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBeNull();
  });
});

test.describe('honest links', () => {
  /** Same-origin links on the page as it is now, without in-page anchors and the session endpoints. */
  async function linksOn(page: Page): Promise<string[]> {
    const hrefs = await page.locator('a[href]').evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).href));
    const origin = new URL(page.url()).origin;
    return hrefs
      .map((href) => new URL(href))
      .filter((url) => url.origin === origin && url.pathname !== '/api/logout')
      .map((url) => `${url.pathname}${url.search}`);
  }

  test('from /, the footer and feature pages and the signed-in home and dashboard, every link answers 200 and none is a placeholder', async ({ page }) => {
    test.setTimeout(240_000);
    const found = new Map<string, string>();
    const collect = async (path: string, ready: () => Promise<void> = hydrated) => {
      await page.goto(path);
      await ready();
      for (const link of await linksOn(page)) if (!found.has(link)) found.set(link, path);
    };
    const hydrated = () => waitForHydrated(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }));
    // Checked signed in, so a link to a protected placeholder renders the placeholder rather than the sign-in gate.
    const checkAll = async (label: string) => {
      const failures: string[] = [];
      for (const [link, from] of found) {
        const res = await page.request.get(link);
        const body = await res.text();
        if (res.status() !== 200) failures.push(`${link} (on ${from}) answered ${res.status()}`);
        else if (body.includes('data-placeholder="coming-soon"')) failures.push(`${link} (on ${from}) is a coming-soon page`);
      }
      expect(failures, label).toEqual([]);
      expect(found.size, label).toBeGreaterThan(10);
    };
    const dashboardLoaded = async () => {
      await hydrated();
      // The dashboard's bookings load after the page: wait for them before reading the links.
      await expect(page.locator('main a[href^="/bookings/"]').first()).toBeVisible();
    };

    for (const path of ['/', '/support', '/privacy', '/terms', '/accessibility', '/virtual-consultations', ...FEATURE_PAGE_PATHS]) await collect(path);

    await signIn(page, DEMO.client);
    await collect('/home');
    await collect('/dashboard', dashboardLoaded);
    await checkAll('visitor and client');

    found.clear();
    await page.context().clearCookies();
    await signIn(page, DEMO.artist);
    await collect('/home');
    await collect('/dashboard', dashboardLoaded);
    await checkAll('artist');
  });
});

test('a profile reads "Black Anchor Tattoo Co., New York": no gap between the studio link and its comma', async ({ page }) => {
  await page.goto('/artists/marcus-bell');
  const studio = page.getByRole('link', { name: 'Black Anchor Tattoo Co.' }).first();
  await expect(studio).toBeVisible();
  // The rendered distance between the link's last letter and the comma after it (a flex gap showed as a space).
  const gap = await studio.evaluate((link) => {
    const comma = link.nextSibling;
    if (!comma || comma.nodeType !== Node.TEXT_NODE || !comma.textContent?.startsWith(',')) return null;
    const range = document.createRange();
    range.setStart(comma, 0);
    range.setEnd(comma, 1);
    return range.getBoundingClientRect().left - link.getBoundingClientRect().right;
  });
  expect(gap).not.toBeNull();
  expect(Math.abs(gap!)).toBeLessThan(1);
  await expect(studio.locator('..')).toContainText('Black Anchor Tattoo Co., New York');
});

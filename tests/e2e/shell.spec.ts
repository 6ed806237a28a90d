import type { Page } from '@playwright/test';
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

  test('a client sees Messages, Video Calls, the AI generator and the bell', async ({ page }) => {
    await signIn(page, DEMO.client);
    const nav = mainNav(page);
    for (const name of ['Home', 'All Artists', 'Tattoo Artists', 'Piercing Artists', 'Messages', 'Video Calls', 'AI Tattoo Generator', 'Sign Out']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Video Calls' })).toHaveAttribute('href', '/consultations');
    await expect(nav.getByRole('link', { name: 'AI Tattoo Generator' })).toHaveAttribute('href', '/ai-generator');
    await expect(nav.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });

  test('an artist does not see the browse links nor the AI generator', async ({ page }) => {
    await signIn(page, DEMO.artist);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Video Calls', exact: true })).toBeVisible();
    for (const name of ['All Artists', 'Tattoo Artists', 'Piercing Artists', 'AI Tattoo Generator']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
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
    const calls: Array<{ method: string; path: string; csrf: string | null }> = [];
    await page.route(/\/api\/notifications(\/.*)?$/, async (route) => {
      const req = route.request();
      const path = new URL(req.url()).pathname;
      if (req.method() !== 'GET') calls.push({ method: req.method(), path, csrf: req.headers()['x-csrf-token'] ?? null });
      if (req.method() === 'GET') {
        const unread = opts.unreadCount ?? items.filter((n) => !n.read).length;
        return route.fulfill({ json: { items, unreadCount: unread } });
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
    { id: 'n1', type: 'booking', title: 'Booking confirmed', message: 'Rosa confirmed your session.', read: false, createdAt: ago(20_000), actionUrl: '/bookings/abc', actionLabel: 'View booking' },
    { id: 'n2', type: 'message', title: 'New message from Rosa', message: 'Two sketch options are ready.', read: false, createdAt: ago(5 * 60_000), actionUrl: '/messages', actionLabel: null },
    { id: 'n3', type: 'review', title: 'How did it turn out?', message: 'Share a review.', read: true, createdAt: ago(3 * 3_600_000), actionUrl: null, actionLabel: null },
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
    await expect(panel.getByRole('link', { name: 'View', exact: true })).toHaveAttribute('href', '/messages');

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
    await expect(page).toHaveURL(/\/messages$/);

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

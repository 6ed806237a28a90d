import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousAxeViolations, signIn } from './shell-helpers.ts';

/**
 * Issue 11 §3 "Offline that can be trusted" (docs/decisions/0015): what a signed-in client has seen
 * stays readable offline with a "Saved <time>" note, they stay signed in, navigation offline lands on
 * saved pages or a helpful offline page, everything refreshes on reconnect without a reload, and
 * signing out removes the saved data from the device.
 *
 * Unlike the other signed-in specs, the service worker runs here: it is what answers offline.
 */

test.use({ timezoneId: 'America/New_York' });

type BookingSummary = { id: string; status: string; service: { name: string }; artist: { displayName: string } };

/** Waits until the page's service worker is active and controls the page (reloading once if needed). */
async function waitForControllingWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** What the device keeps for offline use: the owner's id and the saved query paths (without creating the database). */
async function savedData(page: Page): Promise<{ owner: string | null; paths: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ owner: string | null; paths: string[] }>((resolve, reject) => {
        const request = indexedDB.open('inkhaven-offline');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve({ owner: null, paths: [] });
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['owner', 'queries'], 'readonly');
          const owner = tx.objectStore('owner').get('owner');
          const queries = tx.objectStore('queries').getAll();
          tx.oncomplete = () => {
            db.close();
            resolve({
              owner: (owner.result as { userId?: string } | undefined)?.userId ?? null,
              paths: (queries.result as Array<{ queryKey: unknown[] }>).map((q) => String(q.queryKey[0])),
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

const SAVED_NOTE = /^Saved (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T\./;

test('a signed-in client reads saved bookings offline, stays signed in, and everything refreshes on reconnect; signing out removes the saved data', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('pwa-prompt-dismissed', String(Date.now())));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const nav = page.getByRole('navigation', { name: 'Main' });
  const signedInCorner = nav.getByRole('link', { name: 'Sign Out' });

  await page.goto('/');
  await waitForControllingWorker(page);
  await signIn(page, DEMO.client);

  // Seen online: the dashboard and one booking.
  await page.goto('/dashboard');
  const upcoming = page.getByRole('list', { name: 'Upcoming' });
  const visitedLink = upcoming.getByRole('link', { name: /^View booking: Half-day session with Rosa Delgado/ }).first();
  await expect(visitedLink).toBeVisible();
  const visitedId = (await visitedLink.getAttribute('href'))!.split('/').pop()!;
  const mine = (await (await page.request.get('/api/bookings?as=client&scope=upcoming')).json()) as { items: BookingSummary[] };
  const unvisited = mine.items.find((b) => b.id !== visitedId)!;
  expect(unvisited).toBeTruthy();
  await visitedLink.click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${visitedId}$`));
  const bookingHeading = page.getByRole('heading', { level: 1, name: /Half-day session with Rosa Delgado/ });
  await expect(bookingHeading).toBeVisible();
  await expect(page.getByTestId('saved-note')).toHaveCount(0);
  // And the artist's profile, from the booking.
  const artistHref = (await page.getByRole('heading', { level: 1 }).getByRole('link', { name: 'Rosa Delgado' }).getAttribute('href'))!;
  await page.goto(artistHref);
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Delgado' })).toBeVisible();
  // A page the server rendered saves its data once the browser is idle.
  await expect.poll(async () => (await savedData(page)).paths).toContain(`/api/artists/${artistHref.split('/').pop()}?view=profile`);
  await page.goBack();
  await expect(bookingHeading).toBeVisible();
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string; firstName: string };
  await expect
    .poll(async () => savedData(page))
    .toEqual({ owner: me.id, paths: expect.arrayContaining(['/api/auth/user', `/api/bookings/${visitedId}`, '/api/bookings?as=client&scope=upcoming']) });
  // Never health answers (consent forms), and nothing else from /api/auth.
  const { paths } = await savedData(page);
  expect(paths.filter((p) => p.includes('/consent') || (p.startsWith('/api/auth') && p !== '/api/auth/user'))).toEqual([]);

  await context.setOffline(true);

  // Reloading the booking offline: it renders from the saved data, says so, and the user is still signed in.
  await page.reload();
  await expect(bookingHeading).toBeVisible();
  await expect(page.getByTestId('saved-note')).toHaveText(SAVED_NOTE);
  await expectNoSeriousAxeViolations(page, 'a saved booking offline');
  await expect(signedInCorner).toBeVisible();
  await expect(nav.getByText(`Welcome, ${me.firstName}`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  // A change needs a connection, and says so instead of failing silently.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This needs a connection');
  await dialog.getByRole('button', { name: 'Not now' }).click();

  // A link click offline goes to a saved page.
  await page.getByRole('link', { name: 'All bookings' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bookings' })).toBeVisible();
  await expect(upcoming.getByRole('link', { name: /^View booking: Half-day session with Rosa Delgado/ }).first()).toBeVisible();
  await expect(page.getByTestId('saved-note')).toHaveText(SAVED_NOTE);

  // A full navigation to the dashboard offline: the same.
  await page.goto('/dashboard');
  await expect(upcoming.getByRole('link', { name: /^View booking: Half-day session with Rosa Delgado/ }).first()).toBeVisible();
  await expect(page.getByTestId('saved-note')).toHaveText(SAVED_NOTE);
  await expect(signedInCorner).toBeVisible();

  // A profile seen while signed in: readable offline, and the offline notice says when it was saved.
  await page.goto(artistHref);
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Delgado' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText(/Saved \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T\./);
  await expect(signedInCorner).toBeVisible();

  // A booking never opened: the offline page (not the sign-in form), which lists what is saved.
  await page.goto(`/bookings/${unvisited.id}`);
  await expect(page).toHaveURL(new RegExp(`/bookings/${unvisited.id}$`));
  const offlinePanel = page.getByTestId('offline-panel');
  await expect(offlinePanel.getByRole('heading', { name: 'This booking is not saved on this device' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in' })).toHaveCount(0);
  await expect(signedInCorner).toBeVisible();
  await expect(offlinePanel.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the offline page');
  await offlinePanel.getByRole('link', { name: 'Half-day session with Rosa Delgado' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${visitedId}$`));
  await expect(bookingHeading).toBeVisible();
  await expect(page.getByTestId('saved-note')).toHaveText(SAVED_NOTE);

  // Back online: the booking is fetched again without a reload, and the note goes away.
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  const refetched = page.waitForResponse((res) => res.url().endsWith(`/api/bookings/${visitedId}`) && res.status() === 200);
  await context.setOffline(false);
  await refetched;
  await expect(page.getByTestId('saved-note')).toHaveCount(0);
  await expect(bookingHeading).toBeVisible();
  await expect(signedInCorner).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The unvisited booking's offline page retries by itself on reconnecting.
  await context.setOffline(true);
  await page.goto(`/bookings/${unvisited.id}`);
  await expect(page.getByTestId('offline-panel')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: `${unvisited.service.name} with ${unvisited.artist.displayName}` })).toBeVisible();
  await expect(page.getByTestId('offline-panel')).toHaveCount(0);

  // Signing out empties the saved data: offline afterwards, nothing of this user is shown.
  await signedInCorner.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(async () => savedData(page)).toEqual({ owner: null, paths: [] });
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByTestId('offline-panel')).toBeVisible();
  await expect(page.getByText('Half-day session with Rosa Delgado')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await context.setOffline(false);
  expect(pageErrors).toEqual([]);
});

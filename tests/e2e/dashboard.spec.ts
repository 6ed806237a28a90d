import type { APIRequestContext, Page } from '@playwright/test';
import { noisyImage } from '../support/image-fixtures.ts';
import { DEMO, expect, expectNoSeriousAxeViolations, person, signIn, test, waitForHydrated } from './shell-helpers.ts';

/**
 * The dashboards, booking settings, payment setup, /reviews and the admin dashboard, against the
 * demo seed: Casey (the demo client) has a confirmed Half-day session with Rosa Delgado ahead, a
 * Helix piercing request with Jun, and a completed Small tattoo with Rosa not reviewed yet.
 */

type Booking = { id: string; status: string; depositStatus: string; service: { name: string } };

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  return { 'X-CSRF-Token': csrfToken };
}

/** Whole weeks (Monday to Monday, in `zone`) from this week to the week of `iso`. */
function weeksFromNow(iso: string, zone: string): number {
  const day = (t: string | number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(t));
  const monday = (key: string) => {
    const d = new Date(`${key}T00:00:00Z`);
    return d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  };
  return Math.round((monday(day(iso)) - monday(day(Date.now()))) / (7 * 86_400_000));
}

const toastText = (page: Page, text: string) => page.getByRole('region', { name: /Notifications \(F8\)/ }).getByText(text, { exact: true });

test.describe('dashboards', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('the client dashboard lists upcoming and past bookings in the client zone, linking to each booking', async ({ page }) => {
    await signIn(page, DEMO.client);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your bookings' })).toBeVisible();
    await expect(page.getByText('Times are shown in your time zone (Europe/Berlin).')).toBeVisible();

    const upcoming = page.getByRole('list', { name: 'Upcoming' });
    const halfDay = upcoming.getByRole('listitem').filter({ hasText: 'Half-day session with Rosa Delgado' }).first();
    await expect(halfDay).toBeVisible();
    await expect(halfDay.getByText('Confirmed', { exact: true })).toBeVisible();
    // The artist's picture (or monogram) beside the booking; decorative, as the name is written next to it.
    await expect(halfDay.locator('img[src^="/uploads/"], span[aria-hidden="true"]:text-is("RD")').first()).toBeVisible();
    const helix = upcoming.getByRole('listitem').filter({ hasText: /Helix piercing with / }).first();
    await expect(helix.getByText('Requested', { exact: true })).toBeVisible();

    // The time is the API's instant written in Berlin time.
    const api = (await (await page.request.get('/api/bookings?as=client&scope=upcoming')).json()) as { items: Array<Booking & { startsAt: string; artist: { displayName: string } }> };
    const confirmed = api.items.find((b) => b.service.name === 'Half-day session' && b.status === 'confirmed')!;
    const berlin = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(confirmed.startsAt));
    await expect(upcoming.locator(`time[datetime="${confirmed.startsAt}"]`)).toHaveText(berlin);
    await expect(upcoming.getByRole('link', { name: 'View booking: Half-day session with Rosa Delgado' }).first()).toHaveAttribute('href', /^\/bookings\/[0-9a-f-]{36}$/);

    const past = page.getByRole('list', { name: 'Past' });
    // Other specs leave cancelled bookings with the same artist and service in "Past": pick the completed one.
    const smallTattoo = past
      .getByRole('listitem')
      .filter({ hasText: 'Small tattoo (up to 3 in) with Rosa Delgado' })
      .filter({ has: page.getByText('Completed', { exact: true }) })
      .first();
    await expect(smallTattoo).toBeVisible();
    await expect(page.getByRole('region', { name: 'Waitlists' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/dashboard (client)');

    // The past booking's link opens its booking page.
    await smallTattoo.getByRole('link', { name: /^View booking/ }).click();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  });

  test('the dashboards fit a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, DEMO.client);
    await page.goto('/dashboard');
    await expect(page.getByRole('list', { name: 'Upcoming' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Past' }).getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const view = page.getByRole('list', { name: 'Upcoming' }).getByRole('link', { name: /^View booking/ }).first();
    const box = await view.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectNoSeriousAxeViolations(page, '/dashboard on a phone');

    // The artist's dashboard too: tabs scroll inside their row, the calendar stacks its days.
    await page.context().clearCookies();
    await signIn(page, DEMO.artist);
    await page.goto('/dashboard?tab=calendar');
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deposits' }).getByRole('list', { name: 'Recent payments' })).toBeVisible();
    // Each deposit is in one figure only (issue 11: a forfeited deposit was also counted as received): they add up to what was paid in.
    const figures = page.getByTestId('deposit-figures');
    await expect(figures.getByText('Received', { exact: true })).toBeVisible();
    const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
    const amounts = (await figures.locator('dd.text-xl').allTextContents()).map(dollars);
    const paidIn = await page.getByText(/^Each deposit is counted once, where it ended up: clients have paid \$[\d,.]+ in deposits in all\.$/).textContent();
    expect(amounts.reduce((a, b) => a + b, 0)).toBeCloseTo(dollars(paidIn!.split('paid ')[1]!), 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, '/dashboard (artist) on a phone');
  });

  test('the artist answers a new request from the dashboard and finds it under deposits due and in the calendar', async ({ page: artist, browser }) => {
    test.setTimeout(120_000);
    // The client's request, made through the API (the booking spec covers the booking flow's pages).
    const { context: clientContext, page: client } = await person(browser, 'America/New_York');
    await signIn(client, DEMO.client);
    await signIn(artist, DEMO.artist);
    const rosa = (await (await artist.request.get('/api/artists/profile/me')).json()) as { id: string; timezone: string };
    const profile = (await (await client.request.get(`/api/artists/${rosa.id}`)).json()) as { services: Array<{ id: string; name: string; kind: string; depositCents: number }> };
    const service = profile.services.find((s) => s.name === 'Small tattoo (up to 3 in)')!;
    const slots = (await (await client.request.get(`/api/artists/${rosa.id}/availability?serviceId=${service.id}&limit=20`)).json()) as { slots: Array<{ startsAt: string }> };
    expect(slots.slots.length).toBeGreaterThan(0);
    const idea = `Dashboard test ${Date.now()}: a small paper plane, fine line, on the ankle.`;
    const created = await client.request.post('/api/bookings', {
      headers: { ...(await csrf(client.request)), 'Idempotency-Key': `dashboard-${Date.now()}` },
      data: { artistId: rosa.id, serviceId: service.id, startsAt: slots.slots[slots.slots.length - 1]!.startsAt, idea, clientTimezone: 'America/New_York', acceptPolicy: true },
    });
    expect(created.status()).toBe(201);
    const booking = (await created.json()) as Booking & { startsAt: string };
    expect(booking.status).toBe('requested');
    await clientContext.close();

    await artist.goto('/dashboard');
    await expect(artist.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(artist.getByText(`(${rosa.timezone})`).first()).toBeVisible();
    const tools = artist.getByRole('navigation', { name: 'Artist tools' });
    for (const [name, href] of [
      ['Profile and services', '/dashboard/profile'],
      ['Availability', '/dashboard/availability'],
      ['Booking settings', '/dashboard/booking-settings'],
      ['Payment setup', '/artist/payment-setup'],
    ] as const)
      await expect(tools.getByRole('link', { name })).toHaveAttribute('href', href);
    await expect(artist.getByRole('tab', { name: /^Requests/ })).toHaveAttribute('aria-selected', 'true');

    const requests = artist.getByRole('list', { name: 'Requests to answer' });
    const item = requests.getByRole('listitem').filter({ hasText: idea });
    await expect(item).toBeVisible();
    await expect(item.getByText(/^Answer by /)).toBeVisible();
    await expect(artist.getByRole('region', { name: 'Deposits' })).toBeVisible();
    await expectNoSeriousAxeViolations(artist, '/dashboard (artist)');

    // The private calendar feed: created on first use, then reset; the old address stops working.
    const feed = artist.getByRole('region', { name: 'Calendar feed' });
    const address = feed.getByLabel('Private calendar feed address');
    const create = feed.getByRole('button', { name: 'Create a calendar link' });
    await expect(address.or(create)).toBeVisible();
    if (await create.isVisible()) await create.click();
    await expect(address).toHaveValue(/\/api\/calendar\/[^/]+\.ics$/);
    const oldUrl = await address.inputValue();
    const ics = await artist.request.get(oldUrl);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await feed.getByRole('button', { name: 'Reset link' }).click();
    await feed.getByRole('button', { name: 'Yes, reset the link' }).click();
    await expect(address).not.toHaveValue(oldUrl);
    await expect(address).toHaveValue(/\/api\/calendar\/[^/]+\.ics$/);
    expect((await artist.request.get(oldUrl)).status()).toBe(404);

    await waitForHydrated(item.getByRole('button', { name: 'Accept' }));
    await item.getByRole('button', { name: 'Accept' }).click();
    const dialog = artist.getByRole('dialog', { name: 'Accept this request' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Message to the client (optional)').fill('Happy to do this one. See you soon!');
    await expectNoSeriousAxeViolations(artist, 'accept dialog on the dashboard');
    await dialog.getByRole('button', { name: 'Accept request' }).click();
    await expect(toastText(artist, 'Request accepted')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(item).toBeHidden();

    const after = (await (await artist.request.get(`/api/bookings/${booking.id}`)).json()) as Booking & { artistMessage: string | null };
    expect(after.status).toBe(service.depositCents > 0 ? 'awaiting_deposit' : 'confirmed');
    expect(after.artistMessage).toBe('Happy to do this one. See you soon!');

    if (service.depositCents > 0) {
      await artist.getByRole('tab', { name: /^Deposits due/ }).click();
      await expect(artist).toHaveURL(/\?tab=deposits$/);
      const due = artist.getByRole('list', { name: 'Deposits due' }).getByRole('listitem').filter({ has: artist.locator(`a[href="/bookings/${booking.id}"]`) });
      await expect(due.getByText('Awaiting deposit', { exact: true })).toBeVisible();
      await expect(due.getByRole('button', { name: 'Deposit received' })).toBeVisible();
    }

    // The calendar: week of today in Rosa's zone; the keyboard walks days and pages to the booking's week.
    await artist.getByRole('tab', { name: 'Calendar' }).click();
    const grid = artist.getByRole('grid');
    await expect(grid).toHaveAccessibleName(/^Week of .*, bookings in America\/New_York$/);
    const focused = grid.locator('[role="gridcell"][tabindex="0"]');
    await expect(focused).toHaveAttribute('aria-label', /, today: /);
    await focused.focus();
    await artist.keyboard.press('ArrowRight');
    await expect(grid.locator('[role="gridcell"]:focus')).not.toHaveAttribute('aria-label', /, today: /);
    await artist.keyboard.press('ArrowLeft');
    await expect(grid.locator('[role="gridcell"]:focus')).toHaveAttribute('aria-label', /, today: /);
    for (let i = 0; i < weeksFromNow(booking.startsAt, rosa.timezone); i++) await artist.keyboard.press('PageDown');
    const chip = grid.locator(`a[href="/bookings/${booking.id}"]`);
    await expect(chip).toContainText(service.depositCents > 0 ? 'Awaiting deposit' : 'Confirmed');
    // Enter reaches the day's bookings; Escape goes back to the day.
    await grid.locator('[role="gridcell"]', { has: artist.locator(`a[href="/bookings/${booking.id}"]`) }).focus();
    await artist.keyboard.press('Enter');
    await expect(grid.locator('a:focus')).toHaveCount(1);
    await artist.keyboard.press('Escape');
    await expect(grid.locator('[role="gridcell"]:focus')).toHaveCount(1);
    await expectNoSeriousAxeViolations(artist, 'dashboard calendar');
    await artist.getByRole('button', { name: 'Month' }).click();
    await expect(grid).toHaveAccessibleName(/^Month of /);
    await expect(grid.getByRole('columnheader', { name: 'Mon' })).toBeVisible();
  });

  test('booking settings save and show the server answer', async ({ page }) => {
    await signIn(page, DEMO.artist);
    const me = (await (await page.request.get('/api/artists/profile/me')).json()) as { id: string };
    const original = (await (await page.request.get(`/api/artists/${me.id}/booking-settings`)).json()) as Record<string, unknown>;

    await page.goto('/dashboard/booking-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking settings' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Booking settings' });
    await waitForHydrated(form.getByRole('button', { name: 'Save booking settings' }));
    await expectNoSeriousAxeViolations(page, '/dashboard/booking-settings');

    // Out of bounds: the form refuses it before anything is sent.
    await form.getByLabel('Notice for changes').fill('30');
    await form.getByRole('button', { name: 'Save booking settings' }).click();
    await expect(form.getByText('notice must be between 48 and 72 hours')).toBeVisible();
    await expect(form.getByLabel('Notice for changes')).toBeFocused();

    await form.getByLabel('Notice for changes').fill('60');
    await form.getByLabel('Reschedules allowed').fill('1');
    await form.getByLabel('Flash designs book instantly').check();
    await form.getByLabel('Deposit instructions').fill('Cash or card at the front desk within two days of acceptance.');
    await form.getByRole('button', { name: 'Save booking settings' }).click();
    await expect(form.getByRole('status')).toContainText('Booking settings saved');

    const saved = (await (await page.request.get(`/api/artists/${me.id}/booking-settings`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ noticeHours: 60, maxReschedules: 1, instantBookFlash: true, depositInstructions: 'Cash or card at the front desk within two days of acceptance.' });
    await page.reload();
    await expect(page.getByRole('form', { name: 'Booking settings' }).getByLabel('Notice for changes')).toHaveValue('60');

    // Leave the demo artist as the other specs expect to find her.
    const { calendarFeedUrl: _feed, ...restore } = original;
    const put = await page.request.put(`/api/artists/${me.id}/booking-settings`, { headers: await csrf(page.request), data: restore });
    expect(put.status()).toBe(200);
  });

  test('payment setup says deposits are paid at the studio and edits the instructions', async ({ page }) => {
    await signIn(page, DEMO.artist);
    await page.goto('/artist/payment-setup');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment setup' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Deposits are paid at the studio — card payments are not configured on this server' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Stripe/ })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Deposit instructions' });
    await waitForHydrated(form.getByRole('button', { name: 'Save instructions' }));
    await expectNoSeriousAxeViolations(page, '/artist/payment-setup');
    const before = await form.getByLabel('Deposit instructions').inputValue();
    await form.getByLabel('Deposit instructions').fill('Pay the deposit in cash at Black Anchor, any day before the appointment.');
    await form.getByRole('button', { name: 'Save instructions' }).click();
    await expect(form.getByRole('status')).toHaveText('Instructions saved. New bookings show them to the client.');
    const setup = (await (await page.request.get('/api/payments/setup')).json()) as { mode: string; depositInstructions: string };
    expect(setup).toEqual({ mode: 'studio', stripe: null, depositInstructions: 'Pay the deposit in cash at Black Anchor, any day before the appointment.' });
    await form.getByLabel('Deposit instructions').fill(before);
    await form.getByRole('button', { name: 'Save instructions' }).click();
    await expect(form.getByRole('status')).toBeVisible();
  });

  test('the client reviews the completed booking with half stars; it then appears under "Written by me"', async ({ page }) => {
    await signIn(page, DEMO.client);
    await page.goto('/dashboard');
    // The dashboard offers the review on the completed booking and opens it on /reviews.
    const past = page.getByRole('list', { name: 'Past' });
    await past.getByRole('link', { name: 'Write a review: Small tattoo (up to 3 in) with Rosa Delgado' }).first().click();
    await expect(page).toHaveURL(/\/reviews\?booking=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Review of Small tattoo (up to 3 in) with Rosa Delgado' });
    await expect(form).toBeVisible();
    await waitForHydrated(form.getByRole('button', { name: 'Publish review' }));
    await expectNoSeriousAxeViolations(page, '/reviews with the form open');

    // Nothing chosen: the form says what is missing.
    await form.getByRole('button', { name: 'Publish review' }).click();
    await expect(form.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    // Errors read as sentences: a capital letter and a full stop, whatever the schema's wording.
    await expect(form.getByText('Add a short headline.', { exact: true })).toBeVisible();
    await expect(form.getByText('Tell others a little more (at least 20 characters).', { exact: true })).toBeVisible();

    // The stars are a radio group: pick 4 stars, then step up half a star with the keyboard.
    const rating = form.getByRole('group', { name: 'Your rating' });
    await rating.locator('label', { hasText: '4 stars' }).click();
    await expect(rating.getByRole('radio', { name: '4 stars', exact: true })).toBeChecked();
    await rating.getByRole('radio', { name: '4 stars', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: '4.5 stars' })).toBeChecked();
    await expect(rating.getByText('4.5 out of 5 stars — Very good')).toBeVisible();

    await form.getByLabel('Headline').fill('Tiny, crisp and healed beautifully');
    await form.getByLabel('Your review').fill('Rosa made the crescent moon exactly the size I wanted and the lines are so clean. Calm studio, great aftercare notes.');
    await form.getByLabel('What stood out most (optional)').selectOption('Artistry');
    // A photo of the healed piece, with the words a screen reader will say for it.
    await form.getByLabel(/^What the next photo shows/).fill('Healed crescent moon on the inner wrist');
    await form.locator('input[type="file"]').setInputFiles({ name: 'healed.jpg', mimeType: 'image/jpeg', buffer: await noisyImage() });
    await expect(form.getByRole('list', { name: 'Photos on this review' }).getByRole('img', { name: 'Healed crescent moon on the inner wrist' })).toBeVisible();
    await form.getByRole('button', { name: 'Publish review' }).click();
    await expect(toastText(page, 'Review published')).toBeVisible();

    const written = page.getByRole('list', { name: 'Reviews written by me' });
    const mine = written.getByRole('listitem').filter({ hasText: 'Tiny, crisp and healed beautifully' });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
    await expect(mine.getByText('Verified Booking')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Healed crescent moon on the inner wrist' })).toBeVisible();
    await expect(page.getByRole('form', { name: /^Review of Small tattoo/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, '/reviews after writing');
  });

  test('the artist sees the review under "Received" and replies once', async ({ page }) => {
    await signIn(page, DEMO.artist);
    await page.goto('/reviews');
    const received = page.getByRole('list', { name: 'Reviews I received' });
    const review = received.getByRole('listitem').filter({ hasText: 'Tiny, crisp and healed beautifully' });
    await expect(review.getByText('Verified Booking')).toBeVisible();
    const reply = review.getByRole('form', { name: /^Reply to / });
    await waitForHydrated(reply.getByRole('button', { name: 'Post reply' }));
    await expectNoSeriousAxeViolations(page, '/reviews (artist)');
    await reply.getByLabel('Your reply').fill('Thank you, Casey! Enjoy the moon.');
    await reply.getByRole('button', { name: 'Post reply' }).click();
    await expect(review.getByText('Thank you, Casey! Enjoy the moon.')).toBeVisible();
    await expect(review.getByRole('form', { name: /^Reply to / })).toHaveCount(0);
  });

  test('the admin dashboard lists the mail outbox and the job queue; others get a clear 403', async ({ page }) => {
    await signIn(page, DEMO.client);
    await page.goto('/admin-dashboard');
    await expect(page.getByRole('alert')).toContainText('403 — you do not have access. This area is for administrators only.');

    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    // The booking answered above wrote mail through the job worker; without SMTP it stays in the outbox.
    await expect.poll(async () => ((await (await page.request.get('/api/admin/outbox')).json()) as { items: unknown[] }).items.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const first = ((await (await page.request.get('/api/admin/outbox')).json()) as { items: Array<{ to: string; subject: string; text: string }> }).items[0]!;

    await page.goto('/admin-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    const outbox = page.getByRole('region', { name: 'Mail outbox' });
    const table = outbox.getByRole('table', { name: 'Mail outbox, newest first' });
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('cell').first()).toHaveText(first.to);
    await expect(row.getByRole('button', { name: first.subject })).toBeVisible();
    await waitForHydrated(row.getByRole('button', { name: first.subject }));
    await row.getByRole('button', { name: first.subject }).click();
    await expect(row.getByRole('button', { name: first.subject })).toHaveAttribute('aria-expanded', 'true');
    await expect(table.locator('pre').first()).toContainText(first.text.split('\n')[0]!);

    const jobs = page.getByRole('region', { name: 'Background jobs' });
    await expect(jobs.getByText('done', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin tools' }).getByRole('link', { name: 'Error telemetry' })).toHaveAttribute('href', '/admin/telemetry');
    // /admin/perf is live (issue 14 §3): the dashboard links to it.
    await expect(page.getByRole('navigation', { name: 'Admin tools' }).getByRole('link', { name: 'Performance' })).toHaveAttribute('href', '/admin/perf');
    await expectNoSeriousAxeViolations(page, '/admin-dashboard');
  });
});

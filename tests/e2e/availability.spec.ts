import { DEMO, expect, expectNoSeriousAxeViolations, signIn, test, waitForHydrated } from './shell-helpers.ts';

type Slot = { startsAt: string; endsAt: string };

/** A local date `days` from today in a zone, "YYYY-MM-DD". */
function dayIn(zone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

test.describe('availability', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('the profile shows the next available times in the visitor zone, naming both zones', async ({ page, request }) => {
    const search = (await (await request.get('/api/artists?q=Rosa%20Delgado')).json()) as { items: Array<{ id: string; slug: string; timezone: string }> };
    const rosa = search.items[0]!;
    expect(rosa.timezone).toBe('America/New_York');

    await page.goto(`/artists/${rosa.slug}`);
    const section = page.getByRole('region', { name: 'Next available' });
    await expect(section).toBeVisible();
    await expect(section.getByTestId('zone-note')).toHaveText('Times shown in your time zone (Europe/Berlin); the artist works in America/New_York.');
    const times = section.getByRole('list', { name: 'Next available times' }).locator('time');
    await expect(times.first()).toBeVisible();
    const n = await times.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(6);

    // Each time is the API's slot, written in Berlin time.
    const api = (await (await request.get(`/api/artists/${rosa.id}/availability?limit=6`)).json()) as { slots: Slot[] };
    for (let i = 0; i < n; i++) {
      const iso = await times.nth(i).getAttribute('datetime');
      expect(iso).toBe(api.slots[i]!.startsAt);
      const berlin = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso!));
      await expect(times.nth(i)).toHaveText(berlin);
    }
    await expect(section.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^/book/${rosa.id}\\?serviceId=[0-9a-f-]{36}&startsAt=`));
    await expectNoSeriousAxeViolations(page, 'profile with next available');
  });

  test('search filters by available dates and sorts by soonest availability, kept in the URL', async ({ page }) => {
    const from = dayIn('UTC', 8);
    const to = dayIn('UTC', 12);
    await page.goto('/artists');
    const form = page.getByRole('search', { name: 'Artist search' });
    await waitForHydrated(form.getByRole('button', { name: 'Search' }));
    await form.getByLabel('Available from').fill(from);
    await form.getByLabel('Available to').fill(to);
    await form.getByLabel('Sort by').selectOption({ label: 'Soonest available' });
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`availableFrom=${from}&availableTo=${to}.*sort=soonest`));
    const results = page.getByRole('region', { name: 'Results' });
    const notes = results.getByText(/^Next available /);
    await expect(notes.first()).toBeVisible();
    expect(await notes.count()).toBeGreaterThan(1);
    await expect(form.getByLabel('Available from')).toHaveValue(from);
    await expectNoSeriousAxeViolations(page, '/artists by availability');
  });

  test('an artist edits weekly hours and adds a day off on /dashboard/availability', async ({ page }) => {
    await signIn(page, DEMO.artist);
    await page.goto('/dashboard/availability');
    await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    const hoursForm = page.getByRole('form', { name: 'Weekly hours and booking rules' });
    await waitForHydrated(hoursForm.getByRole('button', { name: 'Save hours and rules' }));
    await expectNoSeriousAxeViolations(page, '/dashboard/availability');

    const me = (await (await page.request.get('/api/artists/profile/me')).json()) as { id: string };
    const monday = hoursForm.getByRole('group', { name: 'Monday' });
    // Start from a closed Monday, whatever an earlier run left.
    while ((await monday.getByRole('button', { name: /^Remove Monday/ }).count()) > 0) await monday.getByRole('button', { name: /^Remove Monday/ }).first().click();
    await expect(monday.getByText('Closed')).toBeVisible();

    await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
    await monday.getByLabel('Opens on Monday').fill('09:00');
    await monday.getByLabel('Closes on Monday').fill('13:00');
    await hoursForm.getByLabel('Buffer between appointments').fill('20');
    await hoursForm.getByRole('button', { name: 'Save hours and rules' }).click();
    await expect(hoursForm.getByRole('status')).toContainText('Availability saved');

    let settings = (await (await page.request.get(`/api/artists/${me.id}/availability-settings`)).json()) as { weeklyHours: Record<string, string[][]>; bufferMinutes: number; timezone: string };
    expect(settings.weeklyHours['1']).toEqual([['09:00', '13:00']]);
    expect(settings.bufferMinutes).toBe(20);

    // The form shows what was saved after a reload.
    await page.reload();
    await waitForHydrated(hoursForm.getByRole('button', { name: 'Save hours and rules' }));
    await expect(monday.getByLabel('Opens on Monday')).toHaveValue('09:00');
    await expect(monday.getByLabel('Closes on Monday')).toHaveValue('13:00');

    // A day off three weeks ahead: no open times that day.
    const day = dayIn(settings.timezone, 21);
    const timeOff = page.getByRole('form', { name: 'Add time off' });
    await timeOff.getByLabel('First day off').fill(day);
    await timeOff.getByLabel('Note (optional)').fill('Tattoo convention');
    await timeOff.getByRole('button', { name: 'Add time off' }).click();
    const section = page.getByRole('region', { name: 'Days off and holidays' });
    await expect(section.getByRole('status')).toContainText('Time off added');
    const list = section.getByRole('list', { name: 'Planned time off' });
    await expect(list).toContainText('Tattoo convention');
    const open = (await (await page.request.get(`/api/artists/${me.id}/availability?from=${day}&to=${day}`)).json()) as { slots: Slot[] };
    expect(open.slots).toEqual([]);
    await expectNoSeriousAxeViolations(page, '/dashboard/availability with entries');

    // On a phone the page fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Clean up: remove the day off and close Monday again.
    const entry = list.getByRole('listitem').filter({ hasText: 'Tattoo convention' });
    while ((await entry.count()) > 0) {
      await entry.first().getByRole('button', { name: /^Delete time off/ }).click();
      await expect(section.getByRole('status')).toContainText('Time off removed');
    }
    await monday.getByRole('button', { name: /^Remove Monday/ }).first().click();
    await hoursForm.getByLabel('Buffer between appointments').fill('15');
    await hoursForm.getByRole('button', { name: 'Save hours and rules' }).click();
    await expect(hoursForm.getByRole('status')).toContainText('Availability saved');
    settings = (await (await page.request.get(`/api/artists/${me.id}/availability-settings`)).json()) as typeof settings;
    expect(settings.weeklyHours['1']).toBeUndefined();
  });
});

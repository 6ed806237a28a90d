import type { Page } from '@playwright/test';
import type { TBookingList } from '../../src/shared/contracts/bookings.ts';
import { jpegImage } from '../support/image-fixtures.ts';
import { DEMO, expect, expectNoSeriousAxeViolations, person, signIn, test, waitForHydrated } from './shell-helpers.ts';

/**
 * Aftercare (issue 13 §2): the demo client's completed tattoo has its plan (seeded); the client files
 * "how is it healing?" with a photo from the booking page, a warning sign shows the seek-care advice
 * and the one-tap message to the artist, and the artist sees the check-in with its photo.
 */

async function completedTattoo(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/bookings?scope=past')).json()) as TBookingList;
  const booking = list.items.find((b) => b.status === 'completed' && b.service.kind === 'tattoo');
  if (!booking) throw new Error('the demo client has no completed tattoo session');
  return booking.id;
}

test('a client checks in with a photo; a warning sign offers care advice and a message; the artist sees it', async ({ page: client, browser }) => {
  test.setTimeout(120_000);
  await signIn(client, DEMO.client);
  const bookingId = await completedTattoo(client);
  await client.goto(`/bookings/${bookingId}`);
  await client.getByRole('link', { name: /Aftercare plan and .how is it healing/ }).click();
  await expect(client).toHaveURL(new RegExp(`/bookings/${bookingId}/aftercare$`));
  await expect(client.getByRole('heading', { level: 1, name: /^Aftercare:/ })).toBeVisible();
  await expect(client.getByRole('heading', { name: 'Days 1-3: fresh wound' })).toBeVisible();

  const note = `Some peeling on day three, itchy but fine (${Date.now().toString(36)})`;
  const form = client.getByRole('form', { name: 'How is it healing?' });
  await waitForHydrated(form.getByRole('button', { name: 'Send check-in' }));
  await form.getByRole('radio', { name: 'Good' }).check();
  await form.getByLabel('Anything else? (optional)').fill(note);
  await form.locator('input[type="file"]').setInputFiles({ name: 'healing.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(640, 480, '#c2410c') });
  await expect(form.getByRole('img', { name: 'Photo 1 to send' })).toBeVisible();
  await form.getByRole('button', { name: 'Send check-in' }).click();
  await expect(client.getByRole('status').filter({ hasText: 'Check-in sent' })).toBeVisible();
  const mine = client.getByTestId('check-in').filter({ hasText: note });
  await expect(mine.getByRole('img', { name: /Healing photo 1/ })).toBeVisible();
  await expectNoSeriousAxeViolations(client, 'aftercare page with a check-in');

  // A warning sign: the advice and a one-tap message to the artist.
  await form.getByRole('radio', { name: 'Worried' }).check();
  await form.getByRole('checkbox', { name: 'Red streaks spreading from the site' }).check();
  await form.getByRole('button', { name: 'Send check-in' }).click();
  const alert = client.getByRole('alert').filter({ hasText: 'Seek care if symptoms persist beyond 48 hours.' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: /^Message .* about this$/ }).click();
  await expect(alert.getByText(/^Sent to /)).toBeVisible();
  await expectNoSeriousAxeViolations(client, 'aftercare page with a warning');

  const { context, page: artist } = await person(browser, 'America/New_York');
  await signIn(artist, DEMO.artist);
  await artist.goto(`/bookings/${bookingId}`);
  await artist.getByRole('link', { name: /Aftercare plan and the client.s healing check-ins/ }).click();
  const seen = artist.getByTestId('check-in').filter({ hasText: note });
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('img', { name: /Healing photo 1/ })).toBeVisible();
  // The photo loads for the artist (private, served after checking who asks).
  await expect.poll(() => seen.getByRole('img', { name: /Healing photo 1/ }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(artist.getByRole('alert').filter({ hasText: 'The client reported warning signs.' }).first()).toBeVisible();
  await expect(artist.getByRole('form', { name: 'How is it healing?' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(artist, 'aftercare page as the artist');
  await context.close();
});

import type { Page } from '@playwright/test';
import { flashSessionService } from '../../src/shared/flash-session.ts';
import { noisyImage } from '../support/image-fixtures.ts';
import { DEMO, expect, expectNoSeriousAxeViolations, person, signIn, test, waitForHydrated } from './shell-helpers.ts';

const photo = (width?: number, height?: number) => noisyImage(width, height);

const status = (page: Page) => page.getByTestId('booking-status');
const toastText = (page: Page, text: string) => page.getByRole('region', { name: /Notifications \(F8\)/ }).getByText(text, { exact: true });

/** Reloads the booking page and waits until its buttons answer clicks. */
async function openBooking(page: Page, id: string) {
  await page.goto(`/bookings/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Where it stands' })).toBeVisible();
}

test.describe('booking', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('client requests a session, the artist accepts, the deposit is paid at the studio, both see it confirmed, the client reschedules', async ({ page: client, browser }) => {
    test.setTimeout(180_000);
    const { context: artistContext, page: artist } = await person(browser, 'America/New_York');

    await signIn(artist, DEMO.artist);
    const rosa = (await (await artist.request.get('/api/artists/profile/me')).json()) as { id: string; displayName: string; timezone: string };
    await signIn(client, DEMO.client);

    // --- The client's request -----------------------------------------------------------------
    await client.goto(`/book/${rosa.id}`);
    await expect(client.getByRole('heading', { level: 1, name: `Book with ${rosa.displayName}` })).toBeVisible();
    await expect(client.getByText('Step 1 of 4')).toBeVisible();
    const steps = client.getByRole('navigation', { name: 'Booking steps' });
    await expect(steps.getByRole('button', { name: /What to book/ })).toHaveAttribute('aria-current', 'step');
    await waitForHydrated(client.getByRole('button', { name: 'Continue' }));
    await expectNoSeriousAxeViolations(client, 'booking flow: what');

    // Continue without a choice says what is missing.
    await client.getByRole('button', { name: 'Continue' }).click();
    await expect(client.getByText('Choose what you would like to book.')).toBeVisible();
    const session = client.getByRole('radio', { name: /^Small tattoo/ });
    await session.check();
    await client.getByRole('button', { name: 'Continue' }).click();

    await expect(client.getByRole('heading', { level: 2, name: 'Your idea' })).toBeFocused();
    await client.getByRole('button', { name: 'Continue' }).click();
    await expect(client.getByText('Describe your idea in a sentence or two (at least 10 characters).')).toBeVisible();
    await expect(client.getByRole('textbox', { name: /^Your idea/ })).toBeFocused();
    await client.getByRole('textbox', { name: /^Your idea/ }).fill('A swallow in flight with a thin banner that reads “home”, fine line.');
    await client.getByLabel('Placement (optional)').fill('Left collarbone');
    await client.getByLabel('Size (optional)').fill('About 3 × 2 in');
    await client.getByRole('radio', { name: 'Black and grey' }).check();

    // A file that is not a photo is refused before anything is sent.
    const references = client.getByLabel('Reference photos', { exact: true });
    await references.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(client.getByRole('alert').filter({ hasText: '“notes.txt” is not a photo we can read' })).toBeVisible();
    // A real photo is uploaded with progress and shows as a thumbnail.
    const uploaded = client.waitForResponse((r) => r.url().endsWith('/api/bookings/uploads') && r.request().method() === 'POST');
    await references.setInputFiles({ name: 'swallow.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    expect((await uploaded).status()).toBe(201);
    await expect(client.getByRole('img', { name: 'Reference photos 1' })).toBeVisible();
    await expect(client.getByRole('status').filter({ hasText: 'Photo added.' })).toBeVisible();
    await expectNoSeriousAxeViolations(client, 'booking flow: details');

    // A reload keeps every answer (the draft lives in this tab).
    await client.reload();
    await expect(client.getByRole('textbox', { name: /^Your idea/ })).toHaveValue(/A swallow in flight/);
    await expect(client.getByRole('img', { name: 'Reference photos 1' })).toBeVisible();
    await waitForHydrated(client.getByRole('button', { name: 'Continue' }));
    await client.getByRole('button', { name: 'Continue' }).click();

    // Times are shown in the client's zone, naming the artist's; two weeks ahead leaves room for the notice rule.
    await expect(client.getByRole('heading', { level: 2, name: 'Pick a time' })).toBeVisible();
    await expect(client.getByTestId('zone-note')).toHaveText(`Times in your zone (Europe/Berlin). The artist works in ${rosa.timezone}.`);
    await client.getByRole('button', { name: 'Next week' }).click();
    await client.getByRole('button', { name: 'Next week' }).click();
    const times = client.getByRole('radiogroup', { name: 'Open times' }).getByRole('radio');
    await expect(times.first()).toBeAttached();
    await expectNoSeriousAxeViolations(client, 'booking flow: time');
    const firstTime = times.first();
    const chosenStart = await firstTime.getAttribute('value');
    expect(chosenStart).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await firstTime.check();
    await expect(firstTime).toBeChecked();
    // The hour as Berlin shows it (a range may leave out the first AM/PM, so compare the digits).
    const berlinHour = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: 'numeric', minute: '2-digit' }).format(new Date(chosenStart!)).replace(/\s?[AP]M$/, '');
    await client.getByRole('button', { name: 'Continue' }).click();

    // The policy: deposit paid at the studio (no Stripe keys on this server), notice, reschedules, cancellation.
    await expect(client.getByRole('heading', { level: 2, name: 'Policy and confirm' })).toBeVisible();
    const policy = client.getByRole('region', { name: 'The artist’s booking policy' });
    await expect(policy.getByText(/^At the studio: card payments are not set up/)).toBeVisible();
    await expect(policy.getByText(/hours: changes and cancellations need at least this much notice/)).toBeVisible();
    await expect(policy.getByText(/^Up to 2 times/)).toBeVisible();
    const summary = client.getByRole('region', { name: 'Your booking' });
    await expect(summary.locator(`time[datetime="${chosenStart}"]`)).toContainText(berlinHour);
    await expect(summary).toContainText('(your time, Europe/Berlin)');
    await expect(summary.getByText('1 photo attached')).toBeVisible();
    await expectNoSeriousAxeViolations(client, 'booking flow: confirm');
    await client.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(client.getByText('Please read and accept the booking policy.')).toBeVisible();
    await client.getByLabel('I have read and accept the booking policy above.').check();

    const created = client.waitForRequest((r) => r.url().endsWith('/api/bookings') && r.method() === 'POST');
    await client.getByRole('button', { name: 'Confirm booking' }).click();
    const request = await created;
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.postDataJSON()).toMatchObject({ artistId: rosa.id, startsAt: chosenStart, clientTimezone: 'Europe/Berlin', colour: 'black_and_grey', acceptPolicy: true });
    await expect(client).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    const bookingId = new URL(client.url()).pathname.split('/').pop()!;
    await expect(status(client)).toHaveText('Requested');
    await expect(client.getByRole('list', { name: 'Booking history' })).toContainText('Booking requested');
    await expect(client.getByRole('img', { name: 'Reference photo 1' })).toBeVisible();
    await expect(client.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
    // The request opened its conversation (issue 12): the page links to it.
    await expect(client.getByRole('link', { name: `Message ${rosa.displayName} about this booking` })).toHaveAttribute('href', /^\/messages\/[0-9a-f-]{36}$/);
    // Where: the studio, its address, a map and directions (OpenStreetMap), and how to reach the artist.
    const where = client.getByTestId('booking-where');
    await expect(where.getByRole('link', { name: 'Black Anchor Tattoo Co.', exact: true })).toHaveAttribute('href', '/studios/black-anchor-tattoo-co');
    await expect(where).toContainText('245 Grand St, Brooklyn, NY 11211');
    await expect(where.getByRole('link', { name: /^Map of Black Anchor Tattoo Co\. on OpenStreetMap/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=40\.7\d*&mlon=-73\.9\d*/);
    await expect(where.getByRole('link', { name: /^Directions to Black Anchor Tattoo Co\./ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/directions\?to=40\.7/);
    const reach = client.getByRole('list', { name: `How to reach ${rosa.displayName}` });
    await expect(reach.getByRole('link', { name: /@rosa\.delgado\.ink/ })).toHaveAttribute('href', 'https://www.instagram.com/rosa.delgado.ink/');
    await expectNoSeriousAxeViolations(client, 'booking page: requested (client)');

    // --- The artist accepts --------------------------------------------------------------------
    await openBooking(artist, bookingId);
    await expect(status(artist)).toHaveText('Requested');
    // The artist sees the client's time in their own zone (New York) and the client's zone named.
    await expect(artist.getByText('Client’s time (Europe/Berlin)')).toBeVisible();
    await waitForHydrated(artist.getByRole('button', { name: 'Accept' }));
    await expectNoSeriousAxeViolations(artist, 'booking page: requested (artist)');
    await artist.getByRole('button', { name: 'Accept' }).click();
    const accept = artist.getByRole('dialog', { name: 'Accept this request?' });
    await expect(accept).toBeVisible();
    await expect(accept.getByLabel(/^Message to /)).toBeVisible();
    await expectNoSeriousAxeViolations(artist, 'accept dialog');
    await accept.getByLabel(/^Message to /).fill('Love this idea — see you then!');
    await accept.getByRole('button', { name: 'Accept request' }).click();
    await expect(accept).toBeHidden();
    await expect(status(artist)).toHaveText('Awaiting deposit');
    await expect(toastText(artist, 'Request accepted')).toBeVisible();

    // --- The client sees the deposit due, with the studio's instructions ----------------------------
    await openBooking(client, bookingId);
    await expect(status(client)).toHaveText('Awaiting deposit');
    await expect(client.getByTestId('deposit-status')).toHaveText('Due now');
    const due = client.getByTestId('studio-deposit');
    await expect(due).toContainText('Pay the');
    await expect(due).toContainText('deposit at the studio');
    await expect(client.getByRole('region', { name: 'Where it stands' })).toContainText(`${rosa.displayName} wrote: Love this idea — see you then!`);

    // --- The artist marks the deposit received -----------------------------------------------------
    await openBooking(artist, bookingId);
    await waitForHydrated(artist.getByRole('button', { name: 'Mark deposit received' }));
    await artist.getByRole('button', { name: 'Mark deposit received' }).click();
    const received = artist.getByRole('dialog', { name: 'Mark the deposit as received?' });
    await received.getByRole('button', { name: /received$/ }).click();
    await expect(received).toBeHidden();
    await expect(status(artist)).toHaveText('Confirmed');
    await expect(artist.getByTestId('deposit-status')).toHaveText('Paid');

    await openBooking(client, bookingId);
    await expect(status(client)).toHaveText('Confirmed');
    await expect(client.getByTestId('deposit-status')).toHaveText('Paid');
    await expect(client.getByRole('table', { name: 'Deposit payments' })).toContainText('Deposit paid');
    await expect(client.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/bookings/${bookingId}/calendar.ics`);
    const history = client.getByRole('list', { name: 'Booking history' });
    for (const step of ['Booking requested', 'Accepted by the artist', 'Deposit received', 'Confirmed']) await expect(history).toContainText(step);
    await expectNoSeriousAxeViolations(client, 'booking page: confirmed (client)');

    // A cancellation well ahead of the notice would refund the deposit: the dialog says so (and is left unused).
    await waitForHydrated(client.getByRole('button', { name: 'Cancel booking' }));
    await client.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = client.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(cancel.getByTestId('cancel-outcome')).toContainText('deposit is refunded in full');
    await cancel.getByRole('button', { name: 'Not now' }).click();
    await expect(cancel).toBeHidden();
    await expect(client.getByRole('button', { name: 'Cancel booking' })).toBeFocused();

    // --- The client reschedules --------------------------------------------------------------------
    await client.getByRole('button', { name: 'Reschedule' }).click();
    const move = client.getByRole('dialog', { name: 'Move this booking' });
    await expect(move.getByTestId('reschedule-count')).toContainText('0 of 2 reschedules used');
    // The dialog opens on the booking's own week (two weeks ahead), not on this one.
    await expect(move.getByTestId('week-label')).not.toContainText('This week');
    await expect(move.getByRole('button', { name: 'Previous week' })).toBeEnabled();
    await move.getByRole('button', { name: 'Next week' }).click();
    const newTimes = move.getByRole('radiogroup', { name: 'New time' }).getByRole('radio');
    await expect(newTimes.first()).toBeAttached();
    const newTime = newTimes.first();
    const newStart = await newTime.getAttribute('value');
    expect(newStart).not.toBe(chosenStart);
    await newTime.check();
    await expectNoSeriousAxeViolations(client, 'reschedule dialog');
    await move.getByRole('button', { name: /^Move to / }).click();
    await expect(move).toBeHidden();
    await expect(toastText(client, 'Booking moved')).toBeVisible();
    await expect(client.getByTestId('reschedules-used')).toHaveText('1 of 2 used');
    await expect(status(client)).toHaveText('Confirmed');
    await expect(client.locator('header time')).toHaveAttribute('datetime', newStart!);

    // --- The artist sees the new time; completing is offered only once the appointment has started ----
    await openBooking(artist, bookingId);
    await expect(status(artist)).toHaveText('Confirmed');
    await expect(artist.getByRole('list', { name: 'Booking history' })).toContainText('Rescheduled');
    await expect(artist.locator('header time')).toHaveAttribute('datetime', newStart!);
    await waitForHydrated(artist.getByRole('button', { name: 'Cancel booking' }));
    await expect(artist.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);
    await expect(artist.getByRole('button', { name: 'Mark as no-show' })).toHaveCount(0);
    await artist.getByRole('button', { name: 'Cancel booking' }).click();
    const artistCancel = artist.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(artistCancel.getByTestId('cancel-outcome')).toContainText('The client’s deposit of');
    await expect(artistCancel.getByTestId('cancel-outcome')).toContainText('is refunded in full');
    await artistCancel.getByRole('button', { name: 'Not now' }).click();
    await expectNoSeriousAxeViolations(artist, 'booking page: confirmed (artist)');

    // Back from a card payment page: the banner says where the deposit stands.
    await client.goto(`/bookings/${bookingId}?deposit=success`);
    await expect(client.getByRole('status').filter({ hasText: 'Deposit paid — your booking is confirmed.' })).toBeVisible();

    // The API agrees with what both pages show.
    const detail = (await (await client.request.get(`/api/bookings/${bookingId}`)).json()) as { status: string; rescheduleCount: number; startsAt: string; ledger: Array<{ kind: string; method: string }> };
    expect(detail).toMatchObject({ status: 'confirmed', rescheduleCount: 1, startsAt: newStart });
    expect(detail.ledger).toEqual([expect.objectContaining({ kind: 'deposit_paid', method: 'studio' })]);

    await artistContext.close();
  });

  test('a time taken while the client confirms sends them back to fresh times with the reason', async ({ page: client, browser }) => {
    test.setTimeout(120_000);
    const { context: artistContext, page: artist } = await person(browser, 'America/New_York');
    const { context: otherContext, page: other } = await person(browser, 'America/New_York');
    await signIn(artist, DEMO.artist);
    await signIn(other, DEMO.piercer);
    await signIn(client, DEMO.client);
    const rosa = (await (await artist.request.get('/api/artists/profile/me')).json()) as { id: string; services: Array<{ id: string; name: string }> };

    await client.goto(`/book/${rosa.id}`);
    await waitForHydrated(client.getByRole('button', { name: 'Continue' }));
    await client.getByRole('radio', { name: /^Small tattoo/ }).check();
    await client.getByRole('button', { name: 'Continue' }).click();
    await client.getByRole('textbox', { name: /^Your idea/ }).fill('Three tiny stars in a row behind the ear.');
    await client.getByRole('button', { name: 'Continue' }).click();
    for (let i = 0; i < 4; i++) await client.getByRole('button', { name: 'Next week' }).click();
    const times = client.getByRole('radiogroup', { name: 'Open times' }).getByRole('radio');
    await expect(times.first()).toBeAttached();
    const taken = (await times.first().getAttribute('value'))!;
    await times.first().check();
    await client.getByRole('button', { name: 'Continue' }).click();
    await client.getByLabel('I have read and accept the booking policy above.').check();

    // Meanwhile someone else asks for the same time and the artist accepts them: the time is held.
    const csrf = async (page: Page) => ((await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken;
    const serviceId = ((await (await client.request.get(`/api/artists/${rosa.id}`)).json()) as { services: Array<{ id: string; name: string }> }).services.find((s) => s.name.startsWith('Small tattoo'))!.id;
    const theirs = await other.request.post('/api/bookings', {
      headers: { 'x-csrf-token': await csrf(other), 'idempotency-key': crypto.randomUUID() },
      data: { artistId: rosa.id, serviceId, startsAt: taken, idea: 'The same time, for a tiny heart outline.', acceptPolicy: true },
    });
    expect(theirs.status()).toBe(201);
    const theirId = ((await theirs.json()) as { id: string }).id;
    const accepted = await artist.request.post(`/api/bookings/${theirId}/accept`, { headers: { 'x-csrf-token': await csrf(artist) }, data: {} });
    expect(accepted.status()).toBe(200);

    await client.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(client.getByRole('heading', { level: 2, name: 'Pick a time' })).toBeVisible();
    await expect(client.getByRole('alert').filter({ hasText: /no longer available/ })).toBeVisible();
    await expect(client.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name: /Pick a time/ })).toHaveAttribute('aria-current', 'step');
    // The fresh list no longer offers the taken time; another one goes through.
    await expect(times.first()).toBeAttached();
    await expect(client.locator(`input[value="${taken}"]`)).toHaveCount(0);
    await times.first().check();
    await client.getByRole('button', { name: 'Continue' }).click();
    await client.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(client).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    await expect(status(client)).toHaveText('Requested');

    // Leave the demo data as it was: both requests are withdrawn.
    const mine = new URL(client.url()).pathname.split('/').pop()!;
    expect((await client.request.post(`/api/bookings/${mine}/cancel`, { headers: { 'x-csrf-token': await csrf(client) }, data: {} })).status()).toBe(200);
    expect((await other.request.post(`/api/bookings/${theirId}/cancel`, { headers: { 'x-csrf-token': await csrf(other) }, data: {} })).status()).toBe(200);
    await artistContext.close();
    await otherContext.close();
  });

  test('a completed booking leads its client to the review', async ({ page }) => {
    await signIn(page, DEMO.client);
    const past = (await (await page.request.get('/api/bookings?scope=past')).json()) as { items: Array<{ id: string; status: string }> };
    const completed = past.items.find((b) => b.status === 'completed');
    expect(completed, 'the demo client has a completed booking').toBeTruthy();
    const detail = (await (await page.request.get(`/api/bookings/${completed!.id}`)).json()) as { review: { headline: string } | null; allowedActions: string[] };
    expect(detail.allowedActions).toEqual([]);

    await openBooking(page, completed!.id);
    await expect(status(page)).toHaveText('Completed');
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'booking page: completed');
    // The dashboard spec reviews this booking; whichever ran first, the page shows the right thing.
    if (detail.review) {
      const review = page.getByRole('region', { name: 'Your review' });
      await expect(review).toContainText(detail.review.headline);
      await expect(page.getByRole('link', { name: 'Leave a review' })).toHaveCount(0);
    } else {
      const link = page.getByRole('link', { name: 'Leave a review' });
      await expect(link).toHaveAttribute('href', `/reviews?booking=${completed!.id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/reviews\\?booking=${completed!.id}$`));
      await expect(page.getByRole('form', { name: /^Review of / })).toBeVisible();
    }
  });

  test('after the appointment the artist marks it completed, and the client reviews it', async ({ page: client, browser }) => {
    test.setTimeout(120_000);
    const { context: artistContext, page: artist } = await person(browser, 'America/New_York');
    await signIn(artist, DEMO.artist);
    await signIn(client, DEMO.client);
    // The demo data has a half-day session that ended about a day ago and awaits completion.
    const past = (await (await artist.request.get('/api/bookings?as=artist&scope=past')).json()) as {
      items: Array<{ id: string; status: string; endsAt: string; service: { name: string }; client: { firstName: string } }>;
    };
    const held = past.items.find((b) => b.status === 'confirmed' && b.service.name === 'Half-day session' && Date.parse(b.endsAt) < Date.now());
    expect(held, 'the demo artist has an appointment that took place and is not marked yet').toBeTruthy();
    const id = held!.id;

    await openBooking(artist, id);
    await expect(status(artist)).toHaveText('Awaiting completion');
    const complete = artist.getByRole('button', { name: 'Mark as completed' });
    await waitForHydrated(complete);
    await complete.click();
    const dialog = artist.getByRole('dialog', { name: 'Mark this appointment as completed?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxeViolations(artist, 'booking page: complete dialog');
    await dialog.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(status(artist)).toHaveText('Completed');
    await expect(artist.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);

    // The client, in their own browser, now reviews the visit from the booking page.
    await openBooking(client, id);
    await expect(status(client)).toHaveText('Completed');
    const leave = client.getByRole('link', { name: 'Leave a review' });
    await waitForHydrated(leave);
    await leave.click();
    await expect(client).toHaveURL(new RegExp(`/reviews\\?booking=${id}$`));
    const form = client.getByRole('form', { name: 'Review of Half-day session with Rosa Delgado' });
    const publish = form.getByRole('button', { name: 'Publish review' });
    await waitForHydrated(publish);
    await form.getByRole('group', { name: 'Your rating' }).locator('label', { hasText: /^5 stars$/ }).click();
    await form.getByLabel('Headline').fill('The koi finally has its waves');
    await form.getByLabel('Your review').fill('Second sitting went as smoothly as the first: Rosa planned the shading so the waves flow into the older work.');
    await publish.click();
    await expect(toastText(client, 'Review published')).toBeVisible();
    await expect(client.getByRole('list', { name: 'Reviews written by me' }).getByRole('listitem').filter({ hasText: 'The koi finally has its waves' })).toBeVisible();

    // The booking page shows the review to both people, marked as from a verified booking.
    await openBooking(artist, id);
    await expect(artist.getByRole('region', { name: 'Review', exact: true })).toContainText('The koi finally has its waves');
    await artistContext.close();
  });

  test('a flash design link opens the flow with the design, its price and size', async ({ page }) => {
    await signIn(page, DEMO.client);
    const flash = (await (await page.request.get('/api/flash?status=available&limit=1')).json()) as {
      items: Array<{ id: string; title: string; priceCents: number; currency: string; size: 'small' | 'medium' | 'large'; artist: { id: string; displayName: string } }>;
    };
    const design = flash.items[0]!;
    const profile = (await (await page.request.get(`/api/artists/${design.artist.id}`)).json()) as { services: Array<{ id: string; name: string; kind: 'consultation' | 'tattoo' | 'piercing'; durationMinutes: number }> };
    // The design decides the session, by the rule the server applies too.
    const session = flashSessionService(profile.services, design.size)!;
    expect(session).toBeTruthy();
    const length = session.durationMinutes % 60 ? `${Math.floor(session.durationMinutes / 60)} h ${session.durationMinutes % 60} min` : `${session.durationMinutes / 60} h`;

    await page.goto(`/book/${design.artist.id}?flash=${design.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Book with ${design.artist.displayName}` })).toBeVisible();
    await expect(page.getByRole('img', { name: `Flash design: ${design.title}` })).toBeVisible();
    const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: design.currency, maximumFractionDigits: design.priceCents % 100 === 0 ? 0 : 2 }).format(design.priceCents / 100);
    await expect(page.getByText(new RegExp(`^${price.replace(/[$.]/g, '\\$&')} · (Small|Medium|Large)`))).toBeVisible();
    // The link's parameters move into the draft, so a reload keeps the design without them.
    await expect(page).toHaveURL(new RegExp(`/book/${design.artist.id}$`));
    // No session length to choose: the design's session is shown, and the step has no choice at all.
    await expect(page.getByTestId('flash-session')).toContainText(`Session: ${length}`);
    await expect(page.getByRole('group', { name: 'Which session is it for?' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'What to book' }).getByRole('radio')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'booking flow: flash design');
    await waitForHydrated(page.getByRole('button', { name: 'Continue' }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your idea' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Your idea/ }).fill('This design on my left forearm, please.');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Pick a time' })).toBeVisible();
    await expect(page.getByText(`Flash design “${design.title}”: ${length}.`)).toBeVisible();
    await page.reload();
    await page.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name: /What to book/ }).click();
    await expect(page.getByRole('img', { name: `Flash design: ${design.title}` })).toBeVisible();
    await expect(page.getByTestId('flash-session')).toContainText(`Session: ${length}`);
  });

  test('/booking lists the booking in progress; the flow fits a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.client);
    const search = (await (await page.request.get('/api/artists?q=Rosa%20Delgado')).json()) as { items: Array<{ id: string; displayName: string }> };
    const rosa = search.items[0]!;

    await page.goto('/booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Book an artist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find an artist' })).toHaveAttribute('href', '/artists');

    await page.goto(`/book/${rosa.id}`);
    await waitForHydrated(page.getByRole('button', { name: 'Continue' }));
    await page.getByRole('radio', { name: /^Consultation/ }).first().check();
    // A consultation asks how to meet.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Choose a video call or an in-person visit.')).toBeVisible();
    // The choice says where the call happens: in Inkhaven, once the artist accepts.
    await expect(page.getByText(/^From anywhere, right here in your browser: once the artist accepts/)).toBeVisible();
    await page.getByRole('radio', { name: /Video call/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: /^Your idea/ }).fill('Talk through a half sleeve of botanical line work.');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(page, 'booking flow on a phone');

    await page.goto('/booking');
    const drafts = page.getByRole('region', { name: 'Continue where you left off' });
    await expect(drafts.getByText(rosa.displayName)).toBeVisible();
    await expect(drafts.getByText('Step 2 of 4: Your idea')).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/booking');
    await drafts.getByRole('link', { name: `Continue booking with ${rosa.displayName}` }).click();
    await expect(page.getByRole('textbox', { name: /^Your idea/ })).toHaveValue('Talk through a half sleeve of botanical line work.');

    await page.goto('/booking');
    await waitForHydrated(drafts.getByRole('button', { name: `Discard booking with ${rosa.displayName}` }));
    await drafts.getByRole('button', { name: `Discard booking with ${rosa.displayName}` }).click();
    await expect(drafts.getByText('No booking in progress in this tab.')).toBeVisible();
  });
});

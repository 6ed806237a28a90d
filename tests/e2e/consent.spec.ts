import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { DEFAULT_CONSENT_QUESTIONS, type TBookingConsent, type TConsentQuestion } from '../../src/shared/contracts/consent.ts';
import { noisyImage } from '../support/image-fixtures.ts';
import { DEMO, DEMO_PASSWORD, expect, expectNoSeriousAxeViolations, person, signIn, test, TEST_PASSWORD, uniqueEmail, waitForHydrated } from './shell-helpers.ts';

const csrf = async (request: APIRequestContext) => ({ 'x-csrf-token': ((await (await request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken });

/** A new client account, signed in on this page (the request context shares its cookies). */
async function newClient(page: Page, firstName: string): Promise<void> {
  const created = await page.request.post('/api/auth/sign-up', { headers: await csrf(page.request), data: { firstName, email: uniqueEmail(firstName.toLowerCase()), password: TEST_PASSWORD } });
  expect(created.status()).toBe(201);
}

/** A tattoo session with the demo artist, requested by the page's client and confirmed by the artist (deposit received at the studio). */
async function confirmedSession(client: Page, artist: Page, idea: string): Promise<string> {
  const rosa = (await (await artist.request.get('/api/artists/profile/me')).json()) as { id: string };
  const profile = (await (await client.request.get(`/api/artists/${rosa.id}`)).json()) as { services: Array<{ id: string; name: string }> };
  const service = profile.services.find((s) => s.name.startsWith('Small tattoo'))!;
  const slots = (await (await client.request.get(`/api/artists/${rosa.id}/availability?serviceId=${service.id}&limit=40`)).json()) as { slots: Array<{ startsAt: string }> };
  // A random open time: runs that share a data directory do not compete for one slot.
  const slot = slots.slots[Math.floor(Math.random() * slots.slots.length)]!;
  const created = await client.request.post('/api/bookings', {
    headers: { ...(await csrf(client.request)), 'idempotency-key': crypto.randomUUID() },
    data: { artistId: rosa.id, serviceId: service.id, startsAt: slot.startsAt, idea, clientTimezone: 'Europe/Berlin', acceptPolicy: true },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await artist.request.post(`/api/bookings/${id}/accept`, { headers: await csrf(artist.request), data: {} })).status()).toBe(200);
  const paid = await artist.request.post(`/api/bookings/${id}/mark-deposit-paid`, { headers: await csrf(artist.request), data: {} });
  expect(paid.status()).toBe(200);
  expect(((await paid.json()) as { status: string }).status).toBe('confirmed');
  return id;
}

/**
 * Answers every question of the booking's template, as the page shows it. `keyboard`: each control
 * is focused and pressed with the space bar, never clicked. The text questions get `canary`.
 */
async function answerQuestions(page: Page, questions: readonly TConsentQuestion[], canary: string, keyboard: boolean): Promise<void> {
  const form = page.getByRole('form', { name: 'Consent form' });
  const press = async (control: Locator) => {
    if (!keyboard) return control.check();
    await control.focus();
    await page.keyboard.press('Space');
    await expect(control).toBeChecked();
  };
  for (const q of questions) {
    if (q.type === 'acknowledge') await press(form.getByRole('checkbox', { name: q.label }));
    else if (q.type === 'yes_no') await press(form.getByRole('group', { name: q.label }).getByRole('radio', { name: 'No' }));
    else if (q.type === 'choice') await press(form.getByRole('group', { name: q.label }).getByRole('radio').first());
    else {
      const box = form.getByRole('textbox', { name: q.label });
      if (keyboard) {
        await box.focus();
        await page.keyboard.type(canary);
      } else await box.fill(canary);
    }
  }
}

/** Every string the page's origin keeps in localStorage, IndexedDB and Cache Storage, as one text. */
async function browserStorageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      parts.push(key, localStorage.getItem(key) ?? '');
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of [...db.objectStoreNames]) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        parts.push(JSON.stringify(rows));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        parts.push(request.url, response ? await response.text() : '');
      }
    }
    return parts.join('\n');
  });
}

/**
 * axe on a page that runs no JavaScript (axe itself is a script): its HTML as the browser has it,
 * scripts taken out, served at the same origin (the same styles) in a page that can run axe.
 */
async function expectNoSeriousAxeViolationsWithoutScripts(browser: Browser, page: Page, label: string): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({ javaScriptEnabled: true });
  const copy = await context.newPage();
  const url = new URL('/axe-snapshot-of-a-page', page.url()).toString();
  await copy.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await copy.goto(url);
  await expectNoSeriousAxeViolations(copy, label);
  await context.close();
}

async function consentOf(page: Page, bookingId: string): Promise<TBookingConsent> {
  const res = await page.request.get(`/api/bookings/${bookingId}/consent`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TBookingConsent;
}

/** Two strokes across the pad with the mouse. */
async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 15, y + (i % 2 === 0 ? -25 : 25), { steps: 2 });
  await page.mouse.up();
  await page.mouse.move(box.x + 60, y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, y + 40, { steps: 8 });
  await page.mouse.up();
}

test.describe('consent forms', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('a client signs with the pointer; both see it signed; the artist downloads the PDF; nothing stays in the browser', async ({ page: client, browser }) => {
    test.setTimeout(180_000);
    const canary = `canary-pointer-${Date.now()}`;
    const { context: artistContext, page: artist } = await person(browser, 'America/New_York');
    await signIn(artist, DEMO.artist);
    await newClient(client, 'Penny');
    const bookingId = await confirmedSession(client, artist, 'Consent test: a small compass on the wrist, fine line.');

    // The booking asks for the form once it is confirmed.
    await client.goto(`/bookings/${bookingId}`);
    // The booking page waits for the viewer's zone (after hydration): slow on a busy machine.
    await expect(client.getByRole('heading', { level: 2, name: 'Where it stands' })).toBeVisible({ timeout: 30_000 });
    const panel = client.getByTestId('consent-panel');
    await expect(panel).toContainText('Consent not signed');
    await panel.getByRole('link', { name: 'Sign consent form' }).click();
    await expect(client).toHaveURL(`/consent-form?booking=${bookingId}`);
    const { template } = await consentOf(client, bookingId);
    const submit = client.getByRole('button', { name: 'Sign the consent form' });
    await waitForHydrated(submit);
    await expectNoSeriousAxeViolations(client, '/consent-form');

    // Signing with nothing filled in says what is missing, in words, and moves the focus there.
    await submit.click();
    await expect(client.getByRole('alert').filter({ hasText: 'before signing' })).toBeVisible();
    await expect(client.getByRole('link', { name: 'Date of birth', exact: true })).toBeVisible();
    await expect(client.getByText('Sign in the box, or choose “Type my name” to sign with your name.').first()).toBeVisible();

    await client.getByLabel('Date of birth', { exact: true }).fill('1990-05-17');
    await answerQuestions(client, template!.questions, canary, false);
    const uploaded = client.waitForResponse((r) => r.url().endsWith('/api/consent-forms/uploads') && r.request().method() === 'POST');
    await client.getByLabel('Photo of your ID (optional)').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await noisyImage() });
    expect((await uploaded).status()).toBe(201);
    await expect(client.getByRole('status').filter({ hasText: 'passport.jpg added.' })).toBeVisible();

    // A tap is not a signature; a drawn one is, and undo takes back the last stroke.
    const pad = client.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await client.mouse.click(box.x + 30, box.y + 30);
    await expect(pad).toHaveAttribute('aria-label', /^Your signature: empty/);
    await client.getByRole('button', { name: 'Clear your signature' }).click();
    await drawSignature(client, pad);
    await expect(pad).toHaveAttribute('aria-label', /^Your signature: signature drawn/);
    await expect(client.getByRole('status').filter({ hasText: 'Signature drawn.' })).toBeVisible();

    const signing = client.waitForRequest((r) => r.url().endsWith(`/api/bookings/${bookingId}/consent`) && r.method() === 'POST');
    await submit.click();
    const request = await signing;
    const body = request.postDataJSON() as { signature: { kind: string; png?: string }; dateOfBirth: string };
    expect(body.signature.kind).toBe('drawn');
    expect(body.signature.png).toMatch(/^data:image\/png;base64,/);
    expect(body.dateOfBirth).toBe('1990-05-17');
    // Health answers travel in the body only, never in the address.
    expect(request.url()).not.toContain(canary);
    expect((await request.response())!.status()).toBe(201);

    const signed = client.getByTestId('consent-signed');
    await expect(signed.getByRole('heading', { name: 'Consent signed' })).toBeVisible();
    await expect(client.getByTestId('consent-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(signed.getByText('Checked just now: the stored form is unchanged since it was signed.')).toBeVisible();
    await expect(signed.getByRole('link', { name: 'Download the signed form (PDF)' })).toHaveAttribute('href', /^\/api\/consent-forms\/[0-9a-f-]+\.pdf$/);
    await expectNoSeriousAxeViolations(client, '/consent-form (signed)');

    // The client's bookings say it is signed.
    await client.goto('/dashboard');
    await expect(client.getByTestId('consent-badge').first()).toHaveText('Consent signed');
    expect(await browserStorageText(client)).not.toContain(canary);

    // The artist sees it on the booking and downloads the PDF.
    await artist.goto(`/bookings/${bookingId}`);
    await expect(artist.getByRole('heading', { level: 2, name: 'Where it stands' })).toBeVisible({ timeout: 30_000 });
    const artistPanel = artist.getByTestId('consent-panel');
    await expect(artistPanel).toContainText('Consent signed');
    const download = artistPanel.getByRole('link', { name: 'Download the signed form (PDF)' });
    const href = (await download.getAttribute('href'))!;
    const pdf = await artist.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const [file] = await Promise.all([artist.waitForEvent('download'), download.click()]);
    const saved = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(await browserStorageText(artist)).not.toContain(canary);
    await artistContext.close();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a client signs with the keyboard alone by typing their name; under 18 a tattoo is refused first', async ({ page: client, browser }) => {
      test.setTimeout(180_000);
      const canary = `canary-keyboard-${Date.now()}`;
      const { context: artistContext, page: artist } = await person(browser, 'America/New_York');
      await signIn(artist, DEMO.artist);
      await newClient(client, 'Kiran');
      const bookingId = await confirmedSession(client, artist, 'Consent test: a line drawing of a fern along the forearm.');
      await artistContext.close();

      await client.goto(`/consent-form?booking=${bookingId}`);
      const { template, startsAt } = await consentOf(client, bookingId);
      await waitForHydrated(client.getByRole('button', { name: 'Sign the consent form' }));

      // Sixteen on the appointment day: refused before anything else is asked.
      const sixteen = `${Number(startsAt.slice(0, 4)) - 16}-01-01`;
      await client.getByLabel('Date of birth', { exact: true }).fill(sixteen);
      await expect(client.getByTestId('age-refusal')).toContainText('Tattoo clients must be 18 or older');
      await expect(client.getByRole('button', { name: 'Sign the consent form' })).toHaveCount(0);
      await expectNoSeriousAxeViolations(client, '/consent-form (refused)');
      await client.getByLabel('Date of birth', { exact: true }).fill('1988-11-02');
      await expect(client.getByTestId('age-refusal')).toHaveCount(0);

      await answerQuestions(client, template!.questions, canary, true);
      // The keyboard path: arrow from "Draw it" to "Type my name", tab to the name, type, Enter sends.
      await client.getByRole('radio', { name: 'Draw it' }).first().focus();
      await client.keyboard.press('ArrowRight');
      await expect(client.getByRole('radio', { name: 'Type my name' }).first()).toBeChecked();
      await client.keyboard.press('Tab');
      const name = client.getByRole('textbox', { name: 'Full name, typed as your signature' });
      await expect(name).toBeFocused();
      await client.keyboard.type(`Kiran ${canary}`);
      const signing = client.waitForResponse((r) => r.url().endsWith(`/api/bookings/${bookingId}/consent`) && r.request().method() === 'POST');
      await client.keyboard.press('Enter');
      const response = await signing;
      expect(response.status()).toBe(201);
      expect((response.request().postDataJSON() as { signature: unknown }).signature).toEqual({ kind: 'typed', name: `Kiran ${canary}` });
      await expect(client.getByTestId('consent-signed').getByRole('heading', { name: 'Consent signed' })).toBeVisible();
      expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Signing twice is refused by the server; the page shows the signed form instead of the form.
      await client.reload();
      await expect(client.getByTestId('consent-sha256')).toHaveText(/^[0-9a-f]{64}$/);
      await expect(client.getByRole('button', { name: 'Sign the consent form' })).toHaveCount(0);
      expect(await browserStorageText(client)).not.toContain(canary);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a client signs by typing their name, the ID photo in the same post; a refused post comes back with the answers kept', async ({ page: client, browser }) => {
      test.setTimeout(120_000);
      // The artist only calls the API, on their own requests context (which signs in by the API too).
      const artistContext = await browser.newContext({ javaScriptEnabled: true });
      const artist = await artistContext.newPage();
      expect((await artist.request.post('/api/auth/sign-in', { headers: await csrf(artist.request), data: { email: DEMO.artist, password: DEMO_PASSWORD } })).status()).toBe(200);
      await newClient(client, 'Noor');
      const bookingId = await confirmedSession(client, artist, 'Consent test: a small moon behind the ear, signed without JavaScript.');
      await artistContext.close();
      const { template } = await consentOf(client, bookingId);

      // The server renders the whole form; the typed name is the only signature offered.
      await client.goto(`/consent-form?booking=${bookingId}`);
      const form = client.getByRole('form', { name: 'Consent form' });
      await expect(form.getByRole('radio', { name: 'Draw it' })).toHaveCount(0);
      await form.getByLabel('Date of birth', { exact: true }).fill('1990-05-06');
      await answerQuestions(client, template!.questions, 'no-script answer', false);
      await form.getByLabel('Photo of your ID (optional)').setInputFiles({ name: 'my-id.jpg', mimeType: 'image/jpeg', buffer: await noisyImage() });
      // Sent without the signature: the page comes back, the answers and the photo kept.
      await form.getByRole('button', { name: 'Sign the consent form' }).click();
      await expect(client).toHaveURL(`/consent-form?booking=${bookingId}`);
      await expect(client.getByRole('alert').first()).toContainText('name');
      await expect(form.getByLabel('Date of birth', { exact: true })).toHaveValue('1990-05-06');
      await expect(form.getByRole('textbox', { name: template!.questions.find((q) => q.type === 'text')!.label })).toHaveValue('no-script answer');
      await expect(form.getByText('The photo you sent before added.')).toBeVisible();
      await expectNoSeriousAxeViolationsWithoutScripts(browser, client, '/consent-form (refused, no JavaScript)');

      await form.getByRole('textbox', { name: 'Full name, typed as your signature' }).fill('Noor Example');
      await form.getByRole('button', { name: 'Sign the consent form' }).click();
      await expect(client).toHaveURL(`/bookings/${bookingId}?done=consent-signed`);
      await expect(client.getByRole('status').filter({ hasText: 'your consent form is signed and sealed' })).toBeVisible();
      await expect(client.getByTestId('consent-panel')).toContainText('Consent signed');
      await expectNoSeriousAxeViolationsWithoutScripts(browser, client, '/bookings/{id} (signed, no JavaScript)');
      const signed = await consentOf(client, bookingId);
      expect(signed.status).toBe('signed');
      const data = (await (await client.request.get(`/api/consent-forms/${signed.signedFormId}`)).json()) as { signature: unknown; idImages: string[] };
      expect(data.signature).toEqual({ kind: 'typed', name: 'Noor Example' });
      expect(data.idImages).toEqual(['client']);
    });
  });

  test('the demo form sends and stores nothing, and shows the guardian section for a young piercing client', async ({ page }) => {
    test.setTimeout(180_000);
    const canary = `canary-demo-${Date.now()}`;
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.method() !== 'HEAD') writes.push(`${r.method()} ${r.url()}`);
    });
    await page.goto('/demo-consent-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Try the consent form' })).toBeVisible();
    await expect(page.getByTestId('demo-note')).toContainText('nothing you enter here is sent or stored');
    const submit = page.getByRole('button', { name: 'Try signing (nothing is sent)' });
    await waitForHydrated(submit);
    await expectNoSeriousAxeViolations(page, '/demo-consent-form');

    await page.getByRole('radio', { name: 'Piercing' }).check();
    await page.getByLabel('Date of birth', { exact: true }).fill(`${new Date().getFullYear() - 15}-03-04`);
    await expect(page.getByRole('heading', { name: 'Parent or guardian' })).toBeVisible();
    await answerQuestions(page, DEFAULT_CONSENT_QUESTIONS.piercing, canary, false);
    await page.getByLabel('Guardian’s full name').fill(`Alex ${canary}`);
    await page.getByLabel('Relationship to you').fill('Parent');
    await page.getByLabel('Photo of the guardian’s ID').setInputFiles({ name: 'guardian-id.jpg', mimeType: 'image/jpeg', buffer: await noisyImage() });
    await expect(page.getByRole('status').filter({ hasText: 'guardian-id.jpg added.' })).toBeVisible();
    await drawSignature(page, page.getByTestId('signature-pad').first());
    // Your own signature, typed.
    const signRegion = page.getByRole('region', { name: 'Sign', exact: true });
    await signRegion.getByRole('radio', { name: 'Type my name' }).check();
    await signRegion.getByRole('textbox', { name: 'Full name, typed as your signature' }).fill('Sam Demo');
    await expectNoSeriousAxeViolations(page, '/demo-consent-form (guardian)');
    await submit.click();
    await expect(page.getByTestId('demo-result')).toContainText('Nothing was sent.');
    expect(writes).toEqual([]);
    expect(await browserStorageText(page)).not.toContain(canary);
  });

  test('a piercer edits the piercing questions and saves them as a new version', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.piercer);
    await page.goto('/artist/consent-forms?kind=piercing');
    await expect(page.getByRole('heading', { level: 1, name: 'Consent forms' })).toBeVisible();
    const version = page.getByTestId('template-version');
    await expect(version).toBeVisible();
    const edit = page.getByRole('button', { name: 'Edit questions' });
    await waitForHydrated(edit);
    await expectNoSeriousAxeViolations(page, '/artist/consent-forms');
    await edit.click();

    const label = `Have you had a piercing here before? (${Date.now()})`;
    await page.getByRole('button', { name: 'Add a question' }).click();
    const rows = page.getByRole('form', { name: 'Edit the piercing consent questions' }).getByRole('listitem');
    const count = await rows.count();
    // The new question's wording field has the focus.
    await expect(page.getByLabel(`Question ${count}: wording`)).toBeFocused();
    // Saving it empty says what is wrong.
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'before saving' })).toBeVisible();
    // The focus went to the message; the question is filled in where it is.
    await page.getByLabel(`Question ${count}: wording`).fill(label);
    await page.getByRole('button', { name: `Move question ${count} up` }).click();
    await expect(page.getByLabel(`Question ${count - 1}: wording`)).toHaveValue(label);
    await expectNoSeriousAxeViolations(page, '/artist/consent-forms (editing)');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/artist/consent-templates/piercing') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    expect((await saved).status()).toBe(201);
    await expect(version).toHaveText(/^Version \d+, saved /);
    await expect(page.getByText(label)).toBeVisible();

    // The history lists the new version first, in force; an earlier one shows its questions, read-only.
    const history = page.getByRole('list', { name: 'Piercing consent form versions' }).getByTestId('template-history-item');
    const savedVersion = ((await version.textContent()) ?? '').match(/^Version (\d+)/)![1];
    await expect(history.first()).toContainText(`Version ${savedVersion}`);
    await expect(history.first()).toContainText('In force');
    const earlier = history.nth(1);
    await earlier.getByRole('button', { name: /^View questions/ }).click();
    await expect(earlier.getByRole('listitem').first()).toBeVisible();
    await expect(earlier.getByText(label)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, '/artist/consent-forms (versions)');
  });
});

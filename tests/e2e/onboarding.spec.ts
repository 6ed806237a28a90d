import type { Page } from '@playwright/test';
import { jpegImage } from '../support/image-fixtures.ts';
import { expect, expectNoSeriousAxeViolations, mainNav, signUp, test, waitForHydrated } from './shell-helpers.ts';

async function atStep(page: Page, n: number, title: string) {
  await expect(page.getByText(`Step ${n} of 8`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** A photo as a browser would pick it: a small JPEG made on the spot. */
async function photo(name: string, colour: string) {
  return { name, mimeType: 'image/jpeg', buffer: await jpegImage(640, 800, colour) };
}

test('a new user becomes an artist through the wizard, the nav switches and search finds them', async ({ page }) => {
  test.setTimeout(240_000); // a sign-up, the whole wizard with uploads, and search: it ran out of 120 s in CI under load
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `Juniper Quill ${suffix}`;
  const slug = `juniper-quill-${suffix}`;

  await signUp(page, 'Juniper');
  // A client's navigation: the browse links and their bookings.
  await expect(mainNav(page).getByRole('link', { name: 'All Artists' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Bookings', exact: true })).toBeVisible();

  await page.goto('/artist/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your artist profile' })).toBeVisible();
  await atStep(page, 1, 'What do you do');
  await waitForHydrated(page.getByRole('button', { name: 'Next' }));
  await expectNoSeriousAxeViolations(page, 'step 1');

  // Next without a choice shows the field's message.
  await next(page);
  await expect(page.getByText('Choose tattoo, piercing or both')).toBeVisible();
  await page.getByRole('radio', { name: /^Both/ }).check();
  await next(page);

  // 2. Name and address: the address follows the name and is checked as they type.
  await atStep(page, 2, 'Your name and profile address');
  await page.getByLabel('Display name').fill(name);
  await expect(page.getByRole('textbox', { name: 'Profile address' })).toHaveValue(slug);
  await expect(page.getByRole('status').filter({ hasText: `${slug} is available` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Profile address' }).fill('new');
  await expect(page.getByText('That address is reserved; choose another.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use new-artist' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'step 2');
  await page.getByRole('textbox', { name: 'Profile address' }).fill(slug);
  await expect(page.getByRole('status').filter({ hasText: `${slug} is available` })).toBeVisible();
  await next(page);

  // 3. About: a picture, the bio and styles search needs (refused empty, with the reason), Instagram.
  await atStep(page, 3, 'About you');
  await next(page);
  await expect(page.getByText('Write at least 30 characters about your work', { exact: false })).toBeVisible();
  await expect(page.getByText('Choose at least one style: clients search by style', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Bio')).toBeFocused();
  await page.getByLabel('Bio').fill('Fine line.');
  await next(page);
  await atStep(page, 3, 'About you');
  await expect(page.getByText('Write at least 30 characters about your work', { exact: false })).toBeVisible();
  await page.getByLabel('Upload a picture').setInputFiles(await photo('me.jpg', '#1d4ed8'));
  await expect(page.getByText('Your profile picture is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  await page.getByLabel('Bio').fill('Botanical fine line tattoos and curated ear projects in a calm private studio.');
  await page.getByRole('checkbox', { name: 'Fine Line' }).check();
  await page.getByRole('checkbox', { name: 'Helix' }).check();
  await page.getByLabel('Instagram handle (optional)').fill('@juniper.quill');
  await expectNoSeriousAxeViolations(page, 'step 3');
  await next(page);

  // 4. Studio: create a new one.
  await atStep(page, 4, 'Your studio');
  await page.getByRole('radio', { name: /not listed yet/ }).check();
  await page.getByLabel('Studio name').fill(`Quill House ${suffix}`);
  await page.getByLabel('Street address').fill('221 Alder Street');
  await expectNoSeriousAxeViolations(page, 'step 4');
  await next(page);
  await atStep(page, 5, 'Your city');
  await expect(page.getByText('Draft saved')).toBeVisible();

  // Leave mid-way and come back by another of the three addresses: the draft is restored.
  await page.goto('/home');
  await page.goto('/artist/onboarding');
  await atStep(page, 5, 'Your city');
  await waitForHydrated(page.getByRole('button', { name: 'Back' }));
  await page.getByRole('button', { name: 'Back' }).click();
  await atStep(page, 4, 'Your studio');
  await expect(page.getByLabel('Studio name')).toHaveValue(`Quill House ${suffix}`);
  await next(page);

  // 5. City: an accessible combobox over the bundled list; shows the time zone.
  await atStep(page, 5, 'Your city');
  const city = page.getByRole('combobox', { name: 'City' });
  await next(page);
  await expect(page.getByText('Choose a city from the list')).toBeVisible();
  await city.fill('Portl');
  await expect(page.getByRole('listbox', { name: 'Cities' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'step 5 with the list open');
  await city.press('ArrowDown');
  await expect(page.getByRole('option', { name: /Portland/, selected: true })).toBeVisible();
  await city.press('Enter');
  await expect(city).toHaveValue('Portland, OR, US');
  await expect(page.getByText('(America/Los_Angeles)')).toBeVisible();
  await next(page);

  // 6. Services: one of each kind is suggested for "both"; a deposit outside USD 100–500 is refused.
  await atStep(page, 6, 'Services and prices');
  await expect(page.getByRole('group', { name: 'Service 3' }).getByLabel('Difficulty')).toHaveValue('Beginner');
  const tattoo = page.getByRole('group', { name: 'Service 2' });
  await tattoo.getByLabel('Deposit (USD)').fill('50');
  await next(page);
  await expect(tattoo.getByText('A session deposit must be between $100 and $500')).toBeVisible();
  await expect(tattoo.getByLabel('Deposit (USD)')).toBeFocused();
  await expectNoSeriousAxeViolations(page, 'step 6 with an error');
  await tattoo.getByLabel('Deposit (USD)').fill('150');
  const piercing = page.getByRole('group', { name: 'Service 3' });
  await piercing.getByLabel('Difficulty').selectOption('Intermediate');
  await expect(piercing.getByText('An Intermediate piercing takes 30-45 minutes.')).toBeVisible();
  await expect(piercing.getByLabel('Duration (minutes)')).toHaveValue('40');
  // Healing and safety: the piercing's style gives its healing range; the tattoo states its own.
  await piercing.getByLabel('Piercing style (optional)').selectOption({ label: 'Helix' });
  await expect(piercing.getByText(/^Heals in .+; the aftercare plan uses this range\.$/)).toBeVisible();
  await tattoo.getByLabel('Healing time (optional)').fill('2-4 weeks');
  await tattoo.getByRole('checkbox', { name: 'Single-use needles' }).check();
  await expect(tattoo.getByRole('checkbox', { name: /aftercare plan/ })).toBeChecked();
  await next(page);

  // 7. Hours: open Monday and copy it to the weekdays.
  await atStep(page, 7, 'Working hours');
  await page.getByRole('checkbox', { name: 'Monday' }).check();
  await page.getByLabel('Monday from').fill('09:30');
  await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
  await expect(page.getByLabel('Friday from')).toHaveValue('09:30');
  await expectNoSeriousAxeViolations(page, 'step 7');
  await next(page);

  // 8. Review and publish: the consultation reads "Free", never "$0–$0"; the picture is shown.
  await atStep(page, 8, 'Review and publish');
  await expect(page.getByText(`/artists/${slug}`)).toBeVisible();
  await expect(page.getByText('Free, no deposit', { exact: false })).toBeVisible();
  await expect(page.getByText('$250–$800, deposit $150', { exact: false })).toBeVisible();
  await expect(page.getByRole('form').getByText(/\$0–\$0/)).toHaveCount(0);
  await expect(page.getByText('Your picture', { exact: true })).toBeVisible();
  await expect(page.getByText('Portland, OR, US')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'step 8');
  await page.getByRole('button', { name: 'Publish profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile is live' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Portfolio and flash' })).toHaveAttribute('href', '/dashboard/portfolio');

  // The first portfolio photos, offered right away, each with its progress.
  await expect(page.getByRole('heading', { name: 'Add your first photos' })).toBeVisible();
  await page.getByLabel('Choose photos').setInputFiles([await photo('healed-rose.jpg', '#b91c1c'), await photo('helix.jpg', '#15803d')]);
  await expect(page.getByText('2 photos added to your portfolio.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Uploaded: healed-rose.jpg' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'published, with first photos');
  await expect(page.getByRole('link', { name: 'Captions, more photos and flash' })).toHaveAttribute('href', '/dashboard/portfolio');

  // The navigation switched to the artist view without a reload.
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All Artists' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tattoo Artists' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'AI Tattoo Generator' })).toHaveCount(0);

  // Their picture is in the navigation's account link.
  await expect(page.getByRole('link', { name: 'Your account' }).locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\//);

  await page.getByRole('link', { name: 'View your public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/artists/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('link', { name: `Quill House ${suffix}` })).toBeVisible();
  const avatar = page.locator('article header img[src^="/uploads/avatars/"]');
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('button', { name: /^Open image/ })).toHaveCount(2);
  await expect(page.getByTestId('service-healing').filter({ hasText: 'Heals in 2-4 weeks · aftercare plan included' })).toBeVisible();
  await expect(page.getByText(/^Safety protocols: Single-use needles$/)).toBeVisible();

  await page.goto(`/artists?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('main').getByRole('article').filter({ hasText: name }).first();
  await expect(card.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(card.locator('img[src^="/uploads/avatars/"]')).toBeVisible();
  await page.goto(`/artists?q=${encodeURIComponent(name)}&kind=piercing`);
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();

  // The wizard now points to editing instead of a second profile; editing saves through PATCH.
  await page.goto('/artists/new');
  await expect(page.getByRole('heading', { name: 'You already have an artist profile' })).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveValue(name);
  await waitForHydrated(page.getByRole('button', { name: 'Save changes' }));
  await expectNoSeriousAxeViolations(page, 'edit profile');
  await page.getByLabel('Bio').fill('Botanical fine line and ear curation. Now booking spring.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await page.goto(`/artists/${slug}`);
  await expect(page.getByText('Now booking spring.')).toBeVisible();
});

test('the wizard works by keyboard and fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUp(page, 'Sable');
  await page.goto('/artists/new');
  await atStep(page, 1, 'What do you do');
  const nextButton = page.getByRole('button', { name: 'Next' });
  await waitForHydrated(nextButton);

  // Arrow keys move between the radios; Enter submits the step.
  await page.getByRole('radio', { name: /^Tattoo artist/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Piercer/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await atStep(page, 2, 'Your name and profile address');
  // Focus moves to the new step's heading.
  await expect(page.getByRole('heading', { level: 2, name: /Your name and profile address/ })).toBeFocused();

  await page.getByLabel('Display name').fill('Sable Moth');
  await page.keyboard.press('Enter');
  await atStep(page, 3, 'About you');
  // A piercer sees the piercing styles only.
  await expect(page.getByRole('checkbox', { name: 'Septum' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Realism' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).focus();
  await page.keyboard.press('Enter');
  await atStep(page, 2, 'Your name and profile address');
  await expect(page.getByLabel('Display name')).toHaveValue('Sable Moth');

  const overflow = async () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByLabel('Display name').press('Enter');
  await atStep(page, 3, 'About you');
  await page.getByLabel('Instagram handle (optional)').press('Enter');
  await atStep(page, 3, 'About you');
  await expect(page.getByText('Choose at least one style: clients search by style', { exact: false })).toBeVisible();
  await page.getByLabel('Bio').fill('Ear curation and gentle first piercings, by appointment.');
  await page.getByRole('checkbox', { name: 'Septum' }).check();
  await page.getByLabel('Instagram handle (optional)').press('Enter');
  await atStep(page, 4, 'Your studio');
  await nextButton.focus();
  await page.keyboard.press('Enter');
  await atStep(page, 5, 'Your city');
  const city = page.getByRole('combobox', { name: 'City' });
  await city.fill('sao');
  await city.press('Enter');
  await expect(city).toHaveValue('São Paulo, BR');
  await expect(page.getByText('(America/Sao_Paulo)')).toBeVisible();
  await city.press('Enter');
  await atStep(page, 6, 'Services and prices');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '.data-test/e2e-onboarding-results/mobile-services.png', fullPage: true });
  await nextButton.focus();
  await page.keyboard.press('Enter');
  await atStep(page, 7, 'Working hours');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '.data-test/e2e-onboarding-results/mobile-hours.png', fullPage: true });
});

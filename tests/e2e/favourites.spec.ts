import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, signUp, test, TEST_PASSWORD, uniqueEmail, waitForHydrated } from './shell-helpers.ts';

/**
 * Favourites (issue 11 §2): the heart on profiles, search cards and flash cards, and "Saved" on
 * /dashboard. Every test signs up its own person, so the demo accounts' data is left as it was.
 */

type Design = { id: string; title: string; artist: { id: string; slug: string; displayName: string } };

/** An available flash design from the demo data, with its artist (whose profile then shows it). */
async function aDesign(request: APIRequestContext): Promise<Design> {
  const res = await request.get('/api/flash?limit=1');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: Design[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

const designName = (d: Design) => `Save ${d.title} by ${d.artist.displayName}`;
const heart = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test.describe('favourites', () => {
  test('saves an artist from the profile and a flash design, finds both on /dashboard, and removes them', async ({ page }) => {
    const design = await aDesign(page.request);
    const artist = design.artist;
    await signUp(page, 'Saver');

    await page.goto(`/artists/${artist.slug}`);
    const artistHeart = heart(page, `Save ${artist.displayName}`);
    await expect(artistHeart).toHaveAttribute('aria-pressed', 'false');
    await waitForHydrated(artistHeart);
    await artistHeart.click();
    await expect(artistHeart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: /Notifications \(F8\)/ }).getByText(`Saved ${artist.displayName}`, { exact: true })).toBeVisible();

    const flashSection = page.getByRole('region', { name: 'Flash designs' });
    const designHeart = flashSection.getByRole('button', { name: designName(design), exact: true });
    await expect(designHeart).toHaveAttribute('aria-pressed', 'false');
    await designHeart.click();
    await expect(designHeart).toHaveAttribute('aria-pressed', 'true');

    // A fresh load says the same (the test without JavaScript checks the server's first HTML).
    await page.reload();
    await expect(heart(page, `Save ${artist.displayName}`)).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/dashboard');
    const saved = page.getByRole('region', { name: 'Saved' });
    const artists = saved.getByRole('list', { name: 'Saved artists' });
    const designs = saved.getByRole('list', { name: 'Saved flash designs' });
    await expect(artists.getByRole('link', { name: artist.displayName, exact: true })).toHaveAttribute('href', `/artists/${artist.slug}`);
    await expect(designs.getByRole('listitem').filter({ hasText: design.title })).toBeVisible();
    await expect(designs.getByRole('link', { name: `Book this design: ${design.title}` })).toHaveAttribute('href', `/book/${artist.id}?flash=${design.id}`);

    const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="saved-heading"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await expectNoSeriousAxeViolations(page, '/dashboard with saved items');

    // Remove the artist: it leaves the list at once, and stays gone after a reload.
    const remove = saved.getByRole('button', { name: `Remove ${artist.displayName} from Saved` });
    await waitForHydrated(remove);
    await remove.click();
    await expect(saved.getByRole('list', { name: 'Saved artists' })).toHaveCount(0);
    await expect(saved.getByText('No saved artists.')).toBeVisible();
    await page.reload();
    await expect(saved.getByRole('list', { name: 'Saved flash designs' }).getByRole('listitem')).toHaveCount(1);
    await expect(saved.getByRole('list', { name: 'Saved artists' })).toHaveCount(0);

    // The hearts agree: on the profile, and on the search result card.
    await page.goto(`/artists/${artist.slug}`);
    await expect(heart(page, `Save ${artist.displayName}`)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('region', { name: 'Flash designs' }).getByRole('button', { name: designName(design), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goto(`/artists?q=${encodeURIComponent(artist.displayName)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: artist.displayName, exact: true }) }).first();
    const cardHeart = card.getByRole('button', { name: `Save ${artist.displayName}`, exact: true });
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
    await waitForHydrated(cardHeart);
    await cardHeart.click();
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
    // Pressing the heart saved; it did not follow the card's link to the profile.
    await expect(page).toHaveURL(/\/artists\?q=/);
    await expectNoSeriousAxeViolations(page, 'search results with hearts');

    // Empty again: the dashboard says how to save something.
    await cardHeart.click();
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/dashboard');
    await saved.getByRole('button', { name: `Remove ${design.title} by ${artist.displayName} from Saved` }).click();
    await expect(saved.getByText('Nothing saved yet.', { exact: false })).toBeVisible();
    await expect(saved.getByRole('link', { name: 'Browse flash designs' })).toHaveAttribute('href', '/flash');
  });

  test('a signed-out visitor who presses the heart signs up and comes back to the page with the artist saved', async ({ page }) => {
    const { artist } = await aDesign(page.request);
    await page.goto(`/artists/${artist.slug}`);
    const artistHeart = heart(page, `Save ${artist.displayName}`);
    await expect(artistHeart).toHaveAttribute('aria-pressed', 'false');
    await waitForHydrated(artistHeart);
    await artistHeart.click();

    await expect(page).toHaveURL(/\/login\?returnTo=/);
    const form = page.getByRole('form', { name: 'Create an account' });
    await waitForHydrated(form.getByRole('button', { name: 'Create account' }));
    await form.getByLabel('First name').fill('Returning');
    await form.getByLabel('Email').fill(uniqueEmail('returning'));
    await form.getByLabel('Password').fill(TEST_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(new RegExp(`/artists/${artist.slug}$`));
    await expect(heart(page, `Save ${artist.displayName}`)).toHaveAttribute('aria-pressed', 'true');
    const ids = (await (await page.request.get('/api/favourites/ids')).json()) as { artistIds: string[] };
    expect(ids.artistIds).toEqual([artist.id]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the heart is a form that posts: it saves and removes a flash design and returns to the page', async ({ page }) => {
      const design = await aDesign(page.request);
      // An account through the JSON API: the request context shares this page's cookies, so the page is signed in.
      const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
      const created = await page.request.post('/api/auth/sign-up', {
        headers: { 'X-CSRF-Token': csrfToken },
        data: { firstName: 'Nojs', email: uniqueEmail('nojs'), password: TEST_PASSWORD },
      });
      expect(created.status()).toBe(201);

      await page.goto(`/artists/${design.artist.slug}`);
      const designHeart = page.getByRole('region', { name: 'Flash designs' }).getByRole('button', { name: designName(design), exact: true });
      await expect(designHeart).toHaveAttribute('aria-pressed', 'false');
      await designHeart.click();
      await expect(page).toHaveURL(new RegExp(`/artists/${design.artist.slug}$`));
      await expect(designHeart).toHaveAttribute('aria-pressed', 'true');
      const ids = (await (await page.request.get('/api/favourites/ids')).json()) as { flashDesignIds: string[] };
      expect(ids.flashDesignIds).toEqual([design.id]);

      await designHeart.click();
      await expect(page).toHaveURL(new RegExp(`/artists/${design.artist.slug}$`));
      await expect(designHeart).toHaveAttribute('aria-pressed', 'false');
    });
  });
});

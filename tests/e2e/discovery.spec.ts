import { watchConsole } from './console-helpers.ts';
import { expect, expectNoSeriousAxeViolations, test, waitForHydrated } from './shell-helpers.ts';

test.describe('artist search', () => {
  test('server-renders results, keeps filters in the URL, and the back button restores them', async ({ page, request }) => {
    const html = await (await request.get('/artists?kind=piercing')).text();
    expect(html).toContain('Find an artist');
    expect(html).toMatch(/artist(s)? found|href="\/artists\/[a-z0-9-]+"/);

    await page.goto('/artists');
    const form = page.getByRole('search', { name: 'Artist search' });
    await waitForHydrated(form.getByRole('button', { name: 'Search' }));
    const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards.first()).toBeVisible();

    // The form is remounted from the URL after each search (so the back button shows the URL's
    // values): the next filter must go into the new form, not the one about to be replaced (a slow
    // browser in CI chose 4.5 in the old one and searched without it).
    await form.evaluate((f) => f.setAttribute('data-before-search', ''));
    await form.getByLabel('Kind').selectOption('piercing');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/kind=piercing/);
    await expect(page.locator('form[data-before-search]')).toHaveCount(0);
    await expect(cards.first()).toBeVisible();

    await form.getByLabel('Minimum rating').selectOption('4.5');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/kind=piercing.*minRating=4.5|minRating=4.5.*kind=piercing/);

    await page.goBack();
    await expect(page).toHaveURL(/\/artists\?kind=piercing$/);
    await expect(page.getByRole('search').getByLabel('Kind')).toHaveValue('piercing');
    await expect(page.getByRole('search').getByLabel('Minimum rating')).toHaveValue('');
  });

  test('the style chips on the landing page lead to filtered results, not an error', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Fine Line', exact: true }).first().click();
    await expect(page).toHaveURL(/\/artists\?kind=tattoo&style=fine-line$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/artists? found/)).toBeVisible();
  });

  test('forgives typos, suggests a search when far off, counts results, and keeps the list when the map cannot load', async ({ page }) => {
    const problems = watchConsole(page);
    const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await page.goto('/artists?q=fien%20line');
    await expect(page.getByText(/Showing results for/)).toContainText('fine line');
    await expect(page.getByText(/^\d+ artists? found$/)).toBeVisible();
    await expect(cards.first()).toBeVisible();

    await page.goto('/artists?q=geometricall');
    await expect(page.getByRole('heading', { name: 'No artists match all of that' })).toBeVisible();
    await page.getByRole('link', { name: 'geometric', exact: true }).click();
    await expect(page).toHaveURL(/q=geometric$/);
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(/^\d+ artists? found$/)).toBeVisible();

    // No network here: the server's tile check fails, so the page asks for no tile and keeps the list.
    await waitForHydrated(page.getByRole('search').getByRole('button', { name: 'Search' }));
    await page.getByRole('button', { name: 'Map', pressed: false }).click();
    await expect(page.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('The map cannot load right now')).toBeVisible();
    await expect(cards.first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('after a correction, "Search instead for" runs the words as typed', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/artists?q=fien%20line');
    await waitForHydrated(page.getByRole('search').getByRole('button', { name: 'Search' }));
    await expect(page.getByText(/Showing results for/)).toHaveText('Showing results for fine line. Search instead for fien line');
    await page.getByRole('link', { name: 'fien line', exact: true }).click();
    await expect(page).toHaveURL(/\/artists\?q=fien\+line&exact=1$/);
    await expect(page.getByRole('heading', { name: 'No artists match all of that' })).toBeVisible();
    await expect(page.getByText(/Showing results for/)).toHaveCount(0);
    // A new search from the form corrects again.
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/artists\?q=fien\+line$/);
    await expect(page.getByText(/Showing results for/)).toContainText('fine line');
    expect(problems).toEqual([]);
  });

  test.describe('before the scripts load', () => {
    test.use({ javaScriptEnabled: false });
    test('"Search instead for" is a plain link', async ({ page }) => {
      await page.goto('/artists?q=fien%20line');
      await page.getByRole('link', { name: 'fien line', exact: true }).click();
      await expect(page).toHaveURL(/\/artists\?q=fien\+line&exact=1$/);
      await expect(page.getByRole('heading', { name: 'No artists match all of that' })).toBeVisible();
    });
  });

  test('shows an empty state that suggests widening the search', async ({ page }) => {
    await page.goto('/artists?q=zzzzqqqxxyy');
    await expect(page.getByRole('heading', { name: 'No artists match all of that' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
  });
});

test.describe('artist profile', () => {
  test('the buttons under the name stay put while the page hydrates (a tap during hydration lands where it aimed)', async ({ page, browser, baseURL, request }) => {
    const search = (await (await request.get('/api/artists?limit=1&sort=rating')).json()) as { items: Array<{ slug: string }> };
    const path = `/artists/${search.items[0]!.slug}`;
    const boxesOf = async (p: typeof page) =>
      Promise.all(['Book', 'Message'].map(async (name) => p.getByRole('main').getByRole('link', { name, exact: true }).boundingBox()));
    // As the server sent it (the layout a visitor sees and taps before the scripts run)...
    const serverRendered = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const before = await serverRendered.newPage();
    await before.goto(path);
    const serverBoxes = await boxesOf(before);
    await serverRendered.close();
    // ...and once hydrated, with the Share button that needs JavaScript shown.
    await page.goto(path);
    await waitForHydrated(page.getByRole('main').getByRole('link', { name: 'Message', exact: true }));
    await expect(page.getByRole('main').getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    expect(serverBoxes.every(Boolean)).toBe(true);
    expect(await boxesOf(page)).toEqual(serverBoxes);
  });

  test('opens the portfolio lightbox and moves through it by keyboard', async ({ page, request }) => {
    const search = (await (await request.get('/api/artists?limit=1&sort=rating')).json()) as { items: Array<{ slug: string; displayName: string }> };
    const artist = search.items[0]!;
    const res = await page.goto(`/artists/${artist.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${artist.displayName}.*\\| Inkhaven$`));
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'LocalBusiness', aggregateRating: { '@type': 'AggregateRating' } });

    const first = page.getByRole('button', { name: /^Open image 1 of/ });
    await waitForHydrated(first);
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('(1 /');
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText('(2 /');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toContainText('(1 /');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
    await expect(page.getByText('Verified Booking').first()).toBeVisible();
  });

  test('answers 404 for an unknown artist inside the shell', async ({ page }) => {
    const res = await page.goto('/artists/no-such-artist-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('studios list and a studio page', async ({ page }) => {
    await page.goto('/studios');
    const link = page.getByRole('main').getByRole('link').first();
    await link.click();
    await expect(page).toHaveURL(/\/studios\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { name: 'Artists' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'a studio page');
  });

  test('browsing search, a profile and the onboarding wizard breaks no rule of the Content-Security-Policy', async ({ page, context }) => {
    // Chromium reports violations as DevTools issues, also those a script catches (zod's eval probe was one).
    const cdp = await context.newCDPSession(page);
    const violations: string[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
    });
    await cdp.send('Audits.enable');
    await page.goto('/artists');
    const profile = page.locator('main a[href^="/artists/"]').first();
    await waitForHydrated(profile);
    // Idle time: the page prefetches the routes it links to (their chunks evaluate zod schemas).
    await page.waitForTimeout(1_500);
    await profile.click();
    await expect(page).toHaveURL(/\/artists\/[a-z0-9-]+$/);
    // The onboarding wizard (or the sign-in it sends a visitor to) validates forms with zod in the browser.
    await page.goto('/artist/create');
    await waitForHydrated(page.locator('main'));
    await page.waitForTimeout(1_000);
    expect(violations).toEqual([]);
  });

  test('has no serious accessibility problems on search, profile and studios', async ({ page, request }) => {
    const search = (await (await request.get('/api/artists?limit=1')).json()) as { items: Array<{ slug: string }> };
    for (const path of ['/artists', `/artists/${search.items[0]!.slug}`, '/studios']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page, path);
    }
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test, waitForHydrated } from './shell-helpers.ts';
import type { TReviewHighlights } from '../../src/shared/contracts/review-highlights.ts';

const PAGES = [
  {
    path: '/tattoo-artists',
    kind: 'tattoo',
    h1: 'Find Tattoo Artists Near You',
    sections: ['styles', 'how-it-works', 'safety', 'reviews', 'faq', 'get-started'],
  },
  {
    path: '/piercing-artists',
    kind: 'piercing',
    h1: 'Piercing Artists You Can Trust',
    sections: ['specialties', 'reviews', 'safety', 'get-started'],
  },
] as const;

async function highlights(request: APIRequestContext, kind: string): Promise<TReviewHighlights> {
  const res = await request.get(`/api/reviews/highlights?kind=${kind}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TReviewHighlights;
}


const href = (page: Page, scope: string, name: string | RegExp) => page.locator(scope).getByRole('link', { name, exact: typeof name === 'string' }).first().getAttribute('href');

test.describe('landing pages', () => {
  for (const p of PAGES) {
    test(`${p.path} is server-rendered with its heading, sections and computed rating`, async ({ request }) => {
      const api = await highlights(request, p.kind);
      expect(api.aggregate.reviewCount).toBeGreaterThan(0); // the demo data has reviews from completed bookings
      const res = await request.get(p.path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${p.h1}</h1>`));
      for (const id of p.sections) expect(html).toContain(`id="${id}"`);
      expect(html).toMatch(/<title>[^<]+\| Inkhaven<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      // The first HTML carries the figures computed from the reviews table, not placeholders.
      expect(html).toContain(`data-testid="review-count">${api.aggregate.reviewCount.toLocaleString('en-US')}<`);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((m) => [JSON.parse(m[1]!)].flat()) as Array<Record<string, unknown>>;
      const service = ld.find((x) => x['@type'] === 'Service');
      expect(service?.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: api.aggregate.ratingValue,
        reviewCount: api.aggregate.reviewCount,
        bestRating: 5,
        worstRating: 1,
      });
      if (p.kind === 'tattoo') expect(ld.some((x) => x['@type'] === 'FAQPage')).toBe(true);
    });

    test(`${p.path} shows the API's review count and at most three verified testimonials`, async ({ page, request }) => {
      const api = await highlights(request, p.kind);
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible();
      const reviews = page.locator('#reviews');
      await expect(reviews.getByTestId('review-count')).toHaveText(api.aggregate.reviewCount.toLocaleString('en-US'));
      await expect(reviews.getByRole('img', { name: `Rated ${api.aggregate.ratingValue!.toFixed(1)} out of 5 from ${api.aggregate.reviewCount.toLocaleString('en-US')} verified reviews` })).toBeVisible();
      for (const stars of ['5', '4', '3', '2', '1'] as const) {
        const n = api.aggregate.ratingDistribution[stars].toLocaleString('en-US');
        await expect(reviews.getByRole('definition').nth(5 - Number(stars))).toHaveText(new RegExp(`^${n} \\(\\d+%\\)$`));
      }

      const testimonials = reviews.getByTestId('testimonial');
      const count = await testimonials.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(3);
      const expected = api.recentReviews.filter((r) => r.reviewBody.trim().length > 50).slice(0, 3);
      expect(count).toBe(expected.length);
      for (let i = 0; i < count; i += 1) {
        const t = testimonials.nth(i);
        await expect(t).toContainText('Verified Booking');
        const body = (await t.getByTestId('testimonial-body').textContent()) ?? '';
        expect(body.trim().length).toBeGreaterThan(50);
        expect(body).toBe(expected[i]!.reviewBody);
        await expect(t.getByRole('link', { name: expected[i]!.artist.displayName })).toHaveAttribute('href', `/artists/${expected[i]!.artist.slug}`);
      }
    });

    test(`${p.path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(p.path);
      await waitForHydrated(page.getByRole('heading', { level: 1 }));
      await expect(page.locator('#reviews').getByTestId('review-count')).toBeVisible();
      await page.locator('details').evaluateAll((els) => els.forEach((el) => el.setAttribute('open', '')));
      await expectNoSeriousAxeViolations(page);
    });

    test(`${p.path} fits a phone screen`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('/tattoo-artists: hero figures are live counts, style cards and calls to action point to the right searches', async ({ page, request }) => {
    const api = await highlights(request, 'tattoo');
    await page.goto('/tattoo-artists');
    const stats = page.getByRole('list', { name: 'Inkhaven in numbers' });
    await expect(stats.getByTestId('marketplace-stat')).toHaveText([
      `${api.stats.verifiedArtists}verified artist${api.stats.verifiedArtists === 1 ? '' : 's'}`,
      `${api.stats.styles}style${api.stats.styles === 1 ? '' : 's'}`,
      `${api.stats.cities}cit${api.stats.cities === 1 ? 'y' : 'ies'}`,
    ]);

    expect(await href(page, 'header', 'Discover Artists Near You')).toBe('/artists?kind=tattoo');
    expect(await href(page, 'header', 'Browse Tattoo Styles')).toBe('/tattoo-styles');

    const cards = page.locator('#styles li');
    await expect(cards).toHaveCount(7);
    const popular = page.getByText('Popular', { exact: true });
    await expect(cards.filter({ has: popular }).locator('h3')).toHaveText(['Traditional', 'Neo-traditional', 'Fine Line', 'Realism']);
    await expect(cards.filter({ hasNot: popular }).locator('h3')).toHaveText(['Blackwork', 'Watercolor', 'Geometric']);
    expect(await href(page, '#styles', 'Find fine line artists')).toBe('/artists?kind=tattoo&style=fine-line');

    await expect(page.locator('#how-it-works li h3')).toHaveText(['Step 1: Discover Artists', 'Step 2: Book Consultation', 'Step 3: Secure Deposit', 'Step 4: Get Tattooed']);
    await expect(page.locator('#safety li')).toHaveCount(4);
    expect(await href(page, '#reviews', 'Read All Reviews')).toBe('/artists?kind=tattoo&sort=rating');
    expect(await href(page, '#get-started', 'Discover Artists')).toMatch(/^\/discover(\?|$)/);
    expect(await href(page, '#get-started', 'Start with a Consultation')).toBe('/virtual-consultations');

    // A style card leads to the pre-filtered search with results.
    const fineLine = page.locator('#styles').getByRole('link', { name: 'Find fine line artists' });
    await waitForHydrated(fineLine);
    await fineLine.click();
    await expect(page).toHaveURL(/\/artists\?kind=tattoo&style=fine-line$/);
  });

  test('/tattoo-artists FAQ: five questions that open by keyboard, with the deposit and notice facts', async ({ page }) => {
    await page.goto('/tattoo-artists');
    const faq = page.locator('#faq');
    const summaries = faq.locator('summary');
    await expect(summaries).toHaveCount(5);
    await waitForHydrated(page.getByRole('heading', { level: 1 }));
    const deposit = faq.locator('details').filter({ hasText: 'deposit for a tattoo' });
    await expect(deposit.getByText(/100 to 500 USD/)).toBeHidden();
    await deposit.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(deposit).toHaveAttribute('open', '');
    await expect(deposit.getByText(/Deposits are typically 100 to 500 USD/)).toBeVisible();
    const reschedule = faq.locator('details').filter({ hasText: 'reschedule' });
    await reschedule.locator('summary').click();
    await expect(reschedule.getByText(/48 to 72 hours of notice/)).toBeVisible();
  });

  test('/piercing-artists: specialty cards, safety features and calls to action', async ({ page, request }) => {
    await page.goto('/piercing-artists');
    expect(await href(page, 'header', 'Find Piercing Artists')).toBe('/artists?kind=piercing');
    expect(await href(page, 'header', 'Explore Piercing Styles')).toBe('/piercing-styles');

    const cards = page.locator('#specialties li:has(h3)');
    await expect(cards.locator('h3')).toHaveText(['Ear Piercings', 'Facial Piercings', 'Body Piercings', 'Surface Piercings', 'Jewelry Expertise', 'Piercing Healing']);
    await expect(cards.filter({ has: page.getByText('Popular', { exact: true }) }).locator('h3')).toHaveText(['Ear Piercings', 'Facial Piercings', 'Jewelry Expertise']);
    expect(await href(page, '#specialties', 'Helix piercers')).toBe('/artists?kind=piercing&style=helix');

    // Every specialty's search finds piercers in the demo catalogue.
    for (const link of await page.locator('#specialties').getByRole('link', { name: /^Find / }).all()) {
      const target = new URL((await link.getAttribute('href'))!, 'http://x');
      expect(target.pathname).toBe('/artists');
      expect(target.searchParams.get('kind')).toBe('piercing');
      const found = await request.get(`/api/artists${target.search}`);
      expect(found.status()).toBe(200);
      expect(((await found.json()) as { items: unknown[] }).items.length, target.search).toBeGreaterThan(0);
    }

    await expect(page.locator('#safety li h3')).toHaveText(['Certified Professionals', 'Sterile Environment', 'Quality Jewelry', 'Proper Aftercare']);
    expect(await href(page, '#get-started', 'Browse Local Artists')).toBe('/artists?kind=piercing');
    expect(await href(page, '#get-started', 'Piercing Aftercare Guide')).toBe('/aftercare-guides#piercing-aftercare');

    const guide = page.locator('#get-started').getByRole('link', { name: 'Piercing Aftercare Guide' });
    await waitForHydrated(guide);
    await guide.click();
    await expect(page).toHaveURL(/\/aftercare-guides#piercing-aftercare$/);
    await expect(page.locator('#piercing-aftercare')).toBeInViewport();
  });

  test('the reviews section recovers from a failed load', async ({ page }) => {
    // Client-side navigation fetches in the browser, where the request can be made to fail once.
    await page.goto('/');
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/reviews/highlights' && url.searchParams.get('kind') === 'piercing',
      async (route) => {
        if (failing) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Something went wrong on our side. Please try again."}' });
        else await route.continue();
      },
    );
    const link = page.getByRole('link', { name: 'Piercing Artists' }).first();
    await waitForHydrated(link);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Piercing Artists You Can Trust' })).toBeVisible();
    const alert = page.locator('#reviews').getByRole('alert');
    await expect(alert).toContainText('We could not load reviews right now');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('#reviews').getByTestId('review-count')).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, waitForHydrated } from './shell-helpers.ts';
import { FEATURE_PAGE_PATHS, SUPPORT_PATH, VIRTUAL_CONSULTATIONS_PATH } from '../../src/shared/feature-paths.ts';

const GUIDES = [
  { path: '/piercing-styles', h1: 'Piercing styles', anchors: ['ear-piercings', 'facial-piercings', 'body-piercings'] },
  { path: '/aftercare-guides', h1: 'Tattoo and piercing aftercare', anchors: ['general-principles', 'tattoo-aftercare', 'piercing-aftercare', 'products-guide'] },
  { path: '/tattoo-styles', h1: 'Tattoo styles', anchors: ['featured-styles', 'style-categories', 'choosing-guide', 'artist-consultation'] },
];

const FEATURE_PATHS = [...FEATURE_PAGE_PATHS, VIRTUAL_CONSULTATIONS_PATH, SUPPORT_PATH];


test.describe('guide pages', () => {
  for (const guide of GUIDES) {
    test(`${guide.path} is server-rendered with its heading, anchors and head data`, async ({ request }) => {
      const res = await request.get(guide.path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${guide.h1}</h1>`));
      for (const id of guide.anchors) expect(html).toContain(`id="${id}"`);
      expect(html).toMatch(/<title>[^<]+\| Inkhaven<\/title>/);
      expect(html).toContain('<link rel="canonical" href="http://localhost:');
      expect(html).toContain('"@type":"Article"');
    });

    test(`${guide.path} anchors exist and the jump links reach them`, async ({ page }) => {
      await page.goto(guide.path);
      await expect(page.getByRole('heading', { level: 1, name: guide.h1 })).toBeVisible();
      for (const id of guide.anchors) await expect(page.locator(`#${id}`)).toHaveCount(1);
      const jump = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').last();
      await waitForHydrated(jump);
      const target = await jump.getAttribute('href');
      await jump.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target!)).toBeInViewport();
    });
  }

  test('the piercing styles page shows all 17 styles, difficulty badges and ratings', async ({ page }) => {
    await page.goto('/piercing-styles');
    for (const name of ['Lobe', 'Helix', 'Daith', 'Septum', 'Cheek', 'Navel', 'Dermal', 'Genital']) {
      await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    await expect(page.locator('#ear-piercings li > div > h3')).toHaveCount(6);
    await expect(page.locator('#body-piercings').getByText('Not rated yet')).toHaveCount(2);
    await expect(page.getByRole('img', { name: /^Rated 4\.9 out of 5 from 2,847 survey answers$/ })).toBeVisible();
    await expect(page.getByText('2 to 3 weeks').first()).toBeVisible();
    const cta = page.locator('#consultation');
    await expect(cta.getByRole('link', { name: 'Find piercing artists' })).toHaveAttribute('href', '/piercing-artists');
    await expect(cta.getByRole('link', { name: 'Piercing aftercare guide' })).toHaveAttribute('href', '/aftercare-guides');
  });

  test('a piercing card links to the pre-filtered artist search', async ({ page }) => {
    await page.goto('/piercing-styles');
    const link = page.getByRole('link', { name: 'Find Helix piercers' });
    await expect(link).toHaveAttribute('href', '/artists?kind=piercing&style=helix');
    await waitForHydrated(link);
    await link.click();
    await expect(page).toHaveURL(/\/artists\?kind=piercing&style=helix$/);
  });

  test('a tattoo style card links to the pre-filtered artist search', async ({ page }) => {
    await page.goto('/tattoo-styles');
    await expect(page.locator('#featured-styles > div > div > ul > li')).toHaveCount(9);
    const link = page.getByRole('link', { name: 'Find Fine Line artists' });
    await expect(link).toHaveAttribute('href', '/artists?kind=tattoo&style=fine-line');
    await expect(page.locator('#style-categories').getByRole('link', { name: 'Dotwork tattoo artists' })).toHaveAttribute('href', '/artists?kind=tattoo&style=dotwork');
    await waitForHydrated(link);
    await link.click();
    await expect(page).toHaveURL(/\/artists\?kind=tattoo&style=fine-line$/);
  });

  test('the aftercare page attributes survey figures and has the medical block', async ({ page }) => {
    await page.goto('/aftercare-guides');
    await expect(page.getByText('Reader survey: 1,834 people')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 4.9 out of 5 from 1,834 survey answers' })).toBeVisible();
    // The testimonials are real reviews of completed bookings (at most three), each labelled as such.
    const testimonials = page.getByTestId('testimonial');
    await expect(testimonials.first()).toBeVisible();
    const shown = await testimonials.count();
    expect(shown).toBeLessThanOrEqual(3);
    await expect(page.getByText('Verified Booking')).toHaveCount(shown);
    for (const period of ['Days 1-3', 'Days 4-14', 'Weeks 2-4']) await expect(page.getByText(period, { exact: true })).toBeVisible();
    const help = page.locator('#when-to-get-help');
    await expect(help).toContainText('48 hours');
    await expect(help.getByRole('link', { name: 'Find a piercer' })).toHaveAttribute('href', '/piercing-artists');
    await expect(help.getByRole('link', { name: 'Find a tattoo artist' })).toHaveAttribute('href', '/artists');
  });
});

test.describe('feature pages', () => {
  // One test per page: a single test over every page and its axe scan outgrew the time limit on a loaded machine.
  for (const path of FEATURE_PATHS) {
    test(`${path} renders on the server with a heading and a call to action`, async ({ page, request }) => {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toMatch(/<h1[^>]*>[^<]{10,}<\/h1>/);
      expect(html, path).not.toContain('coming soon');

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const cta = page.locator('main header a').first();
      await expect(cta).toBeVisible();
      expect(await cta.getAttribute('href'), path).toMatch(/^(\/|#)/);
      await expect(page.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, path);
    });
  }

  test('/support lists contact options and FAQ JSON-LD', async ({ page, request }) => {
    const html = await (await request.get('/support')).text();
    expect(html).toContain('"@type":"FAQPage"');
    await page.goto('/support');
    await expect(page.getByRole('link', { name: 'support@inkhaven.test' }).first()).toHaveAttribute('href', 'mailto:support@inkhaven.test');
    const faq = page.locator('#faq');
    const deposit = faq.getByText('How much is the deposit, and what happens to it?');
    await waitForHydrated(page.getByRole('link', { name: 'Browse artists' }).last());
    await deposit.click();
    await expect(faq.getByText(/100 to 500 USD/)).toBeVisible();
    await faq.getByText('Can I reschedule or cancel?').click();
    await expect(faq.getByText(/48 to 72 hours/)).toBeVisible();
  });
});

test.describe('crawling', () => {
  test('robots.txt points to a sitemap that lists guides, feature pages and profiles', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /api/');
    const sitemapUrl = /Sitemap: (\S+)/.exec(robotsText)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const sitemap = await (await request.get(new URL(sitemapUrl!).pathname)).text();
    for (const path of ['/piercing-styles', '/tattoo-styles', '/aftercare-guides', '/support', '/features/seamless-booking']) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
  });
});

test.describe('accessibility', () => {
  // Feature pages, /virtual-consultations and /support are checked in the feature-pages test above.
  for (const path of GUIDES.map((guide) => guide.path)) {
    test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }
});

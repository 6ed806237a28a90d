import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO, expectNoSeriousAxeViolations, signIn, waitForHydrated } from './shell-helpers.ts';

/**
 * Issue 14 §1: the spec's tracking, only with consent. Network assertions on what the browser sends:
 * a consented visitor's journey from the landing page to a profile and into the booking flow, and
 * nothing at all from a visitor who has not consented or who withdrew.
 */
type Sent = { path: string; body: Record<string, unknown> };
const ANALYTICS = /\/api\/(journey|analytics\/seo|analytics\/web-vitals)(\/|$)/;

function recordAnalytics(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && ANALYTICS.test(r.url())) sent.push({ path: new URL(r.url()).pathname, body: (r.postDataJSON() ?? {}) as Record<string, unknown> });
  });
  return sent;
}

const withConsent = (page: Page, value: 'accepted' | null) =>
  page.addInitScript((v) => {
    if (v && !sessionStorage.getItem('consent-set')) {
      localStorage.setItem('analytics-consent', v);
      sessionStorage.setItem('consent-set', '1');
    }
    localStorage.setItem('pwa-prompt-dismissed', String(Date.now()));
  }, value);

const isJourney = (id: string, kind: string) => (s: Sent) => s.path === `/api/journey/${id}/${kind}`;

test.describe('tracking (spec §3, §4, §7, §9)', () => {
  test.use({ storageState: { cookies: [], origins: [] }, serviceWorkers: 'block' });

  test('a consented visitor: landing → profile → booking start sends the journey calls', async ({ page }) => {
    await withConsent(page, 'accepted');
    const sent = recordAnalytics(page);
    const started = page.waitForResponse((r) => r.url().endsWith('/api/journey/start') && r.status() === 201);
    // A landing page (spec §2): its recent reviews link to the artists' profiles.
    await page.goto('/tattoo-artists');
    const journeyId = ((await (await started).json()) as { journey: { id: string } }).journey.id;

    const profileLink = page.locator('main a[href^="/artists/"]:not([href*="?"])').first();
    await waitForHydrated(profileLink);
    const linkText = ((await profileLink.textContent()) ?? '').trim();
    await profileLink.click();
    await expect(page).toHaveURL(/\/artists\/[^/]+$/);
    await expect.poll(() => sent.some((s) => s.path.endsWith('/conversion-funnel') && s.body.step === 'artist_view')).toBe(true);

    const book = page.getByRole('main').getByRole('link', { name: 'Book', exact: true });
    await waitForHydrated(book);
    await book.click();
    await expect(page).toHaveURL(/\/book\/[^/]+$/);
    await expect.poll(() => sent.some((s) => isJourney(journeyId, 'steps')(s) && s.body.stepType === 'booking_step' && s.body.ctaType === 'booking_start')).toBe(true);
    await expect.poll(() => sent.filter(isJourney(journeyId, 'navigation')).length).toBe(2);

    // One journey for the visit, started on the landing page, with its fingerprint first.
    expect(sent.filter((s) => s.path === '/api/journey/start')).toHaveLength(1);
    expect(sent.findIndex((s) => s.path === '/api/journey/fingerprint')).toBeLessThan(sent.findIndex((s) => s.path === '/api/journey/start'));
    expect(sent.find((s) => s.path === '/api/journey/start')!.body).toMatchObject({ entryPageType: 'landing', entryUrl: '/tattoo-artists', entryReferrerSource: 'direct' });
    // Every journey call goes to that journey.
    expect(sent.filter((s) => s.path.startsWith('/api/journey/') && !/\/(start|fingerprint)$/.test(s.path)).every((s) => s.path.startsWith(`/api/journey/${journeyId}/`))).toBe(true);

    // Reports go out as things happen (page views after a short delay), in no promised order: each is waited for.
    const steps = () => sent.filter(isJourney(journeyId, 'steps')).map((s) => s.body);
    await expect.poll(() => steps().filter((b) => b.stepType === 'page_view').map((b) => b.pageType)).toEqual(['landing', 'profile', 'booking']);
    expect(steps()).toContainEqual(expect.objectContaining({ stepType: 'cta_click', ctaType: 'book', ctaText: 'Book', pageType: 'profile' }));

    const [toProfile, toBooking] = sent.filter(isJourney(journeyId, 'navigation')).map((s) => s.body);
    expect(toProfile).toMatchObject({ fromUrl: '/tattoo-artists', fromPageType: 'landing', toPageType: 'profile', transitionType: 'link', linkText: linkText.replace(/\s+/g, ' ') });
    expect(toProfile!.linkPosition).toEqual(expect.any(String));
    expect(toBooking).toMatchObject({ fromPageType: 'profile', toPageType: 'booking', linkText: 'Book', linkPosition: 'profile-header' });

    // The CTA click names its position; page views say where the visitor came from.
    await expect.poll(() => sent.find((s) => s.path === '/api/analytics/seo/cta-click')?.body).toMatchObject({ ctaType: 'book', ctaPosition: 'profile-header' });
    const views = () => sent.filter((s) => s.path === '/api/analytics/seo/page-view' && !s.body.exitPage).map((s) => s.body.referrerSource);
    await expect.poll(views).toEqual(['direct', 'internal', 'internal']);
    // Funnel steps 1, 3 and 5 in one funnel.
    const funnel = sent.filter((s) => s.path === '/api/analytics/seo/conversion-funnel').map((s) => s.body);
    expect(funnel.map((f) => f.step)).toEqual(expect.arrayContaining(['page_view', 'artist_view', 'booking_start']));
    expect(new Set(funnel.map((f) => f.funnelId)).size).toBe(1);
  });

  test('a visitor who has not consented sends nothing', async ({ page }) => {
    await withConsent(page, null);
    const sent = recordAnalytics(page);
    await page.goto('/tattoo-artists');
    await expect(page.getByRole('region', { name: 'Help us improve Inkhaven' })).toBeVisible();
    const profileLink = page.locator('main a[href^="/artists/"]:not([href*="?"])').first();
    await waitForHydrated(profileLink);
    await profileLink.click();
    await expect(page).toHaveURL(/\/artists\/[^/]+$/);
    await page.getByRole('main').getByRole('link', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/book\/[^/]+$/);
    // Longer than the 100 ms page-view delay and the 2 s click buffer.
    await page.waitForTimeout(2_500);
    expect(sent).toEqual([]);
  });

  test('withdrawing in the footer stops everything at once', async ({ page }) => {
    await withConsent(page, 'accepted');
    const sent = recordAnalytics(page);
    const viewed = page.waitForResponse((r) => r.url().endsWith('/api/analytics/seo/page-view') && r.status() === 204);
    await page.goto('/artists');
    await viewed;
    const turnOff = page.getByRole('contentinfo').getByRole('button', { name: 'Turn off analytics' });
    await waitForHydrated(turnOff);
    await turnOff.click();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Analytics choices' })).toBeVisible();
    const before = sent.length;
    await page.locator('main a[href^="/artists/"]:not([href*="?"])').first().click();
    await expect(page).toHaveURL(/\/artists\/[^/]+$/);
    await page.waitForTimeout(2_500);
    expect(sent.slice(before)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('declined');
  });

  test('/admin/perf shows the vitals a consented visit sent, and the server timings', async ({ page }) => {
    await withConsent(page, 'accepted');
    const ttfb = page.waitForResponse((r) => r.url().endsWith('/api/analytics/web-vitals') && r.request().postDataJSON()?.name === 'TTFB' && r.status() === 204);
    await page.goto('/studios');
    await ttfb;
    await signIn(page, DEMO.admin);
    await page.goto('/admin/perf');
    await expect(page.getByRole('heading', { name: 'Performance', level: 1 })).toBeVisible();
    const ttfbSection = page.getByRole('region', { name: /^TTFB/ });
    await expect(ttfbSection.getByRole('table').getByRole('row').filter({ hasText: 'listing' })).not.toHaveCount(0);
    const timings = page.getByRole('region', { name: 'Server timings per route' });
    // Signing in (a password hash) is among the slowest routes; pages are timed by their first segment
    // (the table lists the slowest routes, so which pages are in it depends on what the server served before).
    await expect(timings.getByRole('rowheader', { name: 'POST /api/auth/sign-in', exact: true })).toBeVisible();
    await expect(timings.getByRole('rowheader', { name: /^GET \/[a-z-]+(\/\*)? \(page\)$/ }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/admin/perf');
  });

  test('micro-conversions: the lightbox sends gallery_view, Share copies the link and sends social_share', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withConsent(page, 'accepted');
    const sent = recordAnalytics(page);
    await page.goto('/artists');
    const profileLink = page.locator('main a[href^="/artists/"]:not([href*="?"])').first();
    await waitForHydrated(profileLink);
    await profileLink.click();
    await expect(page).toHaveURL(/\/artists\/[^/]+$/);
    const slug = new URL(page.url()).pathname;

    await page.getByRole('button', { name: /^Open image 1 of/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => sent.some((s) => s.path.endsWith('/conversion-funnel') && s.body.step === 'gallery_view' && s.body.stepOrder === 2.2)).toBe(true);
    await page.keyboard.press('Escape');

    // Desktop Chromium on Linux has no share sheet: the link is copied.
    await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${slug}`);
    await expect.poll(() => sent.some((s) => s.path.endsWith('/conversion-funnel') && s.body.step === 'social_share' && s.body.stepOrder === 2.3)).toBe(true);
    // The click's own report is sent alongside the share's, in no promised order.
    await expect.poll(() => sent.find((s) => s.path.endsWith('/cta-click') && s.body.ctaType === 'share')?.body).toMatchObject({ ctaText: 'Share' });
  });
});

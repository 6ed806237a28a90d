import { expect, test, signUp, waitForHydrated } from './shell-helpers.ts';

/**
 * Names that hold the `$` patterns of String.replace (`$\``, `$'`, `$&`) once pasted pieces of the
 * HTML template into server-rendered pages: duplicated scripts, the template inside <title>, embedded
 * state that did not parse, a page that never hydrated. Every public page that shows an artist's or
 * a studio's name is rendered with such names here.
 */
const ARTIST_NAME = "Dollar $` Sign $' Ink $& Co";
const STUDIO_NAME = "Studio $' Back $` Room";

test('public pages render and hydrate with `$` patterns in names', async ({ page }) => {
  await signUp(page, 'Dollar');
  const csrfToken = ((await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken;
  const slug = `dollar-sign-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/artists', {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      kind: 'tattoo',
      displayName: ARTIST_NAME,
      slug,
      bio: "Bio with $` and $' and $& in it.",
      styles: ['Fine Line'],
      cityId: 'hobart-au',
      studio: { mode: 'create', name: STUDIO_NAME, address: '1 Dollar Lane' },
      services: [{ name: 'Consultation', kind: 'consultation', durationMinutes: 30, priceMinCents: 0, priceMaxCents: 0, depositCents: 0 }],
      workingHours: { '1': [['10:00', '18:00']] },
      noticeHours: 48,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const profile = (await created.json()) as { studio: { slug: string } | null };
  expect(profile.studio).not.toBeNull();

  const pages: Array<{ path: string; name: string }> = [
    { path: `/artists/${slug}`, name: ARTIST_NAME },
    { path: `/artist/${slug}`, name: ARTIST_NAME },
    { path: `/artists?q=${encodeURIComponent('Dollar Sign')}`, name: ARTIST_NAME },
    { path: `/studios/${profile.studio!.slug}`, name: STUDIO_NAME },
  ];
  await page.context().clearCookies();
  for (const { path, name } of pages) {
    const errors: string[] = [];
    const onError = (e: Error) => errors.push(e.message);
    page.on('pageerror', onError);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const html = (await response?.text()) ?? '';
    // The template's pieces appear once each: one state script, one entry script, one <title>.
    expect(html.match(/id="__INKHAVEN_STATE__"/g), path).toHaveLength(1);
    expect(html.match(/<title>/g), path).toHaveLength(1);
    expect(html.match(/<script type="module"/g)?.length, path).toBe(1);
    const state = await page.locator('#__INKHAVEN_STATE__').textContent();
    expect(() => JSON.parse(state ?? ''), path).not.toThrow();
    await expect(page.getByText(name).first(), path).toBeVisible();
    await waitForHydrated(page.getByRole('link', { name: /Inkhaven/ }).first());
    page.off('pageerror', onError);
    expect(errors, path).toEqual([]);
  }
  await expect(page).toHaveTitle(new RegExp(STUDIO_NAME.replace(/[$`'&]/g, (c) => `\\${c}`)));
});

import type { APIRequestContext } from '@playwright/test';
import { consoleProblemsOf } from './console-helpers.ts';
import { expect, test } from './shell-helpers.ts';
import { FEATURE_PAGE_PATHS, SUPPORT_PATH, VIRTUAL_CONSULTATIONS_PATH } from '../../src/shared/feature-paths.ts';

/**
 * Every public page, loaded fresh by a signed-out visitor, hydrates without a console error, an
 * uncaught error or a hydration warning. The visitor's browser is in another time zone and locale
 * than the server, as most visitors' are, so text that depends on either shows up as a mismatch.
 * (Signed-in pages: console-signed-in.spec.ts, in the demo-data lane.)
 */
test.use({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });

const PUBLIC_PATHS = [
  '/',
  '/artists',
  '/studios',
  '/flash',
  '/booking',
  '/tattoo-styles',
  '/piercing-styles',
  '/aftercare-guides',
  ...FEATURE_PAGE_PATHS,
  VIRTUAL_CONSULTATIONS_PATH,
  SUPPORT_PATH,
  '/login',
  '/tattoo-artists',
  '/piercing-artists',
  '/ar-test',
];

async function anArtistAndTheirStudio(request: APIRequestContext): Promise<{ artist: string; studio: string }> {
  const search = (await (await request.get('/api/artists?q=Rosa%20Delgado')).json()) as { items: Array<{ slug: string }> };
  const artist = search.items[0]?.slug;
  const profile = (await (await request.get(`/api/artists/${artist}`)).json()) as { studio: { slug: string } | null };
  const studio = profile.studio?.slug;
  expect(artist && studio, 'the demo data has Rosa Delgado at a studio').toBeTruthy();
  return { artist: `/artists/${artist}`, studio: `/studios/${studio}` };
}

test.describe('a signed-out visitor’s console stays clean', () => {
  for (const path of PUBLIC_PATHS) {
    test(path, async ({ context }) => {
      expect(await consoleProblemsOf(() => context.newPage(), path)).toEqual([]);
    });
  }

  test('an artist profile and a studio page', async ({ context, request }) => {
    const { artist, studio } = await anArtistAndTheirStudio(request);
    for (const path of [artist, studio]) expect(await consoleProblemsOf(() => context.newPage(), path), path).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/db-utils.ts';
import { artistProfiles, studios } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://inkhaven.example' });
});
afterAll(async () => t.close());

describe('robots.txt', () => {
  it('allows crawling, keeps the API and private pages out, and points to the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /messages');
    expect(lines).toContain('Disallow: /admin/');
    expect(lines).not.toContain('Disallow: /artists');
    expect(lines).toContain('Sitemap: https://inkhaven.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages, guides, feature pages, and every artist and studio', async () => {
    const owner = await createUser(t.app);
    const { db } = t.app.ctx.database;
    const [studio] = await db
      .insert(studios)
      .values({ slug: 'black-anchor-studio', name: 'Black Anchor', address: '1 Main St', city: 'Portland', country: 'US', timezone: 'America/Los_Angeles', lat: 45.52, lng: -122.68 })
      .returning();
    await db.insert(artistProfiles).values({
      userId: owner.id,
      slug: 'mara-ink',
      displayName: 'Mara Ink',
      kind: 'tattoo',
      studioId: studio!.id,
      city: 'Portland',
      country: 'US',
      timezone: 'America/Los_Angeles',
      lat: 45.52,
      lng: -122.68,
    });

    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = 'https://inkhaven.example';
    for (const path of [
      '/',
      '/artists',
      '/tattoo-artists',
      '/piercing-artists',
      '/studios',
      '/piercing-styles',
      '/tattoo-styles',
      '/aftercare-guides',
      '/virtual-consultations',
      '/support',
      '/privacy',
      '/terms',
      '/accessibility',
      '/features/smart-discovery',
      '/features/identity-safety',
      '/artists/mara-ink',
      '/studios/black-anchor-studio',
    ]) {
      expect(locs).toContain(`${base}${path}`);
    }
    expect(locs.filter((l) => l?.startsWith(`${base}/features/`))).toHaveLength(10);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((l) => l?.includes('/api/') || l?.endsWith('/messages'))).toBe(false);
    expect(res.body).toMatch(/<loc>https:\/\/inkhaven\.example\/artists\/mara-ink<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });
});

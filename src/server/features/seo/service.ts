import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { artistProfiles, studios } from '../../db/schema/index.ts';
import { FEATURE_PAGE_META, SUPPORT_META, VIRTUAL_CONSULTATIONS_META } from '../../../shared/features-meta.ts';
import { ACCESSIBILITY_META, PRIVACY_META, TERMS_META } from '../../../shared/site-pages.ts';

/** Public, indexable pages that exist without data (spec §2). */
export const STATIC_PUBLIC_PATHS: string[] = [
  '/',
  '/artists',
  '/tattoo-artists',
  '/piercing-artists',
  '/studios',
  '/flash',
  '/piercing-styles',
  '/tattoo-styles',
  '/aftercare-guides',
  VIRTUAL_CONSULTATIONS_META.path,
  SUPPORT_META.path,
  PRIVACY_META.path,
  TERMS_META.path,
  ACCESSIBILITY_META.path,
  ...FEATURE_PAGE_META.map((m) => m.path),
];

/** Paths crawlers should skip: the API and every page that needs a session or holds personal data. */
export const ROBOTS_DISALLOW: string[] = [
  '/api/',
  '/home',
  '/messages',
  '/consultations',
  '/ai-generator',
  '/dashboard',
  '/github/',
  '/bookings/',
  '/book/',
  '/booking/',
  '/reviews',
  '/admin-dashboard',
  '/admin/',
  '/artist/create',
  '/artist/onboarding',
  '/artists/new',
  '/artist/payment-setup',
  '/artist/consent-forms',
  '/consent-form',
];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

type SitemapEntry = { path: string; lastmod?: Date | undefined };

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export async function sitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const { db } = ctx.database;
  const [artists, studioRows] = await Promise.all([
    db.select({ slug: artistProfiles.slug, updatedAt: artistProfiles.updatedAt }).from(artistProfiles).orderBy(asc(artistProfiles.slug)),
    db.select({ slug: studios.slug, createdAt: studios.createdAt }).from(studios).orderBy(asc(studios.slug)),
  ]);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...artists.map((a) => ({ path: `/artists/${encodeURIComponent(a.slug)}`, lastmod: a.updatedAt })),
    ...studioRows.map((s) => ({ path: `/studios/${encodeURIComponent(s.slug)}`, lastmod: s.createdAt })),
  ];
}

// One file holds up to 50,000 URLs (sitemaps.org); past that this needs a sitemap index.
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${xmlEscape(`${publicUrl}${e.path}`)}</loc>`;
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

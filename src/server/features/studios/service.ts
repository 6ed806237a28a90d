import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { artistProfiles, studios } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { searchArtistsInStudio } from '../artists/search.ts';

type StudioRow = typeof studios.$inferSelect;

function presentStudio(s: StudioRow, artistCount: number) {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    description: s.description,
    address: s.address,
    city: s.city,
    country: s.country,
    timezone: s.timezone,
    lat: s.lat,
    lng: s.lng,
    hours: s.hours,
    artistCount,
  };
}

export async function listStudios(ctx: AppContext) {
  const rows = await ctx.database.db
    .select({ s: studios, artistCount: count(artistProfiles.id) })
    .from(studios)
    .leftJoin(artistProfiles, eq(artistProfiles.studioId, studios.id))
    .groupBy(studios.id)
    .orderBy(asc(studios.city), asc(studios.name));
  return { items: rows.map((r) => presentStudio(r.s, Number(r.artistCount))) };
}

export async function getStudio(ctx: AppContext, slug: string) {
  const [studio] = await ctx.database.db.select().from(studios).where(eq(studios.slug, slug.toLowerCase())).limit(1);
  if (!studio) throw notFound('That studio');
  const artists = await searchArtistsInStudio(ctx, studio.id);
  return { ...presentStudio(studio, artists.length), artists };
}

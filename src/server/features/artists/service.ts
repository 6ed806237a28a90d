import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { artistProfiles } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';

export async function getOwnArtistProfile(ctx: AppContext, userId: string) {
  const [row] = await ctx.database.db.select().from(artistProfiles).where(eq(artistProfiles.userId, userId)).limit(1);
  if (!row) throw notFound('Your artist profile');
  return {
    id: row.id,
    slug: row.slug,
    displayName: row.displayName,
    kind: row.kind,
    styles: row.styles,
    city: row.city,
    country: row.country,
    timezone: row.timezone,
    verified: row.verified,
  };
}

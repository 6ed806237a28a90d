import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import { ZAdminArtistQuery, type TAdminArtists } from '../../../shared/contracts/identity.ts';
import type { AppContext } from '../../context.ts';
import { artistProfiles, users } from '../../db/schema/index.ts';
import { validate } from '../../http/app-error.ts';

const ARTISTS_SHOWN = 100;

/** `%`, `_` and `\` typed into the search mean themselves, not LIKE patterns. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /api/admin/artists?q=: artists by name, profile name, e-mail or city, newest first, with their documents' state. */
export async function listAdminArtists(ctx: AppContext, query: unknown): Promise<TAdminArtists> {
  const { q } = validate(ZAdminArtistQuery, query);
  const pattern = q ? likeText(q) : null;
  const rows = await ctx.database.db
    .select({
      a: { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName, city: artistProfiles.city, verified: artistProfiles.verified, createdAt: artistProfiles.createdAt },
      email: users.email,
      pending: sql<number>`(SELECT count(*)::int FROM artist_licences l WHERE l.artist_id = ${artistProfiles.id} AND l.status = 'pending')`,
      approved: sql<number>`(SELECT count(*)::int FROM artist_licences l WHERE l.artist_id = ${artistProfiles.id} AND l.status = 'approved')`,
      nextExpiry: sql<string | null>`(SELECT min(l.expires_on)::text FROM artist_licences l WHERE l.artist_id = ${artistProfiles.id} AND l.status = 'approved')`,
    })
    .from(artistProfiles)
    .innerJoin(users, eq(users.id, artistProfiles.userId))
    .where(pattern ? or(ilike(artistProfiles.displayName, pattern), ilike(artistProfiles.slug, pattern), ilike(users.email, pattern), ilike(users.name, pattern), ilike(artistProfiles.city, pattern)) : undefined)
    .orderBy(desc(artistProfiles.createdAt), artistProfiles.id)
    .limit(ARTISTS_SHOWN);
  return {
    items: rows.map((r) => ({
      ...r.a,
      email: r.email,
      createdAt: r.a.createdAt.toISOString(),
      licences: { pending: Number(r.pending), approved: Number(r.approved), nextExpiry: r.nextExpiry },
    })),
  };
}

import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/app-error.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Per-object check for everything an artist curates (portfolio, flash): the artist themself or
 * an administrator. Anyone else gets 403; an unknown artist 404.
 */
export async function assertCanManageArtist(db: DbOrTx, user: SessionUser, artistId: string): Promise<{ id: string; userId: string }> {
  if (!UUID.test(artistId)) throw notFound('That artist');
  const [artist] = await db.select({ id: artistProfiles.id, userId: artistProfiles.userId }).from(artistProfiles).where(eq(artistProfiles.id, artistId)).limit(1);
  if (!artist) throw notFound('That artist');
  if (artist.userId !== user.id && !user.isAdmin) throw forbidden('Only the artist can change their portfolio and flash designs.');
  return artist;
}

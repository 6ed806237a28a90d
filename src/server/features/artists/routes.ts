import type { FastifyInstance } from 'fastify';
import { ZArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { searchArtists } from './search.ts';
import { getOwnArtistProfile } from './service.ts';

export async function artistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/api/artists', async (request) => searchArtists(ctx, validate(ZArtistSearchQuery, request.query)));
  // Spec §7: success means the signed-in user is an artist; 404 otherwise.
  app.get('/api/artists/profile/me', async (request) => getOwnArtistProfile(ctx, requireUser(request).id));
}

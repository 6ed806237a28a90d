import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.ts';
import { getOwnArtistProfile } from './service.ts';

export async function artistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Spec §7: success means the signed-in user is an artist; 404 otherwise.
  app.get('/api/artists/profile/me', async (request) => getOwnArtistProfile(ctx, requireUser(request).id));
}

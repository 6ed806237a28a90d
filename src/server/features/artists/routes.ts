import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { searchArtists } from './search.ts';
import { getArtistProfile, listArtistReviews } from './profile.ts';
import { getOwnArtistProfile } from './service.ts';
import { artistOnboardingRoutes } from './onboarding-routes.ts';
import { mapSettingsRoutes } from './map-settings.ts';
import { ZArtistParams } from '../../http/route-params.ts';
import { zText } from '../../../shared/contracts/input.ts';


export async function artistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/api/artists', async (request) => searchArtists(ctx, validate(ZArtistSearchQuery, request.query)));
  // Spec §7: success means the signed-in user is an artist; 404 otherwise.
  app.get('/api/artists/profile/me', async (request) => getOwnArtistProfile(ctx, requireUser(request).id));

  artistOnboardingRoutes(app);
  mapSettingsRoutes(app);

  app.get('/api/artists/:idOrSlug', async (request) => getArtistProfile(ctx, validate(ZArtistParams, request.params).idOrSlug));
  app.get('/api/artists/:idOrSlug/reviews', async (request) => {
    const { idOrSlug } = validate(ZArtistParams, request.params);
    const { cursor } = validate(z.strictObject({ cursor: zText().max(200).optional() }), request.query);
    return listArtistReviews(ctx, idOrSlug, cursor);
  });
}

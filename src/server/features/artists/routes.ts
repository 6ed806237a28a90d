import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZArtistSearchQuery } from '../../../shared/contracts/artists.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { searchArtists } from './search.ts';
import { searchPageJson } from './search-card.ts';
import { getArtistProfile, listArtistReviews } from './profile.ts';
import { getOwnArtistProfile } from './service.ts';
import { artistOnboardingRoutes } from './onboarding-routes.ts';
import { mapSettingsRoutes } from './map-settings.ts';
import { ZArtistParams } from '../../http/route-params.ts';
import { zText } from '../../../shared/contracts/input.ts';
import { ZSearchImpressions } from '../../../shared/contracts/insights.ts';
import { recordProfileView, recordSearchImpressions } from '../insights/record.ts';

/** `?view=profile`: the read is the profile page's, and counts as a view (decision 0027). */
const ZArtistProfileQuery = z.strictObject({ view: z.literal('profile').optional() });


export async function artistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Not a search appearance by itself: prefetches, suggestions and repeated pages call it too (decision 0027).
  app.get('/api/artists', async (request, reply) => {
    const page = await searchArtists(ctx, validate(ZArtistSearchQuery, request.query));
    return reply.type('application/json; charset=utf-8').send(searchPageJson(page));
  });
  // Search appearances for the artists' Insights tab: the search page reports the artists it showed.
  app.post('/api/artists/impressions', { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { artistIds } = validate(ZSearchImpressions, request.body);
    recordSearchImpressions(ctx, request.log, artistIds, request.user?.id ?? null, request.headers['user-agent']);
    return reply.status(202).send();
  });
  // Spec §7: success means the signed-in user is an artist; 404 otherwise.
  app.get('/api/artists/profile/me', async (request) => getOwnArtistProfile(ctx, requireUser(request).id));

  artistOnboardingRoutes(app);
  mapSettingsRoutes(app);

  app.get('/api/artists/:idOrSlug', async (request) => {
    const { idOrSlug } = validate(ZArtistParams, request.params);
    const { view } = validate(ZArtistProfileQuery, request.query);
    const profile = await getArtistProfile(ctx, idOrSlug);
    // Only the profile page's read is a view; booking, messages, the call room and the AR preview read it too.
    if (view === 'profile') recordProfileView(ctx, request.log, profile.id, request.user?.id ?? null, request.headers);
    return profile;
  });
  app.get('/api/artists/:idOrSlug/reviews', async (request) => {
    const { idOrSlug } = validate(ZArtistParams, request.params);
    const { cursor } = validate(z.strictObject({ cursor: zText().max(200).optional() }), request.query);
    return listArtistReviews(ctx, idOrSlug, cursor);
  });
}

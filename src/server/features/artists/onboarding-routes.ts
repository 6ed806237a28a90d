import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZArtistDraft, ZCreateArtistProfile, ZSlugAvailableQuery, ZUpdateArtistProfile } from '../../../shared/contracts/artist-profile.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { checkSlugAvailability, createArtistProfile, getDraft, getEditableProfile, loadEditableArtist, saveDraft, updateArtistProfile } from './onboarding.ts';

// Same parameter name as the public profile routes: the router shares one tree per method.
const ZArtistIdParams = z.object({ idOrSlug: z.uuid('Use the artist id') });

/** Onboarding (draft, slug check, create) and editing of an artist's own profile. Called from artistRoutes. */
export function artistOnboardingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/api/artists/slug-available', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) =>
    checkSlugAvailability(ctx, validate(ZSlugAvailableQuery, request.query).slug),
  );
  app.get('/api/artists/draft', async (request) => getDraft(ctx, requireUser(request).id));
  app.put('/api/artists/draft', async (request) => {
    const user = requireUser(request);
    return saveDraft(ctx, user.id, validate(ZArtistDraft, request.body));
  });
  // One profile per user is its own limit; sign-up is rate-limited already.
  app.post('/api/artists', async (request, reply) => {
    const user = requireUser(request);
    const profile = await createArtistProfile(ctx, user, validate(ZCreateArtistProfile, request.body));
    return reply.status(201).send(profile);
  });
  app.get('/api/artists/:idOrSlug/editable', async (request) => {
    const user = requireUser(request);
    return getEditableProfile(ctx, user, validate(ZArtistIdParams, request.params).idOrSlug);
  });
  app.patch('/api/artists/:idOrSlug', async (request) => {
    const user = requireUser(request);
    const { idOrSlug: id } = validate(ZArtistIdParams, request.params);
    // Who may edit is settled before the body is read, so strangers learn nothing from validation errors.
    await loadEditableArtist(ctx, user, id);
    return updateArtistProfile(ctx, user, id, validate(ZUpdateArtistProfile, request.body));
  });
}

import type { FastifyInstance } from 'fastify';
import { ZAvailabilityQuery } from '../../../shared/contracts/availability.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import {
  addGuestSpot,
  addTimeOff,
  deleteGuestSpot,
  deleteTimeOff,
  getPublicAvailability,
  getAvailabilitySettings,
  updateAvailabilitySettings,
} from './service.ts';
import { ZArtistParams } from '../../http/route-params.ts';
import { zText } from '../../../shared/contracts/input.ts';

const ZEntryParams = ZArtistParams.extend({ entryId: zText().min(1).max(80) });

export async function availabilityRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/artists/:idOrSlug/availability', async (request) => {
    const { idOrSlug } = validate(ZArtistParams, request.params);
    return getPublicAvailability(ctx, idOrSlug, validate(ZAvailabilityQuery, request.query));
  });

  app.get('/api/artists/:idOrSlug/availability-settings', async (request) => {
    const user = requireUser(request);
    return getAvailabilitySettings(ctx, user, validate(ZArtistParams, request.params).idOrSlug);
  });

  app.put('/api/artists/:idOrSlug/availability-settings', async (request) => {
    const user = requireUser(request);
    const { idOrSlug } = validate(ZArtistParams, request.params);
    return updateAvailabilitySettings(ctx, user, idOrSlug, request.body);
  });

  app.post('/api/artists/:idOrSlug/time-off', async (request, reply) => {
    const user = requireUser(request);
    const entry = await addTimeOff(ctx, user, validate(ZArtistParams, request.params).idOrSlug, request.body);
    return reply.status(201).send(entry);
  });

  app.delete('/api/artists/:idOrSlug/time-off/:entryId', async (request, reply) => {
    const user = requireUser(request);
    const { idOrSlug, entryId } = validate(ZEntryParams, request.params);
    await deleteTimeOff(ctx, user, idOrSlug, entryId);
    return reply.status(204).send();
  });

  app.post('/api/artists/:idOrSlug/guest-spots', async (request, reply) => {
    const user = requireUser(request);
    const spot = await addGuestSpot(ctx, user, validate(ZArtistParams, request.params).idOrSlug, request.body);
    return reply.status(201).send(spot);
  });

  app.delete('/api/artists/:idOrSlug/guest-spots/:entryId', async (request, reply) => {
    const user = requireUser(request);
    const { idOrSlug, entryId } = validate(ZEntryParams, request.params);
    await deleteGuestSpot(ctx, user, idOrSlug, entryId);
    return reply.status(204).send();
  });
}

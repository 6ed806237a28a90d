import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZConsultationArtistsQuery, ZPlacementPhotoAttach, ZSessionSuggestion } from '../../../shared/contracts/consultations.ts';
import { zText } from '../../../shared/contracts/input.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { attachPlacementPhoto, getConsultation, getIceServers, listConsultationArtists, listConsultations, requestPlacementPhoto, suggestSession } from './service.ts';

const ZBookingParams = z.object({ bookingId: zText().min(1).max(80) });

/** Per person: a call room asks for its ICE servers on each (re)connect; a script hammering any of these does not get far. */
const CONSULTATIONS_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export async function consultationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const perUser = app.rateLimit({
    ...CONSULTATIONS_RATE_LIMIT,
    // The session is resolved in an earlier hook, so the user is known here.
    keyGenerator: (request: FastifyRequest) => (request.user ? `consultations:user:${request.user.id}` : `consultations:ip:${request.ip}`),
  });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
  const bookingIdOf = (request: FastifyRequest) => validate(ZBookingParams, request.params).bookingId;

  app.get('/api/consultations', { preHandler: perUser }, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return listConsultations(ctx, user);
  });

  // Public: the /consultation page lists who offers a video consultation.
  app.get('/api/consultations/artists', { preHandler: perUser }, async (request, reply) => {
    const { kind } = validate(ZConsultationArtistsQuery, request.query);
    void reply.header('cache-control', 'public, max-age=60');
    return listConsultationArtists(ctx, kind);
  });

  app.get('/api/consultations/:bookingId', { preHandler: perUser }, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return getConsultation(ctx, user, bookingIdOf(request));
  });

  app.get('/api/consultations/:bookingId/ice-servers', { preHandler: perUser }, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return getIceServers(ctx, user, bookingIdOf(request));
  });

  app.post('/api/consultations/:bookingId/placement-request', { preHandler: perUser }, async (request, reply) => {
    const user = requireUser(request);
    return reply.status(201).send(await requestPlacementPhoto(ctx, user, bookingIdOf(request)));
  });

  app.post('/api/consultations/:bookingId/placement-photos', { preHandler: perUser }, async (request, reply) => {
    const user = requireUser(request);
    const bookingId = bookingIdOf(request);
    const { imageId } = validate(ZPlacementPhotoAttach, request.body);
    return reply.status(201).send(await attachPlacementPhoto(ctx, user, bookingId, imageId));
  });

  app.post('/api/consultations/:bookingId/session-suggestion', { preHandler: perUser }, async (request, reply) => {
    const user = requireUser(request);
    const bookingId = bookingIdOf(request);
    return reply.status(201).send(await suggestSession(ctx, user, bookingId, validate(ZSessionSuggestion, request.body)));
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zText } from '../../../shared/contracts/input.ts';
import { validate } from '../../http/app-error.ts';
import { requireAdmin, requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { sendPrivateImage } from '../../http/private-image-reply.ts';
import { ZArtistParams, ZIdParams } from '../../http/route-params.ts';
import { openMessagePhoto, uploadMessagePhoto } from './photos.ts';
import { listMessageReports, reportMessage } from './reports.ts';
import { blockOther, getConversation, listConversations, listMessages, markConversationRead, openInquiry, sendMessage, unblockOther } from './service.ts';

/** Per person, per minute: a fast typist stays far below; a script flooding a conversation does not. */
export const MESSAGING_RATE_LIMITS = { send: 60, inquiries: 10, photos: 30, reports: 20 } as const;

const ZPhotoParams = z.object({ id: zText().min(1).max(80), imageId: zText().min(1).max(80) });

/** Conversations and messages (issue 12 §1); live delivery is the realtime hub's (src/server/realtime). */
export async function messagingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const perUser = (name: keyof typeof MESSAGING_RATE_LIMITS) =>
    app.rateLimit({
      max: MESSAGING_RATE_LIMITS[name],
      timeWindow: 60_000,
      // The session is resolved in an earlier preHandler; signed out, the route answers 401 anyway.
      keyGenerator: (request: FastifyRequest) => `messaging:${name}:${request.user?.id ?? `ip:${request.ip}`}`,
    });
  const idOf = (request: FastifyRequest) => validate(ZIdParams, request.params).id;

  app.get('/api/conversations', async (request, reply) => {
    const user = requireUser(request);
    void reply.header('cache-control', 'private, no-store');
    return listConversations(ctx, user, request.query);
  });
  app.get('/api/conversations/:id', async (request, reply) => {
    const user = requireUser(request);
    void reply.header('cache-control', 'private, no-store');
    return getConversation(ctx, user, idOf(request));
  });
  app.get('/api/conversations/:id/messages', async (request, reply) => {
    const user = requireUser(request);
    void reply.header('cache-control', 'private, no-store');
    return listMessages(ctx, user, idOf(request), request.query);
  });
  app.post('/api/conversations/:id/messages', { preHandler: perUser('send') }, async (request, reply) => {
    const user = requireUser(request);
    const { message, created } = await sendMessage(ctx, user, idOf(request), request.body);
    return reply.status(created ? 201 : 200).send(message);
  });
  app.post('/api/conversations/:id/read', async (request) => markConversationRead(ctx, requireUser(request), idOf(request)));
  app.post('/api/conversations/:id/block', async (request) => blockOther(ctx, requireUser(request), idOf(request)));
  app.delete('/api/conversations/:id/block', async (request) => unblockOther(ctx, requireUser(request), idOf(request)));

  app.post('/api/conversations/:id/photos', { preHandler: perUser('photos') }, async (request, reply) => {
    const user = requireUser(request);
    const image = await uploadMessagePhoto(ctx, user, idOf(request), () => readUploadForm(request));
    return reply.status(201).send(image);
  });
  for (const variant of ['full', 'thumb'] as const) {
    app.get(`/api/conversations/:id/photos/:imageId${variant === 'thumb' ? '/thumb' : ''}`, async (request, reply) => {
      const user = requireUser(request);
      const { id, imageId } = validate(ZPhotoParams, request.params);
      return sendPrivateImage(request, reply, await openMessagePhoto(ctx, user, id, imageId, variant));
    });
  }

  app.post('/api/artists/:idOrSlug/inquiries', { preHandler: perUser('inquiries') }, async (request, reply) => {
    const user = requireUser(request);
    const { conversationId, message, created } = await openInquiry(ctx, user, validate(ZArtistParams, request.params).idOrSlug, request.body);
    return reply.status(created ? 201 : 200).send({ conversationId, message });
  });

  app.post('/api/messages/:id/report', { preHandler: perUser('reports') }, async (request, reply) => {
    const user = requireUser(request);
    const { id, created } = await reportMessage(ctx, user, idOf(request), request.body);
    return reply.status(created ? 201 : 200).send({ id });
  });
  app.get('/api/admin/message-reports', async (request, reply) => {
    requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    return listMessageReports(ctx);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './service.ts';

const ZIdParams = z.object({ id: z.uuid('Notification id must be a UUID') });

export async function notificationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/api/notifications', async (request) => listNotifications(ctx, requireUser(request).id));
  app.post('/api/notifications/read-all', async (request, reply) => {
    await markAllNotificationsRead(ctx, requireUser(request).id);
    return reply.status(204).send();
  });
  app.post('/api/notifications/:id/read', async (request, reply) => {
    const user = requireUser(request);
    await markNotificationRead(ctx, user.id, validate(ZIdParams, request.params).id);
    return reply.status(204).send();
  });
  app.delete('/api/notifications/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteNotification(ctx, user.id, validate(ZIdParams, request.params).id);
    return reply.status(204).send();
  });
  app.delete('/api/notifications', async (request, reply) => {
    await clearNotifications(ctx, requireUser(request).id);
    return reply.status(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { ZWaitlistCreate } from '../../../shared/contracts/bookings.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from './service.ts';
import { ZIdParams } from '../../http/route-params.ts';


export async function waitlistRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/waitlist', async (request, reply) => {
    const user = requireUser(request);
    const entry = await joinWaitlist(ctx, user, validate(ZWaitlistCreate, request.body));
    return reply.status(201).send(entry);
  });

  app.get('/api/waitlist', async (request) => listMyWaitlist(ctx, requireUser(request)));

  app.delete('/api/waitlist/:id', async (request, reply) => {
    const user = requireUser(request);
    await leaveWaitlist(ctx, user, validate(ZIdParams, request.params).id);
    return reply.status(204).send();
  });
}

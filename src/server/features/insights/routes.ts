import type { FastifyInstance } from 'fastify';
import { ZInsightsQuery } from '../../../shared/contracts/insights.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { readInsights } from './service.ts';

export async function insightsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // The artist's own insights (admins: ?artistId=). Private figures: never cached by anyone.
  app.get('/api/artists/me/insights', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
    const user = requireUser(request);
    const query = validate(ZInsightsQuery, request.query);
    reply.header('cache-control', 'private, no-store');
    return readInsights(ctx, user, query);
  });
}

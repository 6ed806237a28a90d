import type { FastifyInstance } from 'fastify';
import { ZReviewHighlightsQuery } from '../../../shared/contracts/review-highlights.ts';
import { validate } from '../../http/app-error.ts';
import { reviewHighlights } from './service.ts';

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Public: the /tattoo-artists and /piercing-artists landing pages render it on the server.
  app.get('/api/reviews/highlights', async (request) => reviewHighlights(ctx, validate(ZReviewHighlightsQuery, request.query)));
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZReviewCreate, ZReviewReply } from '../../../shared/contracts/bookings.ts';
import { ZReviewHighlightsQuery } from '../../../shared/contracts/review-highlights.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { createReview, myReviews, replyToReview, reviewHighlights } from './service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(80) });

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Public: the /tattoo-artists and /piercing-artists landing pages render it on the server.
  app.get('/api/reviews/highlights', async (request) => reviewHighlights(ctx, validate(ZReviewHighlightsQuery, request.query)));

  app.get('/api/reviews/mine', async (request) => myReviews(ctx, requireUser(request)));

  app.post('/api/reviews', async (request, reply) => {
    const user = requireUser(request);
    const review = await createReview(ctx, user, validate(ZReviewCreate, request.body));
    return reply.status(201).send(review);
  });

  app.post('/api/reviews/:id/reply', async (request) => {
    const user = requireUser(request);
    return replyToReview(ctx, user, validate(ZIdParams, request.params).id, validate(ZReviewReply, request.body));
  });
}

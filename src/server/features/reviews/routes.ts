import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zText } from '../../../shared/contracts/input.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { openReviewPhoto, uploadReviewPhoto } from './photos.ts';
import { ZReviewCreate, ZReviewReply } from '../../../shared/contracts/bookings.ts';
import { ZReviewHighlightsQuery } from '../../../shared/contracts/review-highlights.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { createReview, myReviews, replyToReview, reviewHighlights } from './service.ts';
import { ZIdParams } from '../../http/route-params.ts';


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

  app.post('/api/reviews/photos', async (request, reply) => {
    const user = requireUser(request);
    const photo = await uploadReviewPhoto(ctx, user, () => readUploadForm(request));
    return reply.status(201).send(photo);
  });

  const ZPhotoParams = z.object({ photoId: zText().min(1).max(80) });
  const sendPhoto = (variant: 'full' | 'thumb') => async (request: FastifyRequest, reply: FastifyReply) => {
    const photo = await openReviewPhoto(ctx, request.user, validate(ZPhotoParams, request.params).photoId, variant);
    // On a review the photo is public and never changes; before that it is its uploader's alone.
    void reply.header('cache-control', photo.public ? 'public, max-age=86400' : 'private, no-store').header('etag', photo.etag);
    if (request.headers['if-none-match'] === photo.etag) {
      photo.stream.destroy();
      return reply.status(304).send();
    }
    return reply.type(photo.type).header('content-length', photo.size).send(photo.stream);
  };
  app.get('/api/reviews/photos/:photoId', sendPhoto('full'));
  app.get('/api/reviews/photos/:photoId/thumb', sendPhoto('thumb'));

  app.post('/api/reviews/:id/reply', async (request) => {
    const user = requireUser(request);
    return replyToReview(ctx, user, validate(ZIdParams, request.params).id, validate(ZReviewReply, request.body));
  });
}

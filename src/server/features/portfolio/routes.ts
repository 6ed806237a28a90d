import type { FastifyInstance } from 'fastify';
import { ZPortfolioOrder, ZPortfolioPatch } from '../../../shared/contracts/portfolio.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { addPortfolioImage, deletePortfolioImage, listPortfolio, reorderPortfolio, updatePortfolioCaption } from './service.ts';
import { ZArtistParams } from '../../http/route-params.ts';
import { zText } from '../../../shared/contracts/input.ts';

const ZImageParams = ZArtistParams.extend({ imageId: zText().min(1).max(80) });

export async function portfolioRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/artists/:idOrSlug/portfolio', async (request) => listPortfolio(ctx, validate(ZArtistParams, request.params).idOrSlug));

  app.post('/api/artists/:idOrSlug/portfolio', async (request, reply) => {
    const user = requireUser(request);
    const { idOrSlug } = validate(ZArtistParams, request.params);
    const image = await addPortfolioImage(ctx, user, idOrSlug, () => readUploadForm(request));
    return reply.status(201).send(image);
  });

  app.post('/api/artists/:idOrSlug/portfolio/order', async (request) => {
    const user = requireUser(request);
    const { idOrSlug } = validate(ZArtistParams, request.params);
    return reorderPortfolio(ctx, user, idOrSlug, validate(ZPortfolioOrder, request.body).ids);
  });

  app.patch('/api/artists/:idOrSlug/portfolio/:imageId', async (request) => {
    const user = requireUser(request);
    const { idOrSlug, imageId } = validate(ZImageParams, request.params);
    return updatePortfolioCaption(ctx, user, idOrSlug, imageId, validate(ZPortfolioPatch, request.body).caption);
  });

  app.delete('/api/artists/:idOrSlug/portfolio/:imageId', async (request, reply) => {
    const user = requireUser(request);
    const { idOrSlug, imageId } = validate(ZImageParams, request.params);
    await deletePortfolioImage(ctx, user, idOrSlug, imageId);
    return reply.status(204).send();
  });
}

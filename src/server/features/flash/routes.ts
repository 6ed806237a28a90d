import type { FastifyInstance } from 'fastify';
import { ZFlashListQuery, ZFlashPatch } from '../../../shared/contracts/flash.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { createFlash, deleteFlash, getFlash, listFlash, updateFlash } from './service.ts';
import { ZArtistParams, ZIdParams } from '../../http/route-params.ts';


export async function flashRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/flash', async (request) => listFlash(ctx, validate(ZFlashListQuery, request.query)));
  app.get('/api/flash/:id', async (request) => getFlash(ctx, validate(ZIdParams, request.params).id));

  app.post('/api/artists/:idOrSlug/flash', async (request, reply) => {
    const user = requireUser(request);
    const { idOrSlug } = validate(ZArtistParams, request.params);
    const design = await createFlash(ctx, user, idOrSlug, () => readUploadForm(request));
    return reply.status(201).send(design);
  });

  app.patch('/api/flash/:id', async (request) => {
    const user = requireUser(request);
    return updateFlash(ctx, user, validate(ZIdParams, request.params).id, validate(ZFlashPatch, request.body));
  });

  app.delete('/api/flash/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteFlash(ctx, user, validate(ZIdParams, request.params).id);
    return reply.status(204).send();
  });
}

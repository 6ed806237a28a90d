import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zText } from '../../../shared/contracts/input.ts';
import { validate } from '../../http/app-error.ts';
import { getStudio, listStudios } from './service.ts';

const ZStudioParams = z.object({ slug: zText().min(1).max(80).regex(/^[a-z0-9-]+$/i, 'not a studio name') });

export async function studioRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/api/studios', async () => listStudios(ctx));
  app.get('/api/studios/:slug', async (request) => getStudio(ctx, validate(ZStudioParams, request.params).slug));
}

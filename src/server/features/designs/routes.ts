import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DESIGNS_PATH, ZDesignParams, ZGenerationCreate, ZGenerationParams } from '../../../shared/contracts/designs.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { sendPrivateImage } from '../../http/private-image-reply.ts';
import { designPng, designSvg, getGeneration, listFavouriteDesigns, listGenerations, openDesignImage, setFavourite, startGeneration } from './service.ts';

/**
 * A sketch's SVG is ours (see stencil.ts), but it is still served as a document of its own type:
 * this policy keeps it inert even if opened directly (no scripts, nothing loaded from anywhere).
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export async function designRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  app.get(`${DESIGNS_PATH}/generations`, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return listGenerations(ctx, user);
  });

  app.post(`${DESIGNS_PATH}/generations`, async (request, reply) => {
    const user = requireUser(request);
    const body = validate(ZGenerationCreate, request.body ?? {});
    const { generation, created } = await startGeneration(ctx, user, body);
    return reply.status(created ? 202 : 200).send(generation);
  });

  app.get(`${DESIGNS_PATH}/generations/:id`, async (request, reply) => {
    const user = requireUser(request);
    const { id } = validate(ZGenerationParams, request.params);
    noStore(reply);
    return getGeneration(ctx, user, id);
  });

  app.get(`${DESIGNS_PATH}/favourites`, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return listFavouriteDesigns(ctx, user);
  });

  app.put(`${DESIGNS_PATH}/:id/favourite`, async (request) => {
    const user = requireUser(request);
    const { id } = validate(ZDesignParams, request.params);
    return setFavourite(ctx, user, id, true);
  });
  app.delete(`${DESIGNS_PATH}/:id/favourite`, async (request) => {
    const user = requireUser(request);
    const { id } = validate(ZDesignParams, request.params);
    return setFavourite(ctx, user, id, false);
  });

  app.get(`${DESIGNS_PATH}/:id/image`, async (request, reply) => {
    const user = requireUser(request);
    const { id } = validate(ZDesignParams, request.params);
    const file = await openDesignImage(ctx, user, id);
    if (file.kind === 'stored') return sendPrivateImage(request, reply, file.image);
    return reply.type('image/svg+xml').header('cache-control', 'private, max-age=3600').header('content-security-policy', SVG_POLICY).send(file.svg);
  });

  const ZDownload = z.strictObject({ download: z.enum(['1']).optional() });
  app.get(`${DESIGNS_PATH}/:id/svg`, async (request, reply) => {
    const user = requireUser(request);
    const { id } = validate(ZDesignParams, request.params);
    const { download } = validate(ZDownload, request.query);
    const { svg, fileName } = await designSvg(ctx, user, id);
    if (download) void reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return reply.type('image/svg+xml').header('cache-control', 'private, no-store').header('content-security-policy', SVG_POLICY).send(svg);
  });

  app.get(`${DESIGNS_PATH}/:id/png`, async (request, reply) => {
    const user = requireUser(request);
    const { id } = validate(ZDesignParams, request.params);
    const { download } = validate(ZDownload, request.query);
    const { png, fileName } = await designPng(ctx, user, id);
    if (download) void reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
  });
}

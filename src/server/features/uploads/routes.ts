import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf, isPublicKey, LocalStorage } from '../../storage/local-storage.ts';

const NOT_FOUND = { code: 'NOT_FOUND', message: 'That file was not found.' } as const;

/**
 * Public images (portfolio, avatars, studio photos) at /uploads/<key>. Keys carry a unique id
 * and are never rewritten, so browsers and CDNs may keep them for a year.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const storage = new LocalStorage(app.ctx.config.STORAGE_DIR);

  app.get('/uploads/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    const type = contentTypeOf(key);
    // An invalid key (traversal, hidden file) and a private one answer like a missing file.
    if (!type || !isPublicKey(key)) return reply.status(404).send(NOT_FOUND);
    const info = await storage.info(key);
    if (!info) return reply.status(404).send(NOT_FOUND);
    const etag = `"${info.size.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('last-modified', info.modifiedAt.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(type).header('content-length', info.size).send(storage.stream(key));
  });
}

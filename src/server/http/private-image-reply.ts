import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PrivateImage } from '../storage/private-images.ts';

/** Answer a private image: cached by the browser only (never a shared cache), revalidated by ETag. */
export function sendPrivateImage(request: FastifyRequest, reply: FastifyReply, image: PrivateImage) {
  void reply.header('cache-control', 'private, max-age=3600').header('etag', image.etag);
  if (request.headers['if-none-match'] === image.etag) {
    image.stream.destroy();
    return reply.status(304).send();
  }
  return reply.type(image.type).header('content-length', image.size).send(image.stream);
}

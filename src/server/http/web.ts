import type { FastifyInstance } from 'fastify';

/** Serves the built client and server-renders pages. Filled in with the web build. */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
}

import type { FastifyInstance } from 'fastify';
import { robotsTxt, sitemapEntries, sitemapXml } from './service.ts';

export async function seoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(ctx.publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(ctx.publicUrl, await sitemapEntries(ctx))),
  );
}

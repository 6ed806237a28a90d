import type { FastifyInstance } from 'fastify';

export async function systemRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({ status: 'ok' as const, db: app.ctx.database.kind }));
}

import type { FastifyInstance } from 'fastify';

export async function systemRoutes(app: FastifyInstance) {
  // Probed constantly by load balancers and monitors: answered without a log line per request.
  app.get('/api/health', { logLevel: 'warn' }, async () => ({ status: 'ok' as const, db: app.ctx.database.kind }));
}

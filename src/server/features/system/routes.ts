import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function systemRoutes(app: FastifyInstance) {
  // Probed constantly by load balancers and monitors: answered without a log line per request. It
  // asks the database, so an instance whose database is away answers 503 (the error handler) and
  // is taken out of rotation until it can serve again.
  app.get('/api/health', { logLevel: 'warn' }, async () => {
    await app.ctx.database.db.execute(sql`SELECT 1`);
    return { status: 'ok' as const, db: app.ctx.database.kind };
  });
}

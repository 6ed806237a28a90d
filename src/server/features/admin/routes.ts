import type { FastifyInstance } from 'fastify';
import { ZAdminOutboxQuery } from '../../../shared/contracts/admin.ts';
import { validate } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/guards.ts';
import { jobsOverview, listOutbox, listPaymentIssues } from './service.ts';

export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/admin/outbox', async (request) => {
    requireAdmin(request);
    return listOutbox(ctx, validate(ZAdminOutboxQuery, request.query));
  });

  app.get('/api/admin/jobs', async (request) => {
    requireAdmin(request);
    return jobsOverview(ctx);
  });

  app.get('/api/admin/payment-issues', async (request) => {
    requireAdmin(request);
    return listPaymentIssues(ctx);
  });
}

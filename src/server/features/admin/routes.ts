import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_GROUP_FORM_PATH,
  ADMIN_USER_FORM_PATH,
  ZAdminAuditQuery,
  ZAdminKpisQuery,
  ZAdminLookupQuery,
  ZAdminOutboxQuery,
  ZAdminRole,
  ZAdminSuspend,
  ZAdminUserForm,
  ZAdminUsersQuery,
  ZErrorGroupForm,
  ZErrorGroupsQuery,
  ZErrorGroupState,
} from '../../../shared/contracts/admin.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { acceptFormPosts, answerFormPost, formFields } from '../../http/form-post.ts';
import { requireAdmin } from '../../http/guards.ts';
import { adminKpis, listAudit, listUsers, lookup, reinstateUser, setAdminRole, suspendUser } from './console.ts';
import { jobsOverview, listOutbox, listPaymentIssues } from './service.ts';
import { listErrorGroups, setErrorGroupStatus } from './telemetry.ts';

const ZUserParams = z.strictObject({ id: z.string().min(1).max(100) });
const ZGroupParams = z.strictObject({ key: z.string().regex(/^[0-9a-f]{32}$/, 'Not an error group.') });
const noStore = { 'cache-control': 'private, no-store' };

export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const userIdOf = (request: FastifyRequest) => validate(ZUserParams, request.params).id;
  acceptFormPosts(app);

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

  // The console (issue 14 §3) ---------------------------------------------------------------------
  app.get('/api/admin/kpis', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return adminKpis(ctx, Number(validate(ZAdminKpisQuery, request.query).days));
  });

  app.get('/api/admin/users', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listUsers(ctx, validate(ZAdminUsersQuery, request.query));
  });
  app.post('/api/admin/users/:id/suspend', async (request, reply) => {
    const admin = requireAdmin(request);
    await suspendUser(ctx, admin, userIdOf(request), validate(ZAdminSuspend, request.body).reason);
    return reply.status(204).send();
  });
  app.post('/api/admin/users/:id/reinstate', async (request, reply) => {
    const admin = requireAdmin(request);
    await reinstateUser(ctx, admin, userIdOf(request));
    return reply.status(204).send();
  });
  app.post('/api/admin/users/:id/role', async (request, reply) => {
    const admin = requireAdmin(request);
    await setAdminRole(ctx, admin, userIdOf(request), validate(ZAdminRole, request.body).admin);
    return reply.status(204).send();
  });
  // The /admin/users page's forms, posted by the browser itself (before hydration too): 303 back with ?done= or ?error=.
  app.post(ADMIN_USER_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(request, reply, returnTo, async () => {
      const admin = requireAdmin(request);
      const form = validate(ZAdminUserForm, fields);
      if (form.action === 'suspend') {
        if (!form.reason) throw new AppError('VALIDATION_FAILED', 'reason: Say why (at least 3 characters).');
        await suspendUser(ctx, admin, form.id, validate(ZAdminSuspend, { reason: form.reason }).reason);
        return 'user-suspended';
      }
      if (form.action === 'reinstate') {
        await reinstateUser(ctx, admin, form.id);
        return 'user-reinstated';
      }
      await setAdminRole(ctx, admin, form.id, form.action === 'make-admin');
      return form.action === 'make-admin' ? 'user-admin' : 'user-not-admin';
    });
  });

  app.get('/api/admin/lookup', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return lookup(ctx, validate(ZAdminLookupQuery, request.query).q);
  });

  app.get('/api/admin/error-groups', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listErrorGroups(ctx, validate(ZErrorGroupsQuery, request.query).status);
  });
  app.post('/api/admin/error-groups/:key/status', async (request, reply) => {
    const admin = requireAdmin(request);
    await setErrorGroupStatus(ctx, admin, validate(ZGroupParams, request.params).key, validate(ZErrorGroupState, request.body).status);
    return reply.status(204).send();
  });
  app.post(ERROR_GROUP_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(request, reply, returnTo, async () => {
      const admin = requireAdmin(request);
      const form = validate(ZErrorGroupForm, fields);
      await setErrorGroupStatus(ctx, admin, form.key, form.status);
      return `error-group-${form.status}`;
    });
  });

  app.get('/api/admin/audit', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listAudit(ctx, validate(ZAdminAuditQuery, request.query));
  });
}

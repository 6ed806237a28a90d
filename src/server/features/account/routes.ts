import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { acceptFormPosts, answerFormPost, formFields } from '../../http/form-post.ts';
import { ACCOUNT_SETTINGS_PATH } from '../../../shared/contracts/account.ts';
import { ACCOUNT_DELETE_FORM_PATH, ACCOUNT_DELETE_PATH, ACCOUNT_EXPORT_PATH } from '../../../shared/contracts/identity.ts';
import { deleteMyAccount, exportMyData } from './data.ts';
import { getAccountSettings, removeAvatar, setAvatar, updateAccountSettings } from './service.ts';

/** Per person, per minute: an export reads every file the person uploaded; deletion takes password guesses. */
export const ACCOUNT_DATA_RATE_LIMITS = { export: 3, delete: 5 } as const;

/** The signed-in person's own account: their avatar, their switches, their data. */
export async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  acceptFormPosts(app);
  const perUser = (name: keyof typeof ACCOUNT_DATA_RATE_LIMITS) =>
    app.rateLimit({
      max: ACCOUNT_DATA_RATE_LIMITS[name],
      timeWindow: 60_000,
      // The session is resolved in an earlier preHandler; signed out, the route answers 401 anyway.
      keyGenerator: (request: FastifyRequest) => `account:${name}:${request.user?.id ?? `ip:${request.ip}`}`,
    });
  app.put('/api/account/avatar', async (request) => {
    const user = requireUser(request);
    return setAvatar(ctx, user, () => readUploadForm(request));
  });
  app.delete('/api/account/avatar', async (request) => removeAvatar(ctx, requireUser(request)));
  app.get(ACCOUNT_SETTINGS_PATH, async (request, reply) => {
    const user = requireUser(request);
    void reply.header('cache-control', 'private, no-store');
    return getAccountSettings(ctx, user);
  });
  app.patch(ACCOUNT_SETTINGS_PATH, async (request) => updateAccountSettings(ctx, requireUser(request), request.body));

  // A download (a link, not a form): it changes nothing, and only ever answers the signed-in person's own data.
  app.get(ACCOUNT_EXPORT_PATH, { preHandler: perUser('export') }, async (request, reply) => {
    const user = requireUser(request);
    const data = await exportMyData(ctx, user);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="inkhaven-data-${data.exportedAt.slice(0, 10)}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
  app.post(ACCOUNT_DELETE_PATH, { preHandler: perUser('delete') }, async (request) => {
    await deleteMyAccount(ctx, requireUser(request), request.body);
    return { deleted: true };
  });
  app.post(ACCOUNT_DELETE_FORM_PATH, { config: { csrf: 'same-origin' }, preHandler: perUser('delete') }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    // Gone: the account page would only ask to sign in; the home page says it is done.
    return answerFormPost(
      request,
      reply,
      returnTo,
      async () => {
        await deleteMyAccount(ctx, requireUser(request), fields);
        return 'account-deleted';
      },
      '/',
    );
  });
}

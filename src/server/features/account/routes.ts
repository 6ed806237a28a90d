import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { ACCOUNT_SETTINGS_PATH } from '../../../shared/contracts/account.ts';
import { getAccountSettings, removeAvatar, setAvatar, updateAccountSettings } from './service.ts';

/** The signed-in person's own account: their avatar and their switches. */
export async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
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
}

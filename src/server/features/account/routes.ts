import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { removeAvatar, setAvatar } from './service.ts';

/** The signed-in person's own account: their avatar. */
export async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.put('/api/account/avatar', async (request) => {
    const user = requireUser(request);
    return setAvatar(ctx, user, () => readUploadForm(request));
  });
  app.delete('/api/account/avatar', async (request) => removeAvatar(ctx, requireUser(request)));
}

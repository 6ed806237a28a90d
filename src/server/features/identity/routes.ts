import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_LICENCE_FORM_PATH,
  ADMIN_REPORT_FORM_PATH,
  BLOCK_FORM_PATH,
  BLOCKS_PATH,
  LICENCE_FORM_PATH,
  LICENCES_PATH,
  REPORT_FORM_PATH,
  REPORTS_PATH,
  VERIFICATION_PAGE_PATH,
} from '../../../shared/contracts/identity.ts';
import { zText } from '../../../shared/contracts/input.ts';
import { validate } from '../../http/app-error.ts';
import { acceptFormPosts, answerFormPost, formFields } from '../../http/form-post.ts';
import { requireAdmin, requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { ZArtistParams, ZIdParams } from '../../http/route-params.ts';
import { listAdminArtists } from './admin-artists.ts';
import { decideLicence, listLicenceQueue, listMyLicences, openLicenceImage, uploadLicence } from './licences.ts';
import { blockedArtist, blockPerson, createReport, listBlocks, listReports, resolveReport, unblockPerson } from './reports.ts';

/** Per person, per minute: far above what a person does by hand. */
export const IDENTITY_RATE_LIMITS = { reports: 20, uploads: 10 } as const;

const ZUserParams = z.object({ userId: zText().min(1).max(80) });
const ZIdField = z.object({ id: zText().min(1).max(80) }).loose();
const ZBlockForm = z.union([
  z.strictObject({ intent: z.literal('block'), artistId: zText().max(80) }),
  z.strictObject({ intent: z.literal('block'), bookingId: zText().max(80) }),
  z.strictObject({ intent: z.literal('unblock'), userId: zText().min(1).max(80) }),
]);

/** Licences and the verification queue, reports and the report queue, blocks (issue 13 §3, decision 0023). */
export async function identityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  acceptFormPosts(app);
  const perUser = (name: keyof typeof IDENTITY_RATE_LIMITS) =>
    app.rateLimit({
      max: IDENTITY_RATE_LIMITS[name],
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `identity:${name}:${request.user?.id ?? `ip:${request.ip}`}`,
    });
  const idOf = (request: FastifyRequest) => validate(ZIdParams, request.params).id;
  const noStore = { 'cache-control': 'private, no-store' };

  // Licences ------------------------------------------------------------------------------------
  app.post(LICENCES_PATH, { preHandler: perUser('uploads') }, async (request, reply) => {
    const user = requireUser(request);
    return reply.status(201).send(await uploadLicence(ctx, user, () => readUploadForm(request)));
  });
  // The upload form lives on one page only, which is where it returns.
  app.post(LICENCE_FORM_PATH, { config: { csrf: 'same-origin' }, preHandler: perUser('uploads') }, async (request, reply) =>
    answerFormPost(request, reply, VERIFICATION_PAGE_PATH, async () => {
      const user = requireUser(request);
      await uploadLicence(ctx, user, async () => {
        const form = await readUploadForm(request);
        return { ...form, fields: formFields(form.fields).fields };
      });
      return 'licence-uploaded';
    }),
  );
  app.get(LICENCES_PATH, async (request, reply) => {
    const user = requireUser(request);
    void reply.headers(noStore);
    return listMyLicences(ctx, user);
  });
  for (const variant of ['full', 'thumb'] as const) {
    app.get(`${LICENCES_PATH}/:id/image${variant === 'thumb' ? '/thumb' : ''}`, async (request, reply) => {
      const user = requireUser(request);
      const image = await openLicenceImage(ctx, user, idOf(request), variant);
      // An identity document: never kept by a browser or proxy cache.
      return reply.headers(noStore).type(image.type).header('content-length', image.size).send(image.stream);
    });
  }
  app.get('/api/admin/licences', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listLicenceQueue(ctx, request.query);
  });
  app.post('/api/admin/licences/:id/decision', async (request) => decideLicence(ctx, requireAdmin(request), idOf(request), request.body));
  app.post(ADMIN_LICENCE_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(request, reply, returnTo, async () => {
      const admin = requireAdmin(request);
      const { id, ...decision } = validate(ZIdField, fields);
      const licence = await decideLicence(ctx, admin, id, { decision: decision.decision, ...(decision.note ? { note: decision.note } : {}) });
      return `licence-${licence.status}`;
    });
  });
  app.get('/api/admin/artists', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listAdminArtists(ctx, request.query);
  });

  // Reports -------------------------------------------------------------------------------------
  app.post(REPORTS_PATH, { preHandler: perUser('reports') }, async (request, reply) => {
    const { id, created } = await createReport(ctx, requireUser(request), request.body);
    return reply.status(created ? 201 : 200).send({ id });
  });
  app.post(REPORT_FORM_PATH, { config: { csrf: 'same-origin' }, preHandler: perUser('reports') }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(request, reply, returnTo, async () => {
      const { details, ...rest } = fields;
      await createReport(ctx, requireUser(request), { ...rest, ...(details ? { details } : {}) });
      return 'reported';
    });
  });
  app.get('/api/admin/reports', async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listReports(ctx, request.query);
  });
  app.post('/api/admin/reports/:id/resolution', async (request) => resolveReport(ctx, requireAdmin(request), idOf(request), request.body));
  app.post(ADMIN_REPORT_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(request, reply, returnTo, async () => {
      const admin = requireAdmin(request);
      const { id, ...resolution } = validate(ZIdField, fields);
      const done = await resolveReport(ctx, admin, id, resolution);
      return `report-${done.status}`;
    });
  });

  // Blocks --------------------------------------------------------------------------------------
  app.get(BLOCKS_PATH, async (request, reply) => {
    const user = requireUser(request);
    void reply.headers(noStore);
    return listBlocks(ctx, user);
  });
  app.post(BLOCKS_PATH, async (request) => blockPerson(ctx, requireUser(request), request.body));
  app.delete(`${BLOCKS_PATH}/:userId`, async (request) => unblockPerson(ctx, requireUser(request), validate(ZUserParams, request.params).userId));
  app.post(BLOCK_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(request, reply, returnTo, async () => {
      const user = requireUser(request);
      const form = validate(ZBlockForm, fields);
      if (form.intent === 'unblock') {
        await unblockPerson(ctx, user, form.userId);
        return 'unblocked';
      }
      const { intent: _intent, ...target } = form;
      await blockPerson(ctx, user, target);
      return 'blocked';
    });
  });
  app.get('/api/artists/:idOrSlug/block', async (request, reply) => {
    const user = requireUser(request);
    void reply.headers(noStore);
    return blockedArtist(ctx, user, validate(ZArtistParams, request.params).idOrSlug);
  });
}

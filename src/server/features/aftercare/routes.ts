import type { FastifyInstance } from 'fastify';
import { aftercarePagePath, CHECK_IN_FORM_FIELDS, CHECK_IN_FORM_FILE_FIELDS, CHECK_IN_SENT_DONE, ZHealedFollowUp } from '../../../shared/contracts/aftercare.ts';
import { HEALING_SYMPTOM_IDS } from '../../../shared/aftercare-plan.ts';
import { FORM_DONE_PARAM } from '../../../shared/form-result.ts';
import { validate } from '../../http/app-error.ts';
import { answerPagePost } from '../../http/form-post.ts';
import { readMultipartForm } from '../../http/multipart.ts';
import { requireUser } from '../../http/guards.ts';
import { ZIdParams } from '../../http/route-params.ts';
import { addHealedFollowUp, aftercareTestimonials, createCheckIn, createCheckInFromForm, getAftercare } from './service.ts';

/** The check-in form's text fields: feeling, note, kept photo ids and one per symptom. */
const CHECK_IN_FORM_MAX_FIELDS = HEALING_SYMPTOM_IDS.length + 6;

/** Aftercare of a completed session (issue 13 §2): the plan, healing check-ins and the healed follow-up. */
export async function aftercareRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Public: the aftercare guide renders them on the server.
  app.get('/api/aftercare/testimonials', async () => ({ items: await aftercareTestimonials(ctx) }));
  app.get('/api/bookings/:id/aftercare', async (request, reply) => {
    const user = requireUser(request);
    // How someone's skin heals: never kept by a shared cache or the browser's.
    void reply.header('cache-control', 'private, no-store');
    return getAftercare(ctx, user, validate(ZIdParams, request.params).id);
  });
  app.post('/api/bookings/:id/check-ins', async (request, reply) => {
    const user = requireUser(request);
    const { checkIn, created } = await createCheckIn(ctx, user, validate(ZIdParams, request.params).id, request.body);
    return reply.status(created ? 201 : 200).header('cache-control', 'private, no-store').send(checkIn);
  });
  // The check-in as the browser posts it itself (no JavaScript yet, or none): to the page's own
  // address, so a refusal answers with the page again, what was written kept.
  app.post('/bookings/:id/aftercare', { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { id } = validate(ZIdParams, request.params);
    const page = aftercarePagePath(id);
    void reply.header('cache-control', 'private, no-store');
    const photoIds: string[] = [];
    return answerPagePost(app, request, reply, {
      page,
      doneTo: `${page}?${FORM_DONE_PARAM}=${CHECK_IN_SENT_DONE}`,
      read: () => readMultipartForm(request, { fileFields: CHECK_IN_FORM_FILE_FIELDS, maxFields: CHECK_IN_FORM_MAX_FIELDS }),
      run: (form, user) => createCheckInFromForm(ctx, user, id, form, photoIds),
      kept: () => ({ [CHECK_IN_FORM_FIELDS.photoIds]: photoIds.join(',') }),
    });
  });
  app.post('/api/bookings/:id/healed-follow-up', async (request, reply) => {
    const user = requireUser(request);
    const { note } = validate(ZHealedFollowUp, request.body);
    void reply.header('cache-control', 'private, no-store');
    return addHealedFollowUp(ctx, user, validate(ZIdParams, request.params).id, note);
  });
}

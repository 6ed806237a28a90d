import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONSENT_FORM_FILE_FIELDS,
  CONSENT_FORM_MAX_FIELDS,
  CONSENT_FORM_PAGE_PATH,
  CONSENT_ID_IMAGE_OWNERS,
  CONSENT_SIGNED_DONE,
  consentFormHref,
  ZConsentKindParams,
  ZConsentVersionParams,
} from '../../../shared/contracts/consent.ts';
import { FORM_DONE_PARAM } from '../../../shared/form-result.ts';
import { zText } from '../../../shared/contracts/input.ts';
import { validate } from '../../http/app-error.ts';
import { answerPagePost } from '../../http/form-post.ts';
import { requireUser } from '../../http/guards.ts';
import { readMultipartForm, readUploadForm } from '../../http/multipart.ts';
import { ZIdParams } from '../../http/route-params.ts';
import { listArtistConsentTemplates, listConsentTemplateVersions, readConsentTemplateVersion, saveArtistConsentTemplate } from './artist-templates.ts';
import { requestMeta } from './audit.ts';
import { getBookingConsent } from './get-booking-consent.ts';
import { downloadConsentPdf, readConsentForm, readConsentIdImage, verifyConsentForm } from './read-consent-form.ts';
import { signConsentForm } from './sign-consent-form.ts';
import { signConsentFormPost, type ConsentFormUploads } from './sign-consent-form-post.ts';
import { ensureDefaultConsentTemplates } from './templates.ts';
import { uploadConsentIdImage } from './upload-consent-id-image.ts';

/** Per person per minute: a client signs once and uploads two ID photos; corrections and retries stay far below. */
export const CONSENT_RATE_LIMITS = { sign: 60, uploads: 30 } as const;

const ZFormQuery = z.object({ booking: zText().min(1).max(80) });
const ZIdImageParams = z.object({ id: zText().min(1).max(80), who: z.enum(CONSENT_ID_IMAGE_OWNERS) });

/**
 * Consent forms (issue 13 §1, §4; decision 0021). Every answer here is about someone's health or
 * identity: `Cache-Control: no-store` on all of them (errors included), so no browser, proxy or
 * service worker keeps a copy.
 */
export async function consentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await ensureDefaultConsentTemplates(ctx.database.db);
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  const perUser = (name: keyof typeof CONSENT_RATE_LIMITS) =>
    app.rateLimit({
      max: CONSENT_RATE_LIMITS[name],
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `consent:${name}:${request.user?.id ?? `ip:${request.ip}`}`,
    });
  const idOf = (request: FastifyRequest) => validate(ZIdParams, request.params).id;

  app.get('/api/bookings/:id/consent', async (request) => getBookingConsent(ctx, requireUser(request), idOf(request), requestMeta(request)));
  app.post('/api/bookings/:id/consent', { preHandler: perUser('sign') }, async (request, reply) => {
    const signed = await signConsentForm(ctx, requireUser(request), idOf(request), request.body, requestMeta(request));
    return reply.status(201).send(signed);
  });

  // The form as the browser posts it itself (no JavaScript yet, or none): to the page's own address,
  // so a refusal answers with the page again, the answers kept; success goes to the booking.
  app.post(CONSENT_FORM_PAGE_PATH, { config: { csrf: 'same-origin' }, preHandler: perUser('sign') }, async (request, reply) => {
    const { booking: bookingId } = validate(ZFormQuery, request.query);
    const uploaded: ConsentFormUploads = {};
    return answerPagePost(app, request, reply, {
      page: consentFormHref(bookingId),
      doneTo: `/bookings/${encodeURIComponent(bookingId)}?${FORM_DONE_PARAM}=${CONSENT_SIGNED_DONE}`,
      read: () => readMultipartForm(request, { fileFields: CONSENT_FORM_FILE_FIELDS, maxFields: CONSENT_FORM_MAX_FIELDS }),
      run: (form, user) => signConsentFormPost(ctx, user, bookingId, form, requestMeta(request), uploaded),
      kept: () => ({ ...uploaded }),
    });
  });

  app.post('/api/consent-forms/uploads', { preHandler: perUser('uploads') }, async (request, reply) => {
    const upload = await uploadConsentIdImage(ctx, requireUser(request), () => readUploadForm(request));
    return reply.status(201).send(upload);
  });
  app.get('/api/consent-forms/:id.pdf', async (request, reply) => {
    const { pdf, filename } = await downloadConsentPdf(ctx, requireUser(request), idOf(request), requestMeta(request));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });
  app.get('/api/consent-forms/:id/verify', async (request) => verifyConsentForm(ctx, requireUser(request), idOf(request)));
  app.get('/api/consent-forms/:id', async (request) => readConsentForm(ctx, requireUser(request), idOf(request), requestMeta(request)));
  app.get('/api/consent-forms/:id/id-images/:who', async (request, reply) => {
    const user = requireUser(request);
    const { id, who } = validate(ZIdImageParams, request.params);
    return reply.type('image/webp').send(await readConsentIdImage(ctx, user, id, who, requestMeta(request)));
  });

  app.get('/api/artist/consent-templates', async (request) => listArtistConsentTemplates(ctx, requireUser(request)));
  app.get('/api/artist/consent-templates/:kind/versions', async (request) => {
    const user = requireUser(request);
    return listConsentTemplateVersions(ctx, user, validate(ZConsentKindParams, request.params).kind);
  });
  app.get('/api/artist/consent-templates/:kind/versions/:id', async (request) => {
    const user = requireUser(request);
    const { kind, id } = validate(ZConsentVersionParams, request.params);
    return readConsentTemplateVersion(ctx, user, kind, id);
  });
  app.put('/api/artist/consent-templates/:kind', async (request, reply) => {
    const user = requireUser(request);
    const { kind } = validate(ZConsentKindParams, request.params);
    const { template, created } = await saveArtistConsentTemplate(ctx, user, kind, request.body);
    return reply.status(created ? 201 : 200).send(template);
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZBookingActionBody, ZBookingCreate, ZBookingListQuery, ZBookingReschedule } from '../../../shared/contracts/bookings.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { readUploadForm } from '../../http/multipart.ts';
import { sendPrivateImage } from '../../http/private-image-reply.ts';
import { acceptBooking, cancelBooking, completeBooking, declineBooking, markDepositPaid, markNoShow, rescheduleBooking } from './actions.ts';
import { artistFeed, bookingCalendar } from './calendar.ts';
import { checkIdempotencyKey, createBooking, getBookingDetail, listBookings } from './service.ts';
import { getBookingSettings, rotateCalendarToken, updateBookingSettings } from './settings.ts';
import { openBookingImage, uploadBookingImage } from './uploads.ts';
import { ZArtistParams, ZIdParams } from '../../http/route-params.ts';
import { zText } from '../../../shared/contracts/input.ts';

const ZFeedParams = z.object({ file: zText().regex(/^[A-Za-z0-9_-]{16,100}\.ics$/, 'not a calendar address') });

const ICS_TYPE = 'text/calendar; charset=utf-8';

export async function bookingRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/bookings', async (request, reply) => {
    const user = requireUser(request);
    const key = checkIdempotencyKey(request.headers['idempotency-key']);
    const { booking, replayed } = await createBooking(ctx, user, validate(ZBookingCreate, request.body), key);
    if (replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(booking);
  });

  app.get('/api/bookings', async (request) => listBookings(ctx, requireUser(request), validate(ZBookingListQuery, request.query)));

  app.post('/api/bookings/uploads', async (request, reply) => {
    const user = requireUser(request);
    const image = await uploadBookingImage(ctx, user, () => readUploadForm(request));
    return reply.status(201).send(image);
  });

  const ZImageParams = z.object({ imageId: zText().min(1).max(80) });
  const sendImage = (variant: 'full' | 'thumb') => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    return sendPrivateImage(request, reply, await openBookingImage(ctx, user, validate(ZImageParams, request.params).imageId, variant));
  };
  app.get('/api/bookings/uploads/:imageId', sendImage('full'));
  app.get('/api/bookings/uploads/:imageId/thumb', sendImage('thumb'));

  app.get('/api/bookings/:id', async (request) => getBookingDetail(ctx, requireUser(request), validate(ZIdParams, request.params).id));

  const simple = { accept: acceptBooking, decline: declineBooking, cancel: cancelBooking, complete: completeBooking, 'no-show': markNoShow } as const;
  for (const [action, run] of Object.entries(simple)) {
    app.post(`/api/bookings/:id/${action}`, async (request) => {
      const user = requireUser(request);
      const { id } = validate(ZIdParams, request.params);
      return run(ctx, user, id, validate(ZBookingActionBody, request.body ?? {}).message);
    });
  }

  app.post('/api/bookings/:id/reschedule', async (request) => {
    const user = requireUser(request);
    const { id } = validate(ZIdParams, request.params);
    return rescheduleBooking(ctx, user, id, validate(ZBookingReschedule, request.body));
  });

  app.post('/api/bookings/:id/mark-deposit-paid', async (request) => {
    const user = requireUser(request);
    const { id } = validate(ZIdParams, request.params);
    validate(ZBookingActionBody, request.body ?? {});
    return markDepositPaid(ctx, user, id);
  });

  app.get('/api/bookings/:id/calendar.ics', async (request, reply) => {
    const user = requireUser(request);
    const { filename, body } = await bookingCalendar(ctx, user, validate(ZIdParams, request.params).id);
    return reply.header('content-type', ICS_TYPE).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);
  });

  // No session: calendar apps fetch this on their own; the unguessable token is the credential.
  app.get('/api/calendar/:file', async (request, reply) => {
    const parsed = ZFeedParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('NOT_FOUND', 'That calendar was not found.');
    const body = await artistFeed(ctx, parsed.data.file.slice(0, -'.ics'.length));
    return reply.header('content-type', ICS_TYPE).header('cache-control', 'private, max-age=300').header('x-robots-tag', 'noindex').send(body);
  });

  app.get('/api/artists/:idOrSlug/booking-settings', async (request) => getBookingSettings(ctx, requireUser(request), validate(ZArtistParams, request.params).idOrSlug));

  app.put('/api/artists/:idOrSlug/booking-settings', async (request) => {
    const user = requireUser(request);
    return updateBookingSettings(ctx, user, validate(ZArtistParams, request.params).idOrSlug, request.body);
  });

  app.post('/api/artists/:idOrSlug/calendar-token', async (request) => rotateCalendarToken(ctx, requireUser(request), validate(ZArtistParams, request.params).idOrSlug));
}

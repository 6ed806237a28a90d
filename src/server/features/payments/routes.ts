import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZDepositSummaryQuery, ZLedgerQuery } from '../../../shared/contracts/payments.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { paymentSetup, refreshConnect, startConnect, syncConnect } from './connect.ts';
import { startDeposit } from './deposit.ts';
import { depositSummary, listLedger } from './ledger-views.ts';
import { handleStripeWebhook } from './webhook.ts';
import { ZIdParams } from '../../http/route-params.ts';

const ZNoBody = z.strictObject({}).nullish();

/**
 * Stripe's webhook in a scope of its own: its content-type parser keeps the body as raw bytes (the
 * signature is over them, so a JSON parse and re-serialise would break it), and it opts out of
 * CSRF because Stripe authenticates it with the signature.
 */
async function stripeWebhookRoute(app: FastifyInstance) {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post('/api/payments/stripe/webhook', { config: { csrf: 'skip' } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    return handleStripeWebhook(ctx, body, typeof signature === 'string' ? signature : undefined, request.log);
  });
}

export async function paymentRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/bookings/:id/deposit', async (request) => {
    const user = requireUser(request);
    validate(ZNoBody, request.body);
    return startDeposit(ctx, user, validate(ZIdParams, request.params).id);
  });

  app.get('/api/payments/setup', async (request) => paymentSetup(ctx, request.user));

  app.post('/api/payments/connect', async (request) => {
    const user = requireUser(request);
    validate(ZNoBody, request.body);
    return startConnect(ctx, user);
  });
  app.post('/api/payments/connect/refresh', async (request) => {
    const user = requireUser(request);
    validate(ZNoBody, request.body);
    return refreshConnect(ctx, user);
  });
  app.post('/api/payments/connect/sync', async (request) => {
    const user = requireUser(request);
    validate(ZNoBody, request.body);
    return syncConnect(ctx, user);
  });

  app.get('/api/payments/summary', async (request) => depositSummary(ctx, requireUser(request), validate(ZDepositSummaryQuery, request.query)));
  app.get('/api/payments/ledger', async (request) => listLedger(ctx, requireUser(request), validate(ZLedgerQuery, request.query)));

  await app.register(stripeWebhookRoute);
}

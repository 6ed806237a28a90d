import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { JSON_BODY_LIMIT_BYTES } from '../shared/limits.ts';
import { WS_FRAME_MAX_BYTES } from '../shared/contracts/realtime.ts';
import type { Config } from './config.ts';
import { registerRouteTimings } from './http/route-timings.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { createBetterAuth } from './auth/better-auth.ts';
import { SessionResolver } from './auth/session.ts';
import { AccessLogController, withSafeSerializers } from './http/access-log.ts';
import { registerErrorHandling } from './http/app-error.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWeb } from './http/web.ts';
import { MULTIPART_LIMITS } from './http/multipart.ts';
import { systemRoutes } from './features/system/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { artistRoutes } from './features/artists/routes.ts';
import { studioRoutes } from './features/studios/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { seoRoutes } from './features/seo/routes.ts';
import { portfolioRoutes } from './features/portfolio/routes.ts';
import { flashRoutes } from './features/flash/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { availabilityRoutes } from './features/availability/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { insightsRoutes } from './features/insights/routes.ts';
import { bookingRoutes } from './features/booking/routes.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { displayRoutes } from './features/display/routes.ts';
import { favouriteRoutes } from './features/favourites/routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { identityRoutes } from './features/identity/routes.ts';
import { consultationRoutes } from './features/consultations/routes.ts';
import { registerCallFrames } from './features/consultations/call-relay.ts';
import { aftercareRoutes } from './features/aftercare/routes.ts';
import { messagingRoutes } from './features/messaging/routes.ts';
import { designRoutes } from './features/designs/routes.ts';
import { githubRoutes } from './features/github/routes.ts';
import { registerMessagingFrames } from './features/messaging/socket-handlers.ts';
import { Hub } from './realtime/hub.ts';
import { consentRoutes } from './features/consent/routes.ts';
import { resolveDataKey } from './secret.ts';
import { realtimeRoutes } from './realtime/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: Array<{ method: string; url: string; csrf: string | undefined }>;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  secret: string;
  /** Key for sealed health data; resolved from the config (or DATA_DIR) when not given. */
  dataKey?: Buffer;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (dist/). Off for API-only tests. */
  web?: boolean;
};

export function publicUrlOf(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, secret } = opts;
  const publicUrl = publicUrlOf(config);
  const app = Fastify({
    logger: withSafeSerializers(opts.logger),
    logController: new AccessLogController(),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  });

  const auth = createBetterAuth({ config, db: database.db, secret, publicUrl });
  const sessions = new SessionResolver(auth, publicUrl.startsWith('https://') ? '__Secure-inkhaven.session_token' : 'inkhaven.session_token', database);
  const ctx: AppContext = { config, database, auth, sessions, publicUrl, secret, dataKey: opts.dataKey ?? resolveDataKey(config) };
  app.decorate('ctx', ctx);
  // Every route, recorded as it is added: tests walk it (e.g. CSRF on every mutation).
  const routeTable: Array<{ method: string; url: string; csrf: string | undefined }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, csrf: route.config?.csrf });
  });
  app.decorateRequest('user', null);
  const stopListening = await sessions.listenForRevocations();
  app.addHook('onClose', async () => stopListening());

  registerErrorHandling(app);
  registerRouteTimings(app);
  await app.register(cookie);
  registerSecurityHeaders(app, publicUrl, config.MAP_TILE_URL);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  registerCsrf(app, { secret, secureCookies: publicUrl.startsWith('https://') });
  // Image uploads only (portfolio, flash); the body is read by the route after it has checked who is asking.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // /ws (issue 12 §2): a frame over the cap closes the socket with 1009 (the ws server does it).
  await app.register(websocket, { options: { maxPayload: WS_FRAME_MAX_BYTES } });
  const hub = new Hub(ctx, app.log);
  app.decorate('realtime', hub);
  await hub.start();
  app.addHook('onClose', async () => hub.close());
  registerMessagingFrames(hub);
  registerCallFrames(hub);

  // Callback style so requests without a session cookie (most public traffic) skip a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!ctx.sessions.cookieValue(request)) return done();
    ctx.sessions.resolve(request).then((user) => {
      request.user = user;
      done();
    }, done);
  });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(artistRoutes);
  await app.register(studioRoutes);
  await app.register(analyticsRoutes);
  await app.register(notificationRoutes);
  await app.register(uploadRoutes);
  await app.register(seoRoutes);
  await app.register(portfolioRoutes);
  await app.register(flashRoutes);
  await app.register(reviewRoutes);
  await app.register(availabilityRoutes);
  await app.register(adminRoutes);
  await app.register(insightsRoutes);
  await app.register(identityRoutes);
  await app.register(bookingRoutes);
  await app.register(waitlistRoutes);
  await app.register(paymentRoutes);
  await app.register(favouriteRoutes);
  await app.register(displayRoutes);
  await app.register(accountRoutes);
  await app.register(consultationRoutes);
  await app.register(messagingRoutes);
  await app.register(designRoutes);
  await app.register(githubRoutes);
  await app.register(aftercareRoutes);
  await app.register(consentRoutes);
  await app.register(realtimeRoutes, { hub });

  if (opts.web) await registerWeb(app);
  else
    app.setNotFoundHandler((request, reply) => {
      void reply.status(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
    });

  return app;
}

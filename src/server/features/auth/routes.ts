import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ZSignIn, ZSignUp, safeReturnTo } from '../../../shared/contracts/auth.ts';
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID } from '../../auth/better-auth.ts';
import { validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { presentCurrentUser, signIn, signOut, signUp, type AuthResult } from './service.ts';

function applyCookies(reply: FastifyReply, result: AuthResult) {
  for (const cookie of result.setCookies) reply.header('set-cookie', cookie);
}

export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/auth/csrf-token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { csrfToken: app.issueCsrfToken(request, reply) };
  });

  app.get('/api/auth/user', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return presentCurrentUser(requireUser(request));
  });

  app.post('/api/auth/sign-in', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const input = validate(ZSignIn, request.body);
    const result = await signIn(ctx, input, { ip: request.ip, headers: fromNodeHeaders(request.headers) });
    applyCookies(reply, result);
    return { ok: true };
  });

  app.post('/api/auth/sign-up', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const input = validate(ZSignUp, request.body);
    const result = await signUp(ctx, input, { headers: fromNodeHeaders(request.headers) });
    applyCookies(reply, result);
    reply.status(201);
    return { ok: true };
  });

  app.get('/api/auth/providers', async () => ({
    password: true,
    oidc: ctx.config.OIDC_ISSUER ? { id: OIDC_PROVIDER_ID, name: ctx.config.OIDC_NAME } : null,
    demo: ctx.config.SEED_DEMO,
  }));

  // Spec: the browser navigates here to sign in.
  app.get('/api/login', async (request: FastifyRequest<{ Querystring: { returnTo?: string } }>, reply) => {
    const returnTo = safeReturnTo(request.query.returnTo);
    if (!ctx.config.OIDC_ISSUER) return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    const response = await ctx.auth.api.signInSocial({
      body: { provider: OIDC_PROVIDER_ID, callbackURL: returnTo, errorCallbackURL: '/login?error=oidc', disableRedirect: true },
      headers: fromNodeHeaders(request.headers),
      asResponse: true,
    });
    const body = (await response.json()) as { url?: string };
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    if (!body.url) return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}&error=oidc`);
    return reply.redirect(body.url);
  });

  // Spec: the browser navigates here to sign out (full page). A cross-site navigation cannot
  // sign anyone out: it gets a page with a button that posts back with the CSRF token.
  app.get('/api/logout', async (request, reply) => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') {
      const token = app.issueCsrfToken(request, reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign out | Inkhaven</title></head><body><main><h1>Sign out of Inkhaven?</h1><form method="post" action="/api/logout?csrf=${encodeURIComponent(token)}"><button type="submit">Sign out</button></form><p><a href="/">Stay signed in</a></p></main></body></html>`;
    }
    return finishLogout(request, reply);
  });

  app.post('/api/logout', { config: { csrf: 'query' } }, finishLogout);

  async function finishLogout(request: FastifyRequest, reply: FastifyReply) {
    const cookie = ctx.sessions.cookieValue(request);
    if (cookie) {
      applyCookies(reply, await signOut(ctx, fromNodeHeaders(request.headers)));
      await ctx.sessions.broadcastRevocation(cookie.split('.')[0] ?? cookie);
    }
    return reply.redirect('/', 303);
  }

  // better-auth's own endpoints (OIDC callback). Everything else goes through the routes above.
  app.route({
    method: ['GET'],
    url: `${AUTH_BASE_PATH}/*`,
    async handler(request, reply) {
      const url = new URL(request.url, ctx.publicUrl);
      const response = await ctx.auth.handler(new Request(url, { method: request.method, headers: fromNodeHeaders(request.headers) }));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}

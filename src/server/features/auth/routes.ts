import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  SIGN_IN_FORM_PATH,
  SIGN_UP_FORM_PATH,
  ZSignIn,
  ZSignUp,
  loginPageAfterFailure,
  safeReturnTo,
  type LoginForm,
} from '../../../shared/contracts/auth.ts';
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID } from '../../auth/better-auth.ts';
import type { AppContext } from '../../context.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { networkOf } from '../../http/client-network.ts';
import { presentCurrentUser, signIn, signOut, signUp, type AuthResult } from './service.ts';
import { acceptFormPosts } from '../../http/form-post.ts';

function applyCookies(reply: FastifyReply, result: AuthResult) {
  for (const cookie of result.setCookies) reply.header('set-cookie', cookie);
}

// The same limits whether an action comes as JSON or as a form post.
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const SIGN_UP_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** A sign-up form's three short fields fit many times over; anything larger is not from our page. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

const signInWith = (ctx: AppContext, request: FastifyRequest, input: z.infer<typeof ZSignIn>) =>
  signIn(ctx, input, { network: networkOf(request.ip), headers: fromNodeHeaders(request.headers) });
const signUpWith = (ctx: AppContext, request: FastifyRequest, input: z.infer<typeof ZSignUp>) =>
  signUp(ctx, input, { headers: fromNodeHeaders(request.headers) });

/**
 * The sign-in page's forms as the browser posts them itself, before hydration or without
 * JavaScript (the hydrated page uses the JSON routes). Success sets the session cookie and answers
 * 303 to the return path, so a reload does not post again; a refusal answers 303 back to the page
 * with the error's code and the email typed, never the password.
 */
async function loginFormRoutes(app: FastifyInstance) {
  const { ctx } = app;
  acceptFormPosts(app, FORM_BODY_LIMIT_BYTES);

  const handleForm =
    (form: LoginForm, submit: (request: FastifyRequest, fields: Record<string, unknown>) => Promise<AuthResult>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { returnTo, ...fields } = (request.body ?? {}) as Record<string, unknown>;
      const target = safeReturnTo(returnTo);
      try {
        applyCookies(reply, await submit(request, fields));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const email = typeof fields.email === 'string' && fields.email.length <= EMAIL_MAX_LENGTH ? fields.email : '';
        return reply.redirect(loginPageAfterFailure({ form, code: error.code, email }, target), 303);
      }
      return reply.redirect(target, 303);
    };

  app.post(
    SIGN_IN_FORM_PATH,
    { config: { csrf: 'same-origin', rateLimit: SIGN_IN_RATE_LIMIT } },
    handleForm('sign-in', (request, fields) => signInWith(ctx, request, validate(ZSignIn, fields))),
  );
  app.post(
    SIGN_UP_FORM_PATH,
    { config: { csrf: 'same-origin', rateLimit: SIGN_UP_RATE_LIMIT } },
    handleForm('sign-up', (request, fields) => signUpWith(ctx, request, validate(ZSignUp, fields))),
  );
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

  app.post('/api/auth/sign-in', { config: { rateLimit: SIGN_IN_RATE_LIMIT } }, async (request, reply) => {
    applyCookies(reply, await signInWith(ctx, request, validate(ZSignIn, request.body)));
    return { ok: true };
  });

  app.post('/api/auth/sign-up', { config: { rateLimit: SIGN_UP_RATE_LIMIT } }, async (request, reply) => {
    applyCookies(reply, await signUpWith(ctx, request, validate(ZSignUp, request.body)));
    reply.status(201);
    return { ok: true };
  });

  await app.register(loginFormRoutes);

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

  // Spec: the browser navigates here to sign out (full page). Only a navigation the browser vouches
  // for as ours (Sec-Fetch-Site same-origin, or none: typed or bookmarked) signs out at once. Anything
  // else, including a request without the header (old browsers, scripts, other sites' tricks),
  // gets a page with a button that posts back with the CSRF token.
  app.get('/api/logout', async (request, reply) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== 'same-origin' && site !== 'none') {
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

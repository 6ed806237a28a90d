import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export const CSRF_COOKIE = 'inkhaven.csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `skip`: the route authenticates itself (signed webhooks). `query`: also accept `?csrf=`
     * (sendBeacon cannot set headers). `same-origin`: a form a server-rendered page posts without
     * JavaScript (sameOriginForm below).
     */
    csrf?: 'skip' | 'query' | 'same-origin';
  }
}

/**
 * Signed double-submit token: the browser holds a random httpOnly cookie; the token is an
 * HMAC of it under the server secret, so a page on another origin can neither read nor forge it.
 */
export function registerCsrf(app: FastifyInstance, opts: { secret: string; secureCookies: boolean }) {
  const sign = (nonce: string) => createHmac('sha256', opts.secret).update(`csrf:${nonce}`).digest('base64url');

  const issue = (request: FastifyRequest, reply: FastifyReply): string => {
    let nonce = request.cookies[CSRF_COOKIE];
    if (!nonce || nonce.length < 20) {
      nonce = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, nonce, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies });
    }
    return sign(nonce);
  };

  const verify = (request: FastifyRequest): boolean => {
    const nonce = request.cookies[CSRF_COOKIE];
    const mode = request.routeOptions.config.csrf;
    const query = request.query as Record<string, unknown> | undefined;
    const supplied = request.headers[CSRF_HEADER] ?? (mode === 'query' && typeof query?.csrf === 'string' ? query.csrf : undefined);
    if (!nonce || typeof supplied !== 'string') return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(supplied);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  app.decorate('issueCsrfToken', issue);

  app.addHook('onRequest', (request, _reply, done) => {
    const mode = request.routeOptions.config.csrf;
    if (SAFE_METHODS.has(request.method) || mode === 'skip') return done();
    if (mode === 'same-origin') {
      if (isSameOriginForm(request)) return done();
      return done(new AppError('CSRF_FAILED', 'This form was not sent from an Inkhaven page (CSRF check). Open the page and send it from there.'));
    }
    if (verify(request)) return done();
    done(new AppError('CSRF_FAILED', 'Invalid or missing CSRF token. Fetch a new one from /api/auth/csrf-token and send it in the X-CSRF-Token header.'));
  });
}

/**
 * A form posted before the page's JavaScript runs cannot carry the header token, and the page is
 * public and cached, so it holds no per-visitor token either. The browser itself says where the
 * post comes from, in headers a page cannot set: `Sec-Fetch-Site` (every current browser) must be
 * `same-origin`; a browser too old to send it still sends `Origin` on every POST, whose host must
 * be the one the request was sent to. A post with neither did not come from a browser, so it
 * cannot be a forged cross-site one; it is refused all the same, as such clients have the JSON API.
 */
function isSameOriginForm(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (!origin || !request.headers.host) return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}

import type { FastifyInstance } from 'fastify';
import { safeReturnTo } from '../../../shared/contracts/auth.ts';
import {
  applyDisplayForm,
  DISPLAY_COOKIE,
  DISPLAY_COOKIE_MAX_AGE_SECONDS,
  DISPLAY_FORM_PATH,
  parseDisplayPreferences,
  serializeDisplayPreferences,
} from '../../../shared/display-preferences.ts';
import { acceptFormPosts } from '../../http/form-post.ts';

/** Two radio groups and a return path. */
const FORM_BODY_LIMIT_BYTES = 4 * 1024;

/**
 * The display settings form (contrast, text size) as the browser posts it before hydration: the
 * cookie is set and the visitor returns to the page (303), which the server then renders with
 * the new look. Hydrated pages write the same cookie themselves (src/web/lib/display-preferences.ts).
 * Not httpOnly: the page's script reads it to apply and change the settings without a round trip.
 */
export async function displayRoutes(app: FastifyInstance) {
  acceptFormPosts(app, FORM_BODY_LIMIT_BYTES);
  const secure = app.ctx.publicUrl.startsWith('https://');
  app.post(DISPLAY_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const prefs = applyDisplayForm(parseDisplayPreferences(request.cookies[DISPLAY_COOKIE]), form);
    reply.setCookie(DISPLAY_COOKIE, serializeDisplayPreferences(prefs), { path: '/', sameSite: 'lax', secure, maxAge: DISPLAY_COOKIE_MAX_AGE_SECONDS });
    return reply.redirect(safeReturnTo(form.returnTo), 303);
  });
}

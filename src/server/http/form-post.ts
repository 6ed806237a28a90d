import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeReturnTo } from '../../shared/contracts/auth.ts';
import { FORM_DONE_PARAM, FORM_ERROR_PARAM, type TFormPostState } from '../../shared/form-result.ts';
import { AppError } from './app-error.ts';

/** A form of a few short fields fits many times over; anything larger is not from our page. */
const DEFAULT_FORM_BODY_LIMIT_BYTES = 8 * 1024;
/** An error message is ours (never what was typed); long ones are cut so the URL stays short. */
const ERROR_TEXT_MAX = 300;

/**
 * Lets the routes of one plugin take the browser's own `application/x-www-form-urlencoded` posts
 * (multipart is global). Registered per plugin, so JSON stays the only body every other route
 * accepts. `bodyLimitBytes`: a few times what the plugin's largest form can hold.
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimitBytes = DEFAULT_FORM_BODY_LIMIT_BYTES): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: bodyLimitBytes }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

const withParam = (path: string, name: string, value: string) => {
  const url = new URL(path, 'http://x');
  url.searchParams.delete(FORM_DONE_PARAM);
  url.searchParams.delete(FORM_ERROR_PARAM);
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
};

/** What a form post did, and where to show it when that is not back where it came from. */
export type FormOutcome = string | { done: string; to: string };

/**
 * A form the browser posts itself (before hydration, or without JavaScript; route config
 * `csrf: 'same-origin'`): run it, then answer 303 back to `returnTo` with `?done=<what>` or
 * `?error=<message>` for the page to show, so a reload never posts again. Signed out, the visitor
 * goes to sign-in and back, unless `signedOut: 'allowed'` (a public form). A server fault stays a 500.
 */
export async function answerFormPost(
  request: FastifyRequest,
  reply: FastifyReply,
  returnTo: unknown,
  run: () => Promise<FormOutcome>,
  /** Where success goes instead of back (a page that no longer applies afterwards). */
  doneTo?: string,
  opts: { signedOut?: 'allowed' } = {},
): Promise<FastifyReply> {
  const back = safeReturnTo(returnTo);
  if (!request.user && opts.signedOut !== 'allowed') return reply.redirect(`/api/login?returnTo=${encodeURIComponent(back)}`, 303);
  try {
    const outcome = await run();
    const [done, to] = typeof outcome === 'string' ? [outcome, doneTo ?? back] : [outcome.done, safeReturnTo(outcome.to)];
    return reply.redirect(withParam(to, FORM_DONE_PARAM, done), 303);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return reply.redirect(withParam(back, FORM_ERROR_PARAM, error.message.slice(0, ERROR_TEXT_MAX)), 303);
    }
    throw error;
  }
}

/** Text fields of a posted form (urlencoded or multipart), with `returnTo` taken out. */
export function formFields(body: unknown): { fields: Record<string, string>; returnTo: unknown } {
  const { returnTo, ...fields } = (body && typeof body === 'object' ? body : {}) as Record<string, string>;
  return { fields, returnTo };
}

/**
 * A form posted to its page's own address and refused (a 4xx AppError): the page again, with what
 * was sent and the error, under the error's status, instead of a redirect that would lose the
 * answers or carry them in the URL. A server that serves no pages (API-only tests) answers the
 * JSON error body.
 */
export async function answerWithPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, path: string, fields: Record<string, string>, error: AppError): Promise<FastifyReply> {
  const body = { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
  if (!app.renderPage) return reply.status(error.status).send(body);
  const state: TFormPostState = { path, fields, error: body };
  return app.renderPage(request, reply, state, error.status);
}

/**
 * A multipart form posted to its page's own address (route config `csrf: 'same-origin'`): signed
 * out, to sign-in and back; `run` refused with a 4xx, the page again with what was sent plus what
 * `kept()` names (photos already stored); done, 303 to `doneTo`, so a reload does not post again.
 */
export async function answerPagePost<F extends { fields: Record<string, string> }>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { page: string; doneTo: string; read: () => Promise<F>; run: (form: F, user: NonNullable<FastifyRequest['user']>) => Promise<unknown>; kept: () => Record<string, string> },
): Promise<FastifyReply> {
  const user = request.user;
  if (!user) return reply.redirect(`/api/login?returnTo=${encodeURIComponent(opts.page)}`, 303);
  let fields: Record<string, string> = {};
  try {
    const form = await opts.read();
    fields = form.fields;
    await opts.run(form, user);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return answerWithPage(app, request, reply, opts.page, { ...fields, ...opts.kept() }, error);
  }
  return reply.redirect(opts.doneTo, 303);
}

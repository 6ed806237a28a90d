import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeReturnTo } from '../../../shared/contracts/auth.ts';
import {
  FAVOURITE_FORM_PATH,
  FAVOURITE_IDS_PATH,
  FAVOURITE_KINDS,
  FAVOURITES_CONTINUE_PATH,
  FAVOURITES_PATH,
  favouritesContinueUrl,
  ZFavouriteArtistParams,
  ZFavouriteFlashParams,
  ZFavouriteForm,
  type TFavouriteKind,
} from '../../../shared/contracts/favourites.ts';
import { zText } from '../../../shared/contracts/input.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { listFavouriteIds, listFavourites, removeFavourite, saveFavourite } from './service.ts';
import { acceptFormPosts } from '../../http/form-post.ts';

/**
 * Saves and removals per person (by address while signed out, when they are refused anyway): a
 * person tapping hearts down a page stays far below it, a script saving everything does not.
 */
export const FAVOURITES_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/**
 * A visitor who presses a heart signed out is signed in first. What they pressed waits in this
 * cookie, set only by the form post (which the browser vouches is from our page), and the sign-in
 * returns through FAVOURITES_CONTINUE_PATH, which saves it. 30 minutes is ample to sign up.
 */
export const PENDING_FAVOURITE_COOKIE = 'inkhaven.pending-favourite';
const PENDING_FAVOURITE_MAX_AGE_SECONDS = 30 * 60;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parsePendingFavourite(value: string | undefined): { kind: TFavouriteKind; id: string } | null {
  const [kind, id, ...rest] = (value ?? '').split(':');
  if (rest.length || !id || !UUID_TEXT.test(id) || !FAVOURITE_KINDS.includes(kind as TFavouriteKind)) return null;
  return { kind: kind as TFavouriteKind, id };
}

/** A form of a few short fields fits many times over; anything larger is not from our page. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024;
const ZContinueQuery = z.object({ returnTo: zText().max(2000).optional() });

/**
 * The heart as the browser posts it itself, before hydration or without JavaScript (the hydrated
 * page uses the JSON routes). Signed in: saves or removes, then 303 back to the page, so a reload
 * does not post again. Signed out: remembers a save and 303s to sign-in, which returns through
 * the continue page.
 */
async function favouriteFormRoutes(app: FastifyInstance, opts: { perUser: ReturnType<FastifyInstance['rateLimit']> }) {
  const { ctx } = app;
  acceptFormPosts(app, FORM_BODY_LIMIT_BYTES);
  const secure = ctx.publicUrl.startsWith('https://');

  app.post(FAVOURITE_FORM_PATH, { config: { csrf: 'same-origin' }, preHandler: opts.perUser }, async (request, reply) => {
    const form = validate(ZFavouriteForm, request.body ?? {});
    const back = safeReturnTo(form.returnTo);
    if (!request.user) {
      if (form.intent === 'save' && UUID_TEXT.test(form.id)) {
        reply.setCookie(PENDING_FAVOURITE_COOKIE, `${form.kind}:${form.id}`, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: PENDING_FAVOURITE_MAX_AGE_SECONDS,
        });
      }
      return reply.redirect(`/api/login?returnTo=${encodeURIComponent(favouritesContinueUrl(back))}`, 303);
    }
    if (form.intent === 'save') await saveFavourite(ctx, request.user, form.kind, form.id);
    else await removeFavourite(ctx, request.user, form.kind, form.id);
    return reply.redirect(back, 303);
  });

  // Where sign-in returns after a heart pressed while signed out: save it, then go back to the page.
  // A GET that writes, but only what the person's own form post put in their cookie: another site
  // can send them here, not choose what is saved.
  app.get(FAVOURITES_CONTINUE_PATH, async (request, reply) => {
    let back = safeReturnTo(validate(ZContinueQuery, request.query).returnTo);
    if (back.startsWith(FAVOURITES_CONTINUE_PATH)) back = '/home';
    reply.header('cache-control', 'no-store');
    const raw = request.cookies[PENDING_FAVOURITE_COOKIE];
    if (request.user && raw !== undefined) {
      reply.clearCookie(PENDING_FAVOURITE_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      const pending = parsePendingFavourite(raw);
      if (pending) {
        try {
          await saveFavourite(ctx, request.user, pending.kind, pending.id);
        } catch (error) {
          // Deleted since, or the list is full: the page they return to shows it unsaved.
          if (!(error instanceof AppError) || (error.code !== 'NOT_FOUND' && error.code !== 'LIMIT_REACHED')) throw error;
        }
      }
    }
    return reply.redirect(back, 303);
  });
}

export async function favouriteRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const perUser = app.rateLimit({
    max: FAVOURITES_RATE_LIMIT.max,
    timeWindow: FAVOURITES_RATE_LIMIT.timeWindow,
    // The session is resolved in an earlier preHandler, so the user is known here.
    keyGenerator: (request: FastifyRequest) => (request.user ? `favourites:user:${request.user.id}` : `favourites:ip:${request.ip}`),
  });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  app.get(FAVOURITES_PATH, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return listFavourites(ctx, user);
  });
  app.get(FAVOURITE_IDS_PATH, async (request, reply) => {
    const user = requireUser(request);
    noStore(reply);
    return listFavouriteIds(ctx, user);
  });

  const routes = [
    { kind: 'artist', path: `${FAVOURITES_PATH}/artists/:artistId`, id: (r: FastifyRequest) => validate(ZFavouriteArtistParams, r.params).artistId },
    { kind: 'flash', path: `${FAVOURITES_PATH}/flash/:designId`, id: (r: FastifyRequest) => validate(ZFavouriteFlashParams, r.params).designId },
  ] as const;
  for (const route of routes) {
    app.put(route.path, { preHandler: perUser }, async (request, reply) => {
      const user = requireUser(request);
      const { saved, created } = await saveFavourite(ctx, user, route.kind, route.id(request));
      return reply.status(created ? 201 : 200).send(saved);
    });
    app.delete(route.path, { preHandler: perUser }, async (request, reply) => {
      const user = requireUser(request);
      await removeFavourite(ctx, user, route.kind, route.id(request));
      return reply.status(204).send();
    });
  }

  await app.register(favouriteFormRoutes, { perUser });
}

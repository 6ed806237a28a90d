import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { DEFAULT_DESCRIPTION, fullTitle, resolveMeta, type RouteHandle } from './app/route-meta.ts';
import { createRoutes } from './app/routes.tsx';
import { serializeSsrState, type SerializedRouteError } from './app/ssr-state.ts';
import { AUTH_USER_KEY, OWN_ARTIST_KEY } from './lib/auth.ts';
import type { FetchLike } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { recordFormats } from './lib/ssr-formats.ts';
import type { TCurrentUser } from '../shared/contracts/auth.ts';
import { FORM_POST_KEY, type TFormPostState } from '../shared/form-result.ts';

export type RenderInput = {
  request: Request;
  /** Answers API calls made while rendering (the server passes fastify.inject with the visitor's cookies). */
  fetchImpl: FetchLike;
  user: TCurrentUser | null;
  ownArtistProfile: unknown;
  publicUrl: string;
  /** A refused form post to this page: rendered again with what was sent (shared/form-result.ts). */
  formPost?: TFormPostState;
};

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; html: string; state: string };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function render(input: RenderInput): Promise<RenderResult> {
  const queryClient = createQueryClient(input.fetchImpl);
  queryClient.setQueryData(AUTH_USER_KEY, input.user);
  if (input.user) queryClient.setQueryData(OWN_ARTIST_KEY, input.ownArtistProfile ?? null);
  if (input.formPost) queryClient.setQueryData(FORM_POST_KEY, input.formPost);

  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(input.request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const { result: html, formats } = recordFormats(() =>
    renderToString(
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    ),
  );

  const deepest = [...context.matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.meta);
  const handle = deepest?.route.handle as RouteHandle | undefined;
  const meta = resolveMeta(handle, deepest ? context.loaderData[deepest.route.id] : undefined);
  const isNotFound = context.statusCode === 404 || context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.notFound);
  const url = new URL(input.request.url);
  const canonical = `${input.publicUrl}${url.pathname === '/' ? '/' : url.pathname.replace(/\/$/, '')}`;
  const title = fullTitle(meta?.title ?? 'Inkhaven');
  const description = meta?.description ?? DEFAULT_DESCRIPTION;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    meta?.noindex || isNotFound ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="Inkhaven">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(meta?.ogImage ? new URL(meta.ogImage, input.publicUrl).toString() : `${input.publicUrl}/icons/og-default.png`)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    ...(meta?.jsonLd ? [`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`] : []),
  ].join('\n    ');

  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, e]): [string, SerializedRouteError] =>
          isRouteErrorResponse(e) ? [id, { status: e.status, statusText: e.statusText, data: e.data }] : [id, { status: 500, statusText: 'Error', data: null }],
        ),
      )
    : null;
  const state = serializeSsrState({ queries: dehydrate(queryClient), loaderData: context.loaderData, errors, formats, matches: context.matches.map((m) => m.route.id) });
  return { kind: 'page', status: isNotFound ? 404 : context.statusCode, head, html, state };
}

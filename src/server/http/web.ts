import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RenderInput, RenderResult } from '../../web/entry-server.tsx';
import type { TFormPostState } from '../../shared/form-result.ts';
import { DISPLAY_COOKIE, displayAttributes, parseDisplayPreferences, type TDisplayPreferences } from '../../shared/display-preferences.ts';

export const DIST_DIR = path.resolve('dist');
const CLIENT_DIR = path.join(DIST_DIR, 'client');
const SSR_ENTRY = path.join(DIST_DIR, 'ssr', 'entry-server.js');

type Renderer = { render(input: RenderInput): Promise<RenderResult> };

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the page at the request's URL (GET semantics); set only when the app serves pages (opts.web). */
    renderPage?: (request: FastifyRequest, reply: FastifyReply, formPost?: TFormPostState, status?: number) => Promise<FastifyReply>;
  }
}

function jsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
}

/** fastify.inject dressed as fetch, carrying the visitor's cookies, for API calls made while rendering. */
function injectFetch(app: FastifyInstance, request: FastifyRequest) {
  return async (input: string, init?: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      // The visitor's address, not the loopback: rate limits and the consent audit trail ("opened") read it.
      remoteAddress: request.ip,
      // Referer and host too: a profile rendered here counts its view with where the visitor came from (features/insights).
      headers: {
        cookie: request.headers.cookie ?? '',
        'user-agent': request.headers['user-agent'] ?? '',
        ...(request.headers.referer ? { referer: request.headers.referer } : {}),
        ...(request.headers.host ? { host: request.headers.host } : {}),
      },
    });
    const body = res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload);
    return new Response(body, { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
}

// A rendered page is mostly repeated markup (a results page: ~160 KB, ~11 KB compressed); fast
// levels, since this runs on every request, off the event loop in zlib's thread pool.
const compressHtml = {
  br: (page: string) => promisify(brotliCompress)(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (page: string) => promisify(gzip)(page, { level: 6 }),
};

/** Brotli, else gzip, when the request accepts it (and does not refuse it with q=0). */
function htmlEncoding(acceptEncoding: string | string[] | undefined): keyof typeof compressHtml | null {
  const accepted = new Set(
    [acceptEncoding ?? ''].flat().join(',').split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** ` data-app-attrs` stands in the <html> tag for the display settings' attributes (an HTML comment cannot stand inside a tag). */
const TEMPLATE_MARKERS = [' data-app-attrs', '<!--app-head-->', '<!--app-html-->', '<!--app-state-->'] as const;
type TemplatePart = (typeof TEMPLATE_MARKERS)[number];

/**
 * Splits the HTML template at its markers once, at start-up; `fill` then joins the pieces with the
 * rendered parts. Never `String.replace(marker, html)`: a replacement string expands `$\``, `$'` and
 * `$&`, so a display name or review holding them pasted pieces of the template into the page; and
 * filling the parts one after another would let user text that spells a marker be filled again.
 */
export function compileTemplate(template: string): (parts: Record<TemplatePart, string>) => string {
  const pieces: string[] = [];
  let rest = template;
  for (const marker of TEMPLATE_MARKERS) {
    const at = rest.indexOf(marker);
    if (at === -1 || rest.indexOf(marker, at + 1) !== -1) throw new Error(`The HTML template must hold ${marker} exactly once, in order.`);
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  return (parts) => TEMPLATE_MARKERS.map((marker, i) => pieces[i] + parts[marker]).join('') + rest;
}

/** The display settings as attributes of <html>, so the first paint already has them. */
function htmlAttributes(prefs: TDisplayPreferences): string {
  return Object.entries(displayAttributes(prefs))
    .map(([name, value]) => ` ${name}="${value.replace(/[^a-z0-9-]/gi, '')}"`)
    .join('');
}

/** Serves the built client and server-renders every page (public ones fully, private ones as the signed-in shell). */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html')) || !existsSync(SSR_ENTRY)) {
    throw new Error('The web build is missing. Run `npm run build` (npm start does this for you).');
  }
  const fillTemplate = compileTemplate(readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8'));
  const renderer = (await import(pathToFileURL(SSR_ENTRY).href)) as Renderer;

  await app.register(fastifyStatic, {
    root: CLIENT_DIR,
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies of text files (scripts/precompress.mjs): sent to browsers that accept them.
    preCompressed: true,
    // Source maps publish the app's source: not served unless SERVE_SOURCE_MAPS asks for them.
    globIgnore: app.ctx.config.SERVE_SOURCE_MAPS ? ['**/*.br', '**/*.gz'] : ['**/*.br', '**/*.gz', '**/*.map'],
    setHeaders(res, filePath) {
      const rel = path.relative(CLIENT_DIR, filePath).replace(/\.(br|gz)$/, '');
      if (rel.startsWith('assets')) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
      if (rel === 'service-worker.js') res.header('service-worker-allowed', '/');
    },
  });
  // Spec §7 names the worker both /service-worker.js and /sw.js: both answer the same file.
  if (existsSync(path.join(CLIENT_DIR, 'service-worker.js'))) {
    app.get('/sw.js', (_request, reply) => reply.header('cache-control', 'no-cache').header('service-worker-allowed', '/').sendFile('service-worker.js'));
  }

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, formPost?: TFormPostState, status?: number) => {
    const fetchImpl = injectFetch(app, request);
    const userRes = await fetchImpl('/api/auth/user');
    const user = userRes.ok ? ((await userRes.json()) as RenderInput['user']) : null;
    let ownArtistProfile: unknown = null;
    // Only users whose session says they have an artist profile: for the others the call is a 404.
    if (user?.isArtist) {
      const artistRes = await fetchImpl('/api/artists/profile/me');
      ownArtistProfile = artistRes.ok ? await artistRes.json() : null;
    }
    const url = new URL(request.url, app.ctx.publicUrl);
    const result = await renderer.render({
      request: new Request(url, { method: 'GET', headers: { cookie: request.headers.cookie ?? '' } }),
      fetchImpl,
      user,
      ownArtistProfile,
      publicUrl: app.ctx.publicUrl,
      ...(formPost ? { formPost } : {}),
    });
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    const page = fillTemplate({
      ' data-app-attrs': htmlAttributes(parseDisplayPreferences(request.cookies[DISPLAY_COOKIE])),
      '<!--app-head-->': result.head,
      '<!--app-html-->': result.html,
      '<!--app-state-->': `<script type="application/json" id="__INKHAVEN_STATE__">${result.state}</script>`,
    });
    reply
      .status(status ?? result.status)
      .header('cache-control', user ? 'private, no-store' : 'public, max-age=0, must-revalidate')
      .header('vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    const encoding = htmlEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page);
    return reply.header('content-encoding', encoding).send(await compressHtml[encoding](page));
  };

  app.decorate('renderPage', renderPage);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return jsonNotFound(request, reply);
    }
    // A missing file with an extension (an old hashed asset) is a plain 404, not a page.
    if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return jsonNotFound(request, reply);
    return renderPage(request, reply);
  });
}

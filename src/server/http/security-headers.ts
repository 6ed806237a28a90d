import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers, computed once at start-up instead of per request (running the helmet
 * middleware per request tripled the cost of a small API answer). Documents (HTML) get the
 * whole set, CSP included; every other answer gets the headers that matter for non-documents.
 */
function computeHelmetHeaders(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith('https://');
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", publicUrl.replace(/^http/, 'ws')],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
  const headers: Record<string, string> = {};
  const fakeResponse = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  middleware({} as IncomingMessage, fakeResponse, () => {});
  return headers;
}

const NON_DOCUMENT_HEADERS = ['x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security', 'x-frame-options'];

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const documentHeaders = computeHelmetHeaders(publicUrl);
  const otherHeaders = Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => NON_DOCUMENT_HEADERS.includes(name)));
  // Callback style: this runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('text/html') ? documentHeaders : otherHeaders);
    done(null, payload);
  });
}

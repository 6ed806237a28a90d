import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { usesMediaCapture } from '../../shared/media-capture.ts';

/**
 * Helmet's headers, computed once at start-up instead of per request (running the helmet
 * middleware per request tripled the cost of a small API answer). Documents (HTML) get the
 * whole set, CSP included; every other answer gets the headers that matter for non-documents.
 */
function computeHelmetHeaders(publicUrl: string, mapTileUrl: string): Record<string, string> {
  const https = publicUrl.startsWith('https://');
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(mapTileUrl)],
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

/** The CSP source of the map tiles' host: "https://tile.openstreetmap.org", or "https://*.tiles.example" for a {s} subdomain template. */
export function tileSource(mapTileUrl: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(mapTileUrl)?.[0] ?? mapTileUrl;
  return origin.replace('{s}', '*');
}

const NON_DOCUMENT_HEADERS = ['x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security', 'x-frame-options'];

/**
 * Powerful features a page may use, by page: the location for our own pages (search's "Near me"), the
 * camera and microphone only on the video call and AR pages (src/shared/media-capture.ts), and the
 * Payment Request API for nobody (payments go through Stripe Checkout on Stripe's own pages). Only
 * features Chromium knows: an unknown one (bluetooth) is a console warning on every page.
 */
const DENIED_FEATURES = ['accelerometer', 'autoplay', 'display-capture', 'gyroscope', 'hid', 'magnetometer', 'midi', 'payment', 'serial', 'usb'];
const permissionsPolicy = (mediaCapture: boolean) =>
  [...DENIED_FEATURES.map((feature) => `${feature}=()`), 'geolocation=(self)', mediaCapture ? 'camera=(self)' : 'camera=()', mediaCapture ? 'microphone=(self)' : 'microphone=()'].join(', ');
export const PERMISSIONS_POLICY = { default: permissionsPolicy(false), mediaCapture: permissionsPolicy(true) };

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, mapTileUrl: string): void {
  const documentHeaders = { ...computeHelmetHeaders(publicUrl, mapTileUrl), 'permissions-policy': PERMISSIONS_POLICY.default };
  const mediaCaptureDocumentHeaders = { ...documentHeaders, 'permissions-policy': PERMISSIONS_POLICY.mediaCapture };
  const otherHeaders = Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => NON_DOCUMENT_HEADERS.includes(name)));
  // Callback style: this runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isDocument = typeof type === 'string' && type.startsWith('text/html');
    if (!isDocument) reply.headers(otherHeaders);
    else reply.headers(usesMediaCapture(request.url.split('?')[0] ?? '/') ? mediaCaptureDocumentHeaders : documentHeaders);
    done(null, payload);
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * Server timings per route for /admin/perf (issue 14 §3): an in-process histogram of response
 * times, kept per method and route pattern (`/api/artists/:idOrSlug`, never the raw URL), reset
 * when the process restarts. Buckets grow by 4 %, so a percentile read from them is within 4 % of
 * the true value, whatever the traffic, in a fixed amount of memory per route.
 */
const BASE_MS = 0.05;
const GROWTH = 1.04;
const LOG_GROWTH = Math.log(GROWTH);
/** 0.05 ms · 1.04^400 ≈ 330 s: anything slower lands in the last bucket. */
const BUCKETS = 400;

const bucketOf = (ms: number) => (ms <= BASE_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BASE_MS) / LOG_GROWTH)));
const upperBoundOf = (bucket: number) => BASE_MS * GROWTH ** bucket;

class Histogram {
  readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  max = 0;

  record(ms: number): void {
    this.counts[bucketOf(ms)]! += 1;
    this.count += 1;
    if (ms > this.max) this.max = ms;
  }

  /** The smallest bucket bound at or above which `q` of the samples lie (capped by the slowest seen). */
  quantile(q: number): number {
    if (this.count === 0) return 0;
    const rank = Math.ceil(q * this.count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(upperBoundOf(i), this.max);
    }
    return this.max;
  }
}

export type RouteTimingSummary = { method: string; route: string; count: number; p50: number; p95: number; p99: number; max: number };

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Routes beyond this many (e.g. scanners probing made-up paths) are counted together as "(other)". */
const MAX_ROUTES = 300;

/**
 * The name a request is timed under: its route pattern; for server-rendered pages (answered by the
 * not-found handler, which has no pattern) the first path segment, with `/*` when there are more —
 * `/artists/*` for every profile, never a slug.
 */
export function timingRouteOf(routeUrl: string | undefined, url: string): string {
  if (routeUrl) return routeUrl;
  const segments = (url.split('?')[0] ?? '/').split('/').filter(Boolean);
  if (segments[0] === 'api') return '(unknown API path)';
  return segments.length === 0 ? '/ (page)' : `/${segments[0]}${segments.length > 1 ? '/*' : ''} (page)`;
}

export class RouteTimings {
  readonly since = new Date();
  private readonly byRoute = new Map<string, { method: string; route: string; histogram: Histogram }>();

  record(method: string, route: string, ms: number): void {
    let key = `${method} ${route}`;
    let entry = this.byRoute.get(key);
    if (!entry && this.byRoute.size >= MAX_ROUTES) {
      route = '(other)';
      key = `${method} ${route}`;
      entry = this.byRoute.get(key);
    }
    if (!entry) {
      entry = { method, route, histogram: new Histogram() };
      this.byRoute.set(key, entry);
    }
    entry.histogram.record(ms);
  }

  /** Every route seen since start-up, slowest (by p95) first. */
  summary(limit = 50): RouteTimingSummary[] {
    return [...this.byRoute.values()]
      .map(({ method, route, histogram: h }) => ({
        method,
        route,
        count: h.count,
        p50: round(h.quantile(0.5)),
        p95: round(h.quantile(0.95)),
        p99: round(h.quantile(0.99)),
        max: round(h.max),
      }))
      .sort((a, b) => b.p95 - a.p95 || b.count - a.count)
      .slice(0, limit);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTimings: RouteTimings;
  }
}

/** Times every answered request by its route pattern (timingRouteOf). */
export function registerRouteTimings(app: FastifyInstance): void {
  const timings = new RouteTimings();
  app.decorate('routeTimings', timings);
  app.addHook('onResponse', (request, reply, done) => {
    timings.record(request.method, timingRouteOf(request.routeOptions.url, request.url), reply.elapsedTime);
    done();
  });
}
